// Finding the elements of a payload's arrays without parsing the whole payload into one
// tape: a structural scan that yields the byte range of each run of elements (where each
// value ends is found by `ValueEndScanner`, the stream splitter's scan), so that an import
// (and sample inference) parses and maps a batch of elements at a time and its memory stays
// near the size of the payload. Each batch is then parsed strictly, so every byte of every
// element is validated; the scan itself checks the punctuation between elements.

package struct PayloadScanner {
  package let bytes: [UInt8]
  /// Lines and columns of `bytes`' offsets, for errors.
  let locations = LocationIndex()

  package init(bytes: [UInt8]) { self.bytes = bytes }

  package struct ScanError: Error, CustomStringConvertible {
    package let message: String
    package let offset: Int
    package var description: String { message }

    package init(message: String, offset: Int) {
      self.message = message
      self.offset = offset
    }
  }

  /// The elements of one payload array in runs of consecutive elements: only each run's
  /// bounds are kept (a range per element would cost 16 bytes an element). A run ends after
  /// every `runLength` elements and at every multiple of the batch size, so that batches are
  /// whole runs.
  package struct ElementRuns {
    package struct Run {
      /// The run's element indices in the array.
      package let elements: Range<Int>
      /// From the first element's first byte to the last element's last byte.
      package let bytes: Range<Int>

      package init(elements: Range<Int>, bytes: Range<Int>) {
        self.elements = elements
        self.bytes = bytes
      }
    }
    package var count = 0
    package var runs: [Run] = []
    package let batchSize: Int

    package init(batchSize: Int) { self.batchSize = batchSize }

    /// The runs of each batch of `batchSize` elements, in order (runs never straddle one).
    package var runsByBatch: [ArraySlice<Run>] {
      var result: [ArraySlice<Run>] = []
      var start = 0
      for (index, run) in runs.enumerated()
      where run.elements.upperBound % batchSize == 0 || run.elements.upperBound == count {
        result.append(runs[start...index])
        start = index + 1
      }
      return result
    }

    /// The runs merged into batches of `batchSize` elements (the last one shorter).
    package var batches: [Run] {
      var result: [Run] = []
      var first: Run?
      for run in runs {
        let start = first ?? run
        if run.elements.upperBound % batchSize == 0 || run.elements.upperBound == count {
          result.append(Run(elements: start.elements.lowerBound..<run.elements.upperBound, bytes: start.bytes.lowerBound..<run.bytes.upperBound))
          first = nil
        } else {
          first = start
        }
      }
      return result
    }
  }

  /// The elements of the array at `keyPath` (dot-separated object keys; empty: the root is
  /// the array), in runs of `runLength` elements cut at every multiple of `batchSize`.
  package func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(ScanError) -> ElementRuns {
    var pos = skipSpaces(from: 0)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = skipSpaces(from: 3) }
    for key in keyPath {
      pos = try member(key, inObjectAt: pos)
    }
    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "[") else {
      throw ScanError(message: keyPath.isEmpty ? "the payload is not an array" : "\"\(keyPath.joined(separator: "."))\" is not an array", offset: pos)
    }
    let (batchSize, runLength) = (max(batchSize, 1), max(runLength, 1))
    var result = ElementRuns(batchSize: batchSize)
    /// The first element and byte of the run under way (nil between runs).
    var runStart: (element: Int, byte: Int)?
    pos = skipSpaces(from: pos + 1)
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { return result }
    while true {
      let start = pos
      let end = try skipValue(from: pos)
      let first = runStart ?? (result.count, start)
      result.count += 1
      pos = skipSpaces(from: end)
      guard pos < bytes.count else { throw ScanError(message: "unterminated array", offset: pos) }
      let last = bytes[pos] == UInt8(ascii: "]")
      if last || result.count % runLength == 0 || result.count % batchSize == 0 {
        result.runs.append(ElementRuns.Run(elements: first.element..<result.count, bytes: first.byte..<end))
        runStart = nil
      } else {
        runStart = first
      }
      if last { return result }
      guard bytes[pos] == UInt8(ascii: ",") else { throw ScanError(message: "expected ',' or ']' between elements", offset: pos) }
      pos = skipSpaces(from: pos + 1)
    }
  }

  /// The offset of the value of member `key` of the object at `pos`.
  package func member(_ key: String, inObjectAt start: Int) throws(ScanError) -> Int {
    let wanted = Array(key.utf8)
    var found: Int?
    let end = try walkMembers(ofObjectAt: start) { raw, valueStart in
      if raw.elementsEqual(wanted) { found = valueStart }
      return found == nil
    }
    guard let found else { throw ScanError(message: "the payload has no \"\(key)\"", offset: end) }
    return found
  }

  /// Calls `body` with each member's raw key bytes and value offset, in order, until it returns
  /// false; returns the offset where the walk stopped.
  private func walkMembers(
    ofObjectAt start: Int, _ body: (ArraySlice<UInt8>, Int) throws(ScanError) -> Bool
  ) throws(ScanError) -> Int {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { throw ScanError(message: "expected an object", offset: start) }
    var pos = skipSpaces(from: start + 1)
    while pos < bytes.count, bytes[pos] != UInt8(ascii: "}") {
      guard bytes[pos] == UInt8(ascii: "\"") else { throw ScanError(message: "expected a key", offset: pos) }
      let keyEnd = try skipString(from: pos)
      let raw = bytes[(pos + 1)..<(keyEnd - 1)]
      pos = skipSpaces(from: keyEnd)
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw ScanError(message: "expected ':'", offset: pos) }
      pos = skipSpaces(from: pos + 1)
      guard try body(raw, pos) else { return pos }
      pos = skipSpaces(from: try skipValue(from: pos))
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ",") { pos = skipSpaces(from: pos + 1) }
    }
    return pos
  }

  /// The offset just past the value at `start` (where it ends is found by the scan every
  /// stream uses, `ValueEndScanner`).
  package func skipValue(from start: Int) throws(ScanError) -> Int {
    guard start < bytes.count else { throw ScanError(message: "expected a value", offset: start) }
    let first = bytes[start]
    // A value starts with a quote, an opening bracket, or a scalar's first byte (anything but
    // punctuation and whitespace).
    let opensValue =
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
      || !(ValueEndScanner.isStructural(first) || ValueEndScanner.isWhitespace(first))
    guard opensValue else { throw ScanError(message: "expected a value", offset: start) }
    var scanner = ValueEndScanner(first: first)
    if let end = bytes.withUnsafeBufferPointer({ scanner.end(in: $0, from: start + 1) }) { return end }
    // A bare scalar may end the input; anything else was cut short.
    if scanner.isScalar { return bytes.count }
    throw ScanError(message: first == UInt8(ascii: "\"") ? "unterminated string" : "unterminated value", offset: start)
  }

  /// The offset just past the string whose opening quote is at `start`.
  package func skipString(from start: Int) throws(ScanError) -> Int {
    try skipValue(from: start)
  }

  package func skipSpaces(from start: Int) -> Int {
    var pos = start
    while pos < bytes.count, ValueEndScanner.isWhitespace(bytes[pos]) { pos += 1 }
    return pos
  }

  /// The key path of the array that holds most of the document (more than half its bytes),
  /// found by following the largest member from the root: `[]` when the root is that array,
  /// nil when no array is that large (or the scan finds the document malformed).
  package func largestArray() -> [String]? {
    var pos = skipSpaces(from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    var path: [String] = []
    while pos < bytes.count {
      if bytes[pos] == UInt8(ascii: "[") { return path }
      guard bytes[pos] == UInt8(ascii: "{"), let (key, start) = try? largestMember(inObjectAt: pos),
        let end = try? skipValue(from: start), 2 * (end - start) > bytes.count
      else { return nil }
      path.append(key)
      pos = start
    }
    return nil
  }

  /// The key and value offset of the member of the object at `start` whose value spans the
  /// most bytes.
  private func largestMember(inObjectAt start: Int) throws(ScanError) -> (String, Int)? {
    var best: (key: String, start: Int, length: Int)?
    _ = try walkMembers(ofObjectAt: start) { (raw, valueStart) throws(ScanError) in
      let length = try skipValue(from: valueStart) - valueStart
      // A key with escapes is left to the full parse (its decoded text is not its bytes).
      if length > best?.length ?? -1, !raw.contains(UInt8(ascii: "\\")) {
        best = (String(decoding: raw, as: UTF8.self), valueStart, length)
      }
      return true
    }
    return best.map { ($0.key, $0.start) }
  }

  /// Line and column (1-based) of a byte offset: the checkpoints are built at the first
  /// error, so a payload's many refused elements cost linear time.
  package func location(of offset: Int) -> (line: Int, column: Int) {
    bytes.withUnsafeBufferPointer { locations.location(of: offset, in: $0) }
  }
}
