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
    /// The code's name.
    public let description: String
    init(_ description: String) { self.description = description }

    /// A key the model needs is absent.
    public static let missingKey = Code("missingKey")
    /// A value of another JSON type than the property's (under the coercion policy).
    public static let typeMismatch = Code("typeMismatch")
    /// A value of the right type the property cannot take (a raw value naming no case, …).
    public static let invalidValue = Code("invalidValue")
    /// A number outside the property's type (`300` for a `UInt8`).
    public static let outOfRange = Code("outOfRange")
    /// A transformer refused the value.
    public static let transformFailed = Code("transformFailed")
    /// A key the model does not name, with `unknownKeys: .reject`.
    public static let unknownKey = Code("unknownKey")
    /// The input is not JSON (the parser's error is in the message, with its place).
    public static let invalidJSON = Code("invalidJSON")
    /// No case of an untagged enum decodes the value (`caseFailures` says why each did not).
    public static let noMatchingCase = Code("noMatchingCase")
  }

  @usableFromInline
  package enum Kind: Sendable, Hashable {
    case missingKey
    case typeMismatch(expected: String, found: String)
    /// A type mismatch whose found value is the one at the error's place, described only when
    /// the error is read or resolved (so a discarded or collected error builds no string).
    case typeMismatchAtPlace(expected: String)
    case invalidValue(String)
    case outOfRange(found: String, type: String)
    case transformFailed(String)
    case unknownKey
    case invalidJSON(JSONError)
    /// User code (a model's throwing initialiser) threw an error of its own.
    case thrown(ThrownError)
    /// No case of the untagged enum `type` decodes the value: each case's name and error.
    case noMatchingCase(type: String, failures: [CaseFailure])
  }

  /// Why one case of an untagged enum did not decode a value.
  public struct CaseFailure: Sendable, Hashable {
    /// The case's name.
    public let name: String
    /// The case's first problem, with its own path.
    public let error: MappingError

    package init(name: String, error: MappingError) {
      self.name = name
      self.error = error
    }
  }

  /// An error thrown by user code, kept whole (compared by identity).
  @usableFromInline
  package final class ThrownError: Sendable, Hashable {
    let error: any Error
    let reason: String

    package init(_ error: any Error, reason: String) {
      self.error = error
      self.reason = reason
    }

    @usableFromInline package static func == (lhs: ThrownError, rhs: ThrownError) -> Bool { lhs === rhs }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  @usableFromInline package let kind: Kind
  /// Where the problem is, resolved when first read (see `ValuePlace`).
  public let place: ValuePlace
  /// Set on the copy a session recorded, so that the same problem passing up through each
  /// enclosing model and collection is recorded once (in constant time; not part of equality).
  package var isRecorded = false

  /// Equal when the place and the problem are.
  public static func == (lhs: MappingError, rhs: MappingError) -> Bool {
    lhs.place == rhs.place && lhs.describedKind == rhs.describedKind
  }

  /// Hashes the problem and its place, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(describedKind)
    hasher.combine(place)
  }

  /// Where the problem is: the path of the value, or of the missing or unknown key.
  public var path: JSONPath { place.path }
  /// The 1-based line in the source, when the problem has a place in it.
  public var line: Int? { place.line }
  /// The 1-based column in the source (Unicode scalars), when the problem has a place in it.
  public var column: Int? { place.column }

  package init(_ kind: Kind, place: ValuePlace) {
    self.kind = kind
    self.place = place
  }

  package init(_ kind: Kind, path: JSONPath, line: Int? = nil, column: Int? = nil) {
    self.init(kind, place: ValuePlace(path: path, line: line, column: column))
  }

  /// An error for a value in a parsed document. Recording it costs the same wherever the value
  /// is; its path, line and column are worked out when read.
  @usableFromInline
  package init(_ kind: Kind, at value: JSONValue) {
    self.init(kind, place: ValuePlace(value))
  }

  /// An error for a key that `object` lacks (or has but should not).
  @usableFromInline
  package init(_ kind: Kind, key: String, in object: JSONValue) {
    self.init(kind, place: ValuePlace(object, keys: [key]))
  }

  /// The same error with its place worked out (errors leaving a decoding are resolved, so
  /// they no longer hold the document).
  public func resolved() -> MappingError {
    if case .resolved = place.storage { return self }
    let (path, line, column) = place.resolved
    var resolved = MappingError(describedKind, path: path, line: line, column: column)
    resolved.isRecorded = isRecorded
    return resolved
  }

  /// An error raised by user code (a transformer or a model's own check), without a place.
  public init(invalidValue reason: String, path: JSONPath = .root) {
    self.init(.invalidValue(reason), path: path)
  }

  /// A missing key of `object` (for mappers built on the engine outside this module).
  public static func missingKey(_ key: String, in object: JSONValue) -> MappingError {
    MappingError(.missingKey, key: key, in: object)
  }

  /// A missing key path of `object`: reported at the path the model asked for
  /// (`$.address.city`), with the line and column of the deepest object present on the way.
  public static func missingKey(atKeyPath keyPath: JSONKeyPath, in object: JSONValue) -> MappingError {
    MappingError(.missingKey, place: ValuePlace(keyPath: keyPath, in: object))
  }

  /// The missing-key error for a dot-separated key path (see `missingKey(atKeyPath:in:)` with a
  /// `JSONKeyPath`).
  public static func missingKey(atKeyPath keyPath: String, in object: JSONValue) -> MappingError {
    missingKey(atKeyPath: JSONKeyPath(keyPath), in: object)
  }

  /// A value of the wrong JSON type at `value` (the value found is described when the error
  /// is read).
  public static func typeMismatch(expected: String, at value: JSONValue) -> MappingError {
    MappingError(.typeMismatchAtPlace(expected: expected), at: value)
  }

  /// The kind with a found value still to describe described from the place (the only kind
  /// that depends on the place; every copy that leaves the place behind uses this).
  package var describedKind: Kind {
    if case .noMatchingCase(let type, let failures) = kind {
      // The cases' errors resolved together: one walk over the document for all of them.
      let places = ValuePlace.resolvingAll(failures.map(\.error.place))
      return .noMatchingCase(
        type: type,
        failures: zip(failures, places).map { failure, place in
          CaseFailure(name: failure.name, error: MappingError(failure.error.describedKind, place: place))
        })
    }
    guard case .typeMismatchAtPlace(let expected) = kind else { return kind }
    guard case .pending(let document, let index, _) = place.storage else { return .typeMismatch(expected: expected, found: "a value") }
    return .typeMismatch(expected: expected, found: describeFound(document.value(atTapeIndex: index)))
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
    var moved = MappingError(describedKind, path: path, line: line, column: column)
    moved.isRecorded = isRecorded
    return moved
  }

  /// The same error at `value` instead, keeping the rest.
  package func relocated(to value: JSONValue) -> MappingError {
    MappingError(describedKind, at: value)
  }

  /// What kind of problem.
  public var code: Code {
    switch kind {
    case .missingKey: .missingKey
    case .typeMismatch, .typeMismatchAtPlace: .typeMismatch
    case .invalidValue, .thrown: .invalidValue
    case .outOfRange: .outOfRange
    case .transformFailed: .transformFailed
    case .unknownKey: .unknownKey
    case .invalidJSON: .invalidJSON
    case .noMatchingCase: .noMatchingCase
    }
  }

  /// What went wrong, without the place: lower case, no final period.
  public var message: String {
    switch describedKind {
    case .missingKey: "missing key"
    case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
    case .typeMismatchAtPlace(let expected): "expected \(expected)"
    case .invalidValue(let reason): reason
    case .outOfRange(let found, let type): "\(found) is out of range for \(type)"
    case .transformFailed(let reason): "transform failed: \(reason)"
    case .unknownKey: "unknown key"
    case .invalidJSON(let error): "invalid JSON: \(error.message)"
    case .thrown(let thrown): thrown.reason
    case .noMatchingCase(let type, let failures):
      "no case of \(type) matches (" + failures.map { "\($0.name): \($0.error)" }.joined(separator: "; ") + ")"
    }
  }

  /// For `noMatchingCase`, why each case of the untagged enum did not decode the value, in
  /// declaration order, each with its own path, line and column; empty for other errors.
  ///
  /// ```swift
  /// catch let error as MappingError where error.code == .noMatchingCase {
  ///   for failure in error.caseFailures { print(failure.name, failure.error) }
  /// }
  /// ```
  public var caseFailures: [CaseFailure] {
    guard case .noMatchingCase(_, let failures) = describedKind else { return [] }
    return failures
  }

  /// The error user code threw, when a model's throwing initialiser (`ImmutableMappable`'s
  /// `init(map:)`) failed with an error of its own: the `invalidValue` error says where, this
  /// says what.
  public var underlyingError: (any Error)? {
    if case .thrown(let thrown) = kind { return thrown.error }
    return nil
  }

  /// An `invalidValue` error at `value` for `error`, thrown by user code.
  @usableFromInline
  package static func thrown(_ error: any Error, reason: String, at value: JSONValue) -> MappingError {
    MappingError(.thrown(ThrownError(error, reason: reason)), at: value)
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
  /// The errors as recorded, their places possibly still pending.
  private let recorded: [MappingError]
  private let resolution = ResolvedOnce<[MappingError]>()

  /// Every problem, in document order, each with its path, line and column: resolved when
  /// first read, all together in one walk over each document, then kept.
  public var errors: [MappingError] {
    resolution.value {
      let places = ValuePlace.resolvingAll(recorded.map(\.place))
      return zip(recorded, places).map { MappingError($0.describedKind, place: $1) }
    }
  }

  /// How many problems there are (nothing is resolved to count them).
  public var count: Int { recorded.count }

  /// The errors, in the order given.
  public init(_ errors: [MappingError]) { recorded = errors }

  /// Equal when the errors are, in order.
  public static func == (lhs: MappingErrors, rhs: MappingErrors) -> Bool { lhs.errors == rhs.errors }
  /// Hashes the errors in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(errors) }

  /// How many errors, then each on a line of its own.
  public var description: String {
    "\(count) mapping error\(count == 1 ? "" : "s"):\n"
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

extension MappingError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// The parse error's category for `invalidJSON`, the thrown error's for one a model's code
  /// threw (when it is one of Mapwright's), else `data`.
  public var errorCategory: MapwrightErrorCategory {
    if let jsonError { return jsonError.errorCategory }
    return wrappedErrorCategory(of: underlyingError, else: .data)
  }
  /// The path, line and column (and the offset of a parse error).
  public var errorPlace: MapwrightErrorPlace {
    MapwrightErrorPlace(path: path, line: line, column: column, offset: jsonError?.offset)
  }
}

extension MappingErrors: MapwrightError {
  /// The first error's code.
  public var errorCode: String { errors.first?.errorCode ?? "noError" }
  /// The first error's category.
  public var errorCategory: MapwrightErrorCategory { errors.first?.errorCategory ?? .data }
  /// The first error's place.
  public var errorPlace: MapwrightErrorPlace { errors.first?.errorPlace ?? MapwrightErrorPlace() }
}
