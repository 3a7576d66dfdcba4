// Numbers as JSON Schema judges them: exactly, from their text. `minimum`, `maximum`, their
// exclusive forms, `multipleOf` and the type `integer` compare the number the text writes,
// of any size and precision — never its nearest `Double`, which makes 9007199254740993 equal
// to 9007199254740992, 1e400 no number at all, and 0.1 a little more than a tenth.
//
// A decimal is its sign, its significant digits (no leading or trailing zeros) and a scale:
// value = digits × 10^scale. Two are ordered by their count of integer digits
// (digits + scale), then digit by digit. `a × 10^p` is a multiple of `b × 10^q` (both
// normalised, so neither digit string ends in 0) when `p ≥ q` and `b` divides `a × 10^(p−q)`:
// with `p < q` the quotient would need `a` to end in a zero. The remainder is taken with
// 64-bit words and modular powers of ten when `b` fits in 64 bits, else digit by digit.
//
// The evaluator's fast paths — doubles where the bound is a `Double` exactly and the number
// rounds to another double, 64-bit integers for `multipleOf` — give the same answers, and a
// test holds them to it on seeded random numbers.

/// A JSON number read exactly.
struct SchemaDecimal: Sendable, Equatable {
  var negative = false
  /// Significant digits, 0…9 each: no leading or trailing zeros; empty for zero.
  var digits: [UInt8] = []
  var scale = 0

  /// Exponents are held to this size: a number written with a larger one is beyond any
  /// bound a schema can write (its digits could not fit in memory).
  static let exponentLimit = 1 << 40

