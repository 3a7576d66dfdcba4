// ObjectMapper's protocols, with ObjectMapper 4's signatures. A model written for
// ObjectMapper compiles unchanged with `import Mapwright`, and runs on Mapwright's engine:
// every model is also `JSONConvertible`, so arrays, sets, dictionaries and optionals of models
// work everywhere a value does.

/// A type with one mapping function used in both directions. Adopt `Mappable`,
/// `StaticMappable` or `ImmutableMappable`, which add how instances are created.
public protocol BaseMappable: JSONConvertible {
  /// Where every property is mapped, with `<-` (both directions) or `>>>` (to JSON only).
  mutating func mapping(map: Map)

  /// A coercion policy for this model's own properties, whatever the call asks for (nil: the
  /// call's; a nested model does not inherit its parent's). `static var coercionPolicy:
  /// CoercionPolicy? { .lenient }` makes one model accept `"101"` for an `Int` while the rest
  /// of the payload stays strict.
  static var coercionPolicy: CoercionPolicy? { get }

  /// Whether the model keeps its source object (true for `JSONPreserving` models).
  static var _preservesJSON: Bool { get }

  /// The model's version and migration (nil: not versioned):
  /// `static let jsonVersioning: JSONVersioning? = JSONVersioning(version: 2) { json, from in … }`.
  static var jsonVersioning: JSONVersioning? { get }
}

extension BaseMappable {
  /// No coercion policy of the model's own: the call's applies.
  public static var coercionPolicy: CoercionPolicy? { nil }
  /// Not versioned.
  public static var jsonVersioning: JSONVersioning? { nil }
}

/// A model created by a failable initialiser, then mapped.
///
/// ```swift
/// final class User: Mappable {
///   var username = ""
///   var age: Int?
///   var friends: [User] = []
///   required init?(map: Map) {}
///   func mapping(map: Map) {
///     username <- map["username"]
///     age      <- map["age"]
///     friends  <- map["friends"]
///   }
/// }
/// ```
public protocol Mappable: BaseMappable {
  /// Return nil to decline the JSON (validate it through `map.JSON` or `map["key"]`).
  init?(map: Map)
}

/// A model whose instance is chosen by a static function: a class cluster picking a subclass
/// from the JSON, or a cached instance.
public protocol StaticMappable: BaseMappable {
  /// The object to map into, or nil to decline the JSON.
  static func objectForMapping(map: Map) -> BaseMappable?
}

/// A model with immutable properties, read in a throwing initialiser with `map.value(_:)`;
/// its `mapping(map:)` writes JSON with `>>>`.
///
/// ```swift
/// struct Repo: ImmutableMappable {
///   let id: Int
///   let name: String
///   let createdAt: Date?
///   init(map: Map) throws {
///     id = try map.value("id")
///     name = try map.value("name")
///     createdAt = try? map.value("created_at", using: ISO8601DateTransform())
///   }
///   func mapping(map: Map) {
///     id >>> map["id"]
///     name >>> map["name"]
///     createdAt >>> (map["created_at"], ISO8601DateTransform())
///   }
/// }
/// ```
public protocol ImmutableMappable: BaseMappable {
  init(map: Map) throws
}

extension ImmutableMappable {
  /// Immutable models need no mapping from JSON; write one for the way back.
  public mutating func mapping(map: Map) {}
}

/// ObjectMapper's name for the context passed through `Mapper(context:)` to every `Map`.
public typealias MapContext = MappingContext

/// The direction of a mapping.
public enum MappingType: Sendable {
  case fromJSON
  case toJSON
}

// MARK: Models through the engine

