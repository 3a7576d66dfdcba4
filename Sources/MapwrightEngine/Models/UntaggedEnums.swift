// Runtime support for untagged `@JSONModel` enums (`@JSONModel(tagging: .untagged)`, serde's
// `untagged`): no key names the case, its shape alone tells them apart.
//
//   case circle(radius: Double)   {"radius": 1}     associated values by their labels
//   case text(String)             "a string"        one unlabeled value: that value itself
//   case none                     null              a case without values
//
// Decoding tries the cases in declaration order, and the first that decodes the value wins.
// Each try runs under `DecodingSession.attempt`, so a case that fails leaves nothing behind
// (no recorded error, no report entry). Under a lenient coercion policy the cases are first
// tried strictly, so a value that fits a later case as it is (`"7"` for `text(String)`) is
// not taken by an earlier case through a coercion (`count(Int)`); only when no case fits
// strictly are they tried again under the policy, and what that forgives is reported. When no
// case decodes the value, the error (`noMatchingCase`) lists each case's own error, with its
// path, from the last round.

/// How an enum with associated values names its case in JSON, for `@JSONModel(tagging:)`
/// (`tag:` and `content:` spell the internally and adjacently tagged forms).
public enum EnumTagging: Sendable, Hashable {
  /// The case's name is the key of an object holding its values (`{"circle": {"radius": 1}}`),
  /// or the bare name for a case without values: what `@JSONModel` does without arguments.
  case external
  /// Nothing names the case: its shape tells it apart, the first case that decodes winning.
  case untagged
}

extension _MapwrightRuntime {
  /// The state of decoding one untagged enum value: the rounds and each case's failure.
  public struct UntaggedDecoding<Enum> {
    let session: DecodingSession
    let value: JSONValue
    /// The coercion policy of the current round (`.strict` first).
    var coercion: CoercionPolicy
    var failures: [MappingError.CaseFailure] = []

    /// Starts decoding `value` as one of the cases of `Enum`.
    public init(_ type: Enum.Type, at value: JSONValue, in session: DecodingSession) {
      self.session = session
      self.value = value
      coercion = .strict
    }

    /// Tries one case: its value when `decode` decodes it whole; nil, with the failure kept,
    /// when it does not.
    public mutating func attempt(_ name: String, _ decode: () throws(MappingError) -> Enum) -> Enum? {
      let session = self.session
      let result = session.attempt { () throws(MappingError) -> Enum in
        try session.with(coercion: coercion) { () throws(MappingError) -> Enum in
          try session.throwingRecordedErrors(decode)
        }
      }
      switch result {
      case .success(let decoded): return decoded
      case .failure(let error):
        failures.append(MappingError.CaseFailure(name: name, error: error))
        return nil
      }
    }

    /// Moves to the round under the session's own policy, when it is not strict; false when
    /// every round has been tried.
    public mutating func nextRound() -> Bool {
      guard coercion == .strict, session.coercion != .strict else { return false }
      coercion = session.coercion
      failures = []
      return true
    }

    /// The error when no case decodes the value: each case's failure in the last round.
    public func noMatchingCase() -> MappingError {
      MappingError(.noMatchingCase(type: "\(Enum.self)", failures: failures), at: value)
    }
  }
}

extension DecodingSession {
  /// `unit`, the case without associated values of an untagged enum, when `value` is `null`.
  public func untaggedUnit<Enum>(_ unit: Enum, at value: JSONValue) throws(MappingError) -> Enum {
    guard value.kind == .null else { throw MappingError.typeMismatch(expected: "null", at: value) }
    return unit
  }
}
