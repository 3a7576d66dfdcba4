// The parts of a model: entities, their attributes and relationships, as Xcode's model
// editor defines them. Immutable once loaded.

import MapwrightEngine

/// The type of an attribute, as Xcode names it in the model file.
public enum AttributeType: String, Sendable, CaseIterable {
  case integer16 = "Integer 16"
  case integer32 = "Integer 32"
  case integer64 = "Integer 64"
  case decimal = "Decimal"
  case double = "Double"
  case float = "Float"
  case string = "String"
  case boolean = "Boolean"
  case date = "Date"
  case binaryData = "Binary"
  case uuid = "UUID"
  case uri = "URI"
  case transformable = "Transformable"

  /// Integer 16, 32 or 64.
  public var isIntegerType: Bool { self == .integer16 || self == .integer32 || self == .integer64 }
}

/// One attribute of an entity.
public struct AttributeDescription: Sendable {
  /// The attribute's name.
  public let name: String
  /// The attribute's type.
  public let type: AttributeType
  /// Whether the attribute may be absent or null.
  public let isOptional: Bool
  /// The default value as the model file writes it (`defaultValueString`).
  public let defaultValueString: String?
  /// For a transformable attribute, the Swift type Xcode records (`customClassName`).
  public let customClassName: String?
  /// For a transformable attribute, Core Data's `valueTransformerName`.
  public let valueTransformerName: String?
  /// The attribute's user info (`jsonKeyPath`, `JSONValueTransformer`, …).
  public let userInfo: [String: String]
  /// Where the attribute's named transformer is looked up: its model's registry
  /// (`ObjectModel.transformers`; `.shared` unless the model was given or made its own).
  public let transformers: TransformerRegistry

  package init(
    name: String, type: AttributeType, isOptional: Bool, defaultValueString: String?, customClassName: String?,
    valueTransformerName: String?, userInfo: [String: String], transformers: TransformerRegistry
  ) {
    self.name = name
    self.type = type
    self.isOptional = isOptional
    self.defaultValueString = defaultValueString
    self.customClassName = customClassName
    self.valueTransformerName = valueTransformerName
    self.userInfo = userInfo
    self.transformers = transformers
  }

  /// The JSON key path: `jsonKeyPath` from the user info, or the attribute's name.
  public var jsonKeyPath: String { userInfo["jsonKeyPath"] ?? name }
  /// The name of a transformer in `transformers`: `JSONValueTransformer` from the user
  /// info, or a transformable attribute's `valueTransformerName` when one is registered under
  /// that name (Core Data's own, such as `NSSecureUnarchiveFromData`, are for storage, not JSON).
  public var transformerName: String? {
    if let name = userInfo["JSONValueTransformer"] { return name }
    if let name = valueTransformerName, transformers[name] != nil { return name }
    return nil
  }
}

/// One relationship of an entity.
public struct RelationshipDescription: Sendable {
  /// The relationship's name.
  public let name: String
  /// The entity the relationship points at.
  public let destinationEntityName: String
  /// The relationship on the destination that points back, if any.
  public let inverseName: String?
  /// Whether the relationship holds many objects.
  public let isToMany: Bool
  /// Whether a to-many relationship keeps its order.
  public let isOrdered: Bool
  /// Whether the relationship may be empty.
  public let isOptional: Bool
  /// The fewest objects a to-many relationship holds, if the model says.
  public let minCount: Int?
  /// The most objects a to-many relationship holds, if the model says.
  public let maxCount: Int?
  /// Core Data's `deletionRule` (`Nullify`, `Cascade`, `Deny`, `No Action`).
  public let deletionRule: String?
  /// The relationship's user info (`jsonKeyPath`, …).
  public let userInfo: [String: String]

  /// The JSON key path: `jsonKeyPath` from the user info, or the relationship's name.
  public var jsonKeyPath: String { userInfo["jsonKeyPath"] ?? name }
}

/// An entity: its own and inherited attributes and relationships.
public final class EntityDescription: @unchecked Sendable {
  /// The entity's name.
  public let name: String
  /// Whether the entity has no instances of its own (only of sub-entities).
  public let isAbstract: Bool
  /// The class Xcode records for the entity, if any.
  public let representedClassName: String?
  /// The entity's user info (`primaryKey`, `jsonUnknownKeys`, …).
  public let userInfo: [String: String]
  /// The parent entity's name, if any.
  public let parentName: String?
  /// Attributes and relationships declared on this entity itself.
  public let ownAttributes: [AttributeDescription]
  /// Relationships declared on this entity itself.
  public let ownRelationships: [RelationshipDescription]
  /// Every attribute and relationship, the parent's first (set once the model is linked).
  public internal(set) var attributes: [AttributeDescription] = []
  /// Every relationship, the parent's first (set once the model is linked).
  public internal(set) var relationships: [RelationshipDescription] = []
  /// The model the entity belongs to. The model owns its entities and an entity refers back
  /// weakly, so no cycle keeps a model alive: keep the `ObjectModel` (or a store, an
  /// `ImportSource` or a `ModelObject` of it, which hold it) while its entities are used.
  public internal(set) weak var model: ObjectModel?
  /// The parent entity (set when the model is linked).
  public internal(set) var parent: EntityDescription?

  init(
    name: String, isAbstract: Bool, representedClassName: String?, userInfo: [String: String], parentName: String?,
    ownAttributes: [AttributeDescription], ownRelationships: [RelationshipDescription]
  ) {
    self.name = name
    self.isAbstract = isAbstract
    self.representedClassName = representedClassName
    self.userInfo = userInfo
    self.parentName = parentName
    self.ownAttributes = ownAttributes
    self.ownRelationships = ownRelationships
  }

  /// The attribute that identifies an object (`primaryKey` in the user info, here or in a
  /// parent), used by the store to update instead of duplicating.
  public var primaryKey: String? { userInfo["primaryKey"] ?? parent?.primaryKey }

  /// The attribute named `name` (its own or inherited), or nil.
  public func attribute(named name: String) -> AttributeDescription? { attributes.first { $0.name == name } }

  /// The relationship named `name` (its own or inherited), or nil.
  public func relationship(named name: String) -> RelationshipDescription? { relationships.first { $0.name == name } }

  /// The destination entity of a relationship.
  public func destination(of relationship: RelationshipDescription) -> EntityDescription {
    guard let destination = model?.entity(named: relationship.destinationEntityName) else {
      preconditionFailure(
        "the ObjectModel of entity \(name) was released: keep the model (or a store or object of it) while its entities are used")
    }
    return destination
  }

  /// Whether this entity is `other` or inherits from it.
  public func isKind(of other: EntityDescription) -> Bool {
    var current: EntityDescription? = self
    while let entity = current {
      if entity === other { return true }
      current = entity.parent
    }
    return false
  }
}
