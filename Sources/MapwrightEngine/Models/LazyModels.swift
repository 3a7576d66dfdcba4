// Lazy models (NTJsonModel's lazy wrapper): keep the parsed document and decode on access.
//
// - `LazyModel<Model>` decodes each property the first time it is read (`try lazy.name`) and
//   caches it; a model type the macro cannot split by property (a class with subclasses) is
//   decoded whole on the first read.
// - `JSONArray<Element>` decodes each element the first time it is read.
//
// Errors surface on access, with the same paths as an eager decoding. Both hold their
// document (and decoding session) alive; neither is Sendable (they cache).

/// A model whose properties are decoded on first access and cached:
///
/// ```swift
/// let statuses = try JSONArray<LazyModel<Status>>(json: data)
/// for status in statuses { print(try status.get().text) }   // only `text` is decoded
/// ```
@dynamicMemberLookup
public final class LazyModel<Model: JSONModel>: JSONConvertible {
  let object: JSONValue
  let session: DecodingSession
  var cache: [Int: Any] = [:]
  var whole: Model?

  init(object: JSONValue, session: DecodingSession) {
    self.object = object
    self.session = session
  }

  /// Decodes a `LazyModel` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> LazyModel {
    guard value.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: value)
    }
    return LazyModel(object: value, session: session)
  }

  /// The property, decoded on first access.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
    get throws(MappingError) {
      guard let field = Model._jsonModelFieldKeyPaths.firstIndex(of: keyPath as AnyKeyPath) else {
        return try model()[keyPath: keyPath]
      }
      if let cached = cache[field] { return cached as! Value }
      let value = try session.isolatingErrors { () throws(MappingError) -> Any in
        try object.document._withRawAccess { (raw) throws(MappingError) -> Any in
          var reader = try _MapwrightRuntime.Reader(object, in: session, fields: Model._jsonModelFields, raw: raw)
          reader.unknownKeys = .ignore
          defer { reader.restore() }
          return try Model._jsonModelDecodeField(field, &reader)
        }
      }
      cache[field] = value
      return value as! Value
    }
  }

  /// The whole model, decoded once.
  public func model() throws(MappingError) -> Model {
    if let whole { return whole }
    let decoded = try session.isolatingErrors { () throws(MappingError) -> Model in try Model.decode(from: object, in: session) }
    whole = decoded
    return decoded
  }

  /// Encodes the source object as it is.
  public func encodeJSON(in session: EncodingSession) -> JSON { JSON(object) }
}

/// An array whose elements are decoded on first access and cached.
public struct JSONArray<Element: JSONConvertible>: RandomAccessCollection, JSONConvertible {
  final class Storage {
    let array: JSONValue
    let session: DecodingSession
    /// Tape index of each element (found once, on first use).
    lazy var elements: [JSONValue] = Array(array.elements)
    var cache: [Int: Element] = [:]

    init(array: JSONValue, session: DecodingSession) {
      self.array = array
      self.session = session
    }
  }

  let storage: Storage

  /// Decodes a `JSONArray` from a JSON value under the session's coercion policy; anything else is
  /// a `MappingError` at the value's path.
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> JSONArray {
    guard value.kind == .array else {
      throw MappingError.typeMismatch(expected: "array", at: value)
    }
    return JSONArray(storage: Storage(array: value, session: session))
  }

  /// The first element's index: 0.
  public var startIndex: Int { 0 }
  /// One past the last element's index: the array's element count.
  public var endIndex: Int { storage.array.count }

  /// The element at `position`, or the error decoding it.
  public subscript(position: Int) -> Result<Element, MappingError> {
    Result { () throws(MappingError) -> Element in try element(at: position) }
  }

  /// The element at `index`, decoded on first access.
  public func element(at index: Int) throws(MappingError) -> Element {
    if let cached = storage.cache[index] { return cached }
    let session = storage.session
    let value = storage.elements[index]
    let element = try session.isolatingErrors { () throws(MappingError) -> Element in try Element.decode(from: value, in: session) }
    storage.cache[index] = element
    return element
  }

  /// Encodes every element (decoding those not read yet); one that does not decode is written
  /// as it is in the source.
  public func encodeJSON(in session: EncodingSession) -> JSON {
    .array(
      indices.map { index in
        (try? element(at: index)).map { $0.encodeJSON(in: session) } ?? JSON(storage.elements[index])
      })
  }
}

extension JSONModel {
  /// No per-property decoding: `LazyModel` decodes such a model whole.
  public static var _jsonModelFieldKeyPaths: [AnyKeyPath] { [] }

  /// Always throws: a model without per-property decoding is decoded whole.
  public static func _jsonModelDecodeField(_ field: Int, _ reader: inout _MapwrightRuntime.Reader) throws(MappingError) -> Any {
    throw MappingError(invalidValue: "\(Self.self) does not decode its properties one by one")
  }
}