extension BaseMappable {
  /// Decodes a model of this type from `value`: makes its map, applies the model's coercion
  /// policy, has `create` make the instance (nil: the model declines the JSON), runs
  /// `mapping(map:)`, and checks unknown keys. The three ways of creating an instance below
  /// differ only in `create`.
  @inlinable
  static func decodeModel(
    from value: JSONValue, in session: DecodingSession, create: (Map) throws(MappingError) -> Self?
  ) throws(MappingError) -> Self {
    if let versioning = jsonVersioning {
      return try versioning.decode(value, in: session) { (object) throws(MappingError) -> Self in
        try decodeCurrentModel(from: object, in: session, create: create)
      }
    }
    return try decodeCurrentModel(from: value, in: session, create: create)
  }

  @inlinable
  static func decodeCurrentModel(
    from value: JSONValue, in session: DecodingSession, create: (Map) throws(MappingError) -> Self?
  ) throws(MappingError) -> Self {
    let map = try Map(decoding: value, in: session, preserving: Self._preservesJSON)
    let saved = session.coercion
    session.coercion = Self.coercionPolicy ?? session.options.coercion
    defer { session.coercion = saved }
    guard var object = try create(map) else { throw .modelDeclined(Self.self, at: value) }
    object.mapping(map: map)
    try map.finish()
    if Self._preservesJSON, var preserving = object as? any JSONPreserving {
      preserving.preservedJSON = map.preserved()
      object = preserving as! Self
    }
    return object
  }

  /// Whether the model keeps its source object (`JSONPreserving`).
  public static var _preservesJSON: Bool { false }
}

/// A `Mappable` model that keeps its source object and writes back, when encoded, every
/// member its mapping does not read, in the source's order and representation (see
/// `PreservedJSON`). Declare the storage; Mapwright fills it:
///
/// ```swift
/// struct Tweet: Mappable, JSONPreserving {
///   var text = ""
///   var preservedJSON = PreservedJSON()
///   init?(map: Map) {}
///   mutating func mapping(map: Map) { text <- map["text"] }
/// }
/// ```
public protocol JSONPreserving: BaseMappable {
  var preservedJSON: PreservedJSON { get set }
}

extension JSONPreserving {
  /// A `JSONPreserving` model keeps its source object.
  public static var _preservesJSON: Bool { true }
}

extension Mappable {
  /// Decodes a model: `init?(map:)`, then `mapping(map:)`; nil from the initialiser is an error at the value.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self {
    try decodeModel(from: value, in: session) { map in Self(map: map) }
  }
}

extension StaticMappable {
  /// Decodes a model: `objectForMapping(map:)`, then `mapping(map:)`; nil (or another type) is an error at the value.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self {
    try decodeModel(from: value, in: session) { map in Self.objectForMapping(map: map) as? Self }
  }
}

extension ImmutableMappable {
  /// Decodes a model through `init(map:)`; what it throws is an error at the value, with its path.
  @inlinable
  public static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self {
    try decodeModel(from: value, in: session) { (map) throws(MappingError) -> Self? in
      do {
        return try Self(map: map)
      } catch let error as MappingError {
        throw error
      } catch {
        throw MappingError.thrown(error, reason: "\(Self.self).init(map:) threw \(error)", at: value)
      }
    }
  }
}

extension BaseMappable {
  /// Encodes the model by running `mapping(map:)` in the writing direction (a preserving model's
  /// unmapped keys written back).
  @inlinable
  public func encodeJSON(in session: EncodingSession) -> JSON {
    let map = Map(encodingIn: session)
    var copy = self
    if session.recordsVersions, let versioning = Self.jsonVersioning { map.output[versioning.key] = JSON(versioning.version) }
    copy.mapping(map: map)
    if Self._preservesJSON, let preserving = self as? any JSONPreserving {
      return .object(preserving.preservedJSON.restoring(map.output))
    }
    return .object(map.output)
  }
}

// MARK: Patching

