// String escaping for the writer. Runs of bytes that need no escape are found eight at a time
// (the same SWAR test as the parser's string scan) and copied whole.

private let hexDigits: StaticString = "0123456789abcdef"

/// The high bit of every byte of `word` that is '/' (exact for the lowest such byte, which
/// is all the caller uses).
@inline(__always)
private func slashMask(_ word: UInt64) -> UInt64 {
  let slash = word ^ 0x2F2F_2F2F_2F2F_2F2F
  return (slash &- 0x0101_0101_0101_0101) & ~slash & 0x8080_8080_8080_8080
}

/// The high bit of the bytes of `word` that stop a run of plain bytes: those JSON escapes,
/// and '/' and bytes of 0x80 and up when the flags ask for their escapes (exact for the lowest
/// such byte; with none, no byte is flagged).
@inline(__always)
private func stopMask(_ word: UInt64, escapeSlashes: Bool, escapeNonASCII: Bool) -> UInt64 {
  let mask = escapeNonASCII ? stringStopMask(word) : escapeStopMask(word)
  return escapeSlashes ? mask | slashMask(word) : mask
}

extension JSONWriter {
  @inline(__always)
  func writeString(_ text: String, to out: inout OutputBuffer) {
    var text = text
    text.withUTF8 { writeString(utf8: $0, to: &out) }
  }

