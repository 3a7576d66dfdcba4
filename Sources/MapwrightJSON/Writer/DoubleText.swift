// A double's text, written straight into the output: Schubfach's shortest digits
// (Schubfach.swift), laid out as the standard library's `description` lays them out, byte for
// byte, so that output does not depend on which of the two wrote it:
//
//   0.0, -0.0                 zero keeps its sign
//   1234.5, 100.0, 0.0001     decimal when the magnitude is at most 2^53 and the first digit
//                             is at most four places after the point
//   1e-05, 1.5e+300           otherwise: one digit, the rest after a point, "e", a sign and at
//                             least two exponent digits

extension OutputBuffer {
  /// The longest text of a double: "-1.2345678901234567e-308".
  package static let longestDoubleText = 24

  /// Appends the shortest round-trip text of `value` (finite), as `description` writes it.
  mutating func appendDouble(_ value: Double) {
    reserve(Self.longestDoubleText)
    count += Self.writeDouble(value, at: base + count)
  }

  /// Writes the text of `value` (finite) at `start` (room for `longestDoubleText` bytes);
  /// returns its length.
  package static func writeDouble(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> Int {
    var at = start
    if value.sign == .minus {
      at.pointee = UInt8(ascii: "-")
      at += 1
    }
    guard value != 0 else {
      at[0] = UInt8(ascii: "0")
      at[1] = UInt8(ascii: ".")
      at[2] = UInt8(ascii: "0")
      return start.distance(to: at) + 3
    }
    var (significand, exponent) = Schubfach.decimal(of: value.magnitude)
    // The digits go one place to the right, leaving room for a point after the first ones.
    let digits: Int
    if significand >= 1_000_000_000_000_000, significand < 100_000_000_000_000_000 {
      // Sixteen or seventeen digits, as most doubles that are not integers have.
      (digits, exponent) = writeLongSignificand(significand, exponent: exponent, at: at + 1)
    } else {
      while significand % 10 == 0 {
        significand /= 10
        exponent += 1
      }
      digits = writeDecimal(significand, at: at + 1)
    }
    let point = exponent + digits  // the value is 0.<digits> × 10^point
    if point < -3 || value.magnitude > 0x1p53 {
      return start.distance(to: at) + writeExponential(digits: digits, point: point, at: at)
    }
    if point <= 0 {
      // 0.000ddd: the digits move right past "0." and the zeros.
      let shift = 2 - point
      (at + shift).update(from: at + 1, count: digits)  // overlapping: `update` copies as memmove does
      at[0] = UInt8(ascii: "0")
      at[1] = UInt8(ascii: ".")
      (at + 2).update(repeating: UInt8(ascii: "0"), count: -point)
      return start.distance(to: at) + shift + digits
    }
    if point < digits {
      // ddd.ddd: the integer digits move back into the gap and the point takes their place.
      if point < 8 {
        // One word: the first `point` bytes of the eight after the gap, over the eight from it
        // (the word's other bytes stay as they are).
        let raw = UnsafeMutableRawPointer(at)
        let moved = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
        let kept = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let mask: UInt64 = (1 << (UInt64(point) &* 8)) &- 1
        raw.storeBytes(of: (moved & mask | kept & ~mask).littleEndian, as: UInt64.self)
      } else {
        at.update(from: at + 1, count: point)
      }
      at[point] = UInt8(ascii: ".")
      return start.distance(to: at) + digits + 1
    }
    // ddd000.0
    at.update(from: at + 1, count: digits)
    (at + digits).update(repeating: UInt8(ascii: "0"), count: point - digits)
    at[point] = UInt8(ascii: ".")
    at[point + 1] = UInt8(ascii: "0")
    return start.distance(to: at) + point + 2
  }

  /// Writes the digits of `significand` (10¹⁵ ≤ significand < 10¹⁷) at `at` without its
  /// trailing zeros; returns how many digits and the exponent raised by the zeros dropped.
  /// The last sixteen digits are two words of eight made side by side (`eightDigitValues`),
  /// stored whole; the zeros at the end are the empty bytes at the top of those words, so
  /// they are counted rather than divided out one at a time (bytes past the digits are
  /// written over: the caller has room for `longestDoubleText`).
  @inline(__always)
  private static func writeLongSignificand(
    _ significand: UInt64, exponent: Int, at: UnsafeMutablePointer<UInt8>
  ) -> (digits: Int, exponent: Int) {
    var rest = significand
    var start = at
    var length = 16
    if significand >= 10_000_000_000_000_000 {
      let first = significand / 10_000_000_000_000_000
      rest = significand &- first &* 10_000_000_000_000_000
      start.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: first)
      start += 1
      length = 17
    }
    let high = UInt32(truncatingIfNeeded: rest / 100_000_000)
    let highDigits = eightDigitValues(high)
    let lowDigits = eightDigitValues(UInt32(truncatingIfNeeded: rest) &- high &* 100_000_000)
    let raw = UnsafeMutableRawPointer(start)
    raw.storeBytes(of: (highDigits | 0x3030_3030_3030_3030).littleEndian, as: UInt64.self)
    raw.storeBytes(of: (lowDigits | 0x3030_3030_3030_3030).littleEndian, toByteOffset: 8, as: UInt64.self)
    // The last digit is the top byte of `lowDigits`; a digit's byte is 0...9, so a word's
    // leading zero bits over eight are its trailing zero digits.
    let zeros = lowDigits == 0 ? 8 &+ highDigits.leadingZeroBitCount >> 3 : lowDigits.leadingZeroBitCount >> 3
    return (length &- zeros, exponent &+ zeros)
  }

  /// d.ddde±XX from the digits written at `at + 1`; returns the length.
  private static func writeExponential(digits: Int, point: Int, at: UnsafeMutablePointer<UInt8>) -> Int {
    at[0] = at[1]
    var length = 1
    if digits > 1 {
      at[1] = UInt8(ascii: ".")
      length = digits + 1
    }
    let power = point - 1
    at[length] = UInt8(ascii: "e")
    at[length + 1] = power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    let magnitude = UInt32(power.magnitude)
    if magnitude < 100 {
      writePair(magnitude, at: at + length + 2)
      return length + 4
    }
    at[length + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 100)
    writePair(magnitude % 100, at: at + length + 3)
    return length + 5
  }
}
