// Lenient coercion: the one definition, used by every path (`@JSONModel` readers, `Map`,
// `ModelObject`, the import and `MapwrightJSONDecoder`).
//
// Strict: the JSON type must match (an integer must be written as one). Lenient: convert
// where nothing is lost, and report it:
// - a string holding a number: JSON whitespace (space, tab, line feed, carriage return) may
//   surround it; the rest must be exactly a JSON number (no `+`, no hex, no leading zeros,
//   no `inf`/`nan`, no thousands separators), or it is not a number (read in place by
//   `JSONValue.withNumberTextInString`, the one place that trims and checks it);
// - into an integer type: from such a string or a number written with a fraction or exponent,
//   when the value is exactly an integer (`"2.0"`, `1e3`); a value that is an integer but does
//   not fit the type is out of range; one with a fraction (`2.5`) is a type mismatch;
// - into `Double`/`Float`/`Decimal`: from such a string; a value beyond the type's range is
//   out of range (never infinity);
// - into `Bool`: the strings `"true"` and `"false"` exactly, and the integer literals 0 and 1;
// - into `String`: a number, as its text is written in the source.
// Nothing truncates, rounds to an integer, or wraps.

import Foundation

/// The Swift type a lenient coercion produced, as a report entry names it.
///
/// ```swift
/// let (_, report) = try Row.decodeReporting(json: #"{"id": "7"}"#, options: .lenient)
/// report.coercions[0].kind   // .coerced(from: "string \"7\"", to: CoercionTarget(Int.self))
/// ```
public struct CoercionTarget: Sendable, Hashable, CustomStringConvertible {
  /// The target type.
  public let type: any Any.Type

  /// A target of this type.
  public init(_ type: any Any.Type) { self.type = type }

  /// The type's name.
  public var description: String { String(describing: type) }

  /// Equal when the types are the same.
  public static func == (lhs: CoercionTarget, rhs: CoercionTarget) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
  }

  /// Hashes the type's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}

/// The outcome of one lenient conversion.
package enum Coerced<T> {
  case value(T)
  /// The value is of the right kind but does not fit the type.
  case outOfRange
  /// The value cannot be converted.
  case notConvertible
}

/// The lenient conversions themselves, on one JSON value (see the rules above).
package enum LenientCoercion {
  /// An integer from a number written with a fraction or exponent, or from a numeric string.
  @_specialize(where T == Int)
  @_specialize(where T == Int64)
  @_specialize(where T == Int32)
  @_specialize(where T == UInt)
  @_specialize(where T == UInt64)
  package static func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type) -> Coerced<T> {
    switch value.kind {
    case .number:
      switch value.readInteger(T.self, forms: .integralValues) {
      case .success(let integer): return .value(integer)
      case .failure(.outOfRange): return .outOfRange
      case .failure(.notAnInteger), nil: return .notConvertible
      }
    case .string:
      switch value.integerInString(as: T.self) {
      case .success(let integer): return .value(integer)
      case .failure(.outOfRange): return .outOfRange
      case .failure(.notAnInteger), nil: return .notConvertible
      }
    default:
      return .notConvertible
    }
  }

  /// A Double from a numeric string.
  package static func double(_ value: JSONValue) -> Coerced<Double> {
    guard let double = value.withNumberTextInString({ text, _ in readDouble(text) }) else { return .notConvertible }
    guard let double, double.isFinite else { return .outOfRange }
    return .value(double)
  }

  /// A Float from a numeric string: the nearest Float, when that is finite.
  package static func float(_ value: JSONValue) -> Coerced<Float> {
    switch double(value) {
    case .value(let double): return Float(double).isFinite ? .value(Float(double)) : .outOfRange
    case .outOfRange: return .outOfRange
    case .notConvertible: return .notConvertible
    }
  }

  /// A Decimal from a numeric string, exactly.
  package static func decimal(_ value: JSONValue) -> Coerced<Decimal> {
    guard let decimal = value.withNumberTextInString({ text, _ in MapwrightJSON.decimal(fromNumberText: text) }) else { return .notConvertible }
    guard let decimal else { return .outOfRange }
    return .value(decimal)
  }

  /// A Bool from `"true"`/`"false"` or the integer literals 0 and 1.
  package static func bool(_ value: JSONValue) -> Bool? {
    switch value.kind {
    case .string:
      switch value.stringValue {
      case "true": return true
      case "false": return false
      default: return nil
      }
    case .number:
      switch value.integer(as: Int.self, forms: .literalsOnly) {
      case 1: return true
      case 0: return false
      default: return nil
      }
    default:
      return nil
    }
  }

  /// A String from a number: its text as written.
  package static func string(_ value: JSONValue) -> String? {
    value.kind == .number ? value.numberText : nil
  }
}

