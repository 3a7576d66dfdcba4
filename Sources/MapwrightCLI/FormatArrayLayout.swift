// `mapwright format --stream`: the text around an array formatted an element at a time, the
// same bytes `JSONWriter` writes for the whole document (a test compares the two), so that the
// elements of an array of any size, at the top or at a key path, are formatted in bounded
// memory.

import MapwrightEngine

/// The text around a streamed array, written as `JSONWriter` writes the whole document: the
/// objects on the way to the array (`keys`) with the members before it, the array's elements
/// at their depth, then the members after it and the closing brackets.
struct ArrayLayout {
  let writer: JSONWriter
  let keys: [String]
  let unit: [UInt8]
  let pretty: Bool
  /// Members written so far at each level (the first of a repeated key wins, as in `JSON`).
  private var written: [Set<String>]
  private var keptWritten = 0

  init(writer: JSONWriter, keys: [String], indent: Int, pretty: Bool) {
    var elementWriter = writer
    if !pretty { elementWriter.options.remove(.prettyPrinted) }
    self.writer = elementWriter
    self.keys = keys
    unit = Array(repeating: UInt8(ascii: " "), count: indent)
    self.pretty = pretty
    written = Array(repeating: [], count: keys.count)
    // The array's key is taken at every level.
    for (level, key) in keys.enumerated() { written[level].insert(key) }
  }

  private func pad(_ depth: Int) -> [UInt8] { pretty ? Array(repeating: unit, count: depth).flatMap { $0 } : [] }

  /// `value` written at `depth`: every line after the first indented to it.
  private func text(_ value: JSON, depth: Int) throws -> [UInt8] {
    let bytes = try writer.bytes(value)
    guard pretty, depth > 0, bytes.contains(0x0A) else { return bytes }
    let indentation = pad(depth)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      out.append(byte)
      if byte == 0x0A { out += indentation }
    }
    return out
  }

  private var newline: [UInt8] { pretty ? [0x0A] : [] }

  private func keyText(_ key: String) throws -> [UInt8] {
    try writer.bytes(.string(key)) + Array((pretty ? ": " : ":").utf8)
  }

  /// The members of `kept[range]` that belong at `level`, each ending with a comma
  /// (`trailing`) or starting with one.
  private mutating func writeMembers(
    _ kept: [(path: [String], key: String, value: JSON)], _ range: Range<Int>, level: Int, trailing: Bool, to out: inout [UInt8]
  ) throws {
    let path = Array(keys[..<level])
    for index in range where kept[index].path == path && !written[level].contains(kept[index].key) {
      written[level].insert(kept[index].key)
      if !trailing { out += Array(",".utf8) + newline }
      out += pad(level + 1) + (try keyText(kept[index].key)) + (try text(kept[index].value, depth: level + 1))
      if trailing { out += Array(",".utf8) + newline }
    }
  }

  /// The objects down to the array, with the members before it, and the array's key.
  mutating func writeOpening(before kept: (members: [(path: [String], key: String, value: JSON)], beforeArray: Int?), to out: inout [UInt8])
    throws
  {
    let count = kept.beforeArray ?? kept.members.count
    for level in keys.indices {
      out += Array("{".utf8) + newline
      try writeMembers(kept.members, 0..<count, level: level, trailing: true, to: &out)
      out += pad(level + 1) + (try keyText(keys[level]))
    }
    keptWritten = count
  }

  /// One element of the array.
  func write(element: JSON, first: Bool, to out: inout [UInt8]) throws {
    let depth = keys.count + 1
    out += Array((first ? "[" : ",").utf8) + newline + pad(depth) + (try text(element, depth: depth))
  }

  /// The end of the array, the members after it, and the closing brackets.
  mutating func writeClosing(
    empty: Bool, around kept: (members: [(path: [String], key: String, value: JSON)], beforeArray: Int?), to out: inout [UInt8]
  )
    throws
  {
    out += Array((empty ? "[]" : "").utf8)
    if !empty { out += newline + pad(keys.count) + Array("]".utf8) }
    for level in keys.indices.reversed() {
      try writeMembers(kept.members, keptWritten..<kept.members.count, level: level, trailing: false, to: &out)
      out += newline + pad(level) + Array("}".utf8)
    }
    out += [0x0A]
  }
}
