// String scanning: find the closing quote, validate escapes and UTF-8, record flags.
//
// The common case, a run of printable ASCII, is skipped sixteen bytes at a time with the C
// target's vector comparison (SSE2 or NEON), and near the end of the input eight bytes at a
// time: a 64-bit word is tested at once for the bytes that stop the run (a quote, a
// backslash, a control byte below 0x20, or any byte of 0x80 and up) with the usual SWAR bit
// tricks. The lowest flagged byte of each test is exact, which is all the scan needs. (Where
// there is no vector build, the word test is used throughout.)

import CMapwrightSIMD

@inline(__always)
func repeatedByte(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

/// A mask with the high bit set in the first byte of `word` (little-endian) that is a quote,
/// a backslash or a control byte below 0x20. Bytes above the first flagged one may be flagged
/// falsely (borrows propagate upwards); callers only use the lowest. Bytes of 0x80 and up are
/// never flagged.
@inline(__always)
func escapeStopMask(_ word: UInt64) -> UInt64 {
  let ones = repeatedByte(0x01)
  let quote = word ^ repeatedByte(0x22)
  let backslash = word ^ repeatedByte(0x5C)
  let isQuote = (quote &- ones) & ~quote
  let isBackslash = (backslash &- ones) & ~backslash
  let isControl = (word &- repeatedByte(0x20)) & ~word
  return (isQuote | isBackslash | isControl) & repeatedByte(0x80)
}

/// `escapeStopMask`, and also every byte of 0x80 and up: the bytes that end a run of plain
/// ASCII inside a string.
@inline(__always)
func stringStopMask(_ word: UInt64) -> UInt64 {
  escapeStopMask(word) | (word & repeatedByte(0x80))
}

extension JSONParser {
  /// Parses a string at `pos` (which holds the opening quote) and appends its tape entry.
  @_transparent
  mutating func parseString() throws(JSONError) {
    let quote = pos
    var p = pos &+ 1
    var flags: UInt32 = 0
    var vectorResumes = 0
    while true {
      if mw_vector_build() != 0, p &+ 16 <= count {
        let block = bytes + p
        let stops = mw_string_stops16(block)
        if stops == 0 {
          p &+= 16
          continue
        }
        // The first stop is the closing quote when the first quote is at the same place: known
        // from the two masks, without waiting for a load of the byte found.
        let first = stops.trailingZeroBitCount
        p &+= first >> mw_mask16_shift()
        if first == mw_quotes16(block).trailingZeroBitCount { break }
      } else {
        while p + 8 <= count {
          let word = mw_load64_le(bytes + p)
          let mask = stringStopMask(word)
          if mask != 0 {
            p &+= mask.trailingZeroBitCount >> 3
            break
          }
          p &+= 8
        }
      }
      guard p < count else { throw error(.unterminatedString, at: quote) }
      let c = bytes[p]
      if c == UInt8(ascii: "\"") { break }
      if c == UInt8(ascii: "\\") {
        flags |= TapeFlag.hasEscapes
        p = try scanEscape(at: p, flags: &flags)
      } else if c >= 0x80 {
        flags |= TapeFlag.nonASCII
        if let length = utf8SequenceLength(at: p) {
          p &+= length
          // A run of non-ASCII characters (CJK text, emoji; not a lone accented letter): the
          // rest of the string up to its next quote, backslash or control byte is checked
          // sixteen bytes at a time where the processor can (see CMapwrightSIMD.c). Where the
          // vector check finds a problem, or too few bytes to fill a block, the bytes up to
          // `vectorResumes` are checked one by one below, which names the problem exactly.
          if validatesUTF8InBlocks, p >= vectorResumes, p < count, bytes[p] >= 0x80 {
            let stop = mw_utf8_until_stop_vector(bytes + p, count - p)
            if stop >= 0 {
              p += stop
              continue
            }
            vectorResumes = p + (-1 - stop) + 16
          }
          // Byte by byte, three-byte sequences (most of the BMP) four bytes read at a time.
          while true {
            p = skipThreeByteSequences(from: p)
            guard p < count, bytes[p] >= 0x80, let next = utf8SequenceLength(at: p) else { break }
            p &+= next
          }
        } else if replacesInvalidUnicode {
          flags |= TapeFlag.needsRepair
          p += 1
        } else {
          throw error(.invalidUTF8(c, utf16: false), at: p)
        }
      } else if c < 0x20 {
        throw error(.controlCharacter(c), at: p)
      } else {
        p &+= 1
      }
    }
    _ = tape.append(.string, flags: flags, offset: quote &+ 1, length: p &- quote &- 1)
    pos = p &+ 1
  }

  /// The offset after the well-formed three-byte UTF-8 sequences that start at `p` with a lead
  /// byte of E1–EC or EE–EF (whose second byte may be any continuation byte), each checked
  /// with one four-byte load; the sequences with a narrower second byte (E0, ED) and all
  /// others are left to `utf8SequenceLength`.
  @inline(__always)
  func skipThreeByteSequences(from start: Int) -> Int {
    var p = start
    while p &+ 4 <= count {
      let word = mw_load32_le(bytes + p)
      let lead = word & 0xFF
      guard word & 0x00C0_C0F0 == 0x0080_80E0, lead != 0xE0, lead != 0xED else { break }
      p &+= 3
    }
    return p
  }

  /// Validates the escape sequence at `p` (a backslash) and returns the offset after it.
  mutating func scanEscape(at p: Int, flags: inout UInt32) throws(JSONError) -> Int {
    guard p + 1 < count else { throw error(.unterminatedString, at: p) }
    switch bytes[p + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return p + 2
    case UInt8(ascii: "u"):
      let unit = try hexEscape(at: p)
      if unit >= 0x80 { flags |= TapeFlag.nonASCII }
      switch unit {
      case 0xD800...0xDBFF:
        // A high surrogate must be followed by an escaped low surrogate.
        if p + 7 < count, bytes[p + 6] == UInt8(ascii: "\\"), bytes[p + 7] == UInt8(ascii: "u") {
          let low = try hexEscape(at: p + 6)
          if (0xDC00...0xDFFF).contains(low) { return p + 12 }
        }
        return try loneSurrogate(unit, at: p, flags: &flags)
      case 0xDC00...0xDFFF:
        return try loneSurrogate(unit, at: p, flags: &flags)
      default:
        return p + 6
      }
    default:
      let end = min(count, p + 2)
      let shown = String(decoding: UnsafeBufferPointer(rebasing: input[p..<end]), as: UTF8.self)
      throw error(.invalidEscape(shown), at: p)
    }
  }

  private func loneSurrogate(_ unit: UInt16, at p: Int, flags: inout UInt32) throws(JSONError) -> Int {
    guard replacesInvalidUnicode else { throw error(.loneSurrogate(unit), at: p) }
    flags |= TapeFlag.needsRepair
    return p + 6
  }

  /// Reads the four hex digits of `\uXXXX` at `p` (the backslash). The digits are read by a
  /// function of the bytes alone: a method of the parser called here took a copy of the whole
  /// parser at every escape. A missing or wrong digit is worded out of line.
  @inline(__always)
  private mutating func hexEscape(at p: Int) throws(JSONError) -> UInt16 {
    guard p &+ 6 <= count, let value = hexValue4(bytes + (p &+ 2)) else { throw hexEscapeError(at: p) }
    return value
  }

  /// The error for the `\uXXXX` escape at `p` whose digits are cut short or not all hex
  /// digits: the first missing or wrong one decides.
  @inline(never)
  private func hexEscapeError(at p: Int) -> JSONError {
    for i in 2..<6 {
      guard p + i < count else { return error(.unterminatedString, at: p) }
      guard hexDigitValue(bytes[p + i]) != nil else {
        let end = min(count, p + i + 1)
        let shown = String(decoding: UnsafeBufferPointer(rebasing: input[p..<end]), as: UTF8.self)
        return error(.invalidEscape(shown), at: p)
      }
    }
    return error(.unterminatedString, at: p)
  }

  /// The length of the well-formed UTF-8 sequence starting at `p`, or nil if it is not one
  /// (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF).
  @inline(__always)
  func utf8SequenceLength(at p: Int) -> Int? {
    let lead = bytes[p]
    // Three-byte sequences (most of the BMP, CJK included) first: this is called for
    // non-ASCII bytes.
    if lead >= 0xE1, lead <= 0xEF, lead != 0xED {
      guard p + 2 < count, bytes[p + 1] & 0xC0 == 0x80, bytes[p + 2] & 0xC0 == 0x80 else { return nil }
      return 3
    }
    if lead < 0x80 { return 1 }
    if lead >= 0xC2, lead <= 0xDF {
      return p + 1 < count && bytes[p + 1] & 0xC0 == 0x80 ? 2 : nil
    }
    // The lead bytes whose second byte has a narrower range.
    let second: ClosedRange<UInt8>
    let length: Int
    switch lead {
    case 0xE0: (second, length) = (0xA0...0xBF, 3)
    case 0xED: (second, length) = (0x80...0x9F, 3)
    case 0xF0: (second, length) = (0x90...0xBF, 4)
    case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
    case 0xF4: (second, length) = (0x80...0x8F, 4)
    default: return nil
    }
    guard p + length - 1 < count, second.contains(bytes[p + 1]) else { return nil }
    for i in 2..<length where bytes[p + i] & 0xC0 != 0x80 { return nil }
    return length
  }
}

/// The value of the four hex digits at `digits`, or nil when one is not a hex digit.
@inline(__always)
func hexValue4(_ digits: UnsafePointer<UInt8>) -> UInt16? {
  var value: UInt16 = 0
  for i in 0..<4 {
    guard let digit = hexDigitValue(digits[i]) else { return nil }
    value = value << 4 | UInt16(digit)
  }
  return value
}

@inline(__always)
func hexDigitValue(_ c: UInt8) -> UInt8? {
  switch c {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): c &- UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): c &- UInt8(ascii: "a") &+ 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): c &- UInt8(ascii: "A") &+ 10
  default: nil
  }
}

/// The text of a string's body `raw` (the bytes between its quotes), checked by the parser's
/// own string scan under the strict options: nil when it is not a valid string (an escape, a
/// control byte or a UTF-8 sequence wrong or cut short, or a quote that ends it early). What a
/// partial decoding's growing string is made of, a piece at a time, without a document per
/// piece: the body is quoted in a temporary buffer and scanned there.
package func decodeStringBody(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count + 2) { buffer in
    let base = buffer.baseAddress!
    base.initialize(to: UInt8(ascii: "\""))
    if let body = raw.baseAddress { (base + 1).initialize(from: body, count: raw.count) }
    (base + raw.count + 1).initialize(to: UInt8(ascii: "\""))
    let quoted = UnsafeBufferPointer(buffer)
    return withUnsafeTemporaryAllocation(of: OpenContainer.self, capacity: 1) { stack in
      var parser = JSONParser(bytes: quoted, options: JSONParsingOptions(), stack: PlainStack(startingIn: stack))
      guard (try? parser.parseString()) != nil, parser.pos == quoted.count else { return nil }
      return decodeStringEntry(parser.tape.entries[0], in: quoted)
    }
  }
}
