// Changing models that may be all `let`s (NTJsonModel's `mutate:`, Mantle's
// `mergeValuesForKeysFromModel:`, JSONObjectMapper's updates). The macro gives structs and
// final root classes a table of their stored properties (`_jsonModelProperties`) and an
// initialiser from a draft (`init(_jsonModelDraft:)`), which can assign `let`s; everything
// here is built on those two:
//
// - `mutate { $0.age = 21 }`: the closure edits a draft (any property, `let` included,
//   through dynamic member lookup); a new value is made from it;
// - `merging(_:policy:)`: per property, ours, theirs, or a closure, with a hook;
// - `patched(json:)`: only the keys present in the JSON change; it is decoded and validated
//   like a whole model, with errors at their place in the patch.

/// A model that can be copied with changes: `mutate`, `merging`, `patched(json:)`. For a
/// `@JSONModel` struct or final class without a superclass, declaring the conformance is
/// enough (the macro generates what it needs):
///
/// ```swift
/// @JSONModel struct Profile: JSONModelCopyable { let name: String; let age: Int }
/// let older = profile.mutate { $0.age += 1 }
/// ```
public protocol JSONModelCopyable: JSONModel {
  /// Every stored property: its name, JSON key path and key path (generated).
  static var _jsonModelProperties: [_MapwrightRuntime.Property<Self>] { get }
  /// A value whose every stored property is the draft's (generated).
  init(_jsonModelDraft draft: JSONModelDraft<Self>)
}

extension _MapwrightRuntime {
  /// One stored property of a model, type-erased.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct Property<Model> {
    /// The Swift property's name.
    public let name: String
    /// The JSON key paths it is read from, the first present winning (nil for an `@Ignore`d
    /// property, empty for a `@Flatten`ed one).
    public let jsonPaths: [String]?
    /// The property's key path in the model.
    public let keyPath: PartialKeyPath<Model>
    let equal: (Any, Any) -> Bool
    /// Sets the property of a class instance in place (nil for a `let` or a struct's property).
    let assign: ((Model, Any) -> Void)?

    /// A property whose type is not `Equatable` (a change is always seen as one).
    public init<Value>(_ name: String, _ keyPath: KeyPath<Model, Value>, json jsonPaths: [String]?) {
      self.name = name
      self.jsonPaths = jsonPaths
      self.keyPath = keyPath
      // A type that is not Equatable always counts as changed (the hook sees it).
      equal = { _, _ in false }
      assign = Self.assigner(keyPath)
    }

    static func assigner<Value>(_ keyPath: KeyPath<Model, Value>) -> ((Model, Any) -> Void)? {
      guard let writable = keyPath as? ReferenceWritableKeyPath<Model, Value> else { return nil }
      return { model, value in model[keyPath: writable] = value as! Value }
    }

    /// A property whose changes are found by `==`.
    public init<Value: Equatable>(_ name: String, _ keyPath: KeyPath<Model, Value>, json jsonPaths: [String]?) {
      self.name = name
      self.jsonPaths = jsonPaths
      self.keyPath = keyPath
      equal = { a, b in (a as? Value) == (b as? Value) }
      assign = Self.assigner(keyPath)
    }
  }
}

/// A model's property values while they are being changed; read and write any property as
/// `draft.name` (a `let` included).
@dynamicMemberLookup
public struct JSONModelDraft<Model> {
  /// The value the draft started from.
  public let base: Model
  var changes: [AnyKeyPath: Any] = [:]

  /// A draft of `base` with nothing changed yet.
  public init(_ base: Model) { self.base = base }

  /// The property's value: the draft's change, or the base's value.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
    get { changes[keyPath].map { $0 as! Value } ?? base[keyPath: keyPath] }
    set { changes[keyPath] = newValue }
  }

  /// Sets a property through its type-erased key path (`value` must be of its type).
  mutating func set(_ keyPath: AnyKeyPath, to value: Any) { changes[keyPath] = value }
}

/// How `merging` chooses each property's value.
public struct MergePolicy<Model> {
  enum Default { case theirs, ours }
  let fallback: Default
  var custom: [AnyKeyPath: (Any, Any) -> Any] = [:]
  var hook: ((_ property: String, _ ours: Any, _ theirs: Any) -> Void)?

