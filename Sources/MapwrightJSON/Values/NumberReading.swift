// Converting validated JSON number text to Swift numbers, exactly or not at all.
//
// Integers: a literal like `-42` is accumulated digit by digit with overflow checks. Other
// forms (`1.0`, `1e3`, `1.50e1`) are read through their exact decimal value — significant
// digits and a power of ten — so `1.000000000000000005` or `1e-999` is never mistaken for an
// integer, and no Double rounding is involved.
//
// Doubles: Clinger's fast path when the significand fits in 53 bits and the power of ten is
// at most 22 (both exact, so one multiplication or division rounds correctly); then the
// Eisel–Lemire method for up to 19 significant digits; otherwise (more digits, results that
// are subnormal or out of range) the standard library's correctly rounded conversion.

/// Which number forms an integer accessor accepts.
public enum JSONIntegerForms: Sendable, Hashable {
  /// Only integer literals: `2` is an integer, `2.0` and `2e0` are not.
  case literalsOnly
  /// Any number whose exact value is an integer: `2`, `2.0`, `0.2e1`, `2e0`.
  case integralValues
}

/// Why a number could not be read as an integer of the requested type.
@usableFromInline
package enum IntegerReadFailure: Error, Sendable, Hashable {
  /// The number has a fractional part (or, under `.literalsOnly`, is not written as an integer).
  case notAnInteger
  /// The value does not fit the type.
  case outOfRange
}

/// The exact decimal value of number text: `(-1)^negative × digits × 10^exponent`, with
/// `digits` free of leading and trailing zeros (empty for zero).
package struct DecimalParts: Hashable, Sendable {
  package var negative: Bool
  package var digits: [UInt8]
  package var exponent: Int

  /// Decomposes validated JSON number text.
  package init(text: UnsafeBufferPointer<UInt8>) {
    var i = 0
    negative = text[0] == UInt8(ascii: "-")
    if negative { i = 1 }
    var digits: [UInt8] = []
    var exponent = 0
    var seenPoint = false
    while i < text.count {
      let c = text[i]
      if isDigit(c) {
        if !(digits.isEmpty && c == UInt8(ascii: "0")) { digits.append(c &- UInt8(ascii: "0")) }
        if seenPoint { exponent -= 1 }
      } else if c == UInt8(ascii: ".") {
        seenPoint = true
      } else {
        break  // 'e' or 'E'
      }
      i += 1
    }
    exponent += writtenExponent(text, from: i)
    while let last = digits.last, last == 0 {
      digits.removeLast()
      exponent += 1
    }
    if digits.isEmpty {
      negative = false
      exponent = 0
    }
    self.digits = digits
    self.exponent = exponent
  }

  /// The value as an integer of type `T`, if it is one and fits.
  package func integer<T: FixedWidthInteger>(as type: T.Type) -> Result<T, IntegerReadFailure> {
    if digits.isEmpty { return .success(0) }
    if exponent < 0 { return .failure(.notAnInteger) }
    if digits.count + exponent > 40 { return .failure(.outOfRange) }
    var magnitude: UInt64 = 0
    for digit in digits + repeatElement(0, count: exponent) {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { return .failure(.outOfRange) }
      magnitude = sum
    }
    return integerFromMagnitude(magnitude, negative: negative)
  }

  /// Significant digits, for `Decimal`'s 38-digit limit.
  package var significantDigitCount: Int { digits.count }
}

/// The exponent written after the `e` at `i` (0 when `i` is the end), saturated at a billion:
/// beyond that every value is already out of every range, or zero.
@inline(__always)
func writtenExponent(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  guard start < text.count else { return 0 }
  var i = start + 1
  var negative = false
  if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
    negative = text[i] == UInt8(ascii: "-")
    i += 1
  }
  var written = 0
  while i < text.count {
    written = min(written * 10 + Int(text[i] &- UInt8(ascii: "0")), 1_000_000_000)
    i += 1
  }
  return negative ? -written : written
}

@inline(__always)
func integerFromMagnitude<T: FixedWidthInteger>(_ magnitude: UInt64, negative: Bool) -> Result<T, IntegerReadFailure> {
  if negative {
    guard T.isSigned else { return magnitude == 0 ? .success(0) : .failure(.outOfRange) }  // "-0" is 0
    // -T.min's magnitude is T.max + 1.
    guard magnitude <= UInt64(T.max) + 1 else { return .failure(.outOfRange) }
    return .success(magnitude == UInt64(T.max) + 1 ? T.min : 0 - T(magnitude))
  }
  guard magnitude <= UInt64(T.max) else { return .failure(.outOfRange) }
  return .success(T(magnitude))
}

