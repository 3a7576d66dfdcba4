// ObjectMapper's `Mapper`: the non-throwing API ObjectMapper users know (nil when the JSON is
// not valid, is not the expected shape, or a model declines it; fields that do not convert are
// left as they were) and Mapwright's throwing forms, `decode…`, which surface every problem.

import Foundation

/// Maps JSON to models of type `N` and back (ObjectMapper's `Mapper`).
///
/// ObjectMapper's forms (`map`, `mapArray`, `toJSON`, …) return nil when the JSON is not valid
/// or not of the expected shape; the `decode…` forms throw every problem with its path.
///
/// ```swift
/// let user = Mapper<User>().map(JSONString: #"{"username": "ana"}"#)
/// let text = Mapper<User>().toJSONString(user!, prettyPrint: true)
/// ```
public final class Mapper<N: BaseMappable> {
  /// The context every `Map` of this mapper carries (`map.context`).
  public var context: MappingContext?
  /// Write `null` for nil optionals instead of leaving them out.
  public var shouldIncludeNilValues: Bool
  /// Options for the throwing `decode…` forms; ObjectMapper's forms use its coercion and unknown-key
  /// policies but never record a problem of a `<-` mapping (the property keeps its value).
  public var options: MappingOptions

  /// A mapper with a context, nil handling and options for the throwing forms.
  public init(context: MappingContext? = nil, shouldIncludeNilValues: Bool = false, options: MappingOptions = MappingOptions()) {
    self.context = context
    self.shouldIncludeNilValues = shouldIncludeNilValues
    self.options = options
  }

  // MARK: Throwing forms

  /// Decodes one model, throwing `MappingError` (or `MappingErrors` under `.collectAll`).
  ///
  /// ```swift
  /// let user = try Mapper<User>().decode(JSONString: text)
  /// ```
  public func decode(JSONString: String) throws -> N { try decode(N.self, Array(JSONString.utf8)) }
  /// Decodes one model from JSON data (see `decode(JSONString:)`).
  public func decode(JSONData: Data) throws -> N { try decode(N.self, JSONData.byteArray) }
  /// Decodes one model from UTF-8 bytes (see `decode(JSONString:)`).
  public func decode(JSONBytes: [UInt8]) throws -> N { try decode(N.self, JSONBytes) }
  /// Decodes one model from a Foundation dictionary (see `decode(JSONString:)`).
  public func decode(JSON: [String: Any]) throws -> N { try decode(N.self, try MapwrightJSON.JSON(foundationObject: JSON).jsonBytes()) }

  /// Decodes a JSON array of models, throwing every problem with its path.
  public func decodeArray(JSONString: String) throws -> [N] { try decode([N].self, Array(JSONString.utf8)) }
  /// Decodes a JSON array of models from data, throwing every problem with its path.
  public func decodeArray(JSONData: Data) throws -> [N] { try decode([N].self, JSONData.byteArray) }

  /// Decodes and returns what was forgiven (coercions, defaults, skipped elements, unknown keys).
  public func decodeReporting(JSONString: String) throws -> (value: N, report: MappingReport) {
    try N.decodeReporting(json: Array(JSONString.utf8), options: options, context: context)
  }

  /// Decodes from data and returns what was forgiven (see `decodeReporting(JSONString:)`).
  public func decodeReporting(JSONData: Data) throws -> (value: N, report: MappingReport) {
    try N.decodeReporting(json: JSONData.byteArray, options: options, context: context)
  }

