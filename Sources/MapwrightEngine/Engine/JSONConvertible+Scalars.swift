import Foundation

extension JSONConvertible where Self: FixedWidthInteger {
  /// Decodes an integer of this type under the session's coercion policy; anything else, or a
  /// number out of range, is a `MappingError` at the value's path.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self {
    try session.integer(value, as: Self.self)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }

  /// True: the integer's `Codable` form is its JSON number.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) {
    if Self.isSigned { output.integer(Int64(truncatingIfNeeded: self)) } else { output.unsignedInteger(UInt64(truncatingIfNeeded: self)) }
  }
}

extension Int: JSONConvertible {}
extension Int8: JSONConvertible {}
extension Int16: JSONConvertible {}
extension Int32: JSONConvertible {}
extension Int64: JSONConvertible {}
extension UInt: JSONConvertible {}
extension UInt8: JSONConvertible {}
extension UInt16: JSONConvertible {}
extension UInt32: JSONConvertible {}
extension UInt64: JSONConvertible {}

extension Bool: JSONConvertible {
  /// True: its `Codable` form is its JSON Boolean.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Decodes a `Bool` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Bool {
    try session.bool(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .bool(self) }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.bool(self) }
}

extension String: JSONConvertible {
  /// True: its `Codable` form is its JSON string.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Decodes a `String` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> String {
    try session.string(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .string(self) }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.string(self) }
}

extension Double: JSONConvertible {
  /// True: its `Codable` form is its JSON number.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Decodes a `Double` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Double {
    try session.double(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.double(self) }
}

extension Float: JSONConvertible {
  /// True: its `Codable` form is its JSON number.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Decodes a `Float` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Float {
    try session.float(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }
}

extension Decimal: JSONConvertible {
  /// Decodes a `Decimal` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Decimal {
    try session.decimal(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }
}

/// Untyped parts of a model: any JSON value, kept as it is.
extension JSON: JSONConvertible {
  /// True: a `JSON` value's `Codable` form is itself.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { true }

  /// Any JSON value, copied into an owned `JSON`.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> JSON {
    JSON(value)
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { self }
}

/// Untyped parts read in place: the view keeps the parsed document alive, and nothing is
/// converted until read.
extension JSONValue: JSONConvertible {
  /// Any JSON value, as the view it is (no copy).
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> JSONValue {
    value
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { JSON(self) }
}

/// A URL from a string (absolute or relative); see `URLTransformer` for a base URL.
extension URL: JSONConvertible {
  /// Decodes a `URL` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> URL {
    let text = try session.string(value)
    guard !text.isEmpty, let url = URL(string: text) else {
      throw MappingError(.invalidValue("expected a URL, found string \"\(text)\""), at: value)
    }
    return url
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .string(absoluteString) }
}

extension UUID: JSONConvertible {
  /// Decodes a `UUID` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> UUID {
    let text = try session.string(value)
    guard let uuid = UUID(uuidString: text) else {
      throw MappingError(.invalidValue("expected a UUID, found string \"\(text)\""), at: value)
    }
    return uuid
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON { .string(uuidString) }
}
