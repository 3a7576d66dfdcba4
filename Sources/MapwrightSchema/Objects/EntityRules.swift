// The object rules for entities, in one place: what a missing key, a null, a default, an
// unknown key and a relationship's count mean. `ModelObject` and the import (MapwrightGraph)
// both decide through these functions; absent keys and nulls go on to the engine's
// `FieldRules`, which the macro readers and `Map` call too (the parity table in the tests
// holds all of them to one answer):
// - a key absent: the attribute's default is kept and reported, if it has one; otherwise an
//   optional attribute stays nil and a non-optional one is a missing key (at the key path the
//   model asked for);
// - `null`: nil for an optional attribute; a type mismatch ("expected integer 64, found
//   null") for a non-optional one, default or not;
// - a key the entity does not map: ignored, rejected (`unknownKey`) or reported, per
//   `MappingOptions.unknownKeys` (`.preserve` has nothing to keep a dynamic object's keys
//   in, and ignores them);
// - a to-many relationship's count must be within its minimum and maximum.

import MapwrightEngine

package enum EntityRules {
  /// What an object holds for an attribute or relationship.
  package enum Input {
    case value(JSONValue)
    case null(JSONValue)
    case absent
  }

  /// The value at `keyPath` of `object`, told apart as present, null or absent.
  package static func input(at keyPath: JSONKeyPath, in object: JSONValue) -> Input {
    guard let value = object.value(at: keyPath) else { return .absent }
    return value.isNull ? .null(value) : .value(value)
  }

  /// An absent attribute: its default is reported when it has one (`hasDefault`); otherwise a
  /// non-optional attribute is a missing key.
  package static func absent(
    _ attribute: AttributeDescription, at keyPath: JSONKeyPath, in object: JSONValue, hasDefault: Bool, session: DecodingSession
  ) throws(MappingError) {
    try FieldRules.absent(optional: attribute.isOptional, hasDefault: hasDefault, at: keyPath, in: object, session: session)
  }

  /// A null attribute: allowed when optional.
  package static func null(_ attribute: AttributeDescription, _ value: JSONValue) throws(MappingError) {
    try FieldRules.null(optional: attribute.isOptional, expected: attribute.type.rawValue.lowercased(), at: value)
  }

  /// A to-one relationship absent or null: a missing key unless optional.
  package static func absent(_ relationship: RelationshipDescription, at keyPath: JSONKeyPath, in object: JSONValue) throws(MappingError) {
    if !relationship.isOptional && !relationship.isToMany {
      throw FieldRules.missingKey(at: keyPath, in: object)
    }
  }

  /// A to-many relationship's count against its minimum and maximum.
  package static func checkCount(_ relationship: RelationshipDescription, _ count: Int, at value: JSONValue) throws(MappingError) {
    if let min = relationship.minCount, count < min {
      throw MappingError.invalidValue("\(relationship.name) needs at least \(min) objects, found \(count)", at: value)
    }
    if let max = relationship.maxCount, max > 0, count > max {
      throw MappingError.invalidValue("\(relationship.name) takes at most \(max) objects, found \(count)", at: value)
    }
  }

  /// The object's keys that are not `known` (an entity's `mappedTopLevelKeys`), judged by the session's unknown-key policy:
  /// each rejected key is passed to `fail`, each reported one noted.
  package static func checkUnknownKeys(
    of object: JSONValue, known: @autoclosure () -> Set<String>, session: DecodingSession,
    fail: (MappingError) throws(MappingError) -> Void
  ) throws(MappingError) {
    let policy = session.options.unknownKeys
    guard policy == .reject || policy == .report else { return }
    let known = known()
    for member in object.members where !known.contains(member.key) {
      if policy == .reject {
        try fail(MappingError.unknownKey(member.key, in: object))
      } else {
        session.note(.unknownKey, at: object, keys: [member.key])
      }
    }
  }
}

extension EntityDescription {
  /// The first component of every attribute's and relationship's key path: the keys of an
  /// object that this entity maps.
  package var mappedTopLevelKeys: Set<String> {
    Set(
      attributes.map { JSONKeyPath($0.jsonKeyPath).components[0].key }
        + relationships.map { JSONKeyPath($0.jsonKeyPath).components[0].key })
  }
}