  /// Reads a JSON number's text (the parser has checked its grammar).
  init(text: UnsafeBufferPointer<UInt8>) {
    var position = 0
    if position < text.count, text[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var fractionDigits = 0
    var inFraction = false
    while position < text.count {
      let byte = text[position]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
        if inFraction { fractionDigits += 1 }
      } else {
        break
      }
      position += 1
    }
    var exponent = 0
    if position < text.count {  // e or E
      position += 1
      var exponentNegative = false
      if text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {
        exponentNegative = text[position] == UInt8(ascii: "-")
        position += 1
      }
      while position < text.count {
        exponent = min(exponent * 10 + Int(text[position] - UInt8(ascii: "0")), Self.exponentLimit)
        position += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    var trailing = 0
    while trailing < digits.count, digits[digits.count - 1 - trailing] == 0 { trailing += 1 }
    digits.removeLast(trailing)
    scale = exponent - fractionDigits + trailing
    if digits.isEmpty {
      negative = false
      scale = 0
    }
  }

  init(_ text: String) {
    var text = text
    self = text.withUTF8 { SchemaDecimal(text: $0) }
  }

  var isZero: Bool { digits.isEmpty }

  /// True when the number has no fractional part (`1.0` and `1e3` included).
  var isInteger: Bool { scale >= 0 || digits.isEmpty }

  /// -1, 0 or 1 as `self` is below, equal to or above `other`.
  func compare(_ other: SchemaDecimal) -> Int {
    if isZero || other.isZero || negative != other.negative {
      let left = isZero ? 0 : negative ? -1 : 1
      let right = other.isZero ? 0 : other.negative ? -1 : 1
      return left < right ? -1 : left > right ? 1 : 0
    }
    let magnitude = Self.compareMagnitudes(self, other)
    return negative ? -magnitude : magnitude
  }

  private static func compareMagnitudes(_ a: SchemaDecimal, _ b: SchemaDecimal) -> Int {
    let integerA = a.digits.count + a.scale
    let integerB = b.digits.count + b.scale
    if integerA != integerB { return integerA < integerB ? -1 : 1 }
    for (x, y) in zip(a.digits, b.digits) where x != y { return x < y ? -1 : 1 }
    return a.digits.count < b.digits.count ? -1 : a.digits.count > b.digits.count ? 1 : 0
  }

  /// Whether `self` is an integer multiple of `step` (not zero).
  func isMultiple(of step: SchemaDecimal) -> Bool {
    if isZero { return true }
    guard !step.isZero, scale >= step.scale else { return false }
    let shift = scale - step.scale
    if let divisor = Self.word(step.digits) { return remainder(dividedBy: divisor, shift: shift) == 0 }
    return longRemainderIsZero(dividedBy: step.digits, shift: shift)
  }

  /// Digits as one 64-bit word, or nil when they do not fit.
  /// The value as an `Int64`, when it is an integer in its range.
  var int64: Int64? {
    guard isInteger, digits.count + scale <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for digit in digits { magnitude = magnitude * 10 + UInt64(digit) }
    for _ in 0..<scale {
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = shifted
    }
    if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  static func word(_ digits: [UInt8]) -> UInt64? {
    guard digits.count <= 19 else { return nil }
    return digits.reduce(0) { $0 * 10 + UInt64($1) }
  }

  /// (digits × 10^shift) mod `divisor`.
  private func remainder(dividedBy divisor: UInt64, shift: Int) -> UInt64 {
    func multiply(_ x: UInt64, _ y: UInt64) -> UInt64 {
      let product = x.multipliedFullWidth(by: y)
      return divisor.dividingFullWidth((product.high, product.low)).remainder
    }
    var value: UInt64 = 0
    for digit in digits { value = (multiply(value, 10) + UInt64(digit)) % divisor }
    var power: UInt64 = 1 % divisor
    var base: UInt64 = 10 % divisor
    var exponent = shift
    while exponent > 0 {
      if exponent & 1 == 1 { power = multiply(power, base) }
      base = multiply(base, base)
      exponent >>= 1
    }
    return multiply(value, power)
  }

  /// Whether digits × 10^shift is a multiple of a divisor of more than 19 digits, by long
  /// division, one decimal digit at a time. A shift beyond a million digits is not worked
  /// out: the number is judged not a multiple (no schema in practice meets one).
  private func longRemainderIsZero(dividedBy divisor: [UInt8], shift: Int) -> Bool {
    guard shift <= 1_000_000 else { return false }
    var remainder: [UInt8] = []
    func step(_ digit: UInt8) {
      if !(remainder.isEmpty && digit == 0) { remainder.append(digit) }
      // At most nine subtractions bring the remainder under the divisor.
      while Self.lessOrEqual(divisor, remainder) { remainder = Self.subtract(remainder, divisor) }
    }
    for digit in digits { step(digit) }
    for _ in 0..<shift {
      if remainder.isEmpty { return true }
      step(0)
    }
    return remainder.isEmpty
  }

  private static func lessOrEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    for (x, y) in zip(a, b) where x != y { return x < y }
    return true
  }

  /// a − b, for a ≥ b, without leading zeros.
  private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result = a
    var borrow = 0
    for offset in 0..<a.count {
      let index = a.count - 1 - offset
      var digit = Int(a[index]) - borrow - (offset < b.count ? Int(b[b.count - 1 - offset]) : 0)
      borrow = digit < 0 ? 1 : 0
      if digit < 0 { digit += 10 }
      result[index] = UInt8(digit)
    }
    let leading = result.prefix { $0 == 0 }.count
    return Array(result.dropFirst(leading))
  }
}

/// A `minimum`/`maximum` bound or a `multipleOf` step: the decimal, and the fast forms the
/// evaluator tries first.
struct SchemaNumberBound: Sendable {
  let decimal: SchemaDecimal
  /// The bound as a `Double` when it is one exactly (an integer of at most 2^53).
  let exactDouble: Double?
  /// The bound as an integer when it is one that `Int64` holds.
  let integer: Int64?

  init(text: String) {
    decimal = SchemaDecimal(text)
    if decimal.isInteger, let integer = decimal.int64 {
      self.integer = integer
      exactDouble = integer.magnitude <= 1 << 53 ? Double(integer) : nil
    } else {
      integer = nil
      exactDouble = decimal.isZero ? 0 : nil
    }
  }
}
