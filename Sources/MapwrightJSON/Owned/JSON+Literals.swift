extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer number.
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  /// A number from a Double literal (shortest round-trip text).
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array of the elements, in order.
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  /// When a key repeats, the first occurrence is kept.
  public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

extension JSON {
  /// A number from any integer.
  public init(_ value: some BinaryInteger) { self = .number(JSONNumber(value)) }
  /// A number from a Double (shortest round-trip text); NaN and infinities are kept as
  /// non-finite numbers.
  public init(_ value: Double) { self = .number(JSONNumber(value)) }
  /// A string.
  public init(_ value: String) { self = .string(value) }
  /// A boolean.
  public init(_ value: Bool) { self = .bool(value) }
  /// An array.
  public init(_ elements: [JSON]) { self = .array(elements) }
  /// An object.
  public init(_ object: JSONObject) { self = .object(object) }
}

extension JSON: CustomStringConvertible {
  /// Compact JSON text; non-finite numbers show as `nan`, `inf` or `-inf`.
  public var description: String {
    (try? JSONWriter(nonFiniteNumbers: .writeAsText).string(self)) ?? "<invalid JSON>"
  }
}
