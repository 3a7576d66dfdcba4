// `<-` and `>>>` for `RawRepresentable` enums (String and Int raw values, or any convertible
// raw value), alone, optional, in arrays and in dictionaries. An unknown raw value is an
// `invalidValue` error naming the value and the enum.

/// A raw-representable value decoded through its raw value.
struct RawValueBox<T: RawRepresentable>: JSONConvertible where T.RawValue: JSONConvertible {
  var value: T

  static func decode(from json: JSONValue, in session: DecodingSession) throws(MappingError) -> RawValueBox {
    let raw = try T.RawValue.decode(from: json, in: session)
    guard let value = T(rawValue: raw) else { throw session.invalidRawValue(of: T.self, at: json) }
    return RawValueBox(value: value)
  }

  func encodeJSON(in session: EncodingSession) -> JSON { value.rawValue.encodeJSON(in: session) }
}

/// Maps an enum both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout T, right: Map) where T.RawValue: JSONConvertible {
  var box = RawValueBox(value: left)
  box <- right
  left = box.value
}

/// Maps an optional enum both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout T?, right: Map) where T.RawValue: JSONConvertible {
  var box = left.map { RawValueBox(value: $0) }
  box <- right
  left = box?.value
}

/// Maps an array of enums both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout [T], right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { RawValueBox(value: $0) }
  boxes <- right
  left = boxes.map(\.value)
}

/// Maps an optional array of enums both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout [T]?, right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { $0.map { RawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.map(\.value) }
}

/// Maps a dictionary of enums both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout [String: T], right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.mapValues { RawValueBox(value: $0) }
  boxes <- right
  left = boxes.mapValues(\.value)
}

/// Maps an optional dictionary of enums both ways by raw value; an unknown raw value is a problem and the property keeps its value.
public func <- <T: RawRepresentable>(left: inout [String: T]?, right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { $0.mapValues { RawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.mapValues(\.value) }
}

/// Writes an enum as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: T, right: Map) where T.RawValue: JSONConvertible {
  RawValueBox(value: left) >>> right
}

/// Writes an optional enum as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: T?, right: Map) where T.RawValue: JSONConvertible {
  left.map { RawValueBox(value: $0) } >>> right
}

/// Writes an array of enums as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: [T], right: Map) where T.RawValue: JSONConvertible {
  left.map { RawValueBox(value: $0) } >>> right
}

/// Writes an optional array of enums as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: [T]?, right: Map) where T.RawValue: JSONConvertible {
  left.map { $0.map { RawValueBox(value: $0) } } >>> right
}

/// Writes a dictionary of enums as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: [String: T], right: Map) where T.RawValue: JSONConvertible {
  left.mapValues { RawValueBox(value: $0) } >>> right
}

/// Writes an optional dictionary of enums as raw values (to JSON only).
public func >>> <T: RawRepresentable>(left: [String: T]?, right: Map) where T.RawValue: JSONConvertible {
  left.map { $0.mapValues { RawValueBox(value: $0) } } >>> right
}

// MARK: Raw values of any other type

// An enum whose raw value is not convertible (`enum Level: NSNumber`) reads its raw value as
// ObjectMapper did: the JSON value as a Foundation object, cast to the raw value's type.
// (`map.value(_:)` uses this box for every enum: there, overloads on the raw value's
// conformance would be ambiguous.)

/// A raw-representable value of any raw value type: decoded by the engine when the raw value
/// is convertible (the overloads above do that statically), else cast from Foundation objects.
struct AnyRawValueBox<T: RawRepresentable>: JSONConvertible {
  var value: T

  static func decode(from json: JSONValue, in session: DecodingSession) throws(MappingError) -> AnyRawValueBox {
    func decodeRaw<R: JSONConvertible>(_ type: R.Type) throws(MappingError) -> T.RawValue? {
      try R.decode(from: json, in: session) as? T.RawValue
    }
    let converted = try (T.RawValue.self as? any JSONConvertible.Type).map { (type) throws(MappingError) in try decodeRaw(type) }
    guard let raw = converted ?? JSON(json).foundationObject as? T.RawValue else {
      throw MappingError.typeMismatch(expected: "\(T.RawValue.self)", at: json)
    }
    guard let value = T(rawValue: raw) else { throw session.invalidRawValue(of: T.self, at: json) }
    return AnyRawValueBox(value: value)
  }

  func encodeJSON(in session: EncodingSession) -> JSON {
    do {
      return try JSON(foundationObject: value.rawValue)
    } catch {
      session.record(error as? MappingError ?? MappingError(invalidValue: "\(error)"))
      return .null
    }
  }
}

/// Maps an enum both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout T, right: Map) {
  var box = AnyRawValueBox(value: left)
  box <- right
  left = box.value
}

/// Maps an optional enum both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout T?, right: Map) {
  var box = left.map { AnyRawValueBox(value: $0) }
  box <- right
  left = box?.value
}

/// Maps an array of enums both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout [T], right: Map) {
  var boxes = left.map { AnyRawValueBox(value: $0) }
  boxes <- right
  left = boxes.map(\.value)
}

/// Maps an optional array of enums both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout [T]?, right: Map) {
  var boxes = left.map { $0.map { AnyRawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.map(\.value) }
}

/// Maps a dictionary of enums both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout [String: T], right: Map) {
  var boxes = left.mapValues { AnyRawValueBox(value: $0) }
  boxes <- right
  left = boxes.mapValues(\.value)
}

/// Maps an optional dictionary of enums both ways by raw value, a raw value of a type that is not convertible cast from Foundation objects.
public func <- <T: RawRepresentable>(left: inout [String: T]?, right: Map) {
  var boxes = left.map { $0.mapValues { AnyRawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.mapValues(\.value) }
}

/// Writes an enum as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: T, right: Map) { AnyRawValueBox(value: left) >>> right }
/// Writes an optional enum as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: T?, right: Map) { left.map { AnyRawValueBox(value: $0) } >>> right }
/// Writes an array of enums as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: [T], right: Map) { left.map { AnyRawValueBox(value: $0) } >>> right }
/// Writes an optional array of enums as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: [T]?, right: Map) { left.map { $0.map { AnyRawValueBox(value: $0) } } >>> right }
/// Writes a dictionary of enums as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: [String: T], right: Map) { left.mapValues { AnyRawValueBox(value: $0) } >>> right }
/// Writes an optional dictionary of enums as raw values, written as the Foundation objects they are (to JSON only).
public func >>> <T: RawRepresentable>(left: [String: T]?, right: Map) {
  left.map { $0.mapValues { AnyRawValueBox(value: $0) } } >>> right
}
