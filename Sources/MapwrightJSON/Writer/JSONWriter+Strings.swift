// String escaping for the writer. Bytes are tested sixteen at a time where the build has
// vectors (`mw_escape_stops16`, SSE2 or NEON), otherwise eight at a time (the same SWAR test
// as the parser's string scan), and stored as they are tested; only the bytes that need an
// escape are handled one by one.

import CMapwrightSIMD

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

/// Calls `body` with the UTF-8 bytes of `text`: in place when the string has them (native
/// and small strings; no copy of the string, so no retain), else from a contiguous copy.
/// Every reader of a `String`'s bytes for writing or key lookup calls it (the model writer, the
/// Codable encoder and decoder, ObjectMapper's `Map`).
@inlinable @inline(__always)
package func withUTF8Bytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return copy.withUTF8(body)
}

extension JSONWriter {
  @inline(__always)
  func writeString(_ text: String, to out: inout OutputBuffer) {
    withUTF8Bytes(of: text) { writeString(utf8: $0, to: &out) }
  }

  package func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
    Self.writeString(
      utf8: bytes, escapeSlashes: options.contains(.escapeSlashes), escapeNonASCII: options.contains(.escapeNonASCII), to: &out)
  }

  /// Writes `text` quoted and escaped as the default options do (`JSONOutput`'s keys and
  /// strings), without a writer to make.
  @inline(__always)
  static func writeString(_ text: String, to out: inout OutputBuffer) {
    withUTF8Bytes(of: text) { writeString(utf8: $0, escapeSlashes: false, escapeNonASCII: false, to: &out) }
  }

  /// Writes `bytes` (a Swift string's UTF-8) quoted, with the escapes JSON requires and the
  /// ones the flags ask for.
  static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool, escapeNonASCII: Bool, to out: inout OutputBuffer) {
    // Most strings need no escape: copied whole while they are checked; the rest go on from
    // the last word found plain.
    guard let plain = writePlainString(utf8: bytes, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII, to: &out) else {
      return
    }
    out.advance(by: 1 + plain)
    writeEscaping(utf8: bytes, from: plain, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII, to: &out)
  }

  /// Writes `bytes` from offset `start` on with their escapes, and the closing quote.
  ///
  /// One pass, a word at a time: each word is stored to the output as it is tested with
  /// `stopMask`, and the output advances past its plain bytes only; at a byte that needs an
  /// escape, the escape is written over what was stored past it and the scan goes on from the
  /// next byte. Room is reserved a block of input at a time for the worst case (six bytes out
  /// per byte in, `\u001f`) plus a word, so that a word may always be stored whole. The last
  /// bytes, fewer than a word, are tested as one word padded with spaces, which stop nothing.
  private static func writeEscaping(
    utf8 bytes: UnsafeBufferPointer<UInt8>, from start: Int, escapeSlashes: Bool, escapeNonASCII: Bool, to out: inout OutputBuffer
  ) {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return out.append(UInt8(ascii: "\"")) }
    let from = UnsafeRawPointer(base)
    var i = start
    while i < count {
      // The block: up to `blockSize` bytes in; a word or an escaped scalar may read a little
      // past its end, so the room allows for that too.
      let blockEnd = min(count, i + blockSize)
      let target = out.unsafeTail(reserving: 6 * (blockEnd - i + 12) + 16)
      let into = UnsafeMutableRawPointer(target)
      var written = 0
      while i < blockEnd {
        let remaining = count - i
        if remaining >= 16, mw_vector_build() != 0 {
          // Sixteen bytes stored and tested at once (the room allows a block's last step to
          // pass its end).
          mw_copy16(target + written, base + i)
          let mask = mw_escape_stops16(base + i, escapeSlashes ? 1 : 0, escapeNonASCII ? 1 : 0)
          if mask == 0 {
            i += 16
            written += 16
            continue
          }
          let plain = mask.trailingZeroBitCount >> mw_mask16_shift()
          i += plain
          written += plain
        } else {
          let word =
            remaining >= 8
            ? UInt64(littleEndian: from.loadUnaligned(fromByteOffset: i, as: UInt64.self)) : paddedWord(base, from: i, count: count)
          into.storeBytes(of: word.littleEndian, toByteOffset: written, as: UInt64.self)
          let mask = stopMask(word, escapeSlashes: escapeSlashes, escapeNonASCII: escapeNonASCII)
          if mask == 0 {
            let plain = min(8, remaining)
            i += plain
            written += plain
            continue
          }
          let plain = mask.trailingZeroBitCount >> 3
          i += plain
          written += plain
        }
        let c = base[i]
        if c >= 0x80 {
          // Only flagged when non-ASCII is escaped.
          (i, written) = writeNonASCIIEscape(bytes, at: i, into: target, at: written)
          continue
        }
        target[written] = UInt8(ascii: "\\")
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): target[written + 1] = c
        case 0x0A: target[written + 1] = UInt8(ascii: "n")
        case 0x0D: target[written + 1] = UInt8(ascii: "r")
        case 0x09: target[written + 1] = UInt8(ascii: "t")
        case 0x08: target[written + 1] = UInt8(ascii: "b")
        case 0x0C: target[written + 1] = UInt8(ascii: "f")
        default:
          writeUnicodeEscape(UInt16(c), into: target + written)
          written += 4
        }
        written += 2
        i += 1
      }
      out.advance(by: written)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Input bytes per reservation of output room in `writeString`.
  private static var blockSize: Int { 4096 }

  /// The bytes from `i` to the end of a string (fewer than eight), as a word (the first byte
  /// lowest, as `UInt64(littleEndian:)` reads them) padded with
  /// spaces. A string of eight bytes or more gives its last word in one load, shifted past the
  /// bytes before `i`; a shorter one is read in two overlapping halves or byte by byte (no load
  /// may start before the string or end after it).
  @inline(__always)
  private static func paddedWord(_ base: UnsafePointer<UInt8>, from i: Int, count: Int) -> UInt64 {
    let remaining = count - i
    let spaces: UInt64 = 0x2020_2020_2020_2020
    let padding = spaces << UInt64(8 * remaining)
    let raw = UnsafeRawPointer(base)
    if count >= 8 {
      let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      return UInt64(littleEndian: last) >> UInt64(8 * (8 - remaining)) | padding
    }
    if remaining >= 4 {
      let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)))
      let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      return head | tail << UInt64(8 * (remaining - 4)) | padding
    }
    var word = padding
    for k in 0..<remaining { word |= UInt64(base[i + k]) << UInt64(8 * k) }
    return word
  }

  /// Writes `bytes` quoted if none needs an escape, in one pass: each word is tested with
  /// `stopMask` (as the escaping loop does; a string shorter than a word is padded with
  /// spaces, which stop nothing) and stored as it is tested, into room reserved with
  /// eight bytes to spare, so that the last word may be stored whole (what it writes past the
  /// string is overwritten by the closing quote and what follows). Returns nil when it wrote
  /// the string. At a word that has a byte that needs an escape it stops, having written
  /// nothing that counts, and returns how many bytes before that word it stored (after the
  /// opening quote, at the output's tail), all plain.
  @inline(__always)
  static func writePlainString(
    utf8 bytes: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool, escapeNonASCII: Bool, to out: inout OutputBuffer
  ) -> Int? {
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
        // Sixteen bytes a step where the build has vectors; words for the rest.
        if mw_vector_build() != 0 {
          while i + 16 < count {
            if mw_escape_stops16(base + i, escapeSlashes ? 1 : 0, escapeNonASCII ? 1 : 0) != 0 { return i }
            mw_copy16(target + 1 + i, base + i)
            i += 16
          }
        }
        while i + 8 < count {
          let word = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          if stops(UInt64(littleEndian: word)) { return i }
          into.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
          i += 8
        }
        // The last word ends with the string (overlapping what was stored).
        let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        if stops(UInt64(littleEndian: last)) { return i }
        into.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        if stops(UInt64(UInt32(littleEndian: head)) | UInt64(UInt32(littleEndian: tail)) << 32) { return 0 }
        into.storeBytes(of: head, as: UInt32.self)
        into.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
      } else {
        var word: UInt64 = 0x2020_2020_2020_2020
        for k in 0..<count { word = word & ~(0xFF << UInt64(8 * k)) | UInt64(base[k]) << UInt64(8 * k) }
        if stops(word) { return 0 }
        for k in 0..<count { target[1 + k] = base[k] }
      }
    }
    target[count + 1] = UInt8(ascii: "\"")
    out.advance(by: count + 2)
    return nil
  }

  /// Writes the scalar starting at `i` as `\uXXXX` (two escapes beyond the BMP) at
  /// `target + written`, and returns the offsets after it in the input and in `target`. Input
  /// is a Swift string's UTF-8, so it is well-formed.
  @inline(__always)
  private static func writeNonASCIIEscape(
    _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, into target: UnsafeMutablePointer<UInt8>, at written: Int
  ) -> (Int, Int) {
    let lead = UInt32(bytes[i])
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = lead & (0xFF >> (length + 1))
    for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
    if scalar >= 0x10000 {
      let v = scalar - 0x10000
      writeUnicodeEscape(UInt16(0xD800 + (v >> 10)), into: target + written)
      writeUnicodeEscape(UInt16(0xDC00 + (v & 0x3FF)), into: target + written + 6)
      return (i + length, written + 12)
    }
    writeUnicodeEscape(UInt16(scalar), into: target + written)
    return (i + length, written + 6)
  }

  /// Writes `\uXXXX` (six bytes) at `p`.
  @inline(__always)
  private static func writeUnicodeEscape(_ unit: UInt16, into p: UnsafeMutablePointer<UInt8>) {
    let hex = hexDigits.utf8Start
    p[0] = UInt8(ascii: "\\")
    p[1] = UInt8(ascii: "u")
    p[2] = hex[Int(unit >> 12)]
    p[3] = hex[Int(unit >> 8 & 0xF)]
    p[4] = hex[Int(unit >> 4 & 0xF)]
    p[5] = hex[Int(unit & 0xF)]
  }
}
