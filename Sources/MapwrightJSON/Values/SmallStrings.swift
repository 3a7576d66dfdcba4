// Strings of up to fifteen bytes, built in two words.
//
// On 64-bit platforms a `String` of up to 15 bytes of UTF-8 keeps them inside its own two
// words (the standard library's "small" form), with no storage to allocate:
//
//   word 0   bytes 0-7 of the text (little-endian: byte 0 in the low byte)
//   word 1   bytes 8-14 in its low seven bytes; its high byte holds a discriminator in
//            the high nibble (0xE: small and ASCII, 0xA: small, not all ASCII) and the
//            length in the low nibble
//
// The standard library copies the text in byte by byte (about 150 instructions for fifteen
// bytes). Here two to four overlapping loads make both words, never reading outside the
// text. The layout is the standard library's own, fixed by its ABI on Apple's platforms;
// it is not a public promise, so a probe compares, once per process, words built here with
// strings the standard library made, for every length, ASCII and not. If any differs, this
// path stays off and strings are made the usual way.

/// Whether `smallString` may build strings (the probe found the standard library's layout).
@usableFromInline
package let smallStringLayoutHolds: Bool = {
  #if (arch(x86_64) || arch(arm64)) && _endian(little)
    guard MemoryLayout<String>.size == 16 else { return false }
    // Every length 0...15: ASCII text, and text that starts with a two-, three- or
    // four-byte sequence.
    for length in 0...15 {
      for lead in ["", "é", "日", "🙂"] where lead.utf8.count <= length {
        let text = Array(lead.utf8) + Array(repeating: UInt8(ascii: "q"), count: length - lead.utf8.count)
        let expected = String(decoding: text, as: UTF8.self)
        let built = text.withUnsafeBufferPointer { smallStringWords($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
        guard unsafeBitCast(expected, to: (UInt64, UInt64).self) == built else { return false }
      }
    }
    return true
  #else
    return false
  #endif
}()

/// The two words of the small string holding the `count` bytes at `base` (at most 15 bytes
/// of valid UTF-8).
@inlinable @inline(__always)
package func smallStringWords(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
  let p = UnsafeRawPointer(base)
  var low: UInt64 = 0
  var high: UInt64 = 0
  if count >= 8 {
    low = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    // The last eight bytes, shifted so that byte 8 lands in the low byte: by 64 - 8 × (count
    // - 8) bits in all, in two shifts so that neither reaches 64 (for 8 bytes none is left).
    let last = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    high = (last &>> 8) &>> UInt64(truncatingIfNeeded: (15 &- count) &* 8)
  } else if count >= 4 {
    // The first four bytes and the last four (overlapping: the shared bytes are the same).
    let first = UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
    let last = UInt64(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
    low = first | last &<< UInt64(truncatingIfNeeded: (count &- 4) &* 8)
  } else if count >= 2 {
    let first = UInt64(UInt16(littleEndian: p.loadUnaligned(as: UInt16.self)))
    let last = UInt64(UInt16(littleEndian: p.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
    low = first | last &<< UInt64(truncatingIfNeeded: (count &- 2) &* 8)
  } else if count == 1 {
    low = UInt64(base[0])
  }
  let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
  high |= ((isASCII ? 0xE0 : 0xA0) | UInt64(truncatingIfNeeded: count)) &<< 56
  return (low, high)
}

/// The small `String` holding the `count` bytes at `base` (at most 15 bytes of valid UTF-8),
/// for callers that have checked `smallStringLayoutHolds`. The words are written over an
/// empty string's (which owns nothing, as a small string owns nothing).
@inlinable @inline(__always)
package func smallString(_ base: UnsafePointer<UInt8>, count: Int) -> String {
  let (low, high) = smallStringWords(base, count: count)
  var text = ""
  withUnsafeMutableBytes(of: &text) { words in
    words.storeBytes(of: low, toByteOffset: 0, as: UInt64.self)
    words.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
  }
  return text
}
