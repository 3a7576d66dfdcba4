// Number grammar (RFC 8259 §6): -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
// Only validated here; the text is converted when the value is read.

import CMapwrightSIMD

@inline(__always)
func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

extension JSONParser {
  @_transparent
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
      p = skipDigits(from: p + 1)
    }
    if p < count, bytes[p] == UInt8(ascii: ".") {
      flags &= ~TapeFlag.integerLiteral
      p += 1
      guard p < count, isDigit(bytes[p]) else { throw numberError(start, p, "expected a digit after '.'") }
      p = skipDigits(from: p + 1)
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

  /// The offset of the first byte from `p` on that is not a digit: sixteen bytes at a time
  /// (one vector comparison) while they last, where there is a vector build.
  @inline(__always)
  func skipDigits(from start: Int) -> Int {
    var p = start
    while mw_vector_build() != 0, p + 16 <= count {
      let others = mw_non_digits16(bytes + p)
      if others != 0 { return p + others.trailingZeroBitCount >> mw_mask16_shift() }
      p += 16
    }
    while p < count, isDigit(bytes[p]) { p += 1 }
    return p
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