extension DecodingSession {
  /// An integer of type `T`.
  @inlinable
  public func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type = T.self) throws(MappingError) -> T {
    if value.kind == .number {
      switch value.readInteger(T.self, forms: .literalsOnly)! {
      case .success(let integer): return integer
      case .failure(.outOfRange): throw MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
      case .failure(.notAnInteger): break
      }
    }
    // Through a concrete entry for the common types: `integer` is inlined and specialised in
    // other modules, where a generic `coercedInteger` instantiated type metadata on each call
    // (a numeric string in every object made it most of a lenient import's overhead).
    if T.self == Int64.self { return try coercedInt64(value) as! T }
    if T.self == Int32.self { return try coercedInt32(value) as! T }
    if T.self == Int16.self { return try coercedInt16(value) as! T }
    if T.self == Int.self { return try coercedInt(value) as! T }
    return try coercedInteger(value, as: T.self)
  }

  @usableFromInline func coercedInt64(_ value: JSONValue) throws(MappingError) -> Int64 { try coercedInteger(value, as: Int64.self) }
  @usableFromInline func coercedInt32(_ value: JSONValue) throws(MappingError) -> Int32 { try coercedInteger(value, as: Int32.self) }
  @usableFromInline func coercedInt16(_ value: JSONValue) throws(MappingError) -> Int16 { try coercedInteger(value, as: Int16.self) }
  @usableFromInline func coercedInt(_ value: JSONValue) throws(MappingError) -> Int { try coercedInteger(value, as: Int.self) }

  /// The rare path of `integer`: a value not written as an integer literal.
  @usableFromInline
  @_specialize(where T == Int)
  @_specialize(where T == Int64)
  @_specialize(where T == Int32)
  @_specialize(where T == Int16)
  @_specialize(where T == UInt)
  @_specialize(where T == UInt64)
  func coercedInteger<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type) throws(MappingError) -> T {
    if coercion == .lenient {
      switch LenientCoercion.integer(value, as: T.self) {
      case .value(let integer):
        noteCoercion(of: value, to: CoercionTarget(T.self))
        return integer
      case .outOfRange: throw MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
      case .notConvertible: break
      }
    }
    throw MappingError.typeMismatch(expected: "integer", at: value)
  }

  /// A `Bool` under the session's coercion policy (a `MappingError` at the value otherwise).
  public func bool(_ value: JSONValue) throws(MappingError) -> Bool {
    if let flag = value.boolValue { return flag }
    if coercion == .lenient, let flag = LenientCoercion.bool(value) {
      noteCoercion(of: value, to: CoercionTarget(Bool.self))
      return flag
    }
    throw MappingError.typeMismatch(expected: "bool", at: value)
  }

  /// A `String` under the session's coercion policy (a `MappingError` at the value otherwise).
  public func string(_ value: JSONValue) throws(MappingError) -> String {
    if let text = value.stringValue { return text }
    if coercion == .lenient, let text = LenientCoercion.string(value) {
      noteCoercion(of: value, to: CoercionTarget(String.self))
      return text
    }
    throw MappingError.typeMismatch(expected: "string", at: value)
  }

  /// A `Double` under the session's coercion policy (a `MappingError` at the value otherwise).
  public func double(_ value: JSONValue) throws(MappingError) -> Double {
    if value.kind == .number {
      guard let result = value.doubleValue else { throw outOfRange(value, Double.self) }
      return result
    }
    return try coerced(value, LenientCoercion.double)
  }

  /// A `Float` under the session's coercion policy (a `MappingError` at the value otherwise).
  public func float(_ value: JSONValue) throws(MappingError) -> Float {
    if value.kind == .number {
      guard let double = value.doubleValue, Float(double).isFinite else { throw outOfRange(value, Float.self) }
      return Float(double)
    }
    return try coerced(value, LenientCoercion.float)
  }

  /// A `Decimal`, exactly, under the session's coercion policy (a `MappingError` at the value
  /// otherwise).
  public func decimal(_ value: JSONValue) throws(MappingError) -> Decimal {
    if value.kind == .number {
      guard let result = value.decimalValue else { throw outOfRange(value, Decimal.self) }
      return result
    }
    return try coerced(value, LenientCoercion.decimal)
  }

  /// `decimal(_:)`'s value as its text (`"\(decimal)"`, what a store keeps), with the same
  /// rules, errors and report; a plain number's text is written without making the `Decimal`.
  public func decimalText(_ value: JSONValue) throws(MappingError) -> String {
    if let text = value.decimalTextValue { return text }
    if value.kind == .string, coercion == .lenient,
      let text = value.withNumberTextInString({ text, _ in MapwrightJSON.decimalText(fromNumberText: text) }) ?? nil
    {
      noteCoercion(of: value, to: CoercionTarget(Decimal.self))
      return text
    }
    return "\(try decimal(value))"
  }

  /// A number read from a numeric string when lenient; a mismatch otherwise.
  private func coerced<T>(_ value: JSONValue, _ convert: (JSONValue) -> Coerced<T>) throws(MappingError) -> T {
    if coercion == .lenient {
      switch convert(value) {
      case .value(let result):
        noteCoercion(of: value, to: CoercionTarget(T.self))
        return result
      case .outOfRange: throw outOfRange(value, T.self)
      case .notConvertible: break
      }
    }
    throw MappingError.typeMismatch(expected: "number", at: value)
  }

  private func outOfRange<T>(_ value: JSONValue, _ type: T.Type) -> MappingError {
    MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
  }
}