  private func decode<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
    try T.decodeReporting(json: bytes, options: options, context: context).value
  }

  // MARK: ObjectMapper's forms

  /// Decodes in ObjectMapper's way (see `decodeInObjectMappersWay`); nil when that throws.
  private func attempt<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) -> T? {
    try? decodeInObjectMappersWay(type, bytes, throwing: false)
  }

  private func attempt<T: JSONConvertible>(_ type: T.Type, foundationObject: Any?) -> T? {
    guard let foundationObject, let bytes = try? MapwrightJSON.JSON(foundationObject: foundationObject).jsonBytes() else {
      return nil
    }
    return attempt(type, bytes)
  }

  /// One model from JSON text, or nil (fields that do not convert keep their values).
  public func map(JSONString: String) -> N? { attempt(N.self, Array(JSONString.utf8)) }
  /// One model from a Foundation object, or nil.
  public func map(JSONObject: Any?) -> N? { attempt(N.self, foundationObject: JSONObject) }
  /// One model from a Foundation dictionary, or nil.
  public func map(JSON: [String: Any]) -> N? { attempt(N.self, foundationObject: JSON) }

  /// Maps into an existing object (classes are updated in place; structs are returned).
  public func map(JSONString: String, toObject object: N) -> N {
    guard let bytes = Optional(Array(JSONString.utf8)), let document = try? JSONDocument(bytes) else { return object }
    return map(document, toObject: object)
  }

  /// Maps a Foundation dictionary into an existing object (see `map(JSONString:toObject:)`).
  public func map(JSON: [String: Any], toObject object: N) -> N {
    guard let bytes = try? MapwrightJSON.JSON(foundationObject: JSON).jsonBytes(), let document = try? JSONDocument(bytes) else {
      return object
    }
    return map(document, toObject: object)
  }

  /// Maps a Foundation object into an existing object (see `map(JSONString:toObject:)`).
  public func map(JSONObject: Any?, toObject object: N) -> N {
    guard let JSONObject, let bytes = try? MapwrightJSON.JSON(foundationObject: JSONObject).jsonBytes(),
      let document = try? JSONDocument(bytes)
    else { return object }
    return map(document, toObject: object)
  }

  /// Maps each member of a JSON object of objects into the model `dictionary` holds under its
  /// key (a new key gets a new model; keys the JSON does not mention are kept).
  public func mapDictionary(JSON: [String: [String: Any]], toDictionary dictionary: [String: N]) -> [String: N] {
    var result = dictionary
    for (key, member) in JSON {
      result[key] = dictionary[key].map { map(JSON: member, toObject: $0) } ?? map(JSON: member) ?? result[key]
    }
    return result
  }

  /// Maps a Foundation dictionary of objects into the models of `dictionary` (see `mapDictionary(JSON:toDictionary:)`).
  public func mapDictionary(JSONObject: Any?, toDictionary dictionary: [String: N]) -> [String: N] {
    guard let JSON = JSONObject as? [String: [String: Any]] else { return dictionary }
    return mapDictionary(JSON: JSON, toDictionary: dictionary)
  }

  /// Maps into `object`; nested models are mapped into in place too (see `Map.toObject`).
  private func map(_ document: JSONDocument, toObject object: N) -> N {
    var options = options
    options.errorMode = .collectAll
    let session = DecodingSession(document: document, options: options, context: context)
    session.discardsPropertyProblems = true
    return (try? Map.map(document.root, into: object, in: session)) ?? object
  }

  /// Models from a JSON array; a single JSON object gives an array of one (as ObjectMapper).
  public func mapArray(JSONString: String) -> [N]? {
    let bytes = Array(JSONString.utf8)
    return attempt([N].self, bytes) ?? attempt(N.self, bytes).map { [$0] }
  }
  /// Models from a Foundation array, or nil.
  public func mapArray(JSONObject: Any?) -> [N]? { attempt([N].self, foundationObject: JSONObject) }
  /// Models from Foundation dictionaries (empty when they do not map).
  public func mapArray(JSONArray: [[String: Any]]) -> [N] { attempt([N].self, foundationObject: JSONArray) ?? [] }

  /// Arrays of models from a Foundation array of arrays, or nil.
  public func mapArrayOfArrays(JSONObject: Any?) -> [[N]]? { attempt([[N]].self, foundationObject: JSONObject) }

  /// Models from a JSON object of objects, by key, or nil.
  public func mapDictionary(JSONString: String) -> [String: N]? { attempt([String: N].self, Array(JSONString.utf8)) }
  /// Models from a Foundation dictionary of dictionaries, by key, or nil.
  public func mapDictionary(JSONObject: Any?) -> [String: N]? { attempt([String: N].self, foundationObject: JSONObject) }
  /// Models from a dictionary of dictionaries, by key, or nil.
  public func mapDictionary(JSON: [String: [String: Any]]) -> [String: N]? {
    attempt([String: N].self, foundationObject: JSON)
  }

  /// Arrays of models from a Foundation dictionary of arrays, by key, or nil.
  public func mapDictionaryOfArrays(JSONObject: Any?) -> [String: [N]]? {
    attempt([String: [N]].self, foundationObject: JSONObject)
  }

  /// Arrays of models from a dictionary of arrays, by key, or nil.
  public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) -> [String: [N]]? {
    attempt([String: [N]].self, foundationObject: JSON)
  }

  // MARK: To JSON

  private var encodingSession: EncodingSession {
    EncodingSession(includesNilValues: shouldIncludeNilValues, context: context)
  }

  /// The model as Foundation objects.
  public func toJSON(_ object: N) -> [String: Any] {
    object.encodeJSON(in: encodingSession).foundationObject as? [String: Any] ?? [:]
  }

  /// The models as Foundation dictionaries.
  public func toJSONArray(_ array: [N]) -> [[String: Any]] { array.map(toJSON) }

  /// The models as Foundation dictionaries, by key.
  public func toJSONDictionary(_ dictionary: [String: N]) -> [String: [String: Any]] {
    dictionary.mapValues(toJSON)
  }

  /// Arrays of models as arrays of Foundation dictionaries, by key.
  public func toJSONDictionaryOfArrays(_ dictionary: [String: [N]]) -> [String: [[String: Any]]] {
    dictionary.mapValues(toJSONArray)
  }

  /// JSON text of the model (nil only if a value cannot be written, such as NaN).
  public func toJSONString(_ object: N, prettyPrint: Bool = false) -> String? {
    try? object.encodeJSON(in: encodingSession).jsonString(prettyPrint ? [.prettyPrinted] : [])
  }

  /// JSON array text of the models (nil only if a value cannot be written, such as NaN).
  public func toJSONString(_ array: [N], prettyPrint: Bool = false) -> String? {
    try? array.encodeJSON(in: encodingSession).jsonString(prettyPrint ? [.prettyPrinted] : [])
  }

  /// Mapwright's own: the model as an owned `JSON` value.
  public func encode(_ object: N) throws -> JSON {
    let session = encodingSession
    let json = object.encodeJSON(in: session)
    try session.throwIfFailed()
    return json
  }

  /// Foundation objects as JSON text (ObjectMapper's static helper).
  public static func toJSONString(_ JSONObject: Any, prettyPrint: Bool) -> String? {
    try? MapwrightJSON.JSON(foundationObject: JSONObject).jsonString(prettyPrint ? [.prettyPrinted] : [])
  }

  /// Foundation objects as JSON data (ObjectMapper's static helper); `.prettyPrinted` is honoured.
  public static func toJSONData(_ JSONObject: Any, options: JSONSerialization.WritingOptions) -> Data? {
    let format: JSONWriter.Options = options.contains(.prettyPrinted) ? [.prettyPrinted] : []
    return try? MapwrightJSON.JSON(foundationObject: JSONObject).jsonData(format)
  }

  /// ObjectMapper's helper: JSON text into a Foundation dictionary.
  public static func parseJSONStringIntoDictionary(JSONString: String) -> [String: Any]? {
    parseJSONString(JSONString: JSONString) as? [String: Any]
  }

  /// ObjectMapper's helper: JSON text as Foundation objects, or nil when it is not JSON.
  public static func parseJSONString(JSONString: String) -> Any? {
    (try? MapwrightJSON.JSON(parsing: JSONString))?.foundationObject
  }
}

extension Mapper where N: Hashable {
  /// A set of models from a JSON array text, or nil.
  public func mapSet(JSONString: String) -> Set<N>? { attempt(Set<N>.self, Array(JSONString.utf8)) }
  /// A set of models from a Foundation array, or nil.
  public func mapSet(JSONObject: Any?) -> Set<N>? { attempt(Set<N>.self, foundationObject: JSONObject) }
  /// A set of models from Foundation dictionaries (empty when they do not map).
  public func mapSet(JSONArray: [[String: Any]]) -> Set<N> { attempt(Set<N>.self, foundationObject: JSONArray) ?? [] }

  /// The set's models as Foundation dictionaries.
  public func toJSONSet(_ set: Set<N>) -> [[String: Any]] { set.map(toJSON) }

  /// JSON array text of the set's models.
  public func toJSONString(_ set: Set<N>, prettyPrint: Bool = false) -> String? {
    toJSONString(Array(set), prettyPrint: prettyPrint)
  }
}
