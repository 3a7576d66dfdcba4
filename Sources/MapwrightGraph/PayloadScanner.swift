// Finding the elements of a payload's arrays without parsing the whole payload into one
// tape: a structural scan (strings, escapes and nesting) that yields the byte range of each
// run of elements, so that an import parses and maps a batch of elements at a time and its
// memory stays near the size of the payload. Each batch is then parsed strictly, so every byte of
// every element is validated; the scan itself checks the punctuation between elements.

import MapwrightJSON

struct PayloadScanner {
  let bytes: [UInt8]

  struct ScanError: Error, CustomStringConvertible {
    let message: String
    let offset: Int
    var description: String { message }
  }

  /// The elements of one payload array in runs of consecutive elements ("chunks"): only each
  /// chunk's bounds are kept (a range per element would cost 16 bytes an element). A chunk
  /// ends after every `chunkSize` elements and at every multiple of the batch size, so that
  /// batches are whole chunks.
  struct ElementBatches {
    struct Batch {
      /// The batch's element indices in the array.
      let elements: Range<Int>
      /// From the first element's first byte to the last element's last byte.
      let bytes: Range<Int>
    }
    var count = 0
    var chunks: [Batch] = []
    let batchSize: Int

    /// The chunks merged into batches of `batchSize` elements (the last one shorter).
    var batches: [Batch] {
      var result: [Batch] = []
      var first: Batch?
      for chunk in chunks {
        let start = first ?? chunk
        if chunk.elements.upperBound % batchSize == 0 || chunk.elements.upperBound == count {
          result.append(Batch(elements: start.elements.lowerBound..<chunk.elements.upperBound, bytes: start.bytes.lowerBound..<chunk.bytes.upperBound))
          first = nil
        } else {
          first = start
        }
      }
      return result
    }
  }

  /// The elements of the array at `keyPath` (dot-separated object keys; empty: the root is
  /// the array), in chunks of `chunkSize` elements cut at every multiple of `batchSize`.
  func elements(at keyPath: [String], batchSize: Int, chunkSize: Int) throws(ScanError) -> ElementBatches {
    var pos = skipSpaces(from: 0)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = skipSpaces(from: 3) }
    for key in keyPath {
      pos = try member(key, inObjectAt: pos)
    }
    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "[") else {
      throw ScanError(message: keyPath.isEmpty ? "the payload is not an array" : "\"\(keyPath.joined(separator: "."))\" is not an array", offset: pos)
    }
    let (batch, chunk) = (max(batchSize, 1), max(chunkSize, 1))
    var result = ElementBatches(batchSize: batch)
    var batchStart = (element: 0, byte: 0)
    pos = skipSpaces(from: pos + 1)
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { return result }
    while true {
      let start = pos
      let end = try skipValue(from: pos)
      if result.count % chunk == 0 || result.count % batch == 0 { batchStart = (result.count, start) }
      result.count += 1
      let ends = result.count % chunk == 0 || result.count % batch == 0
      if ends { result.chunks.append(ElementBatches.Batch(elements: batchStart.element..<result.count, bytes: batchStart.byte..<end)) }
      pos = skipSpaces(from: end)
      guard pos < bytes.count else { throw ScanError(message: "unterminated array", offset: pos) }
      if bytes[pos] == UInt8(ascii: "]") {
        if !ends { result.chunks.append(ElementBatches.Batch(elements: batchStart.element..<result.count, bytes: batchStart.byte..<end)) }
        return result
      }
      guard bytes[pos] == UInt8(ascii: ",") else { throw ScanError(message: "expected ',' or ']' between elements", offset: pos) }
      pos = skipSpaces(from: pos + 1)
    }
  }

  /// The offset of the value of member `key` of the object at `pos`.
  func member(_ key: String, inObjectAt start: Int) throws(ScanError) -> Int {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { throw ScanError(message: "expected an object", offset: start) }
    var pos = skipSpaces(from: start + 1)
    let wanted = Array(key.utf8)
    while pos < bytes.count, bytes[pos] != UInt8(ascii: "}") {
      guard bytes[pos] == UInt8(ascii: "\"") else { throw ScanError(message: "expected a key", offset: pos) }
      let keyEnd = try skipString(from: pos)
      let raw = bytes[(pos + 1)..<(keyEnd - 1)]
      pos = skipSpaces(from: keyEnd)
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw ScanError(message: "expected ':'", offset: pos) }
      pos = skipSpaces(from: pos + 1)
      if raw.elementsEqual(wanted) { return pos }
      pos = skipSpaces(from: try skipValue(from: pos))
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ",") { pos = skipSpaces(from: pos + 1) }
    }
    throw ScanError(message: "the payload has no \"\(key)\"", offset: pos)
  }

  /// The offset just past the value at `pos`.
  func skipValue(from start: Int) throws(ScanError) -> Int {
    guard start < bytes.count else { throw ScanError(message: "expected a value", offset: start) }
    switch bytes[start] {
    case UInt8(ascii: "\""): return try skipString(from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var pos = start
      while pos < bytes.count {
        let c = bytes[pos]
        if c == UInt8(ascii: "\"") {
          pos = try skipString(from: pos)
          continue
        }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
        if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 { return pos + 1 }
        }
        pos += 1
      }
      throw ScanError(message: "unterminated value", offset: start)
    default:
      var pos = start
      while pos < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[pos]) {
        pos += 1
      }
      guard pos > start else { throw ScanError(message: "expected a value", offset: start) }
      return pos
    }
  }

  func skipString(from start: Int) throws(ScanError) -> Int {
    var pos = start + 1
    while pos < bytes.count {
      switch bytes[pos] {
      case UInt8(ascii: "\\"): pos += 2
      case UInt8(ascii: "\""): return pos + 1
      default: pos += 1
      }
    }
    throw ScanError(message: "unterminated string", offset: start)
  }

  func skipSpaces(from start: Int) -> Int {
    var pos = start
    while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x0A || bytes[pos] == 0x0D || bytes[pos] == 0x09 { pos += 1 }
    return pos
  }

  /// Line and column (1-based) of a byte offset.
  func location(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
    return (line, column)
  }
}
