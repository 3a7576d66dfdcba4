#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON number that keeps its source text, so nothing is lost between reading and writing.
///
/// Two numbers are equal when they denote the same decimal value: `1.50`, `1.5` and `15e-1`
/// are equal; `0` and `-0` are equal. Numbers made from a `Double` use its shortest
/// round-trip text (`0.1` stays `0.1`).
///
/// ```swift
/// let price = JSONNumber(text: "19.990")!   // kept as written
/// price.decimalValue                        // 19.99
/// let big = JSONNumber(text: "123456789012345678901234567890")!
/// big.int64Value                            // nil: out of range, not wrapped
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  enum Storage: Sendable {
    /// Valid JSON number text.
    case text(String)
    /// NaN or an infinity, which JSON cannot express; the writer rejects it unless told how
    /// to write it.
    case nonFinite(Double)
  }

  let storage: Storage
  /// The Swift type a number was made from, where its Foundation form (`foundationObject`)
  /// depends on it: a `Float` gives a `Float` number, which casts back with `as? Float` (a
  /// `Double` one does not, on Linux); a `Decimal` gives an `NSDecimalNumber`, exact. Not part
  /// of equality.
  package enum Origin: UInt8, Sendable { case text, float, decimal }
  package private(set) var origin = Origin.text

  /// A number from valid JSON number text, or nil if `text` is not one.
  public init?(text: String) {
    var text = text
    let valid = text.withUTF8 { isValidNumberText($0) }
    guard valid else { return nil }
    storage = .text(text)
  }

  /// Text already validated by the parser.
  init(validatedText: String) { storage = .text(validatedText) }

  /// An integer.
  public init(_ value: some BinaryInteger) { storage = .text(String(value)) }

  /// A Double, written with its shortest round-trip text. NaN and infinities are kept as
  /// such; writing them needs `JSONWriter.Options.nonFiniteNumbers`.
  public init(_ value: Double) {
    storage = value.isFinite ? .text(jsonText(ofFinite: value)) : .nonFinite(value)
  }

  /// A Float, written with its shortest round-trip text (`Float(0.1)` writes `0.1`).
  public init(_ value: Float) {
    storage = value.isFinite ? .text(jsonText(ofFinite: value)) : .nonFinite(Double(value))
    origin = .float
  }

  /// A Decimal, written exactly. NaN is kept as non-finite.
  public init(_ value: Decimal) {
    storage = value.isNaN ? .nonFinite(.nan) : .text(value.description)
    origin = .decimal
  }

  /// The number's text: its source text, or the text made for it. Non-finite values read
  /// `nan`, `inf` and `-inf` (which are not JSON).
  public var text: String {
    switch storage {
    case .text(let text): text
    case .nonFinite(let value): value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
    }
  }

  /// The number's text.
  public var description: String { text }

  /// True for NaN and the infinities.
  public var isFinite: Bool {
    if case .nonFinite = storage { return false }
    return true
  }

  /// True when written as an integer literal (no fraction, no exponent).
  public var isIntegerLiteral: Bool {
    guard case .text(var text) = storage else { return false }
    return text.withUTF8 { !$0.contains(UInt8(ascii: ".")) && !$0.contains { $0 | 0x20 == UInt8(ascii: "e") } }
  }

  @inline(__always)
  func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    guard case .text(var text) = storage else { return nil }
    return text.withUTF8(body)
  }

  /// The value as an integer of type `T`; see `JSONValue.integer(as:forms:)`.
  public func integer<T: FixedWidthInteger>(
    as type: T.Type = T.self, forms: JSONIntegerForms = .integralValues
  ) -> T? {
    let isLiteral = isIntegerLiteral
    return withText { try? MapwrightJSON.readInteger($0, isLiteral: isLiteral, forms: forms, as: T.self).get() } ?? nil
  }

  /// Reads the number as an integer, saying why it cannot be one (nil when non-finite).
  package func readInteger<T: FixedWidthInteger>(_ type: T.Type, forms: JSONIntegerForms) -> Result<T, IntegerReadFailure>? {
    let isLiteral = isIntegerLiteral
    return withText { MapwrightJSON.readInteger($0, isLiteral: isLiteral, forms: forms, as: T.self) }
  }

  /// The number as an `Int` when it is integral and fits, or nil.
  public var intValue: Int? { integer(as: Int.self) }
  /// The number as an `Int64` when it is integral and fits, or nil.
  public var int64Value: Int64? { integer(as: Int64.self) }
  /// The number as a `UInt64` when it is integral and fits, or nil.
  public var uint64Value: UInt64? { integer(as: UInt64.self) }

  /// The nearest Double; non-finite values are returned as they are; nil when finite text
  /// overflows a Double.
  public var doubleValue: Double? {
    switch storage {
    case .text: withText { readDouble($0) } ?? nil
    case .nonFinite(let value): value
    }
  }

  /// The exact value as a Decimal, or nil if it does not fit one.
  public var decimalValue: Decimal? { withText { decimal(fromNumberText: $0) } ?? nil }

  // Equality and hashing by exact decimal value.
  /// Equal by exact decimal value (`1.0` equals `1`, `1e2` equals `100`); NaN equals NaN.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.text(let a), .text(let b)):
      return a == b || lhs.decimalParts == rhs.decimalParts
    case (.nonFinite(let a), .nonFinite(let b)):
      return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    default:
      return false
    }
  }

  /// Hashes the exact decimal value, as `==` compares.
  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .text: hasher.combine(decimalParts)
    case .nonFinite(let value): hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
    }
  }

  var decimalParts: DecimalParts? { withText { DecimalParts(text: $0) } }
}

/// Shortest round-trip text of a finite floating-point value, as JSON: `description`'s text,
/// which is already valid JSON for finite values (`1e-05`, `100.0`, `-0.0`), made as the
/// writer makes it (`FloatText`).
func jsonText(ofFinite value: some BinaryFloatingPoint & TextOutputStreamable) -> String {
  FloatText(value).withBytes { String(decoding: $0, as: UTF8.self) }
}

/// Whether `text` is exactly one JSON number.
func isValidNumberText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
  var i = 0
  let n = text.count
  if i < n, text[i] == UInt8(ascii: "-") { i += 1 }
  guard i < n, isDigit(text[i]) else { return false }
  if text[i] == UInt8(ascii: "0") {
    i += 1
  } else {
    while i < n, isDigit(text[i]) { i += 1 }
  }
  if i < n, text[i] == UInt8(ascii: ".") {
    i += 1
    guard i < n, isDigit(text[i]) else { return false }
    while i < n, isDigit(text[i]) { i += 1 }
  }
  if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
    i += 1
    if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
    guard i < n, isDigit(text[i]) else { return false }
    while i < n, isDigit(text[i]) { i += 1 }
  }
  return i == n
}
