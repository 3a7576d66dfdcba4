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

public func <- <T: RawRepresentable>(left: inout T, right: Map) where T.RawValue: JSONConvertible {
  var box = RawValueBox(value: left)
  box <- right
  left = box.value
}

public func <- <T: RawRepresentable>(left: inout T?, right: Map) where T.RawValue: JSONConvertible {
  var box = left.map { RawValueBox(value: $0) }
  box <- right
  left = box?.value
}

public func <- <T: RawRepresentable>(left: inout [T], right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { RawValueBox(value: $0) }
  boxes <- right
  left = boxes.map(\.value)
}

public func <- <T: RawRepresentable>(left: inout [T]?, right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { $0.map { RawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.map(\.value) }
}

public func <- <T: RawRepresentable>(left: inout [String: T], right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.mapValues { RawValueBox(value: $0) }
  boxes <- right
  left = boxes.mapValues(\.value)
}

public func <- <T: RawRepresentable>(left: inout [String: T]?, right: Map) where T.RawValue: JSONConvertible {
  var boxes = left.map { $0.mapValues { RawValueBox(value: $0) } }
  boxes <- right
  left = boxes.map { $0.mapValues(\.value) }
}

public func >>> <T: RawRepresentable>(left: T, right: Map) where T.RawValue: JSONConvertible {
  RawValueBox(value: left) >>> right
}

public func >>> <T: RawRepresentable>(left: T?, right: Map) where T.RawValue: JSONConvertible {
  left.map { RawValueBox(value: $0) } >>> right
}

public func >>> <T: RawRepresentable>(left: [T], right: Map) where T.RawValue: JSONConvertible {
  left.map { RawValueBox(value: $0) } >>> right
}

public func >>> <T: RawRepresentable>(left: [T]?, right: Map) where T.RawValue: JSONConvertible {
  left.map { $0.map { RawValueBox(value: $0) } } >>> right
}

public func >>> <T: RawRepresentable>(left: [String: T], right: Map) where T.RawValue: JSONConvertible {
  left.mapValues { RawValueBox(value: $0) } >>> right
}

public func >>> <T: RawRepresentable>(left: [String: T]?, right: Map) where T.RawValue: JSONConvertible {
  left.map { $0.mapValues { RawValueBox(value: $0) } } >>> right
}