/// Reads validated number text as an integer of type `T`.
@inline(__always)
package func readInteger<T: FixedWidthInteger>(
  _ text: UnsafeBufferPointer<UInt8>, isLiteral: Bool, forms: JSONIntegerForms, as type: T.Type
) -> Result<T, IntegerReadFailure> {
  guard T.bitWidth <= 64 else {
    // Wider than 64 bits (Int128): go through the exact decimal value.
    return readWideInteger(text, isLiteral: isLiteral, forms: forms)
  }
  guard isLiteral else {
    if forms == .literalsOnly { return .failure(.notAnInteger) }
    return DecimalParts(text: text).integer(as: T.self)
  }
  var i = 0
  let negative = text[0] == UInt8(ascii: "-")
  if negative { i = 1 }
  var magnitude: UInt64 = 0
  if text.count - i <= 19 {
    // 19 digits always fit in a UInt64.
    while i < text.count {
      magnitude = magnitude &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
      i += 1
    }
  } else {
    while i < text.count {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(text[i] &- UInt8(ascii: "0")))
      if o1 || o2 { return .failure(.outOfRange) }
      magnitude = sum
      i += 1
    }
  }
  return integerFromMagnitude(magnitude, negative: negative)
}

private func readWideInteger<T: FixedWidthInteger>(
  _ text: UnsafeBufferPointer<UInt8>, isLiteral: Bool, forms: JSONIntegerForms
) -> Result<T, IntegerReadFailure> {
  if !isLiteral, forms == .literalsOnly { return .failure(.notAnInteger) }
  let parts = DecimalParts(text: text)
  if parts.digits.isEmpty { return .success(0) }
  if parts.exponent < 0 { return .failure(.notAnInteger) }
  if parts.digits.count + parts.exponent > 80 { return .failure(.outOfRange) }
  var value: T = 0
  for digit in parts.digits + repeatElement(0, count: parts.exponent) {
    let (times10, o1) = value.multipliedReportingOverflow(by: 10)
    let (next, o2) =
      parts.negative
      ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
    if o1 || o2 { return .failure(.outOfRange) }
    value = next
  }
  return .success(value)
}

