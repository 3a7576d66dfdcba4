// Dynamic objects: an instance of an entity, holding its attribute values and related
// objects by name (Modelmatic's ModelObject). Relationships keep their inverses consistent:
// setting or adding a child sets its back-reference, and taking it out of its old parent.
// References set from one side are strong; the back-references kept for inverses are weak —
// a child's reference to its parent, the other side of a one-to-one, and the other side of
// a many-to-many — so that any graph frees itself when nothing outside holds it (a parent
// holds its children strongly: the to-many side of a one-to-many owns).

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An instance of an entity of an `ObjectModel`.
///
/// ```swift
/// let author = try ModelObject(entity: model.entity(named: "Author")!, json: data, options: .lenient)
/// author["firstName"]                       // "Mark" (Any?)
/// author.int64("authorId")                  // 101
/// author.objects("books").first?.object("author") === author   // true
/// ```
public final class ModelObject {
  /// The entity the object is an instance of.
  public let entity: EntityDescription
  /// The entity's model, held so that an object keeps what it is described by alive.
  private let model: ObjectModel?
  package var values: [String: Any] = [:]
  var toOne: [String: Reference] = [:]
  var toMany: [String: [Reference]] = [:]

  /// A reference to a related object; weak for a back-reference (see the header).
  struct Reference {
    weak var weakObject: ModelObject?
    var strongObject: ModelObject?
    var object: ModelObject? { strongObject ?? weakObject }
  }

  /// An empty object, with the attributes' default values.
  public init(entity: EntityDescription) {
    self.entity = entity
    self.model = entity.model
    for attribute in entity.attributes {
      if let text = attribute.defaultValueString, let value = AttributeValues.value(fromDefault: text, type: attribute.type) {
        values[attribute.name] = value
      }
    }
  }

  // MARK: Reading

  /// An attribute's value, a to-one relationship's object, or a to-many's objects.
  public subscript(name: String) -> Any? {
    if let relationship = entity.relationship(named: name) {
      return relationship.isToMany ? objects(name) : object(name)
    }
    return values[name]
  }

  /// The attribute's value as a `String`, or nil (unset, or of another type).
  public func string(_ name: String) -> String? { values[name] as? String }
  /// The attribute's value as an `Int64` (integer attributes), or nil.
  public func int64(_ name: String) -> Int64? { values[name] as? Int64 }
  /// The attribute's value as an `Int` when it fits, or nil.
  public func int(_ name: String) -> Int? { int64(name).flatMap { Int(exactly: $0) } }
  /// The attribute's value as a `Double` (a `Float` widened), or nil.
  public func double(_ name: String) -> Double? { (values[name] as? Double) ?? (values[name] as? Float).map(Double.init) }
  /// The attribute's value as a `Float`, or nil.
  public func float(_ name: String) -> Float? { values[name] as? Float }
  /// The attribute's value as a `Decimal`, or nil.
  public func decimal(_ name: String) -> Decimal? { values[name] as? Decimal }
  /// The attribute's value as a `Bool`, or nil.
  public func bool(_ name: String) -> Bool? { values[name] as? Bool }
  /// The attribute's value as a `Date`, or nil.
  public func date(_ name: String) -> Date? { values[name] as? Date }
  /// The attribute's value as `Data` (binary attributes), or nil.
  public func data(_ name: String) -> Data? { values[name] as? Data }
  /// The attribute's value as a `UUID`, or nil.
  public func uuid(_ name: String) -> UUID? { values[name] as? UUID }
  /// The attribute's value as a `URL`, or nil.
  public func url(_ name: String) -> URL? { values[name] as? URL }

  /// The object of a to-one relationship.
  public func object(_ relationship: String) -> ModelObject? { toOne[relationship]?.object }

  /// The objects of a to-many relationship (in order for an ordered one).
  public func objects(_ relationship: String) -> [ModelObject] { toMany[relationship]?.compactMap(\.object) ?? [] }

  // MARK: Writing

  /// Sets an attribute; the value must be of the attribute's type (`Int64` for the integer
  /// types, `Double`, `Float`, `Decimal`, `String`, `Bool`, `Date`, `Data`, `UUID`, `URL`;
  /// anything for a transformable one), or nil.
  public func setValue(_ value: Any?, for name: String) throws(ModelObjectError) {
    guard let attribute = entity.attribute(named: name) else {
      let code: ModelObjectError.Code = entity.relationship(named: name) == nil ? .unknownAttribute : .typeMismatch
      throw ModelObjectError(code: code, entity: entity.name, property: name, message: "no attribute of that name")
    }
    guard let value else {
      values[name] = nil
      return
    }
    guard AttributeValues.accepts(value, type: attribute.type) else {
      throw ModelObjectError(
        code: .typeMismatch, entity: entity.name, property: name, message: "a \(type(of: value)) is not a \(attribute.type.rawValue)")
    }
    values[name] = value
  }

