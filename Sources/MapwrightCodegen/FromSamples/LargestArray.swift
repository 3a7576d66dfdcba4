// Which array holds most of a sample document, found without parsing it: from the root, the
// member whose value spans the most bytes is followed while it holds more than half the
// document, until an array is met. Where each value ends is found by `ValueEndScanner`, the
// scan every stream uses; the elements of the array found are then read by the stream
// splitter (`JSONElementRuns`), like any array at a key path.

import MapwrightJSON

package struct LargestArray {
  let bytes: [UInt8]

  /// The key path of the array that holds most of the document (more than half its bytes):
  /// `[]` when the root is that array, nil when no array is that large (or the scan finds the
  /// document malformed).
  package static func path(in bytes: [UInt8]) -> [String]? {
    let scan = LargestArray(bytes: bytes)
    var pos = scan.skipSpaces(from: bytes.starts(with: JSONError.byteOrderMark) ? JSONError.byteOrderMark.count : 0)
    var path: [String] = []
    while pos < bytes.count {
      if bytes[pos] == UInt8(ascii: "[") { return path }
      guard bytes[pos] == UInt8(ascii: "{"), let (key, start) = scan.largestMember(inObjectAt: pos),
        let end = scan.valueEnd(from: start), 2 * (end - start) > bytes.count
      else { return nil }
      path.append(key)
      pos = start
    }
    return nil
  }

  /// The key and value offset of the member of the object at `start` whose value spans the
  /// most bytes (nil when the object is malformed).
  private func largestMember(inObjectAt start: Int) -> (String, Int)? {
    var best: (key: String, start: Int, length: Int)?
    var pos = skipSpaces(from: start + 1)
    while pos < bytes.count, bytes[pos] != UInt8(ascii: "}") {
      guard bytes[pos] == UInt8(ascii: "\""), let keyEnd = valueEnd(from: pos) else { return nil }
      let raw = bytes[(pos + 1)..<(keyEnd - 1)]
      pos = skipSpaces(from: keyEnd)
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { return nil }
      let valueStart = skipSpaces(from: pos + 1)
      guard let end = valueEnd(from: valueStart) else { return nil }
      // A key with escapes is left to the full parse (its decoded text is not its bytes).
      if end - valueStart > best?.length ?? -1, !raw.contains(UInt8(ascii: "\\")) {
        best = (String(decoding: raw, as: UTF8.self), valueStart, end - valueStart)
      }
      pos = skipSpaces(from: end)
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ",") { pos = skipSpaces(from: pos + 1) }
    }
    return best.map { ($0.key, $0.start) }
  }

  /// The offset just past the value at `start`, nil when there is none or it is cut short.
  func valueEnd(from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    let first = bytes[start]
    // A value starts with a quote, an opening bracket, or a scalar's first byte (anything but
    // punctuation and whitespace).
    let opensValue =
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
      || !(ValueEndScanner.isStructural(first) || ValueEndScanner.isWhitespace(first))
    guard opensValue else { return nil }
    var scanner = ValueEndScanner(first: first)
    if let end = bytes.withUnsafeBufferPointer({ scanner.end(in: $0, from: start + 1) }) { return end }
    return scanner.isScalar ? bytes.count : nil  // a bare scalar may end the input
  }

  private func skipSpaces(from start: Int) -> Int {
    var pos = start
    while pos < bytes.count, ValueEndScanner.isWhitespace(bytes[pos]) { pos += 1 }
    return pos
  }
}
