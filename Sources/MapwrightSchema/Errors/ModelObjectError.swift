// What a dynamic object refuses: an unknown attribute or relationship, a value of the wrong
// type, a to-one given many.

import MapwrightJSON

/// A problem with a dynamic object's property: a name the entity lacks, or a value of the
/// wrong type.
public struct ModelObjectError: Error, Sendable, CustomStringConvertible {
  /// What kind of problem.
  public enum Code: Sendable, Hashable {
    case unknownAttribute
    case unknownRelationship
    /// A value the attribute's type cannot hold, or an object of the wrong entity.
    case typeMismatch
    /// A to-many relationship used as a to-one, or the other way round.
    case wrongCardinality
  }

  /// What kind of problem.
  public let code: Code
  /// The entity of the object.
  public let entity: String
  /// The attribute or relationship concerned.
  public let property: String
  /// What is wrong.
  public let message: String

  /// `Entity.property: message`.
  public var description: String { "\(entity).\(property): \(message)" }
}

extension ModelObjectError: MapwrightError {
  /// The code's name (`unknownAttribute`, `typeMismatch`…).
  public var errorCode: String { "\(code)" }
  /// `data`.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// An object's property, not a place in JSON (`entity` and `property` name it).
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
