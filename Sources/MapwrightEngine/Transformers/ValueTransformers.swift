import Foundation

/// URLs from strings, optionally resolved against a base URL (`"/users/1"` with base
/// `https://api.example.com` is `https://api.example.com/users/1`). Encoding writes the
/// absolute string, or the relative part when it is relative to the base.
public struct URLTransformer: JSONTransformer, Sendable {
  /// The URL relative strings are resolved against (nil: strings are taken as they are).
  public var base: URL?

  /// URLs resolved against `base` when one is given.
  public init(relativeTo base: URL? = nil) { self.base = base }

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { ["type": "string", "minLength": 1, "format": base == nil ? "uri" : "uri-reference"] }

  /// The `URL` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> URL {
    guard let text = json.stringValue else { throw TransformError("expected a URL string, found \(describeFound(json))") }
    guard !text.isEmpty, let url = URL(string: text, relativeTo: base) else {
      throw TransformError("\"\(text)\" is not a URL")
    }
    return base == nil ? url : url.absoluteURL
  }

  /// The JSON written for a `URL`.
  public func encode(_ url: URL) throws -> JSON {
    if let base, url.absoluteString.hasPrefix(base.absoluteString) {
      var relative = String(url.absoluteString.dropFirst(base.absoluteString.count))
      if base.absoluteString.hasSuffix("/") == false, !relative.hasPrefix("/") { relative = "/" + relative }
      return .string(relative)
    }
    return .string(url.absoluteString)
  }
}

/// `UUID`s from their string form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case).
public struct UUIDTransformer: JSONTransformer, Sendable {
  /// The UUID transformer.
  public init() {}

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { ["type": "string", "format": "uuid"] }

  /// The `UUID` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> UUID {
    guard let text = json.stringValue, let uuid = UUID(uuidString: text) else {
      throw TransformError("expected a UUID string, found \(describeFound(json))")
    }
    return uuid
  }

  /// The JSON written for a `UUID`.
  public func encode(_ uuid: UUID) throws -> JSON { .string(uuid.uuidString) }
}

/// `Data` as a Base64 string.
public struct Base64Transformer: JSONTransformer, Sendable {
  /// The Base64 transformer.
  public init() {}

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { ["type": "string", "contentEncoding": "base64"] }

  /// The `Data` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Data {
    guard let text = json.stringValue else { throw TransformError("expected a Base64 string, found \(describeFound(json))") }
    guard let data = Data(base64Encoded: text) else { throw TransformError("\"\(text.prefix(40))\" is not valid Base64") }
    return data
  }

  /// The JSON written for a `Data`.
  public func encode(_ data: Data) throws -> JSON { .string(data.base64EncodedString()) }
}

/// `Decimal` from a number or a numeric string, exactly; encodes as a number or, with
/// `asString`, a string (for APIs that send money as strings).
public struct DecimalTransformer: JSONTransformer, Sendable {
  /// Whether encoding writes a string rather than a number.
  public var encodesAsString: Bool

  /// Decimals, encoded as strings when `encodesAsString` is true.
  public init(encodesAsString: Bool = false) { self.encodesAsString = encodesAsString }

  /// A number, or a string holding one.
  public var jsonSchema: JSON? { ["type": ["number", "string"]] }

  /// The `Decimal` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Decimal {
    let number: JSONNumber?
    switch json {
    case .number(let value): number = value
    case .string(let text): number = JSONNumber(text: text.trimmingCharacters(in: .whitespaces))
    default: number = nil
    }
    guard let number else { throw TransformError("expected a decimal number, found \(describeFound(json))") }
    guard let decimal = number.decimalValue else { throw TransformError("\(number) does not fit a Decimal") }
    return decimal
  }

  /// The JSON written for a `Decimal`.
  public func encode(_ value: Decimal) throws -> JSON {
    encodesAsString ? .string(value.description) : .number(JSONNumber(value))
  }
}

/// A table from JSON values to Swift values, with a default for values not in the table
/// (Mantle's value-mapping transformer). Encoding looks the value up in reverse.
///
/// ```swift
/// @Transform(.valueMap(["open": State.open, "closed": .closed], default: .open)) var state: State
/// state <- (map["state"], .valueMap(["open": State.open, "closed": .closed], default: .open))
/// ```
public struct ValueMapTransformer<Value: Equatable & Sendable>: JSONTransformer {
  /// The Swift value of each JSON value.
  public let table: [JSON: Value]
  /// The value of JSON not in the table (nil: such JSON is an error).
  public let defaultValue: Value?
  /// The JSON written for `defaultValue` when it is not in the table.
  public let defaultJSON: JSON?

  /// A table from JSON to Swift values, with a default for JSON not in it and the JSON written for that default.
  public init(_ table: [JSON: Value], default defaultValue: Value? = nil, defaultJSON: JSON? = nil) {
    self.table = table
    self.defaultValue = defaultValue
    self.defaultJSON = defaultJSON
  }

  /// The mapped values (any JSON when there is a default).
  public var jsonSchema: JSON? {
    defaultValue != nil ? nil : ["enum": .array(table.keys.sorted { (try? $0.jsonString()) ?? "" < (try? $1.jsonString()) ?? "" })]
  }

  /// The `Value` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Value {
    if let value = table[json] { return value }
    if let defaultValue { return defaultValue }
    throw TransformError("\(describeFound(json)) is not one of the mapped values")
  }

  /// The JSON written for a `Value`.
  public func encode(_ value: Value) throws -> JSON {
    // Deterministic when several JSON values map to one Swift value: the smallest text wins.
    let matches = table.filter { $0.value == value }.map(\.key)
    if let json = matches.min(by: { $0.description < $1.description }) { return json }
    if value == defaultValue, let defaultJSON { return defaultJSON }
    throw TransformError("\(value) has no JSON value in the table")
  }
}

extension JSONTransformer {
  /// URLs resolved against `base`; encoding writes them relative to it where they are.
  public static func url(relativeTo base: URL) -> Self where Self == URLTransformer { URLTransformer(relativeTo: base) }

  /// A table from JSON values to Swift values, with a default for values not in it.
  public static func valueMap<V: Equatable>(_ table: [JSON: V], default defaultValue: V? = nil) -> Self
  where Self == ValueMapTransformer<V> {
    ValueMapTransformer(table, default: defaultValue)
  }
}

extension JSONTransformer where Self == URLTransformer {
  /// URLs from absolute strings.
  public static var url: URLTransformer { URLTransformer() }
}

extension JSONTransformer where Self == UUIDTransformer {
  /// UUIDs from their string form.
  public static var uuid: UUIDTransformer { UUIDTransformer() }
}

extension JSONTransformer where Self == Base64Transformer {
  /// `Data` as a Base64 string.
  public static var base64: Base64Transformer { Base64Transformer() }
}

extension JSONTransformer where Self == DecimalTransformer {
  /// Decimals, encoded as numbers.
  public static var decimal: DecimalTransformer { DecimalTransformer() }
  /// Decimals, encoded as strings (for APIs that send money as strings).
  public static var decimalString: DecimalTransformer { DecimalTransformer(encodesAsString: true) }
}
