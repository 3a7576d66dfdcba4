// Turning a string's raw bytes (between its quotes, already validated by the parser) into
// text: escapes are resolved, and in repair mode bad sequences become U+FFFD.

/// Writes the unescaped UTF-8 of `raw` to `out` and returns the number of bytes written.
/// The output is never longer than the input, so `raw.count` bytes of room always suffice.
///
/// The text between escapes is copied eight bytes at a time, each word stored whole before its
/// backslash is looked for: a run that ends inside the word leaves junk after it, which the
/// escape's own bytes then overwrite (the output is never ahead of the input, so a word read
/// whole from the input also fits whole in the output). Short runs between frequent escapes
/// cost no call to copy them.
func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
  var i = 0
  var n = 0
  let count = raw.count
  guard let base = raw.baseAddress else { return 0 }
  while i < count {
    if i &+ 8 <= count {
      let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      UnsafeMutableRawPointer(out + n).storeBytes(of: word, as: UInt64.self)
      let backslash = UInt64(littleEndian: word) ^ 0x5C5C_5C5C_5C5C_5C5C
      let mask = (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080
      guard mask != 0 else {
        i &+= 8
        n &+= 8
        continue
      }
      let run = mask.trailingZeroBitCount >> 3
      i &+= run
      n &+= run
    } else {
      while i < count, base[i] != UInt8(ascii: "\\") {
        out[n] = base[i]
        i &+= 1
        n &+= 1
      }
      guard i < count else { break }
    }
    // An escape (the parser checked it whole).
    let e = base[i &+ 1]
    i &+= 2
    let simple: UInt8
    switch e {
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      var scalar = UInt32(hex4(raw, at: i))
      i &+= 4
      if (0xD800...0xDBFF).contains(scalar), i + 5 < count, raw[i] == UInt8(ascii: "\\"),
        raw[i + 1] == UInt8(ascii: "u")
      {
        let low = UInt32(hex4(raw, at: i + 2))
        if (0xDC00...0xDFFF).contains(low) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          i &+= 6
        }
      }
      if (0xD800...0xDFFF).contains(scalar) { scalar = 0xFFFD }  // lone surrogate (repair mode)
      n &+= writeUTF8(scalar, to: out + n)
      continue
    default: simple = e  // '"', '\\' and '/'
    }
    out[n] = simple
    n &+= 1
  }
  return n
}

@inline(__always)
private func hex4(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt16 {
  var value: UInt16 = 0
  for k in i..<i + 4 { value = value << 4 | UInt16(hexDigitValue(raw[k]) ?? 0) }
  return value
}

@inline(__always)
func writeUTF8(_ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
  switch scalar {
  case 0..<0x80:
    out[0] = UInt8(scalar)
    return 1
  case 0x80..<0x800:
    out[0] = UInt8(0xC0 | scalar >> 6)
    out[1] = UInt8(0x80 | scalar & 0x3F)
    return 2
  case 0x800..<0x10000:
    out[0] = UInt8(0xE0 | scalar >> 12)
    out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
    out[2] = UInt8(0x80 | scalar & 0x3F)
    return 3
  default:
    out[0] = UInt8(0xF0 | scalar >> 18)
    out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
    out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
    out[3] = UInt8(0x80 | scalar & 0x3F)
    return 4
  }
}

/// A `String` of bytes known to be valid UTF-8 (a string entry the parser validated, without
/// repairs, or its escapes resolved): up to 15 bytes built in place (SmallStrings.swift);
/// longer, made without the standard library's second validation where the platform has
/// `UTF8Span` (Swift 6.2's standard library); elsewhere decoded as usual.
/// `isASCII` is what the parser found (no `TapeFlag.nonASCII`): a string marked ASCII is
/// compared and hashed on the standard library's fast paths, one marked otherwise
/// (though all ASCII) on its general ones, several times slower.
/// `buildsSmallStrings` is `smallStringLayoutHolds`, passed by callers that read it once for
/// many strings.
@inlinable @inline(__always)
package func stringOfValidUTF8(
  _ raw: UnsafeBufferPointer<UInt8>, isASCII: Bool, buildsSmallStrings: @autoclosure () -> Bool = smallStringLayoutHolds
) -> String {
  if raw.count <= 15, buildsSmallStrings() { return smallString(raw.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: raw.count) }
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    return String(copying: UTF8Span(unchecked: raw.span, isKnownASCII: isASCII))
  }
  return String(decoding: raw, as: UTF8.self)
}