  /// Every property takes the other model's value.
  public static var theirs: MergePolicy { MergePolicy(fallback: .theirs) }
  /// Every property keeps this model's value (use with `taking`/`resolving` for the few that change).
  public static var ours: MergePolicy { MergePolicy(fallback: .ours) }

  /// This property takes the other model's value.
  public func taking<Value>(_ keyPath: KeyPath<Model, Value>) -> MergePolicy {
    resolving(keyPath) { _, theirs in theirs }
  }

  /// This property keeps this model's value.
  public func keeping<Value>(_ keyPath: KeyPath<Model, Value>) -> MergePolicy {
    resolving(keyPath) { ours, _ in ours }
  }

  /// This property is what `resolve` makes of both values.
  public func resolving<Value>(_ keyPath: KeyPath<Model, Value>, _ resolve: @escaping (_ ours: Value, _ theirs: Value) -> Value) -> MergePolicy {
    var copy = self
    copy.custom[keyPath] = { ours, theirs in resolve(ours as! Value, theirs as! Value) }
    return copy
  }

  /// Called for each property whose values differ, before it is resolved.
  public func onEachDifference(_ hook: @escaping (_ property: String, _ ours: Any, _ theirs: Any) -> Void) -> MergePolicy {
    var copy = self
    copy.hook = hook
    return copy
  }
}

extension JSONModelCopyable {
  /// A copy with the changes `body` makes to a draft, `let` properties included:
  ///
  /// ```swift
  /// let older = user.mutate { $0.age = 21 }
  /// ```
  public func mutate(_ body: (inout JSONModelDraft<Self>) throws -> Void) rethrows -> Self {
    var draft = JSONModelDraft(self)
    try body(&draft)
    return Self(_jsonModelDraft: draft)
  }

  /// This model merged with `other`, property by property, as `policy` says:
  ///
  /// ```swift
  /// let merged = local.merging(remote, policy: .theirs.keeping(\.draftText).resolving(\.tags) { $0.union($1) })
  /// ```
  public func merging(_ other: Self, policy: MergePolicy<Self> = .theirs) -> Self {
    Self(_jsonModelDraft: mergedDraft(other, policy: policy))
  }

  func mergedDraft(_ other: Self, policy: MergePolicy<Self>) -> JSONModelDraft<Self> {
    var draft = JSONModelDraft(self)
    for property in Self._jsonModelProperties {
      let ours = self[keyPath: property.keyPath]
      let theirs = other[keyPath: property.keyPath]
      if let hook = policy.hook, !property.equal(ours, theirs) { hook(property.name, ours, theirs) }
      if let resolve = policy.custom[property.keyPath] {
        draft.set(property.keyPath, to: resolve(ours, theirs))
      } else if policy.fallback == .theirs {
        draft.set(property.keyPath, to: theirs)
      }
    }
    return draft
  }
}

extension JSONModelCopyable where Self: AnyObject {
  /// Merges `other` into this instance, in place (Mantle's `mergeValuesForKeysFromModel:`).
  /// Throws, changing nothing, when a `let` property would have to change.
  public func merge(from other: Self, policy: MergePolicy<Self> = .theirs) throws(MappingError) {
    try apply(mergedDraft(other, policy: policy))
  }

  /// Applies the members of `json` to this instance, in place (see `patched(json:)`). On an
  /// error, or when the patch names a `let` property, nothing changes.
  public func update(json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws {
    try apply(patchDraft(bytes, options: options))
  }

  /// Applies the members of the JSON text to this instance, in place (see `update(json:)` taking bytes).
  public func update(json text: String, options: MappingOptions = MappingOptions()) throws {
    try update(json: Array(text.utf8), options: options)
  }

  /// Writes the draft's changed values into this instance's `var` properties.
  func apply(_ draft: JSONModelDraft<Self>) throws(MappingError) {
    let properties = Self._jsonModelProperties
    var assignments: [(_MapwrightRuntime.Property<Self>, Any)] = []
    for property in properties {
      guard let value = draft.changes[property.keyPath] else { continue }
      if property.assign == nil {
        if property.equal(self[keyPath: property.keyPath], value) { continue }
        throw MappingError(invalidValue: "'\(property.name)' is a let of \(Self.self); it cannot change in place")
      }
      assignments.append((property, value))
    }
    for (property, value) in assignments { property.assign?(self, value) }
  }
}
