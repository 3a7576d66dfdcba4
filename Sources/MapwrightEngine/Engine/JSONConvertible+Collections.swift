// Optionals, arrays, sets and string-keyed dictionaries of convertible values.

extension Optional: JSONConvertible where Wrapped: JSONConvertible {
  /// The same as `Wrapped`'s: a collection's `Codable` form is made of its elements'.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { Wrapped._codableFormIsJSONForm }

  /// `null` is nil; anything else must decode as `Wrapped`.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Wrapped? {
    value.isNull ? nil : try Wrapped.decode(from: value, in: session)
  }

  /// The value as JSON.
  @inlinable
  public func encodeJSON(in session: EncodingSession) -> JSON {
    self?.encodeJSON(in: session) ?? .null
  }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) {
    if let self { self.writeJSON(to: &output, in: session) } else { output.null() }
  }

  /// A missing key decodes as nil.
  public static var valueForMissingKey: Wrapped?? { .some(nil) }
  /// Whether the value is nil (left out on encoding unless nil values are included).
  public var isNilValue: Bool { self == nil }
}

extension Array: JSONConvertible where Element: JSONConvertible {
  /// The same as `Element`'s: a collection's `Codable` form is made of its elements'.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { Element._codableFormIsJSONForm }

  /// Decodes each element of a JSON array, its index on every error's path (lossy arrays skip
  /// the elements that fail instead, `@Lossy`).
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> [Element] {
    guard value.kind == .array else {
      throw MappingError.typeMismatch(expected: "array", at: value)
    }
    var result: [Element] = []
    result.reserveCapacity(value.count)
    for element in value.elements {
      if let decoded = try session.decodeElement(Element.self, from: element) { result.append(decoded) }
    }
    return result
  }

  /// The value as JSON.
  @inlinable
  public func encodeJSON(in session: EncodingSession) -> JSON {
    .array(map { $0.encodeJSON(in: session) })
  }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) {
    if Element.self == Double.self {
      // The same text in one loop (known when the call is specialised, one comparison if not).
      output.doubleArray(unsafeBitCast(self, to: [Double].self))
      return
    }
    output.beginArray()
    for element in self { element.writeJSON(to: &output, in: session) }
    output.endArray()
  }
}

extension Set: JSONConvertible where Element: JSONConvertible {
  /// The same as `Element`'s: a collection's `Codable` form is made of its elements'.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { Element._codableFormIsJSONForm }

  /// Decodes a `Set` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Set<Element> {
    Set(try [Element].decode(from: value, in: session))
  }

  /// The value as JSON.
  public func encodeJSON(in session: EncodingSession) -> JSON {
    .array(map { $0.encodeJSON(in: session) })
  }
}

extension Dictionary: JSONConvertible where Key == String, Value: JSONConvertible {
  /// The same as `Value`'s: a collection's `Codable` form is made of its elements'.
  @inlinable
  public static var _codableFormIsJSONForm: Bool { Value._codableFormIsJSONForm }

  /// Decodes each member of a JSON object, its key on every error's path.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> [String: Value] {
    guard value.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: value)
    }
    var result: [String: Value] = [:]
    result.reserveCapacity(value.count)
    for member in value.members where result[member.key] == nil {  // the first of a repeated key wins
      if let decoded = try session.decodeElement(Value.self, from: member.value) { result[member.key] = decoded }
    }
    return result
  }

  /// Writes the value's JSON straight to `output`.
  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) {
    output.beginObject()
    for (key, value) in self {
      output.key(key)
      value.writeJSON(to: &output, in: session)
    }
    output.endObject()
  }

  /// The value as JSON.
  @inlinable
  public func encodeJSON(in session: EncodingSession) -> JSON {
    .object(JSONObject(map { ($0.key, $0.value.encodeJSON(in: session)) }))
  }
}

extension DecodingSession {
  /// Decodes one element of a collection. A model that declines the JSON (`init?(map:)`
  /// returning nil) is left out and reported, as ObjectMapper leaves it out; other problems
  /// are thrown, or recorded and the element left out under `.collectAll`.
  @inlinable
  func decodeElement<T: JSONConvertible>(_ type: T.Type, from value: JSONValue) throws(MappingError) -> T? {
    do {
      return try T.decode(from: value, in: self)
    } catch  where error.isModelDeclined {
      note(.elementSkipped(reason: error.message), at: value)
      return nil
    } catch {
      try recordOrThrow(error)
      return nil
    }
  }
}

extension MappingError {
  @usableFromInline static let declinedReason = "the model declined the JSON"

  /// A model's failable initialiser returned nil.
  @usableFromInline package static func modelDeclined(_ type: Any.Type, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue("\(declinedReason) (\(type).init?(map:) returned nil)"), at: value)
  }

  @usableFromInline var isModelDeclined: Bool {
    if case .invalidValue(let reason) = kind { return reason.hasPrefix(Self.declinedReason) }
    return false
  }
}
