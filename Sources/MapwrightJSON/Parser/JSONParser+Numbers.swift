// Number grammar (RFC 8259 §6): -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
// Only validated here; the text is converted when the value is read.

@inline(__always)
func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

extension JSONParser {
  @inline(__always)
  mutating func parseNumber() throws(JSONError) {
    let start = pos
    var p = pos
    var flags = TapeFlag.integerLiteral
    if bytes[p] == UInt8(ascii: "-") {
      flags |= TapeFlag.negative
      p += 1
    }
    guard p < count, isDigit(bytes[p]) else { throw numberError(start, p, "expected a digit") }
    if bytes[p] == UInt8(ascii: "0") {
      p += 1
      if p < count, isDigit(bytes[p]) { throw numberError(start, p + 1, "leading zeros are not allowed") }
    } else {
      p += 1
      while p < count, isDigit(bytes[p]) { p += 1 }
    }
    if p < count, bytes[p] == UInt8(ascii: ".") {
      flags &= ~TapeFlag.integerLiteral
      p += 1
      guard p < count, isDigit(bytes[p]) else { throw numberError(start, p, "expected a digit after '.'") }
      p += 1
      while p < count, isDigit(bytes[p]) { p += 1 }
    }
    if p < count, bytes[p] | 0x20 == UInt8(ascii: "e") {
      flags &= ~TapeFlag.integerLiteral
      p += 1
      if p < count, bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-") { p += 1 }
      guard p < count, isDigit(bytes[p]) else {
        throw numberError(start, p, "expected a digit in the exponent")
      }
      p += 1
      while p < count, isDigit(bytes[p]) { p += 1 }
    }
    _ = tape.append(.number, flags: flags, offset: start, length: p - start)
    pos = p
  }

  /// An invalid-number error showing the text from `start` up to and including `end`'s byte
  /// when it is printable.
  private func numberError(_ start: Int, _ end: Int, _ reason: String) -> JSONError {
    var last = min(end, count)
    if last < count, bytes[last] > 0x20, bytes[last] < 0x7F { last += 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<last]), as: UTF8.self)
    return error(.invalidNumber(text, reason: reason), at: start)
  }
}
