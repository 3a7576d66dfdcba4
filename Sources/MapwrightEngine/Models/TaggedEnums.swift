// Runtime support for `@JSONModel` enums with associated values, in the three usual
// encodings (names from serde):
//
//   internally tagged  @JSONModel(tag: "type")                   {"type": "circle", "radius": 1}
//   adjacently tagged  @JSONModel(tag: "type", content: "data")  {"type": "circle", "data": {"radius": 1}}
//   externally tagged  @JSONModel                                {"circle": {"radius": 1}}, "empty"
//
// A case without associated values is the bare tag ("empty") when externally tagged.

extension DecodingSession {
  /// The tag of an internally or adjacently tagged value: the string at `key`.
  public func enumTag(of value: JSONValue, key: String) throws(MappingError) -> (tag: String, at: JSONValue) {
    guard value.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: value)
    }
    guard let tagValue = value[key] else { throw MappingError(.missingKey, key: key, in: value) }
    return (try string(tagValue), tagValue)
  }

  /// The tag and payload of an externally tagged value: a bare string, or an object with one
  /// member.
  public func externalTag(of value: JSONValue) throws(MappingError) -> (tag: String, payload: JSONValue?, at: JSONValue) {
    if value.kind == .string { return (try string(value), nil, value) }
    guard value.kind == .object, value.count == 1, let member = value.members.first(where: { _ in true }) else {
      throw MappingError.typeMismatch(expected: "a case name or an object with one member", at: value)
    }
    return (member.key, member.value, member.keyValue)
  }

  /// An associated value read from `object` at `key` (missing: nil for optionals, else an error).
  public func enumField<T: JSONConvertible>(_ type: T.Type, _ key: String, in object: JSONValue) throws(MappingError) -> T {
    guard object.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: object)
    }
    guard let value = object[key] else {
      if let fallback = T.valueForMissingKey { return fallback }
      throw MappingError(.missingKey, key: key, in: object)
    }
    return try T.decode(from: value, in: self)
  }

  /// The payload an adjacently tagged value keeps at `key`.
  public func enumContent(of object: JSONValue, key: String) throws(MappingError) -> JSONValue {
    guard let content = object[key] else { throw MappingError(.missingKey, key: key, in: object) }
    return content
  }

  /// The error for a tag that names no case.
  public func unknownCase<T>(_ tag: String, of type: T.Type, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue("\"\(tag)\" is not a case of \(T.self)"), at: value)
  }

  /// The error for a case whose payload is missing (externally tagged, written as a bare name).
  public func missingPayload<T>(_ tag: String, of type: T.Type, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue("the case \"\(tag)\" of \(T.self) needs its associated values"), at: value)
  }
}
