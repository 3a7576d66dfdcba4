#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A growable byte buffer for the writer; cheaper per append than `[UInt8]`.
///
/// Its memory comes from `malloc` and grows with `realloc` (which often extends in place), so
/// that the finished text can become a `Data` without a copy (`takeData()`).
///
/// `@usableFromInline` as well as `package`: without it, this toolchain does not inline the
/// type's `@inlinable` mutating methods into other modules, and every byte appended would be
/// a call.
@usableFromInline package struct OutputBuffer: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline package internal(set) var count = 0
  @usableFromInline var capacity: Int

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = Self.allocate(self.capacity)
  }

  deinit { free(base) }

  private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
    guard let memory = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes of JSON") }
    return memory.assumingMemoryBound(to: UInt8.self)
  }

  // The counts below add without overflow checks: `count` never exceeds `capacity`, which
  // `malloc` gave, and what is added is the size of something in memory.
  @inlinable @inline(__always)
  package mutating func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(to: count &+ extra) }
  }

  @inline(never) @usableFromInline
  mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    guard let grown = realloc(base, newCapacity) else { fatalError("out of memory for \(newCapacity) bytes of JSON") }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    let n = bytes.count
    reserve(n)
    let target = base + count
    if n <= 16 {
      // Keys, numbers and short strings: two overlapping loads, then two stores, instead of
      // a call to memmove (both loads come first, so even overlapping bytes copy right).
      let from = UnsafeRawPointer(source)
      let to = UnsafeMutableRawPointer(target)
      if n >= 8 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
      } else if n >= 4 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
      } else {
        for i in 0..<n { target[i] = source[i] }
      }
    } else {
      target.update(from: source, count: n)
    }
    count &+= n
  }

  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  package mutating func appendSpaces(_ n: Int) {
    reserve(n)
    (base + count).initialize(repeating: UInt8(ascii: " "), count: n)
    count &+= n
  }

  /// Room for `n` bytes written directly; call `advance(by:)` with what was written.
  @inlinable @inline(__always)
  package mutating func unsafeTail(reserving n: Int) -> UnsafeMutablePointer<UInt8> {
    reserve(n)
    return base + count
  }

  @inlinable @inline(__always)
  package mutating func advance(by n: Int) { count &+= n }

  /// Appends `magnitude` in decimal, after a minus sign when `negative`, straight into the
  /// buffer: the number is cut into groups of eight digits, and each group's digits are made
  /// side by side in one word and stored at once (`writeEightDigits`).
  @inlinable
  package mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
    reserve(21)
    var at = base + count
    if negative {
      at.pointee = UInt8(ascii: "-")
      at += 1
    }
    at += Self.writeDecimal(magnitude, at: at)
    count = base.distance(to: at)
  }

  /// Writes `magnitude` in decimal at `at` (room for 20 bytes, some past the digits are
  /// overwritten); returns how many digits.
  @inlinable @inline(__always)
  package static func writeDecimal(_ magnitude: UInt64, at: UnsafeMutablePointer<UInt8>) -> Int {
    if magnitude < 100_000_000 {
      return writeDigits(UInt32(truncatingIfNeeded: magnitude), at: at)
    } else if magnitude < 10_000_000_000_000_000 {
      let digits = writeDigits(UInt32(truncatingIfNeeded: magnitude / 100_000_000), at: at)
      writeEightDigits(UInt32(truncatingIfNeeded: magnitude % 100_000_000), at: at + digits)
      return digits + 8
    } else {
      let rest = magnitude % 10_000_000_000_000_000
      let digits = writeDigits(UInt32(truncatingIfNeeded: magnitude / 10_000_000_000_000_000), at: at)
      writeEightDigits(UInt32(truncatingIfNeeded: rest / 100_000_000), at: at + digits)
      writeEightDigits(UInt32(truncatingIfNeeded: rest % 100_000_000), at: at + digits + 8)
      return digits + 16
    }
  }

  /// Writes `value` (below 10⁸) without leading zeros at `at`; returns how many digits. (Two
  /// digits at a time from the table of pairs: for the short numbers most integers are, a
  /// shorter chain of work than `eightDigitValues`.)
  @inlinable @inline(__always)
  static func writeDigits(_ value: UInt32, at: UnsafeMutablePointer<UInt8>) -> Int {
    let digits =
      value < 10_000
      ? (value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4))
      : (value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8))
    var value = value
    var end = digits
    while end >= 2 {
      end -= 2
      writePair(value % 100, at: at + end)
      value /= 100
    }
    if end == 1 { at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value) }
    return digits
  }

  /// Writes `value` (below 10⁸) as exactly eight digits, leading zeros included, in one
  /// store: the two halves of four digits side by side in a word, each cut into pairs
  /// (×10486 >> 20 is ÷100 below 10⁴) and each pair into digits (×103 >> 10 is ÷10 below
  /// 100), all lanes at once, the first digit in the lowest byte.
  @inlinable @inline(__always)
  static func writeEightDigits(_ value: UInt32, at: UnsafeMutablePointer<UInt8>) {
    let text = eightDigitValues(value) | 0x3030_3030_3030_3030
    UnsafeMutableRawPointer(at).storeBytes(of: text.littleEndian, as: UInt64.self)
  }

  /// The eight digits of `value` (below 10⁸) as the bytes of a word, values 0...9, the first
  /// digit in the lowest byte.
  @inlinable @inline(__always)
  static func eightDigitValues(_ value: UInt32) -> UInt64 {
    let upper = value / 10_000
    var lanes = UInt64(upper) | UInt64(value &- upper &* 10_000) << 32
    let hundreds = (lanes &* 10_486) >> 20 & 0x0000_007F_0000_007F
    lanes = hundreds | (lanes &- hundreds &* 100) << 16
    let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
    return tens | (lanes &- tens &* 10) << 8
  }

  /// Writes the two digits of `pair` (below 100) at `at`.
  @inlinable @inline(__always)
  static func writePair(_ pair: UInt32, at: UnsafeMutablePointer<UInt8>) {
    let digits = UnsafeRawPointer(decimalPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * Int(pair), as: UInt16.self)
    UnsafeMutableRawPointer(at).storeBytes(of: digits, as: UInt16.self)
  }

  /// "00", "01", … "99", one after another.
  // swift-format-ignore: LineLength
  @inlinable
  static var decimalPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// Drops everything written after the first `newCount` bytes.
  package mutating func truncate(to newCount: Int) { count = min(count, newCount) }

  /// The bytes written so far, for rewriting a region in place (valid until the next append).
  @inlinable
  package var writtenBytes: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(start: base, count: count) }

  /// A copy of the bytes written.
  package func copyBytes() -> [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

  package consuming func finish() -> [UInt8] {
    let result = [UInt8](UnsafeBufferPointer(start: base, count: count))
    return result
  }

  /// The bytes written, as `Data` that takes over this buffer's memory (trimmed to the bytes
  /// written) instead of copying it; the buffer is left empty.
  package mutating func takeData() -> Data {
    let written = count
    let memory = realloc(base, max(written, 1)) ?? UnsafeMutableRawPointer(base)
    base = Self.allocate(16)
    capacity = 16
    count = 0
    return Data(bytesNoCopy: memory, count: written, deallocator: .free)
  }
}
