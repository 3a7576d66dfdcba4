// The state of one decoding: its document, options, the problems found and what was
// forgiven. Models, arrays and properties all decode through one session, so a problem deep
// in a payload is reported once, with its path, whichever way the model was declared.

/// Anything a caller passes to every value of one mapping (ObjectMapper's `MapContext`).
public protocol MappingContext {}

/// State shared by every value decoded from one document.
public final class DecodingSession {
  /// The parsed input.
  public let document: JSONDocument
  /// The options the document is decoded with.
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
  /// What was forgiven so far, places not yet resolved.
  @exclusivity(unchecked) private var pendingReport = MappingReport()

  /// What was forgiven so far. Recording an entry costs the same wherever it is; each entry's
  /// path, line and column are worked out when the entries are first read, all in one walk
  /// over the document, however many there are.
  public var report: MappingReport { pendingReport.sealed() }

  /// How many things were forgiven so far.
  public var reportCount: Int { pendingReport.count }

  /// A session over `document`, with `options` and ObjectMapper's `context`.
  public init(document: JSONDocument, options: MappingOptions = MappingOptions(), context: MappingContext? = nil) {
    self.document = document
    self.options = options
    self.coercion = options.coercion
    self.context = context
  }

  /// Set by ObjectMapper's optional-returning and throwing `Mapper` forms: a problem of a `<-`
  /// mapping is not recorded (the property keeps its value, as in ObjectMapper), so a problem
  /// nobody will read costs nothing and never stops the decoding.
  @usableFromInline package var discardsPropertyProblems = false

  /// True when decoding should go on after a problem, to find the others.
  public var collectsAllErrors: Bool { options.errorMode == .collectAll }

  /// True once a problem was recorded under `.stopAtFirst`: further work is skipped.
  @exclusivity(unchecked) public private(set) var hasStopped = false

  /// Records a problem (under `.stopAtFirst`, only the first one is kept).
  /// Returns the error marked as recorded: a caller that throws it on throws that copy, so an
  /// enclosing model or collection that records it again does nothing.
  @discardableResult
  public func record(_ error: MappingError) -> MappingError {
    // A problem passes up through each enclosing model and collection; keep it once.
    guard !error.isRecorded else { return error }
    var recorded = error
    recorded.isRecorded = true
    if errors.isEmpty || collectsAllErrors { errors.append(recorded) }
    return recorded
  }

  /// Records a problem in collect-all mode, or throws it to stop.
  /// Rewrites the errors recorded since there were `count` (for errors found in a document
  /// derived from this one, such as a migrated object).
  func relocateErrors(since count: Int, _ transform: (MappingError) -> MappingError) {
    guard errors.count > count else { return }
    errors.replaceSubrange(
      count...,
      with: errors[count...].map {
        var moved = transform($0)
        moved.isRecorded = true
        return moved
      })
  }

  /// Runs `body`, forgetting the errors it records (they are thrown to the caller): for
  /// lazy decoding, where one failed access must not stop later ones.
  func isolatingErrors<T>(_ body: () throws(MappingError) -> T) throws(MappingError) -> T {
    let count = errors.count
    defer { forgetErrors(since: count) }
    return try body()
  }

  /// Runs `body` for one element that may be left out: when it fails, the errors it recorded
  /// and what it reported are taken back (the element is skipped, not half-decoded), and its
  /// error is returned for the skip to be reported.
  public func attempt<T>(_ body: () throws(MappingError) -> T) -> Result<T, MappingError> {
    let errorCount = errors.count
    let reportCount = pendingReport.count
    do {
      return .success(try body())
    } catch {
      forgetErrors(since: errorCount)
      pendingReport.forget(after: reportCount)
      return .failure(error)
    }
  }

  /// Runs `body` for a value that must decode whole or throw (ObjectMapper's `map.value(_:)`):
  /// the first error it records under `.collectAll` (a skipped element, say) is taken back
  /// and thrown, so an enclosing collection records it once.
  public func throwingRecordedErrors<T>(_ body: () throws(MappingError) -> T) throws(MappingError) -> T {
    let errorCount = errors.count
    let value = try body()
    guard errors.count > errorCount else { return value }
    var first = errors[errorCount]
    first.isRecorded = false
    forgetErrors(since: errorCount)
    throw first
  }

  private func forgetErrors(since count: Int) {
    guard errors.count > count else { return }
    errors.removeSubrange(count...)
  }

  /// Throws `error` under `.stopAtFirst`; records it and returns under `.collectAll`.
  public func recordOrThrow(_ error: MappingError) throws(MappingError) {
    guard collectsAllErrors else { throw error }
    record(error)
  }

  /// Notes something forgiven at a known path.
  public func note(_ kind: MappingReport.Entry.Kind, at path: JSONPath) {
    pendingReport.record(kind, at: path)
  }

  /// Notes something forgiven at `place` (resolved when the report is read).
  public func note(_ kind: MappingReport.Entry.Kind, at place: ValuePlace) {
    pendingReport.record(kind, at: place)
  }

  /// Notes something forgiven about `value`, or about the member keys `keys` below it.
  public func note(_ kind: MappingReport.Entry.Kind, at value: JSONValue, keys: [String] = []) {
    pendingReport.record(kind, at: ValuePlace(value, keys: keys))
  }

  /// Notes a lenient coercion of `value` to `target`.
  @usableFromInline
  func noteCoercion(of value: JSONValue, to target: CoercionTarget) {
    pendingReport.record(.coercion(at: value, to: target))
  }

  /// The error for a raw value that names no case of `type`.
  public func invalidRawValue<T>(of type: T.Type, at value: JSONValue) -> MappingError {
    MappingError(.invalidValue("\(describeFound(value)) is not a valid \(T.self)"), at: value)
  }

  /// Notes that a raw value named no case and the enum's fallback case took it.
  public func noteFallback(at value: JSONValue) {
    note(.fallbackUsed(from: describeFound(value)), at: value)
  }

  /// Throws what was recorded: the first error, or all of them under `.collectAll`.
  public func throwIfFailed() throws {
    guard !errors.isEmpty else { return }
    if collectsAllErrors { throw MappingErrors(errors) }
    throw errors[0].resolved()
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
  public let includesNilValues: Bool
  /// ObjectMapper's `MappingContext`, passed to every nested `Map`.
  public var context: MappingContext?
  /// Whether versioned models write their version (`JSONVersioning`) into their objects.
  public let recordsVersions: Bool
  /// Where `@Transform(named:)` looks its transformers up.
  public var transformers: TransformerRegistry
  /// Problems recorded so far.
  public private(set) var errors: [MappingError] = []

  /// A session for one encoding call.
  public init(
    includesNilValues: Bool = false, recordsVersions: Bool = false, context: MappingContext? = nil,
    transformers: TransformerRegistry = .shared
  ) {
    self.includesNilValues = includesNilValues
    self.recordsVersions = recordsVersions
    self.context = context
    self.transformers = transformers
  }

  /// Records a problem (the encoding goes on).
  public func record(_ error: MappingError) { errors.append(error) }

  /// Throws what was recorded: the one error, or all of them as `MappingErrors`.
  public func throwIfFailed() throws {
    guard !errors.isEmpty else { return }
    if errors.count == 1 { throw errors[0] }
    throw MappingErrors(errors)
  }
}
