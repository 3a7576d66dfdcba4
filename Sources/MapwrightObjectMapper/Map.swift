// ObjectMapper's `Map`: the cursor a model's `mapping(map:)` reads from and writes to.
//
// Reading, it is a view of one object in the parsed tape: `map["user.login"]` walks the key
// path in place (no dictionary is built) and `<-` decodes the value found through the engine,
// recording problems in the session. Writing, it builds a `JSONObject`; key paths create the
// nested objects and arrays they name.

import Foundation
import MapwrightJSON

/// The cursor a model's `mapping(map:)` reads from and writes to (ObjectMapper's `Map`).
///
/// Subscript it with a key or key path and apply `<-` or `>>>`:
///
/// ```swift
/// func mapping(map: Map) {
///   login <- map["user.login"]     // a key path
///   tags <- map["tags"]
/// }
/// ```
public final class Map {
  /// Whether the map reads JSON into the model (`.fromJSON`) or writes the model (`.toJSON`).
  public let mappingType: MappingType
  /// ObjectMapper's flag for `map(JSON:toObject:)`: mapping into an existing object.
  public let toObject: Bool
  /// The caller's context (`Mapper(context:)`), for mappings that depend on it.
  public var context: MappingContext?
  /// Write `null` for nil optionals instead of leaving them out (to JSON).
  public var shouldIncludeNilValues: Bool

  /// Where the last subscript pointed: one stored value, so positioning the map is a single
  /// write.
  @usableFromInline
  struct Cursor {
    @usableFromInline var key: String?
    @usableFromInline var delimiter = "."
    @usableFromInline var nested = false
    @usableFromInline var present = false
    /// The value at the key, when reading and present.
    @usableFromInline var value: JSONValue?
    /// A coercion policy for this property alone (`map["age", coercion: .lenient]`).
    @usableFromInline var coercion: CoercionPolicy?
  }

  @exclusivity(unchecked) @usableFromInline var cursor = Cursor()
  /// Where the next key lookup starts (see `JSONValue.member(named:hint:)`).
  @exclusivity(unchecked) private var lookupHint = 0
  /// Hinted lookups are exact only without repeated keys; checked once, on first use.
  @exclusivity(unchecked) private var hintedLookups: Bool?

  /// Whether the last subscripted key is present (a `null` value counts as present).
  public var isKeyPresent: Bool { cursor.present }
  /// The last subscripted key.
  public var currentKey: String? { cursor.key }
  /// Whether the last subscripted key is a key path (it contains the delimiter, or `nested: true`).
  public var keyIsNested: Bool { cursor.nested }
  /// The delimiter of the last subscripted key path (`.` unless given).
  public var nestedKeyDelimiter: String { cursor.delimiter }
  @usableFromInline var current: JSONValue? { cursor.value }

  // Reading
  @usableFromInline let session: DecodingSession?
  /// The object being mapped, as a view into the tape.
  @usableFromInline let object: JSONValue?
  /// First components of every key read, to find unknown keys (only when asked for).
  @exclusivity(unchecked) private var readKeys: Set<String>?
  /// Keys read through key paths (`user.login` → `user`), for `PreservedJSON`.
  @exclusivity(unchecked) private var pathPrefixes: Set<String> = []

  // Writing
  @usableFromInline let encodingSession: EncodingSession?
  @exclusivity(unchecked) @usableFromInline var output = JSONObject()

