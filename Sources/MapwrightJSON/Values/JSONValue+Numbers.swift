#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONValue {
  /// True when the value is a number written as an integer literal (no fraction, no exponent).
  public var isIntegerLiteral: Bool {
    let entry = entry
    return entry.kind == .number && entry.has(TapeFlag.integerLiteral)
  }

  /// A number's exact source text, e.g. `"1.50"` or `"123456789012345678901234567890"`.
  public var numberText: String? {
    withNumberText { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with a number's source text; nil for other kinds.
  @inline(__always)
  func withNumberText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    let entry = entry
    guard entry.kind == .number else { return nil }
    return try document.withInput {
      try body(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
    }
  }

  /// The number as an integer of type `T`, or nil when it is not a number, not an integer, or
  /// out of `T`'s range (never wrapped or truncated).
  ///
  /// With `.integralValues` (the default) `1.0` and `1e3` read as 1 and 1000, since no
  /// information is lost; `1.5` and `1e-999` are never integers. Pass `.literalsOnly` to
  /// accept only numbers written as integers.
  @_specialize(where T == Int64)
  @_specialize(where T == Int32)
  @_specialize(where T == Int16)
  @_specialize(where T == Int)
  @_specialize(where T == UInt64)
  public func integer<T: FixedWidthInteger>(
    as type: T.Type = T.self, forms: JSONIntegerForms = .integralValues
  ) -> T? {
    let isLiteral = entry.has(TapeFlag.integerLiteral)
    return withNumberText { try? MapwrightJSON.readInteger($0, isLiteral: isLiteral, forms: forms, as: T.self).get() } ?? nil
  }

  /// Reads the number as an integer, saying why it cannot be one.
  @usableFromInline
  package func readInteger<T: FixedWidthInteger>(
    _ type: T.Type, forms: JSONIntegerForms
  ) -> Result<T, IntegerReadFailure>? {
    let isLiteral = entry.has(TapeFlag.integerLiteral)
    return withNumberText { MapwrightJSON.readInteger($0, isLiteral: isLiteral, forms: forms, as: T.self) }
  }

  /// The number as an `Int`, if it is an integer in range.
  public var intValue: Int? { integer(as: Int.self) }
  /// The number as an `Int64`, if it is an integer in range.
  public var int64Value: Int64? { integer(as: Int64.self) }
  /// The number as a `UInt64`, if it is a non-negative integer in range.
  public var uint64Value: UInt64? { integer(as: UInt64.self) }

  /// The nearest `Double` (correctly rounded), or nil when the number is not finite as a
  /// Double (`1e999`). Numbers below the smallest subnormal read as zero.
  public var doubleValue: Double? {
    withNumberText { readDouble($0) } ?? nil
  }

  /// The number as a `Decimal`, or nil when it has more than 38 significant digits or an
  /// exponent outside `Decimal`'s range.
  public var decimalValue: Decimal? {
    withNumberText { decimal(fromNumberText: $0) } ?? nil
  }
}

/// Exact conversion of validated number text to `Decimal`, or nil if it would round or
/// overflow (`Decimal` holds 38 significant digits and a power of ten from -128 to 127).
package func decimal(fromNumberText text: UnsafeBufferPointer<UInt8>) -> Decimal? {
  let parts = DecimalParts(text: text)
  if parts.digits.isEmpty { return Decimal(0) }
  var digits = parts.digits
  var exponent = parts.exponent
  while exponent > 127, digits.count < 38 {
    digits.append(0)
    exponent -= 1
  }
  guard digits.count <= 38, (-128...127).contains(exponent) else { return nil }
  let significandText = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  guard let significand = Decimal(string: significandText) else { return nil }
  // `Decimal(string:)` drops the zeros just padded on, and the exponent can then overflow
  // (1E128): such a value has no Decimal, so nil rather than NaN.
  let value = Decimal(sign: parts.negative ? .minus : .plus, exponent: exponent, significand: significand)
  return value.isNaN ? nil : value
}

/// The text `"\(decimal(fromNumberText: text)!)"` writes, made without the `Decimal` (whose
/// making and printing are most of the cost of a decimal column in an import); nil where that
/// conversion would fail or pad (more than 38 significant digits, a power of ten outside
/// -128...127), for the caller to take the `Decimal` way. A seeded test holds the two equal.
package func decimalText(fromNumberText text: UnsafeBufferPointer<UInt8>) -> String? {
  let parts = DecimalParts(text: text)
  if parts.digits.isEmpty { return "0" }
  guard parts.digits.count <= 38, (-128...127).contains(parts.exponent) else { return nil }
  var out: [UInt8] = []
  out.reserveCapacity(parts.digits.count + abs(parts.exponent) + 3)
  if parts.negative { out.append(UInt8(ascii: "-")) }
  let digits = parts.digits.lazy.map { $0 + UInt8(ascii: "0") }
  let pointAt = parts.digits.count + parts.exponent  // digits before the decimal point
  if parts.exponent >= 0 {
    out.append(contentsOf: digits)
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: parts.exponent))
  } else if pointAt > 0 {
    out.append(contentsOf: digits.prefix(pointAt))
    out.append(UInt8(ascii: "."))
    out.append(contentsOf: digits.dropFirst(pointAt))
  } else {
    out.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -pointAt))
    out.append(contentsOf: digits)
  }
  return String(decoding: out, as: UTF8.self)
}

extension JSONValue {
  /// A number's value as `decimalText(fromNumberText:)` writes it; nil for other kinds, and
  /// where that gives nil.
  package var decimalTextValue: String? {
    withNumberText { decimalText(fromNumberText: $0) } ?? nil
  }

  /// For lenient coercion: the integer a string holds (`withNumberTextInString` read as
  /// `readInteger` reads a number, integral values allowed); nil when the string holds no
  /// number. One call into this module, specialised here for the engine's integer types (the
  /// closure-taking generic path, unspecialised across modules, was most of the cost of
  /// importing numbers written as strings).
  @_specialize(where T == Int64)
  @_specialize(where T == Int32)
  @_specialize(where T == Int16)
  @_specialize(where T == Int)
  package func integerInString<T: FixedWidthInteger>(as type: T.Type) -> Result<T, IntegerReadFailure>? {
    withNumberTextInString { text, isLiteral in MapwrightJSON.readInteger(text, isLiteral: isLiteral, forms: .integralValues, as: T.self) }
  }

  /// For lenient coercion: calls `body` with the text of the JSON number a string holds, JSON
  /// whitespace around it trimmed, and whether it is an integer literal; nil when the value is
  /// not a string holding exactly one number. Reads the input in place (no string is made)
  /// unless the string has escapes.
  package func withNumberTextInString<R>(_ body: (UnsafeBufferPointer<UInt8>, _ isLiteral: Bool) -> R) -> R? {
    let entry = entry
    guard entry.kind == .string else { return nil }
    if entry.has(TapeFlag.hasEscapes) || entry.has(TapeFlag.needsRepair) {
      guard var text = stringValue else { return nil }
      return text.withUTF8 { Self.trimmedNumber($0, body) }
    }
    return document.withInput { input in
      Self.trimmedNumber(UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]), body)
    }
  }

  private static func trimmedNumber<R>(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var start = 0
    var end = text.count
    while start < end, isSpace(text[start]) { start += 1 }
    while end > start, isSpace(text[end - 1]) { end -= 1 }
    let number = UnsafeBufferPointer(rebasing: text[start..<end])
    guard !number.isEmpty, isValidNumberText(number) else { return nil }
    let isLiteral = !number.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    return body(number, isLiteral)
  }
}
