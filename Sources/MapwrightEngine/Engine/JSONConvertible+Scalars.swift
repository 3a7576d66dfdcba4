import Foundation

extension JSONConvertible where Self: FixedWidthInteger {
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self {
    try session.integer(value, as: Self.self)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }

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
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Bool {
    try session.bool(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .bool(self) }

  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.bool(self) }
}

extension String: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> String {
    try session.string(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .string(self) }

  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.string(self) }
}

extension Double: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Double {
    try session.double(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }

  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) { output.double(self) }
}

extension Float: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Float {
    try session.float(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }
}

extension Decimal: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Decimal {
    try session.decimal(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .number(JSONNumber(self)) }
}

/// Untyped parts of a model: any JSON value, kept as it is.
extension JSON: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> JSON {
    JSON(value)
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { self }
}

/// Untyped parts read in place: the view keeps the parsed document alive, and nothing is
/// converted until read.
extension JSONValue: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> JSONValue {
    value
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { JSON(self) }
}

/// A URL from a string (absolute or relative); see `URLTransformer` for a base URL.
extension URL: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> URL {
    let text = try session.string(value)
    guard !text.isEmpty, let url = URL(string: text) else {
      throw MappingError(.invalidValue("expected a URL, found string \"\(text)\""), at: value)
    }
    return url
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .string(absoluteString) }
}

extension UUID: JSONConvertible {
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> UUID {
    let text = try session.string(value)
    guard let uuid = UUID(uuidString: text) else {
      throw MappingError(.invalidValue("expected a UUID, found string \"\(text)\""), at: value)
    }
    return uuid
  }

  public func encodeJSON(in session: EncodingSession) -> JSON { .string(uuidString) }
}