  /// A map reading `value`, which must be an object.
  @usableFromInline
  init(decoding value: JSONValue, in session: DecodingSession, toObject: Bool = false, preserving: Bool = false) throws(MappingError) {
    guard value.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: value)
    }
    mappingType = .fromJSON
    self.toObject = toObject
    self.session = session
    self.object = value
    self.context = session.context
    self.shouldIncludeNilValues = false
    self.encodingSession = nil
    if session.options.unknownKeys != .ignore || preserving { readKeys = [] }
  }

  /// A map writing JSON.
  @usableFromInline
  init(encodingIn session: EncodingSession) {
    mappingType = .toJSON
    toObject = false
    self.session = nil
    self.object = nil
    self.context = session.context
    self.shouldIncludeNilValues = session.includesNilValues
    self.encodingSession = session
  }

  /// ObjectMapper's initialiser, for tests and hand-driven mappings:
  /// `Map(mappingType: .fromJSON, JSON: ["name": "ana"])`.
  public convenience init(
    mappingType: MappingType, JSON: [String: Any], toObject: Bool = false, context: MappingContext? = nil,
    shouldIncludeNilValues: Bool = false
  ) {
    switch mappingType {
    case .fromJSON:
      // A dictionary always converts to an object; values JSON cannot hold (a `Date`, say)
      // leave the map empty, as this initialiser cannot throw.
      let bytes = (try? MapwrightJSON.JSON(foundationObject: JSON).jsonBytes()) ?? Array("{}".utf8)
      let document = (try? JSONDocument(bytes)) ?? (try! JSONDocument("{}"))
      let session = DecodingSession(document: document, options: MappingOptions(errorMode: .collectAll), context: context)
      session.discardsPropertyProblems = true
      try! self.init(decoding: document.root, in: session, toObject: toObject)  // the root is an object
    case .toJSON:
      self.init(encodingIn: EncodingSession(includesNilValues: shouldIncludeNilValues, context: context))
    }
  }

  // MARK: Subscripts

  /// The value at `key`; a key containing `.` is a key path (`map["user.login"]`).
  public subscript(key: String) -> Map {
    self[key, nested: nil, delimiter: ".", ignoreNil: false]
  }

  /// The value at `key`, a key path split at `delimiter` (`map["user->login", delimiter: "->"]`).
  public subscript(key: String, delimiter delimiter: String) -> Map {
    self[key, nested: nil, delimiter: delimiter, ignoreNil: false]
  }

  /// The value at `key`, a key path only when `nested` is true (`map["a.b", nested: false]` reads the key `a.b`).
  public subscript(key: String, nested nested: Bool) -> Map {
    self[key, nested: nested, delimiter: ".", ignoreNil: false]
  }

  /// The value at `key`, split at `delimiter` only when `nested` is true.
  public subscript(key: String, nested nested: Bool, delimiter delimiter: String) -> Map {
    self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
  }

  /// The value at `key`; with `ignoreNil`, a `null` counts as absent (the property keeps its value).
  public subscript(key: String, ignoreNil ignoreNil: Bool) -> Map {
    self[key, nested: nil, delimiter: ".", ignoreNil: ignoreNil]
  }

  /// The key with its own coercion policy: `year <- map["year", coercion: .lenient]` accepts
  /// `"2013"` for this property even when the call is strict (and the reverse).
  public subscript(key: String, coercion coercion: CoercionPolicy) -> Map {
    _ = self[key, nested: nil, delimiter: ".", ignoreNil: false]
    cursor.coercion = coercion
    return self
  }

  /// The value at `key` with every choice given (`nested: nil` decides by whether the key contains `delimiter`).
  public subscript(key: String, nested nested: Bool?, delimiter delimiter: String, ignoreNil ignoreNil: Bool) -> Map {
    var cursor = Cursor(key: key, delimiter: delimiter, nested: nested ?? Self.contains(key, delimiter))
    if mappingType == .fromJSON {
      cursor.value = resolve(key, cursor)
      cursor.present = cursor.value != nil
      if ignoreNil, cursor.value?.isNull == true {
        cursor.present = false
        cursor.value = nil
      }
    }
    self.cursor = cursor
    return self
  }

  /// Whether `key` contains `delimiter`, without Foundation (this runs for every property).
  static func contains(_ key: String, _ delimiter: String) -> Bool {
    var delimiterUTF8 = delimiter.utf8.makeIterator()
    if delimiter.utf8.count == 1, let byte = delimiterUTF8.next() {
      return withUTF8Bytes(of: key) { $0.contains(byte) }
    }
    return !delimiter.isEmpty && key.contains(delimiter)
  }

  /// The components of the current key: split on the delimiter when nested.
  var currentPath: [String] { path(cursor) }

  func path(_ cursor: Cursor) -> [String] {
    guard let key = cursor.key else { return [] }
    return cursor.nested ? key.components(separatedBy: cursor.delimiter) : [key]
  }

  /// Walks the current key (path) from the mapped object.
  private func resolve(_ key: String, _ cursor: Cursor) -> JSONValue? {
    guard let object else { return nil }
    guard cursor.nested else {
      readKeys?.insert(key)
      if hintedLookups == nil { hintedLookups = !object.hasRepeatedKeys }
      guard hintedLookups == true else { return object[key] }
      return withUTF8Bytes(of: key) { object.member(named: $0, hint: &lookupHint) }
    }
    let components = path(cursor)
    readKeys?.insert(components[0])
    if readKeys != nil { pathPrefixes.insert(components[0]) }
    return object.value(atKeyPath: components)
  }

  // MARK: ObjectMapper's accessors

  /// The value at the current key as a Foundation object (`String`, `NSNumber`, `[Any]`,
  /// `[String: Any]`; nil for null or a missing key), as ObjectMapper's `currentValue`.
  public var currentValue: Any? {
    switch mappingType {
    case .fromJSON:
      guard let current, !current.isNull else { return nil }
      return MapwrightJSON.JSON(current).foundationObject
    case .toJSON:
      return MapwrightJSON.JSON.object(output)[path: JSONPath(currentPath.map { .key($0) })].flatMap { $0.isNull ? nil : $0.foundationObject }
    }
  }

  /// The mapped object as a Foundation dictionary (ObjectMapper's `map.JSON`). Built when
  /// asked for; mapping itself never builds it.
  public var JSON: [String: Any] {
    switch mappingType {
    case .fromJSON: (object.map { MapwrightJSON.JSON($0).foundationObject as? [String: Any] } ?? nil) ?? [:]
    case .toJSON: MapwrightJSON.JSON.object(output).foundationObject as? [String: Any] ?? [:]
    }
  }

  /// The current value cast to `T` (ObjectMapper's `value()`).
  public func value<T>() -> T? {
    currentValue as? T
  }

  // MARK: Engine

  /// Decodes the current value into `field`, which is left unchanged when the key is missing
  /// or the value does not decode (the problem is recorded in the session).
  @inlinable
  func read<T: JSONConvertible>(into field: inout T) {
    guard let session, !session.hasStopped else { return }
    guard let current else {
      noteMissing(T.valueForMissingKey != nil)
      return
    }
    if toObject, current.kind == .object, let updated = mapIntoExisting(field, from: current, in: session) {
      field = updated
      return
    }
    do {
      if let policy = cursor.coercion, policy != session.coercion {
        let saved = session.coercion
        session.coercion = policy
        defer { session.coercion = saved }
        field = try T.decode(from: current, in: session)
      } else {
        field = try T.decode(from: current, in: session)
      }
    } catch {
      // ObjectMapper's forms set an optional whose value does not convert to nil.
      if session.discardsPropertyProblems, let empty = T.valueForMissingKey { field = empty }
      absorb(error, session: session)
    }
  }

  /// Mapping into an existing object (`map(JSON:toObject:)`), a property holding a model is
  /// mapped in place, as ObjectMapper does: its values the JSON does not mention are kept.
  /// Nil when `field` holds no model (a nil optional, or not a model at all).
  /// A dictionary of models is mapped key by key: a key it holds is mapped into, a new key
  /// decoded, a key the JSON does not mention kept.
  @usableFromInline
  func mapIntoExisting<T: JSONConvertible>(_ field: T, from value: JSONValue, in session: DecodingSession) -> T? {
    if let model = field as? any BaseMappable { return (try? Self.map(value, into: model, in: session)) as? T }
    guard let existing = field as? [String: any BaseMappable], let fresh = try? T.decode(from: value, in: session),
      var merged = fresh as? [String: any BaseMappable]
    else { return nil }
    for (key, model) in existing {
      if let member = value[key], member.kind == .object, let updated = try? Self.map(member, into: model, in: session) {
        merged[key] = updated
      } else if merged[key] == nil {
        merged[key] = model
      }
    }
    return merged as? T
  }

  /// `model` with the members of `value` (an object) mapped onto it, under the model's
  /// coercion policy, unknown keys checked: `toObject` mapping, and `patched(json:)`.
  static func map<M: BaseMappable>(_ value: JSONValue, into model: M, in session: DecodingSession) throws(MappingError) -> M {
    let map = try Map(decoding: value, in: session, toObject: true)
    let saved = session.coercion
    session.coercion = M.coercionPolicy ?? session.options.coercion
    defer { session.coercion = saved }
    var copy = model
    copy.mapping(map: map)
    try map.finish()
    return copy
  }

  /// Decodes the current value with `decode`, leaving `field` unchanged on failure.
  func read<T>(into field: inout T, _ decode: (JSONValue, DecodingSession) throws -> T) {
    guard let session, !session.hasStopped else { return }
    guard let current else {
      noteMissing(false)
      return
    }
    do {
      field = try session.with(coercion: cursor.coercion) { try decode(current, session) }
    } catch let error as MappingError {
      absorb(error, session: session)
    } catch {
      absorb(MappingError(.transformFailed("\(error)"), at: current), session: session)
    }
  }

  /// Where every problem of a `<-` mapping goes (the property keeps its value). ObjectMapper's
  /// optional-returning forms discard them, at no cost; a null for a non-optional property is
  /// forgiven (and reported) under lenient coercion, as ObjectMapper leaves such a property
  /// unchanged.
  @usableFromInline
  func absorb(_ error: MappingError, session: DecodingSession) {
    if session.discardsPropertyProblems { return }
    if session.coercion == .lenient, let current, current.isNull, error.code == .typeMismatch {
      session.note(.defaultUsed, at: current)
      return
    }
    session.record(error)
  }

  /// A missing key keeps the property's initial value; a non-optional one is reported.
  @usableFromInline
  func noteMissing(_ optional: Bool) {
    guard let session, let object, cursor.key != nil, !optional, !toObject else { return }
    FieldRules.noteDefault(at: JSONKeyPath(components: currentPath), in: object, session: session)
  }

  /// Writes `value` at the current key (path).
  @usableFromInline
  func write(_ value: MapwrightJSON.JSON) {
    guard let currentKey else { return }
    if keyIsNested {
      var root = MapwrightJSON.JSON.object(output)
      output = JSONObject()
      root.set(value, at: JSONPath(keyPath: currentPath))
      output = root.objectValue ?? JSONObject()
    } else {
      output[currentKey] = value
    }
  }

  /// Writes an encodable value, leaving nil optionals out unless nil values are included.
  @inlinable
  func write<T: JSONConvertible>(_ value: T) {
    guard mappingType == .toJSON, let encodingSession else { return }
    if value.isNilValue && !shouldIncludeNilValues { return }
    write(value.encodeJSON(in: encodingSession))
  }

  /// The object, kept for a `JSONPreserving` model.
  @usableFromInline
  func preserved() -> PreservedJSON {
    guard let object, case .object(let source) = MapwrightJSON.JSON(object) else { return PreservedJSON() }
    let read = readKeys ?? []
    return PreservedJSON(source: source, isKnown: { read.contains($0) }, pathPrefixes: pathPrefixes)
  }

  /// After `mapping(map:)`: unknown keys are checked against the keys read.
  @usableFromInline
  func finish() throws(MappingError) {
    guard let readKeys, let object, let session else { return }
    for member in object.members where !readKeys.contains(member.key) {
      switch session.options.unknownKeys {
      case .ignore, .preserve: break
      case .report: session.note(.unknownKey, at: object, keys: [member.key])
      case .reject: session.record(MappingError(.unknownKey, key: member.key, in: object))
      }
    }
  }
}