  /// Sets a to-one relationship (Modelmatic's `set(modelObject:forKey:)`), keeping inverses:
  /// the old object loses its back-reference, the new one gets it.
  public func set(_ object: ModelObject?, for name: String) throws(ModelObjectError) {
    let relationship = try self.relationship(name, toMany: false)
    if let object { try check(object, for: relationship) }
    let old = self.object(name)
    if old === object { return }
    assignToOne(relationship, object)
    if let inverse = relationship.inverseName {
      if let old { old.unlink(inverse, from: self) }
      if let object { object.link(inverse, to: self) }
    }
  }

  /// Adds an object to a to-many relationship (Modelmatic's `add(modelObject:forKey:)`),
  /// setting its inverse (and taking it out of its previous parent).
  public func add(_ object: ModelObject, to name: String) throws(ModelObjectError) {
    let relationship = try self.relationship(name, toMany: true)
    try check(object, for: relationship)
    guard !objects(name).contains(where: { $0 === object }) else { return }
    toMany[name, default: []].append(Reference(strongObject: object))
    if let inverse = relationship.inverseName { object.link(inverse, to: self) }
  }

  /// Removes an object from a to-many relationship, clearing its inverse.
  public func remove(_ object: ModelObject, from name: String) throws(ModelObjectError) {
    let relationship = try self.relationship(name, toMany: true)
    toMany[name]?.removeAll { $0.object === object }
    if let inverse = relationship.inverseName { object.unlink(inverse, from: self) }
  }

  // MARK: Inverse bookkeeping

  func relationship(_ name: String, toMany: Bool) throws(ModelObjectError) -> RelationshipDescription {
    guard let relationship = entity.relationship(named: name) else {
      throw ModelObjectError(code: .unknownRelationship, entity: entity.name, property: name, message: "no relationship of that name")
    }
    guard relationship.isToMany == toMany else {
      throw ModelObjectError(
        code: .wrongCardinality, entity: entity.name, property: name,
        message: toMany ? "a to-one relationship: use set(_:for:)" : "a to-many relationship: use add(_:to:)")
    }
    return relationship
  }

  func check(_ object: ModelObject, for relationship: RelationshipDescription) throws(ModelObjectError) {
    let destination = entity.destination(of: relationship)
    guard object.entity.isKind(of: destination) else {
      throw ModelObjectError(
        code: .typeMismatch, entity: entity.name, property: relationship.name,
        message: "a \(object.entity.name) is not a \(destination.name)")
    }
  }

  /// Sets a to-one relationship to an object loaded for this one alone (by a store's fetch):
  /// held strongly, and the other side is not changed.
  package func attachLoaded(_ object: ModelObject, for relationship: String) {
    toOne[relationship] = Reference(strongObject: object)
  }

  /// A child's reference to its parent is weak (its inverse is to-many); others are strong.
  func assignToOne(_ relationship: RelationshipDescription, _ object: ModelObject?) {
    let inverseIsToMany = relationship.inverseName.flatMap { entity.destination(of: relationship).relationship(named: $0) }?.isToMany ?? false
    toOne[relationship.name] = inverseIsToMany ? Reference(weakObject: object) : Reference(strongObject: object)
  }

  /// The other side of `relationship` now points to `owner`.
  func link(_ relationshipName: String, to owner: ModelObject) {
    guard let relationship = entity.relationship(named: relationshipName) else { return }
    if relationship.isToMany {
      guard !objects(relationshipName).contains(where: { $0 === owner }) else { return }
      // A parent holds the child that named it (the owner's side is to-one); the other side
      // of a many-to-many is a back-reference, weak.
      let ownerSideIsToMany = relationship.inverseName.flatMap { entity.destination(of: relationship).relationship(named: $0) }?.isToMany ?? false
      toMany[relationshipName, default: []].append(ownerSideIsToMany ? Reference(weakObject: owner) : Reference(strongObject: owner))
    } else {
      let previous = object(relationshipName)
      if previous === owner { return }
      toOne[relationship.name] = Reference(weakObject: owner)  // a back-reference: weak
      // A child moved to a new parent leaves the old one.
      if let previous, let inverse = relationship.inverseName { previous.unlinkOneSide(inverse, self) }
    }
  }

  func unlink(_ relationshipName: String, from owner: ModelObject) {
    guard let relationship = entity.relationship(named: relationshipName) else { return }
    if relationship.isToMany {
      toMany[relationshipName]?.removeAll { $0.object === owner }
    } else if object(relationshipName) === owner {
      toOne[relationshipName] = nil
    }
  }

  private func unlinkOneSide(_ relationshipName: String, _ object: ModelObject) {
    guard let relationship = entity.relationship(named: relationshipName) else { return }
    if relationship.isToMany {
      toMany[relationshipName]?.removeAll { $0.object === object }
    } else if self.object(relationshipName) === object {
      toOne[relationshipName] = nil
    }
  }
}
