// ObjectMapper's throwing `Mapper` methods for `ImmutableMappable` types: the same names as the
// optional-returning forms, with non-optional results, so that
// `let dog: Dog = try Mapper().map(JSONString: text)` compiles as it did with ObjectMapper.
//
// As in ObjectMapper, what throws is what the model's `init(map:)` throws (a missing key or a
// value that does not convert in `map.value(_:)`), and input that is not JSON of the expected
// shape; a property of a nested `Mappable` that does not convert is left as it was. For every
// problem, with the path, use `decode(…)` instead.

import Foundation

extension Mapper where N: ImmutableMappable {
  /// One model; throws `MappingError` with the path, line and column.
  ///
  /// ```swift
  /// let repo: Repo = try Mapper().map(JSONString: #"{"id": 1, "name": "mapwright"}"#)
  /// ```
  public func map(JSONString: String) throws -> N { try throwingUnderlying(N.self, Array(JSONString.utf8)) }
  /// One model from a Foundation dictionary; throws `MappingError` with the path.
  public func map(JSON: [String: Any]) throws -> N { try throwingUnderlying(N.self, foundationObject: JSON) }
  /// One model from a Foundation object (a dictionary); throws `MappingError` with the path.
  public func map(JSONObject: Any) throws -> N { try throwingUnderlying(N.self, foundationObject: JSONObject) }

  /// Models from a JSON array (a single object is not an array here, as in ObjectMapper).
  public func mapArray(JSONString: String) throws -> [N] { try throwingUnderlying([N].self, Array(JSONString.utf8)) }
  /// Models from Foundation dictionaries; throws the first that does not map.
  public func mapArray(JSONArray: [[String: Any]]) throws -> [N] { try throwingUnderlying([N].self, foundationObject: JSONArray) }
  /// Models from a Foundation array; throws what does not map.
  public func mapArray(JSONObject: Any) throws -> [N] { try throwingUnderlying([N].self, foundationObject: JSONObject) }

  /// Models from a JSON object of objects, by key; throws what does not map.
  public func mapDictionary(JSONString: String) throws -> [String: N] {
    try throwingUnderlying([String: N].self, Array(JSONString.utf8))
  }
  /// Models from a Foundation dictionary of dictionaries, by key; throws what does not map.
  public func mapDictionary(JSONObject: Any?) throws -> [String: N] {
    try throwingUnderlying([String: N].self, foundationObject: JSONObject)
  }
  /// Models from a dictionary of dictionaries, by key; throws what does not map.
  public func mapDictionary(JSON: [String: [String: Any]]) throws -> [String: N] {
    try throwingUnderlying([String: N].self, foundationObject: JSON)
  }

  /// Arrays of models from a Foundation dictionary of arrays, by key; throws what does not map.
  public func mapDictionaryOfArrays(JSONObject: Any?) throws -> [String: [N]] {
    try throwingUnderlying([String: [N]].self, foundationObject: JSONObject)
  }
  /// Arrays of models from a dictionary of arrays, by key; throws what does not map.
  public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) throws -> [String: [N]] {
    try throwingUnderlying([String: [N]].self, foundationObject: JSON)
  }

  /// Arrays of models from a Foundation array of arrays; throws what does not map.
  public func mapArrayOfArrays(JSONObject: Any?) throws -> [[N]] {
    try throwingUnderlying([[N]].self, foundationObject: JSONObject)
  }
}

extension Mapper {
  /// The throwing forms: a model's own error (`init(map:)` threw it) is rethrown as it was,
  /// as ObjectMapper does, so `catch MyError.missingContext` still matches.
  func throwingUnderlying<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
    do {
      return try decodeInObjectMappersWay(type, bytes, throwing: true)
    } catch {
      throw error.underlyingError ?? error
    }
  }

  func throwingUnderlying<T: JSONConvertible>(_ type: T.Type, foundationObject: Any?) throws -> T {
    guard let foundationObject else {
      throw MappingError(.typeMismatch(expected: "\(T.self)", found: "nil"), path: .root)
    }
    let bytes = try MapwrightJSON.JSON(foundationObject: foundationObject).jsonBytes()
    return try throwingUnderlying(type, bytes)
  }

  /// Decodes in ObjectMapper's way: a problem of a `<-` mapping leaves the property as it was
  /// and is not recorded. `throwing`: a model's throwing initialiser, or an element of a
  /// collection that fails, fails the whole; otherwise such an element is left out (and the
  /// caller returns nil for a failed whole).
  func decodeInObjectMappersWay<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8], throwing: Bool) throws(MappingError) -> T {
    var options = options
    options.errorMode = throwing ? .stopAtFirst : .collectAll
    let session = try DecodingSession(parsing: bytes, options: options, context: context)
    session.discardsPropertyProblems = true
    return try T.decode(from: session.document.root, in: session)
  }
}
