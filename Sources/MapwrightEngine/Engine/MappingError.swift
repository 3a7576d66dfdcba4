/// A problem found while mapping JSON to a model: where (the JSON path, and the line and
/// column in the source) and why.
///
/// ```swift
/// do {
///   let authors = try [Author](json: data)
/// } catch let error as MappingError {
///   print(error)  // $.authors[3].books[0].year: expected integer, found string "20x3" (line 41, column 19)
///   error.code    // .typeMismatch
///   error.path    // $.authors[3].books[0].year
/// }
/// ```
///
/// Under `MappingOptions.errorMode = .collectAll` every problem is gathered and thrown
/// together as `MappingErrors`.
public struct MappingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A stable code for each kind of problem.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    public static let missingKey = Code("missingKey")
    public static let typeMismatch = Code("typeMismatch")
    public static let invalidValue = Code("invalidValue")
    public static let outOfRange = Code("outOfRange")
    public static let transformFailed = Code("transformFailed")
    public static let unknownKey = Code("unknownKey")
    public static let invalidJSON = Code("invalidJSON")
  }

  @usableFromInline
  package enum Kind: Sendable, Hashable {
    case missingKey
    case typeMismatch(expected: String, found: String)
    case invalidValue(String)
    case outOfRange(found: String, type: String)
    case transformFailed(String)
    case unknownKey
    case invalidJSON(JSONError)
  }

  @usableFromInline package let kind: Kind
  /// Where the problem is: the path of the value, or of the missing or unknown key.
  public let path: JSONPath
  /// The 1-based line in the source, when the problem has a place in it.
  public let line: Int?
  /// The 1-based column in the source (Unicode scalars), when the problem has a place in it.
  public let column: Int?

  package init(_ kind: Kind, path: JSONPath, line: Int? = nil, column: Int? = nil) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
  }

  /// An error for a value in a parsed document: path, line and column come from it.
  @usableFromInline
  package init(_ kind: Kind, at value: JSONValue) {
    let location = value.location
    self.init(kind, path: value.path, line: location.line, column: location.column)
  }

  /// An error for a key that `object` lacks (or has but should not).
  @usableFromInline
  package init(_ kind: Kind, key: String, in object: JSONValue) {
    let location = object.location
    self.init(kind, path: object.path.appending(key: key), line: location.line, column: location.column)
  }

  /// An error raised by user code (a transformer or a model's own check), without a place.
  public init(invalidValue reason: String, path: JSONPath = .root) {
    self.init(.invalidValue(reason), path: path)
  }

  /// A missing key of `object` (for mappers built on the engine outside this module).
  public static func missingKey(_ key: String, in object: JSONValue) -> MappingError {
    MappingError(.missingKey, key: key, in: object)
  }

  /// A missing dot-separated key path of `object`, reported at the deepest object present on
  /// it (`address.city` with no `address`: `address` is missing from `object`).
  public static func missingKey(atKeyPath keyPath: String, in object: JSONValue) -> MappingError {
    let components = keyPath.split(separator: ".").map(String.init)
    var current = object
    for component in components.dropLast() {
      guard let next = current.value(atKeyPath: [component]), next.kind == .object else {
        return .missingKey(component, in: current)
      }
      current = next
    }
    return .missingKey(components.last ?? keyPath, in: current)
  }

  /// A value of the wrong JSON type at `value`.
  public static func typeMismatch(expected: String, at value: JSONValue) -> MappingError {
    MappingError(.typeMismatch(expected: expected, found: describeFound(value)), at: value)
  }

  /// A value that cannot be used, with the reason, at `value`.
  public static func invalidValue(_ reason: String, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue(reason), at: value)
  }

  /// An unknown key of `object`.
  public static func unknownKey(_ key: String, in object: JSONValue) -> MappingError {
    MappingError(.unknownKey, key: key, in: object)
  }

  /// The same error at another place (for errors found in a piece of a larger document).
  public func moved(to path: JSONPath, line: Int?, column: Int?) -> MappingError {
    MappingError(kind, path: path, line: line, column: column)
  }

  /// The same error at `path` instead, keeping the rest.
  package func relocated(to value: JSONValue) -> MappingError {
    let location = value.location
    return MappingError(kind, path: value.path, line: location.line, column: location.column)
  }

  public var code: Code {
    switch kind {
    case .missingKey: .missingKey
    case .typeMismatch: .typeMismatch
    case .invalidValue: .invalidValue
    case .outOfRange: .outOfRange
    case .transformFailed: .transformFailed
    case .unknownKey: .unknownKey
    case .invalidJSON: .invalidJSON
    }
  }

  /// What went wrong, without the place: lower case, no final period.
  public var message: String {
    switch kind {
    case .missingKey: "missing key"
    case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
    case .invalidValue(let reason): reason
    case .outOfRange(let found, let type): "\(found) is out of range for \(type)"
    case .transformFailed(let reason): "transform failed: \(reason)"
    case .unknownKey: "unknown key"
    case .invalidJSON(let error): "invalid JSON: \(error.message)"
    }
  }

  /// `$.path: message (line L, column C)`.
  public var description: String {
    var text = "\(path): \(message)"
    if let line, let column { text += " (line \(line), column \(column))" }
    return text
  }

  /// The last key of the path (ObjectMapper's `MapError.key`).
  public var key: String? {
    for component in path.components.reversed() {
      if case .key(let key) = component { return key }
    }
    return nil
  }

  /// ObjectMapper's `MapError.reason`.
  public var reason: String? { message }

  /// The parse error, for `invalidJSON`.
  public var jsonError: JSONError? {
    if case .invalidJSON(let error) = kind { return error }
    return nil
  }
}

/// Every problem of one decoding, in document order, thrown under `errorMode = .collectAll`.
public struct MappingErrors: Error, Sendable, Hashable, CustomStringConvertible {
  public let errors: [MappingError]

  public init(_ errors: [MappingError]) { self.errors = errors }

  public var description: String {
    "\(errors.count) mapping error\(errors.count == 1 ? "" : "s"):\n"
      + errors.map { "  \($0)" }.joined(separator: "\n")
  }
}

/// ObjectMapper's name for the error `ImmutableMappable` initialisers throw.
public typealias MapError = MappingError

/// A short description of a JSON value for messages: `string "20x3"`, `number 2.5`, `object`.
@usableFromInline
package func describeFound(_ value: JSONValue) -> String {
  switch value.kind {
  case .null: return "null"
  case .bool: return "bool \(value.boolValue!)"
  case .number: return "number \(excerpt(value.numberText ?? ""))"
  case .string: return "string \"\(excerpt(value.stringValue ?? ""))\""
  case .array: return "array"
  case .object: return "object"
  }
}

package func describeFound(_ value: JSON) -> String {
  switch value {
  case .null: return "null"
  case .bool(let flag): return "bool \(flag)"
  case .number(let number): return "number \(excerpt(number.text))"
  case .string(let text): return "string \"\(excerpt(text))\""
  case .array: return "array"
  case .object: return "object"
  }
}

private func excerpt(_ text: String) -> String {
  text.count > 40 ? String(text.prefix(37)) + "…" : text
}
