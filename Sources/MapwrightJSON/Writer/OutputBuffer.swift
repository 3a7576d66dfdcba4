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

  @inlinable @inline(__always)
  package mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
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
    count += 1
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
    count += n
  }

  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  package mutating func appendSpaces(_ n: Int) {
    reserve(n)
    (base + count).initialize(repeating: UInt8(ascii: " "), count: n)
    count += n
  }

  /// Room for `n` bytes written directly; call `advance(by:)` with what was written.
  @inlinable @inline(__always)
  package mutating func unsafeTail(reserving n: Int) -> UnsafeMutablePointer<UInt8> {
    reserve(n)
    return base + count
  }

  @inlinable @inline(__always)
  package mutating func advance(by n: Int) { count += n }

  /// Appends `magnitude` in decimal, after a minus sign when `negative` (digits are written
  /// backwards into a small stack buffer, then copied).
  @inlinable
  package mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
      var magnitude = magnitude
      var i = 24
      repeat {
        i -= 1
        digits[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      if negative {
        i -= 1
        digits[i] = UInt8(ascii: "-")
      }
      append(UnsafeBufferPointer(rebasing: digits[i..<24]))
    }
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