extension BaseMappable {
  /// The model with the members of `json` (an object) mapped onto it: only keys present
  /// change, `null` clears an optional and is an error for a non-optional, problems are
  /// errors with their place in `json`. A class is updated in place (and returned); a struct
  /// is returned changed.
  ///
  /// ```swift
  /// let renamed = try user.patched(json: #"{"name": "Ana"}"#)
  /// ```
  public func patched(json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws -> Self {
    let session = try DecodingSession(parsing: bytes, options: options)
    let copy = try Map.map(session.document.root, into: self, in: session)
    try session.throwIfFailed()
    return copy
  }

  /// The model with the members of the JSON text mapped onto it (see `patched(json:)` taking bytes).
  public func patched(json text: String, options: MappingOptions = MappingOptions()) throws -> Self {
    try patched(json: Array(text.utf8), options: options)
  }
}

extension BaseMappable {
  /// The model with every mapped value of `other` mapped onto it (Mantle's
  /// `mergeValuesForKeysFromModel:`, taking theirs): `other` is encoded, nil values included,
  /// and patched in. A class is updated in place.
  public func merging(_ other: Self) throws -> Self {
    try patched(json: other.json(includingNilValues: true).jsonBytes())
  }
}

/// How `merging(_:policy:)` combines two `Mappable` models, key by key of their JSON (a
/// `Mappable` type has no table of its properties, so the policy names JSON keys).
public struct MappableMergePolicy {
  var takesTheirs: Bool
  var custom: [String: (_ ours: JSON?, _ theirs: JSON?) -> JSON?] = [:]
  var hook: ((_ key: String, _ ours: JSON?, _ theirs: JSON?) -> Void)?

  /// Every key takes the other model's value.
  public static var theirs: MappableMergePolicy { MappableMergePolicy(takesTheirs: true) }
  /// Every key keeps this model's value.
  public static var ours: MappableMergePolicy { MappableMergePolicy(takesTheirs: false) }

  /// The policy, with `key` taking the other model's value.
  public func taking(_ key: String) -> MappableMergePolicy { resolving(key) { _, theirs in theirs } }
  /// The policy, with `key` keeping this model's value.
  public func keeping(_ key: String) -> MappableMergePolicy { resolving(key) { ours, _ in ours } }

  /// The key's value is what `resolve` makes of both (nil: no value).
  public func resolving(_ key: String, _ resolve: @escaping (_ ours: JSON?, _ theirs: JSON?) -> JSON?) -> MappableMergePolicy {
    var copy = self
    copy.custom[key] = resolve
    return copy
  }

  /// Called for each key whose values differ.
  public func onEachDifference(_ hook: @escaping (_ key: String, _ ours: JSON?, _ theirs: JSON?) -> Void) -> MappableMergePolicy {
    var copy = self
    copy.hook = hook
    return copy
  }
}

extension BaseMappable {
  /// The model merged with `other` key by key of their JSON, as `policy` says; the result is
  /// mapped onto this model (a class is updated in place).
  public func merging(_ other: Self, policy: MappableMergePolicy) throws -> Self {
    guard case .object(let ours) = json(includingNilValues: true), case .object(let theirs) = other.json(includingNilValues: true)
    else { return self }
    var keys = ours.map(\.0)
    for (key, _) in theirs where ours[key] == nil { keys.append(key) }
    var merged = JSONObject()
    for key in keys {
      let mine = ours[key]
      let their = theirs[key]
      if mine != their { policy.hook?(key, mine, their) }
      let value = policy.custom[key].map { $0(mine, their) } ?? (policy.takesTheirs ? their : mine)
      merged[key] = value ?? .null
    }
    return try patched(json: JSON.object(merged).jsonBytes())
  }

  /// The model's mapped values (those that are not null), from its JSON:
  /// `Repo(name: "mapwright", stars: 5)`.
  public var fullDescription: String {
    guard case .object(let members) = json() else { return "\(Self.self)()" }
    let body = members.filter { $0.1 != .null }.map { "\($0.0): \($0.1.description)" }.joined(separator: ", ")
    return "\(Self.self)(\(body))"
  }
}
