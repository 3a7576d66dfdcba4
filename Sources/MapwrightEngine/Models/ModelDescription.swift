// Descriptions of models (NTJsonModel's `description`/`fullDescription`): `description` lists
// the mapped properties that do not hold their default (nil optionals and values equal to
// their declared default are left out), one level deep — a nested model shows as
// `Author(…)`, an array of models as `[3 × Book]`; `fullDescription` recurses into nested
// models and collections. The macro generates the list of a model's fields
// (`_jsonModelDescribedFields`); the formatting is here.

extension _MapwrightRuntime {
  /// One mapped property's name and value, and whether the value is the property's default.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct DescribedField {
    /// The property's name.
    public let name: String
    /// The property's value.
    public let value: Any
    /// Whether the value is the property's default (then `description` leaves it out).
    public let isDefault: Bool

    /// A property without a declared default: default only when it is a nil optional.
    public init<Value>(_ name: String, _ value: Value) {
      self.name = name
      self.value = value
      isDefault = (value as? any _MapwrightRuntime.OptionalProtocol)?.isNone ?? false
    }

    /// A property whose value is compared with its declared default.
    public init<Value: Equatable>(_ name: String, _ value: Value, default defaultValue: Value) {
      self.name = name
      self.value = value
      isDefault = value == defaultValue || ((value as? any _MapwrightRuntime.OptionalProtocol)?.isNone ?? false)
    }

    /// A property whose value cannot be compared with its default: never counted as default.
    public init<Value>(_ name: String, _ value: Value, default defaultValue: Value) {
      self.init(name, value, isDefault: false)
    }

    /// Collections count as default when both are empty (their elements need not be Equatable).
    public init<Value: Collection>(_ name: String, _ value: Value, default defaultValue: Value) {
      self.init(name, value, isDefault: value.isEmpty && defaultValue.isEmpty)
    }

    /// A collection compared with its declared default.
    public init<Value: Collection & Equatable>(_ name: String, _ value: Value, default defaultValue: Value) {
      self.init(name, value, isDefault: value == defaultValue)
    }

    init(_ name: String, _ value: Any, isDefault: Bool) {
      self.name = name
      self.value = value
      self.isDefault = isDefault
    }
  }
}

extension JSONModel {
  /// The model and everything in it, nested models and collections included.
  public var fullDescription: String { describeModel(self, full: true) }

  /// The mapped fields a description lists (generated for structs and classes).
  public func _jsonModelDescribedFields() -> [_MapwrightRuntime.DescribedField] { [] }
}

/// `Name(field: value, …)` for a model.
func describeModel(_ model: any JSONModel, full: Bool) -> String {
  let fields = model._jsonModelDescribedFields().filter { !$0.isDefault }
  let body = fields.map { "\($0.name): \(describeValue($0.value, full: full))" }.joined(separator: ", ")
  return "\(type(of: model))(\(body))"
}

/// A value inside a description.
func describeValue(_ value: Any, full: Bool) -> String {
  if let optional = value as? any _MapwrightRuntime.OptionalProtocol {
    guard let wrapped = optional.wrappedAny else { return "nil" }
    return describeValue(wrapped, full: full)
  }
  if let model = value as? any JSONModel, !model._jsonModelDescribedFields().isEmpty {
    return full ? describeModel(model, full: true) : "\(type(of: model))(…)"
  }
  if let models = value as? [any JSONModel], !models.isEmpty, !full, !models[0]._jsonModelDescribedFields().isEmpty {
    return "[\(models.count) × \(type(of: models[0]))]"
  }
  if let array = value as? [Any] {
    return "[" + array.map { describeValue($0, full: full) }.joined(separator: ", ") + "]"
  }
  if let string = value as? String { return String(reflecting: string) }
  return String(describing: value)
}

// MARK: Equality of class models

extension _MapwrightRuntime {
  /// Equality of one mapped property, for the `==` the macro writes for classes that ask for
  /// `Equatable`: `==` where the type has it, else the same JSON encoding.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public static func fieldEqual<Value: Equatable>(_ a: Value, _ b: Value) -> Bool { a == b }

  /// Equality of an `Equatable` model value: its `==`.
  public static func fieldEqual<Value: Equatable & JSONConvertible>(_ a: Value, _ b: Value) -> Bool { a == b }

  /// Equality of a value that is not `Equatable`: the same instance, or the same JSON encoding.
  public static func fieldEqual<Value: JSONConvertible>(_ a: Value, _ b: Value) -> Bool {
    if Value.self is AnyClass, (a as AnyObject) === (b as AnyObject) { return true }
    return a.json() == b.json()
  }

  /// Hashing of one mapped property: its hash where the type has one (a property that is not
  /// Hashable is left out, which keeps equal models' hashes equal).
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public static func fieldHash<Value: Hashable>(_ value: Value, into hasher: inout Hasher) { hasher.combine(value) }

  /// A property that is not `Hashable` adds nothing to the hash.
  public static func fieldHash<Value>(_ value: Value, into hasher: inout Hasher) {}
}

extension JSONModel {
  /// The one-level description (`CustomStringConvertible`'s `description` for models).
  public var _jsonModelDescription: String { describeModel(self, full: false) }
}
