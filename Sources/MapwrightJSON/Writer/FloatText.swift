// Swift's shortest round-trip text of a float without making a `String`. A finite `Double` is
// written by `OutputBuffer.writeDouble` (DoubleText.swift); for a `Float` the standard
// library's `write(to:)` formats into a buffer on the stack and hands the ASCII bytes to the
// stream's `_writeASCII`, which keeps them here. The text is `description`'s, byte for byte
// (`1e-05`, `100.0`, `-0.0`); `description` allocates a string for every value longer than 15
// bytes, which most coordinates are.

/// The text of one float, held inline.
package struct FloatText: TextOutputStream {
  /// Room for any `Double` or `Float` text (the longest is 24 bytes).
  private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  private var count = 0
  /// Text that did not fit (never for `Double` or `Float`): kept whole.
  private var spilled: [UInt8] = []

  /// The text of `value`.
  @inline(__always)
  package init<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
    if F.self == Double.self, value.isFinite {
      let double = unsafeBitCast(value, to: Double.self)
      count = withUnsafeMutableBytes(of: &inline) { OutputBuffer.writeDouble(double, at: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
      return
    }
    value.write(to: &self)
  }

  /// Text handed over as a string (what `write(to:)` does not do for floats).
  package mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { _writeASCII($0) }
  }

  /// Keeps the formatted bytes.
  package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    if spilled.isEmpty, count + buffer.count <= 32 {
      withUnsafeMutableBytes(of: &inline) { storage in
        UnsafeMutableRawBufferPointer(rebasing: storage[count..<count + buffer.count]).copyMemory(from: UnsafeRawBufferPointer(buffer))
      }
      count += buffer.count
      return
    }
    if spilled.isEmpty { spilled = withBytes { Array($0) } }
    spilled.append(contentsOf: buffer)
  }

  /// Calls `body` with the text's bytes.
  @inline(__always)
  package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if !spilled.isEmpty { return spilled.withUnsafeBufferPointer(body) }
    return withUnsafeBytes(of: inline) { body(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)) }
  }
}
