// Reading scalars under a coercion policy. Strict: the JSON type must match (an integer must
// be written as one). Lenient: convert where nothing is lost — numbers written as strings,
// numbers into strings, "true"/"false"/0/1 into Bool, an integral 2.0 into an integer — and
// note each conversion in the report. Neither truncates nor wraps.

import Foundation

extension DecodingSession {
  /// An integer of type `T`.
  @inlinable
  public func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type = T.self) throws(MappingError) -> T {
    switch value.kind {
    case .number:
      switch value.readInteger(T.self, forms: .literalsOnly)! {
      case .success(let integer): return integer
      case .failure(.outOfRange): throw MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
      case .failure(.notAnInteger):
        // Written with a fraction or exponent: an integer only if lenient and exactly integral.
        guard coercion == .lenient, let result = value.readInteger(T.self, forms: .integralValues) else { break }
        switch result {
        case .success(let integer):
          noteCoercion(of: value, to: "integer")
          return integer
        case .failure(.outOfRange): throw MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
        case .failure(.notAnInteger): break
        }
      }
    case .string where coercion == .lenient:
      if let number = lenientNumber(value) {
        guard let integer = number.integer(as: T.self) else {
          if number.integer(as: Int128.self) != nil || number.isIntegerLiteral {
            throw MappingError(.outOfRange(found: describeFound(value), type: "\(T.self)"), at: value)
          }
          break
        }
        noteCoercion(of: value, to: "integer")
        return integer
      }
    default: break
    }
    throw MappingError(.typeMismatch(expected: "integer", found: describeFound(value)), at: value)
  }

  public func bool(_ value: JSONValue) throws(MappingError) -> Bool {
    if let flag = value.boolValue { return flag }
    if coercion == .lenient {
      switch value.kind {
      case .string:
        switch value.stringValue {
        case "true":
          noteCoercion(of: value, to: "bool")
          return true
        case "false":
          noteCoercion(of: value, to: "bool")
          return false
        default: break
        }
      case .number:
        switch value.integer(as: Int.self, forms: .literalsOnly) {
        case 1:
          noteCoercion(of: value, to: "bool")
          return true
        case 0:
          noteCoercion(of: value, to: "bool")
          return false
        default: break
        }
      default: break
      }
    }
    throw MappingError(.typeMismatch(expected: "bool", found: describeFound(value)), at: value)
  }

  public func string(_ value: JSONValue) throws(MappingError) -> String {
    if let text = value.stringValue { return text }
    if coercion == .lenient, let text = value.numberText {
      noteCoercion(of: value, to: "string")
      return text
    }
    throw MappingError(.typeMismatch(expected: "string", found: describeFound(value)), at: value)
  }

  public func double(_ value: JSONValue) throws(MappingError) -> Double {
    try number(value, as: "Double", \.doubleValue, \.doubleValue)
  }

  public func float(_ value: JSONValue) throws(MappingError) -> Float {
    let double = try double(value)
    let float = Float(double)
    guard float.isFinite else {
      throw MappingError(.outOfRange(found: describeFound(value), type: "Float"), at: value)
    }
    return float
  }

  public func decimal(_ value: JSONValue) throws(MappingError) -> Decimal {
    try number(value, as: "Decimal", \.decimalValue, \.decimalValue)
  }

  /// A number read by `read` (a JSON number) or, when lenient, by `readCoerced` (a numeric
  /// string); a number that does not fit is out of range, anything else a mismatch.
  private func number<T>(
    _ value: JSONValue, as type: String, _ read: (JSONValue) -> T?, _ readCoerced: (JSONNumber) -> T?
  ) throws(MappingError) -> T {
    if value.kind == .number {
      guard let result = read(value) else {
        throw MappingError(.outOfRange(found: describeFound(value), type: type), at: value)
      }
      return result
    }
    if coercion == .lenient, let number = lenientNumber(value) {
      guard let result = readCoerced(number) else {
        throw MappingError(.outOfRange(found: describeFound(value), type: type), at: value)
      }
      noteCoercion(of: value, to: "number")
      return result
    }
    throw MappingError(.typeMismatch(expected: "number", found: describeFound(value)), at: value)
  }

  /// A string holding exactly one JSON number (surrounding spaces allowed), as a number.
  @usableFromInline
  func lenientNumber(_ value: JSONValue) -> JSONNumber? {
    guard let text = value.stringValue else { return nil }
    return JSONNumber(text: text.trimmingCharacters(in: .whitespaces))
  }
}
