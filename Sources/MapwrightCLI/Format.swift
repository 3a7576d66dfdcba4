import ArgumentParser
import Foundation
import MapwrightEngine

struct Format: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Pretty-print (or compact) a JSON file to standard output.",
    usage: "mapwright format [<options>] <file>",
    discussion: """
      Member order and number text are kept as written; a repeated key keeps its first value.

      JSON Lines (--json-lines, the default for .jsonl and .ndjson files) and the elements of a \
      top-level array (--stream), or of the array at --key-path, are read and written an element \
      at a time, in bounded memory: each JSON Lines element stays one compact line; an array's \
      elements are formatted at their depth, the members around it in place.
      """
  )

  @Argument(help: "The JSON file, or - for standard input.")
  var file: String

  @Option(help: "Spaces per indentation level.")
  var indent = 2

  @Flag(help: "Sort object keys by Unicode code point.")
  var sortKeys = false

  @Flag(help: "Write everything on one line, without spaces.")
  var compact = false

  @Flag(help: "Write non-ASCII characters as \\u escapes.")
  var asciiOnly = false

  @OptionGroup var parsing: ParsingFlags

  @OptionGroup var streaming: StreamFlags

  @Option(help: "With --stream, the array to stream is at these keys (\"data.results\"); the members around it are written in place.")
  var keyPath = ""

  func validate() throws {
    guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16") }
    if !keyPath.isEmpty {
      guard streaming.stream else { throw ValidationError("--key-path needs --stream") }
      // Sorting would need the members after the array before writing it.
      guard !sortKeys else {
        throw ValidationError(
          "--sort-keys cannot stream an array at a key path: the members after the array are not read yet (leave out --stream to format the whole document)"
        )
      }
    }
  }

  func run() throws {
    let name = file == "-" ? "<stdin>" : file
    if let format = streaming.format(for: file, keyPath: keyPath) {
      do {
        try formatStream(format)
      } catch let error as JSONStreamError {
        printError("\(name):\(error.line):\(error.column): error: \(error.elementIndex.map { "element \($0): " } ?? "")\(error.message)")
        throw ExitCode(1)
      }
      return
    }
    do {
      let output = try Self.format(try readInput(file), parsing: parsing.options, writer: writer)
      FileHandle.standardOutput.write(Data(output))
    } catch let error as JSONError {
      printError("\(name):\(error.line):\(error.column): error: \(error.message)")
      printError(error.excerpt)
      throw ExitCode(1)
    }
  }

  var writer: JSONWriter {
    var options: JSONWriter.Options = compact ? [] : [.prettyPrinted]
    if sortKeys { options.insert(.sortedKeys) }
    if asciiOnly { options.insert(.escapeNonASCII) }
    // Write as deep as the input may be (the owned value stops at JSON.maximumDepth).
    return JSONWriter(options: options, indent: indent, maximumDepth: min(parsing.maxDepth, JSON.maximumDepth) + 1)
  }

  /// A stream formatted element by element, in bounded memory: JSON Lines stay one compact
  /// line per element (sorted, ASCII-only as asked); the elements of an array (`--stream`, at
  /// `--key-path` or at the top) are written as the whole document would be, each at its
  /// depth, with the members around the array written in place as they come.
  func formatStream(_ format: JSONStreamFormat) throws {
    let options = JSONStreamOptions(maximumElementSize: streaming.maxElementSize, parsing: parsing.options)
    let reader = try JSON.elements(of: file == "-" ? .standardInput : .path(file), format: format, options: options)
    let output = try JSONStreamFileWriter(file: .descriptor(1), format: .concatenated)
    guard case .array(let keys) = format else {
      var lineWriter = writer
      lineWriter.options.remove(.prettyPrinted)
      while let element = try reader.next() { try output.write(element: try lineWriter.bytes(element)) }
      try output.finish()
      return
    }
    var layout = ArrayLayout(writer: writer, keys: keys, indent: compact ? 0 : indent, pretty: !compact)
    var pending: [UInt8] = []
    var first = true
    while let element = try reader.next() {
      if first { try layout.writeOpening(before: reader.keptMembers, to: &pending) }
      try layout.write(element: element, first: first, to: &pending)
      first = false
      if pending.count >= 1 << 16 {
        try output.write(rawBytes: pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
    if first { try layout.writeOpening(before: reader.keptMembers, to: &pending) }
    try layout.writeClosing(empty: first, around: reader.keptMembers, to: &pending)
    try output.write(rawBytes: pending)
    try output.finish()
  }

  /// The formatted text of `bytes`, ending with a newline.
  static func format(_ bytes: [UInt8], parsing: JSONParsingOptions, writer: JSONWriter) throws -> [UInt8] {
    var output = try writer.bytes(try JSON(parsing: bytes, options: parsing))
    output.append(UInt8(ascii: "\n"))
    return output
  }
}

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
