// What an absent key and a null mean for one field, in one place. Every path decides through
// these functions: the `@JSONModel` readers (their generated code calls them through
// `_MapwrightRuntime.Reader`), ObjectMapper's `Map`, and, through `EntityRules`, `ModelObject` and the
// import. The rules:
// - a key absent: a field with a default keeps it, and the report says so (`defaultUsed`, at
//   the key path the model asked for); otherwise an optional field is nil and a non-optional
//   one is a missing key (at that key path, with the line and column of the deepest object
//   present on the way);
// - `null`: nil for an optional field; a type mismatch for a non-optional one, default or not
//   (ObjectMapper's `Map` under lenient coercion forgives it as a kept default, as
//   ObjectMapper leaves the property unchanged: the parity table lists that exception).

/// The missing-key and null rules every mapping path shares (see the header).
@usableFromInline
package enum FieldRules {
  /// The error for a field absent at `keyPath` of `object`.
  @usableFromInline
  package static func missingKey(at keyPath: JSONKeyPath, in object: JSONValue) -> MappingError {
    .missingKey(atKeyPath: keyPath, in: object)
  }

  /// Notes that the field at `keyPath` of `object` kept its default.
  @usableFromInline
  package static func noteDefault(at keyPath: JSONKeyPath, in object: JSONValue, session: DecodingSession) {
    session.note(.defaultUsed, at: ValuePlace(keyPath: keyPath, in: object))
  }

  /// An absent field: its default noted when it has one; nil when optional; otherwise a
  /// missing key.
  package static func absent(
    optional: Bool, hasDefault: Bool, at keyPath: JSONKeyPath, in object: JSONValue, session: DecodingSession
  ) throws(MappingError) {
    if hasDefault {
      noteDefault(at: keyPath, in: object, session: session)
    } else if !optional {
      throw missingKey(at: keyPath, in: object)
    }
  }

  /// A null field: allowed when optional, else a type mismatch naming `expected`.
  package static func null(optional: Bool, expected: String, at value: JSONValue) throws(MappingError) {
    guard optional else { throw MappingError.typeMismatch(expected: expected, at: value) }
  }
}