  package func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
    Self.writeString(
      utf8: bytes, escapeSlashes: options.contains(.escapeSlashes), escapeNonASCII: options.contains(.escapeNonASCII), to: &out)
  }

  /// Writes `text` quoted and escaped as the default options do (`JSONOutput`'s keys and
  /// strings), without a writer to make.
  @inline(__always)
  static func writeString(_ text: String, to out: inout OutputBuffer) {
    var text = text
    text.withUTF8 { writeString(utf8: $0, escapeSlashes: false, escapeNonASCII: false, to: &out) }
  }

  /// Writes `bytes` (a Swift string's UTF-8) quoted, with the escapes JSON requires and the
  /// ones the flags ask for.
  static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool, escapeNonASCII: Bool, to out: inout OutputBuffer) {
    // Most strings need no escape: copied whole while they are checked (below); the rest are
    // written by the loop after it.
    if writePlainString(utf8: bytes, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII, to: &out) { return }
    out.append(UInt8(ascii: "\""))
    let count = bytes.count
    var runStart = 0
    var i = 0
    while i < count {
      // Skip plain bytes eight at a time (adding '/' to the stop bytes when it is escaped).
      while i + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
        let mask = stopMask(word, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII)
        if mask != 0 {
          i += mask.trailingZeroBitCount >> 3
          break
        }
        i += 8
      }
      if count - i < 8 {
        // The last bytes (most keys are shorter than a word): one word padded with spaces,
        // which stop nothing, tested the same way. A string of a word or more gives its last
        // eight bytes in one load, shifted past those already scanned; a shorter one is
        // gathered byte by byte (no load may start before the string).
        let remaining = count - i
        var word: UInt64
        if count >= 8 {
          let last = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + count - 8).loadUnaligned(as: UInt64.self))
          let scanned = UInt64(8 - remaining) << 3
          word = remaining == 0 ? 0x2020_2020_2020_2020 : last >> scanned | 0x2020_2020_2020_2020 << (64 - scanned)
        } else {
          word = 0x2020_2020_2020_2020
          var k = remaining
          while k > 0 {
            k -= 1
            word = word << 8 | UInt64(bytes[i + k])
          }
        }
        let mask = stopMask(word, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII)
        guard mask != 0 else { break }
        i += mask.trailingZeroBitCount >> 3
      }
      guard i < count else { break }
      let c = bytes[i]
      if c >= 0x80 {
        guard escapeNonASCII else {
          i += 1
          continue
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        i = Self.writeNonASCIIEscape(bytes, at: i, to: &out)
        runStart = i
        continue
      }
      let escape: StaticString?
      switch c {
      case UInt8(ascii: "\""): escape = "\\\""
      case UInt8(ascii: "\\"): escape = "\\\\"
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09: escape = "\\t"
      case 0x08: escape = "\\b"
      case 0x0C: escape = "\\f"
      case UInt8(ascii: "/"): escape = escapeSlashes ? "\\/" : nil
      case 0..<0x20: escape = ""
      default: escape = nil
      }
      guard let escape else {
        i += 1
        continue
      }
      out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
      if escape.utf8CodeUnitCount == 0 {
        writeUnicodeEscape(UInt16(c), to: &out)
      } else {
        out.append(escape)
      }
      i += 1
      runStart = i
    }
    out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    out.append(UInt8(ascii: "\""))
  }

  /// Writes `bytes` quoted if none needs an escape, in one pass: each word is tested with
  /// `stopMask` (as the escaping loop does; a string shorter than a word is padded with
  /// spaces, which stop nothing) and stored as it is tested, into room reserved with
  /// eight bytes to spare, so that the last word may be stored whole (what it writes past the
  /// string is overwritten by the closing quote and what follows). Returns false, having
  /// written nothing that counts, at the first byte that needs an escape.
  @inline(__always)
  static func writePlainString(
    utf8 bytes: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool, escapeNonASCII: Bool, to out: inout OutputBuffer
  ) -> Bool {
    @inline(__always) func stops(_ word: UInt64) -> Bool {
      stopMask(word, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII) != 0
    }
    let count = bytes.count
    let target = out.unsafeTail(reserving: count + 10)
    target[0] = UInt8(ascii: "\"")
    let into = UnsafeMutableRawPointer(target + 1)
    if let base = bytes.baseAddress, count > 0 {
      let from = UnsafeRawPointer(base)
      if count >= 8 {
        var i = 0
        while i + 8 < count {
          let word = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          if stops(UInt64(littleEndian: word)) { return false }
          into.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
          i += 8
        }
        // The last word ends with the string (overlapping what was stored).
        let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        if stops(UInt64(littleEndian: last)) { return false }
        into.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        if stops(UInt64(UInt32(littleEndian: head)) | UInt64(UInt32(littleEndian: tail)) << 32) { return false }
        into.storeBytes(of: head, as: UInt32.self)
        into.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
      } else {
        var word: UInt64 = 0x2020_2020_2020_2020
        for k in 0..<count { word = word & ~(0xFF << UInt64(8 * k)) | UInt64(base[k]) << UInt64(8 * k) }
        if stops(word) { return false }
        for k in 0..<count { target[1 + k] = base[k] }
      }
    }
    target[count + 1] = UInt8(ascii: "\"")
    out.advance(by: count + 2)
    return true
  }

  /// Writes the scalar starting at `i` as `\uXXXX` (two escapes beyond the BMP) and returns
  /// the offset after it. Input is a Swift string's UTF-8, so it is well-formed.
  private static func writeNonASCIIEscape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, to out: inout OutputBuffer) -> Int {
    let lead = UInt32(bytes[i])
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = lead & (0xFF >> (length + 1))
    for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
    if scalar >= 0x10000 {
      let v = scalar - 0x10000
      writeUnicodeEscape(UInt16(0xD800 + (v >> 10)), to: &out)
      writeUnicodeEscape(UInt16(0xDC00 + (v & 0x3FF)), to: &out)
    } else {
      writeUnicodeEscape(UInt16(scalar), to: &out)
    }
    return i + length
  }

  private static func writeUnicodeEscape(_ unit: UInt16, to out: inout OutputBuffer) {
    let p = out.unsafeTail(reserving: 6)
    let hex = hexDigits.utf8Start
    p[0] = UInt8(ascii: "\\")
    p[1] = UInt8(ascii: "u")
    p[2] = hex[Int(unit >> 12)]
    p[3] = hex[Int(unit >> 8 & 0xF)]
    p[4] = hex[Int(unit >> 4 & 0xF)]
    p[5] = hex[Int(unit & 0xF)]
    out.advance(by: 6)
  }
}