private let exactPowersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The value of eight ASCII digits loaded little-endian, or nil if any byte is not a digit.
/// (Subtract '0' from every byte, then combine neighbouring digits in pairs, pairs in fours,
/// and fours in the eight with three multiplications.)
@inline(__always)
func eightDigits(_ word: UInt64) -> UInt64? {
  let chunk = UInt64(littleEndian: word)
  // Every byte in 0x30...0x39: the high nibble is 3, and adding 6 does not carry into it.
  guard chunk & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
    (chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
  else { return nil }
  var value = chunk &- 0x3030_3030_3030_3030
  value = (value &* 10) &+ (value >> 8)  // pairs: byte 0, 2, 4, 6 hold two-digit numbers
  let pairs1 = value & 0x0000_00FF_0000_00FF
  let pairs2 = (value >> 16) & 0x0000_00FF_0000_00FF
  value = (pairs1 &* (100 &+ (1_000_000 << 32)) &+ pairs2 &* (1 &+ (10_000 << 32))) >> 32
  return value
}

/// `significand × 10^exponent` correctly rounded to a normal Double, by the Eisel–Lemire
/// method (Lemire, "Number Parsing at a Gigabyte per Second", 2021), or nil when the result is
/// zero, subnormal or infinite, or the exponent is outside the table (left to the standard
/// library).
///
/// The significand is shifted so that its leading bit is bit 63 and multiplied by the top
/// 64 bits of 5^exponent (`PowersOfFive`, 128 bits with a leading one): the top 55 bits of the
/// product are the result's 53 bits and two more for rounding. When the bits below them are
/// all ones, a carry from the lower half could still change them, so the lower 64 bits of
/// the power are multiplied in too (Mushtak and Lemire proved the 128 bits always suffice; a
/// case that still looks ambiguous returns nil all the same). The binary exponent is
/// ⌊log2(10^exponent)⌋ from `(217706 × exponent) >> 16`. An exact tie (the product's lower
/// bits zero, possible only for exponents in -4...23) rounds to even.
@inline(__always)
func eiselLemireDouble(_ significand: UInt64, _ exponent: Int) -> Double? {
  guard significand != 0, exponent >= PowersOfFive.smallestExponent, exponent <= PowersOfFive.largestExponent else {
    return nil
  }
  let leadingZeros = significand.leadingZeroBitCount
  let normalized = significand << UInt64(leadingZeros)
  let index = (exponent - PowersOfFive.smallestExponent) &* 2
  var (high, low) = PowersOfFive.table.withUnsafeBufferPointer { powers in
    normalized.multipliedFullWidth(by: powers[index])
  }
  // The bits below the 55 kept: all ones means a carry from the next word may reach them.
  let belowKept: UInt64 = 0x1FF
  if high & belowKept == belowKept {
    let next = PowersOfFive.table.withUnsafeBufferPointer { powers in
      normalized.multipliedFullWidth(by: powers[index + 1]).high
    }
    let (sum, carry) = low.addingReportingOverflow(next)
    low = sum
    if carry { high &+= 1 }
    if high & belowKept == belowKept, low == .max { return nil }
  }
  let upperBit = Int(high >> 63)
  let shift = UInt64(upperBit + 64 - 52 - 3)
  var mantissa = high >> shift
  var binaryExponent = ((217_706 &* exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
  guard binaryExponent > 0 else { return nil }
  // Exactly halfway between two Doubles: round to even (do not round up an even result).
  if low <= 1, exponent >= -4, exponent <= 23, mantissa & 3 == 1, mantissa << shift == high {
    mantissa &= ~1
  }
  mantissa += mantissa & 1
  mantissa >>= 1
  if mantissa >= 2 << 52 {
    mantissa = 1 << 52
    binaryExponent += 1
  }
  mantissa &= ~(1 << 52)
  guard binaryExponent < 0x7FF else { return nil }
  return Double(bitPattern: UInt64(binaryExponent) << 52 | mantissa)
}

/// Reads validated number text as the nearest Double, or nil when it overflows to infinity.
/// Values too small for a Double round to zero (or a subnormal), as `Double(String)` does.
///
/// The digits are gathered into one 64-bit significand, the fraction eight at a time, and
/// counted by their positions rather than one by one: only a number written with more than
/// nineteen digits counts its leading zeros (`0.000…`), and only one with more than nineteen
/// significant digits leaves the fast methods for the standard library.
@usableFromInline
package func readDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
  let base = text.baseAddress.unsafelyUnwrapped
  let end = text.count
  let negative = base[0] == UInt8(ascii: "-")
  var i = negative ? 1 : 0
  var significand: UInt64 = 0
  while i < end {
    let digit = base[i] &- UInt8(ascii: "0")
    guard digit < 10 else { break }
    significand = significand &* 10 &+ UInt64(digit)
    i &+= 1
  }
  var digitCount = i &- (negative ? 1 : 0)
  var exponent = 0
  if i < end, base[i] == UInt8(ascii: ".") {
    i &+= 1
    let fractionStart = i
    while i &+ 8 <= end, let eight = eightDigits(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
      significand = significand &* 100_000_000 &+ eight
      i &+= 8
    }
    // The last one to seven fraction digits at once, when they end the text (no exponent):
    // the eight bytes that end it, the ones already read shifted out and '0's put after the
    // rest, so the significand gains eight digits and the exponent loses eight. Only while
    // nineteen digits still hold the significand exactly.
    let rest = end &- i
    var lastEight: UInt64?
    if rest > 0, rest < 8, end >= 8, digitCount &+ (i &- fractionStart) &+ 8 <= 19 {
      let last = UInt64(littleEndian: UnsafeRawPointer(base + (end &- 8)).loadUnaligned(as: UInt64.self))
      let shift = UInt64(8 &- rest) &* 8
      lastEight = eightDigits(((last >> shift) | (0x3030_3030_3030_3030 << (64 &- shift))).littleEndian)
    }
    if let lastEight {
      significand = significand &* 100_000_000 &+ lastEight
      i = end
      exponent = fractionStart &- (end &- rest) &- 8
    } else {
      while i < end {
        let digit = base[i] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        i &+= 1
      }
      exponent = fractionStart &- i
    }
    // The fraction's digits as counted by the exponent (the padding zeros too).
    digitCount &-= exponent
  }
  if i < end { exponent &+= writtenExponent(text, from: i) }
  if digitCount > 19 {
    // Leading zeros (and the point among them) do not count; more than nineteen digits
    // after them do not fit the significand.
    var j = negative ? 1 : 0
    while j < end, base[j] == UInt8(ascii: "0") || base[j] == UInt8(ascii: ".") {
      if base[j] == UInt8(ascii: "0") { digitCount &-= 1 }
      j &+= 1
    }
  }
  if digitCount <= 19 {
    // Clinger's fast path: the significand and the power of ten are both exact Doubles.
    if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(significand)
      value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
      return negative ? -value : value
    }
    if let value = eiselLemireDouble(significand, exponent) {
      return negative ? -value : value
    }
  }
  guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
  return value
}