/// The text of a string tape entry.
@usableFromInline
package func decodeStringEntry(_ entry: TapeEntry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
  let raw = UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
  guard entry.has(TapeFlag.hasEscapes) else {
    // Validated UTF-8, or repaired by String's own decoding in repair mode.
    return entry.has(TapeFlag.needsRepair)
      ? String(decoding: raw, as: UTF8.self) : stringOfValidUTF8(raw, isASCII: !entry.has(TapeFlag.nonASCII))
  }
  guard !entry.has(TapeFlag.needsRepair) else {
    return String(unsafeUninitializedCapacity: raw.count) { buffer in unescape(raw, into: buffer.baseAddress!) }
  }
  // Escapes resolved from validated text are valid UTF-8 too.
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { buffer in
    let count = unescape(raw, into: buffer.baseAddress!)
    return stringOfValidUTF8(UnsafeBufferPointer(rebasing: buffer[0..<count]), isASCII: !entry.has(TapeFlag.nonASCII))
  }
}

/// Whether a string tape entry's text equals `key` (UTF-8), without allocating.
@inline(__always)
package func stringEntry(_ entry: TapeEntry, in bytes: UnsafeBufferPointer<UInt8>, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
  let start = Int(entry.offset)
  let length = Int(entry.length)
  if !entry.has(TapeFlag.hasEscapes | TapeFlag.needsRepair) {
    guard length == key.count else { return false }
    return length == 0 || memoryEqual(bytes.baseAddress! + start, key.baseAddress!, length)
  }
  // Escaped text is never longer than its raw bytes, so a raw string shorter than the key
  // cannot match; repaired text can be (one bad byte becomes U+FFFD, three bytes).
  guard length >= key.count || entry.has(TapeFlag.needsRepair) else { return false }
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
    let raw = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
    let n = unescape(raw, into: buffer.baseAddress!)
    if entry.has(TapeFlag.needsRepair) {
      // Compare through String's repair of invalid UTF-8.
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self).utf8
        .elementsEqual(key)
    }
    return n == key.count && (n == 0 || memoryEqual(buffer.baseAddress!, key.baseAddress!, n))
  }
}

/// Whether the `count` bytes at `a` and at `b` are equal. Keys are short: up to sixteen bytes
/// are compared with two loads of each side, overlapping when the length is not a power of
/// two, and no loop; longer runs eight bytes at a time, the last word overlapping.
@inlinable @inline(__always)
package func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  @inline(__always) func word<T: FixedWidthInteger>(_ p: UnsafePointer<UInt8>, _ offset: Int, _: T.Type) -> T {
    UnsafeRawPointer(p + offset).loadUnaligned(as: T.self)
  }
  if count >= 8 {
    var i = 0
    while i + 8 < count {
      if word(a, i, UInt64.self) != word(b, i, UInt64.self) { return false }
      i += 8
    }
    return word(a, count - 8, UInt64.self) == word(b, count - 8, UInt64.self)
  }
  if count >= 4 {
    return word(a, 0, UInt32.self) == word(b, 0, UInt32.self) && word(a, count - 4, UInt32.self) == word(b, count - 4, UInt32.self)
  }
  if count >= 2 {
    return word(a, 0, UInt16.self) == word(b, 0, UInt16.self) && word(a, count - 2, UInt16.self) == word(b, count - 2, UInt16.self)
  }
  return count == 0 || a[0] == b[0]
}
