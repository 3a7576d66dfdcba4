/// An owned, editable JSON value.
///
/// Objects keep their member order, numbers keep their source text, and the type is
/// `Equatable`, `Hashable` and `Sendable`. Literals build values directly:
///
/// ```swift
/// var json: JSON = ["a": 1, "b": [true, nil], "c": "text"]
/// json["d"] = 2.5
/// json["b"]?[0]?.boolValue           // true
/// let parsed = try JSON(parsing: #"{"a": 1, "b": [true, null], "c": "text", "d": 2.5}"#)
/// parsed == json                     // true
/// let text = try json.jsonString()   // {"a":1,"b":[true,null],"c":"text","d":2.5}
/// ```
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSON])
  case object(JSONObject)

  /// The value's kind.
  public var kind: JSONKind {
    switch self {
    case .null: .null
    case .bool: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }

  /// The boolean, or nil for another kind.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The string, or nil for another kind.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number, or nil for another kind.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The elements, or nil for another kind.
  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, or nil for another kind.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// A number as an integer of type `T`; see `JSONValue.integer(as:forms:)`.
  public func integer<T: FixedWidthInteger>(
    as type: T.Type = T.self, forms: JSONIntegerForms = .integralValues
  ) -> T? {
    numberValue?.integer(as: T.self, forms: forms)
  }

  /// The number as an `Int` when it is integral and fits, or nil.
  public var intValue: Int? { numberValue?.intValue }
  /// The number as an `Int64` when it is integral and fits, or nil.
  public var int64Value: Int64? { numberValue?.int64Value }
  /// The number as a `UInt64` when it is integral and fits, or nil.
  public var uint64Value: UInt64? { numberValue?.uint64Value }
  /// The number as the nearest Double, or nil for another kind.
  public var doubleValue: Double? { numberValue?.doubleValue }

  /// The number of elements or members; 0 for scalars.
  public var count: Int {
    switch self {
    case .array(let elements): elements.count
    case .object(let object): object.count
    default: 0
    }
  }

  /// An object's member. Setting on a non-object is ignored; setting nil removes the member.
  public subscript(key: String) -> JSON? {
    get { objectValue?[key] }
    set {
      guard case .object(var object) = self else { return }
      self = .null  // release the enum's reference so the object is uniquely held
      object[key] = newValue
      self = .object(object)
    }
  }

  /// An array's element, or nil out of bounds. Setting replaces an element in bounds.
  public subscript(index: Int) -> JSON? {
    get {
      guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
      return elements[index]
    }
    set {
      guard case .array(var elements) = self, elements.indices.contains(index), let newValue else { return }
      self = .null
      elements[index] = newValue
      self = .array(elements)
    }
  }
}
