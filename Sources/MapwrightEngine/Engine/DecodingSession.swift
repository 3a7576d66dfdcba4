// The state of one decoding: its document, options, the problems found and what was
// forgiven. Models, arrays and properties all decode through one session, so a problem deep
// in a payload is reported once, with its path, whichever way the model was declared.

/// Anything a caller passes to every value of one mapping (ObjectMapper's `MapContext`).
public protocol MappingContext {}

/// State shared by every value decoded from one document.
public final class DecodingSession {
  /// The parsed input.
  public let document: JSONDocument
  public let options: MappingOptions
  /// The coercion policy in force for the value being decoded (the options' policy unless a
  /// model or property overrides it).
  @exclusivity(unchecked) public var coercion: CoercionPolicy
  /// ObjectMapper's `MappingContext`, passed to every nested `Map`.
  public var context: MappingContext?
  /// Problems recorded so far (at most one under `.stopAtFirst`).
  @exclusivity(unchecked) public private(set) var errors: [MappingError] = [] {
    didSet { hasStopped = !errors.isEmpty && !collectsAllErrors }
  }
  /// What was forgiven so far.
  @exclusivity(unchecked) public private(set) var report = MappingReport()

  public init(document: JSONDocument, options: MappingOptions = MappingOptions(), context: MappingContext? = nil) {
    self.document = document
    self.options = options
    self.coercion = options.coercion
    self.context = context
  }

  /// True when decoding should go on after a problem, to find the others.
  public var collectsAllErrors: Bool { options.errorMode == .collectAll }

  /// True once a problem was recorded under `.stopAtFirst`: further work is skipped.
  @exclusivity(unchecked) public private(set) var hasStopped = false

  /// Records a problem (under `.stopAtFirst`, only the first one is kept).
  public func record(_ error: MappingError) {
    // A problem passes up through each enclosing model and collection; keep it once.
    guard !errors.contains(error) else { return }
    if errors.isEmpty || collectsAllErrors { errors.append(error) }
  }

  /// Records a problem in collect-all mode, or throws it to stop.
  /// Rewrites the errors recorded since there were `count` (for errors found in a document
  /// derived from this one, such as a migrated object).
  func relocateErrors(since count: Int, _ transform: (MappingError) -> MappingError) {
    guard errors.count > count else { return }
    errors.replaceSubrange(count..., with: errors[count...].map(transform))
  }

  /// Runs `body`, forgetting the errors it records (they are thrown to the caller): for
  /// lazy decoding, where one failed access must not stop later ones.
  func isolatingErrors<T>(_ body: () throws(MappingError) -> T) throws(MappingError) -> T {
    let count = errors.count
    defer { if errors.count > count { errors.removeSubrange(count...) } }
    return try body()
  }

  public func recordOrThrow(_ error: MappingError) throws(MappingError) {
    guard collectsAllErrors else { throw error }
    record(error)
  }

  /// Notes something forgiven.
  public func note(_ kind: MappingReport.Entry.Kind, at path: JSONPath) {
    report.entries.append(MappingReport.Entry(kind: kind, path: path))
  }

  /// Notes a lenient coercion of `value`.
  @usableFromInline
  func noteCoercion(of value: JSONValue, to target: String) {
    note(.coerced(from: describeFound(value), to: target), at: value.path)
  }

  /// The error for a raw value that names no case of `type`.
  public func invalidRawValue<T>(of type: T.Type, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue("\(describeFound(value)) is not a valid \(T.self)"), at: value)
  }

  /// Notes that a raw value named no case and the enum's fallback case took it.
  public func noteFallback(at value: JSONValue) {
    note(.fallbackUsed(from: describeFound(value)), at: value.path)
  }

  /// Throws what was recorded: the first error, or all of them under `.collectAll`.
  public func throwIfFailed() throws {
    guard !errors.isEmpty else { return }
    if collectsAllErrors { throw MappingErrors(errors) }
    throw errors[0]
  }

  /// Runs `body` with another coercion policy in force.
  public func with<R, E: Error>(coercion policy: CoercionPolicy?, _ body: () throws(E) -> R) throws(E) -> R {
    guard let policy, policy != coercion else { return try body() }
    let saved = coercion
    coercion = policy
    defer { coercion = saved }
    return try body()
  }
}

/// State shared by every value encoded in one call.
public final class EncodingSession {
  /// ObjectMapper's `shouldIncludeNilValues`: write `null` for nil optionals instead of
  /// leaving the key out.
  public var includesNilValues: Bool
  public var context: MappingContext?
  /// Whether versioned models write their version (`JSONVersioning`) into their objects.
  public var recordsVersions: Bool
  public private(set) var errors: [MappingError] = []

  public init(includesNilValues: Bool = false, recordsVersions: Bool = false, context: MappingContext? = nil) {
    self.includesNilValues = includesNilValues
    self.recordsVersions = recordsVersions
    self.context = context
  }

  public func record(_ error: MappingError) { errors.append(error) }

  public func throwIfFailed() throws {
    guard !errors.isEmpty else { return }
    if errors.count == 1 { throw errors[0] }
    throw MappingErrors(errors)
  }
}
