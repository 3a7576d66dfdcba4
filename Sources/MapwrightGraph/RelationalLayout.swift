// How a model maps to tables, for any relational store:
//
// - one table per entity, named after it, with `_id INTEGER PRIMARY KEY` and one column per
//   attribute (inherited ones included; a sub-entity has a table of its own);
// - the row id of an entity whose primary key is an integer (without a transformer) is the
//   key itself, so the `_id` index is the key's index and the table has no other for it; any
//   other key has a unique index, and rows get ids given out in order (so did every table of
//   a store made before row ids followed keys: such a store keeps its ids);
// - a to-one relationship is a column holding the destination's `_id`, except in a
//   one-to-one pair, where only one side holds it: the side that does not own the pair (the
//   owner is the cascading side, else the side declared first), so the other side is found
//   by query;
// - a to-many whose inverse is a to-one is found through that column; any other to-many
//   (many-to-many, or no inverse) has a join table `Entity_relationship(owner, target,
//   position)`, one per pair, with an index on `target` when the pair has an inverse (read
//   from that side too).

import MapwrightSchema

/// Where each entity and relationship is stored.
public struct RelationalLayout: Sendable {
  /// An entity's table: its columns and how its rows are found by key.
  public struct Table: Sendable {
    /// The entity whose objects the table holds.
    public let entity: String
    /// The table's name (the entity's).
    public let name: String
    /// The attribute columns, in the entity's order.
    public let attributes: [AttributeDescription]
    /// To-one relationships stored as a column of this table.
    public let foreignKeys: [RelationshipDescription]
    /// The primary key attribute, if any.
    public let primaryKey: String?
    /// The row id (`_id`) is the primary key's value: an integer key without a transformer,
    /// in a store that records `row_ids = keys`. Look-ups and fetches by key read `_id`.
    public let keyIsRowID: Bool

    /// The column that finds a row by its primary key: `_id` when the key is the row id.
    public var keyColumn: String? { keyIsRowID ? "_id" : primaryKey }
  }

  /// The table of a many-to-many relationship (or a to-many without an inverse): one row per
  /// link, with its position.
  public struct JoinTable: Sendable {
    /// The table's name.
    public let name: String
    /// The entity on the owner side.
    public let ownerEntity: String
    /// The owner side's relationship.
    public let relationship: String
    /// The entity on the target side.
    public let targetEntity: String
    /// The inverse relationship (the other side of the pair), if any.
    public let inverse: String?

    /// Whether anything reads the table by target (the inverse's side), which then needs an
    /// index on `target`. A relationship without an inverse is only read from its owners: its
    /// table has no such index, which each link would pay for on every write.
    public var isReadByTarget: Bool { inverse != nil }
  }

  /// How a relationship is stored.
  public enum Storage: Sendable {
    /// A column of the owner's table.
    case column
    /// The column `inverse` of the destination's table points back.
    case inverseColumn(inverse: String)
    /// A join table; `reversed` when this side is the join table's target.
    case joinTable(String, reversed: Bool)
  }

  /// The tables, by entity name.
  public let tables: [String: Table]
  /// The join tables.
  public let joinTables: [JoinTable]
  let storage: [String: Storage]

  /// Where `relationship` of `entity` is stored.
  public func storage(of relationship: RelationshipDescription, in entity: EntityDescription) -> Storage {
    storage["\(entity.name).\(relationship.name)"]!
  }

  /// What a store made since row ids followed integer keys records under `row_ids` in its
  /// meta table.
  public static let rowIDsFollowKeysMark = "keys"

  /// The layout of `model`; `rowIDsFollowKeys` is false for a store made before row ids
  /// followed integer keys (its meta table has no `row_ids` entry).
  public init(model: ObjectModel, rowIDsFollowKeys: Bool = true) {
    var tables: [String: Table] = [:]
    var joinTables: [JoinTable] = []
    var storage: [String: Storage] = [:]
    let order = model.entities.map(\.name)
    for entity in model.entities {
      var foreignKeys: [RelationshipDescription] = []
      for relationship in entity.relationships {
        let key = "\(entity.name).\(relationship.name)"
        let destination = entity.destination(of: relationship)
        let inverse = relationship.inverseName.flatMap { destination.relationship(named: $0) }
        if !relationship.isToMany {
          if let inverse, !inverse.isToMany, Self.owns(relationship, entity: entity, inverse: inverse, order: order) {
            storage[key] = .inverseColumn(inverse: inverse.name)
          } else {
            storage[key] = .column
            foreignKeys.append(relationship)
          }
        } else if let inverse, !inverse.isToMany {
          storage[key] = .inverseColumn(inverse: inverse.name)
        } else {
          // A join table, one per pair: named by the side that comes first.
          let mine = "\(entity.name)_\(relationship.name)"
          if let inverse, let theirs = Optional("\(destination.name)_\(inverse.name)"), theirs < mine {
            storage[key] = .joinTable(theirs, reversed: true)
          } else {
            storage[key] = .joinTable(mine, reversed: false)
            if !joinTables.contains(where: { $0.name == mine }) {
              joinTables.append(
                JoinTable(
                  name: mine, ownerEntity: entity.name, relationship: relationship.name, targetEntity: destination.name,
                  inverse: inverse?.name))
            }
          }
        }
      }
      let key = entity.primaryKey.flatMap { entity.attribute(named: $0) }
      tables[entity.name] = Table(
        entity: entity.name, name: entity.name, attributes: entity.attributes, foreignKeys: foreignKeys,
        primaryKey: entity.primaryKey,
        keyIsRowID: rowIDsFollowKeys && key.map { $0.type.isIntegerType && $0.transformerName == nil } == true)
    }
    self.tables = tables
    self.joinTables = joinTables
    self.storage = storage
  }

  /// In a one-to-one pair, the owner (which does not hold the column): the cascading side,
  /// else the side whose entity comes first in the model (then the relationship name).
  static func owns(_ relationship: RelationshipDescription, entity: EntityDescription, inverse: RelationshipDescription, order: [String]) -> Bool {
    let cascades = relationship.deletionRule == "Cascade"
    if cascades != (inverse.deletionRule == "Cascade") { return cascades }
    let mine = order.firstIndex(of: entity.name) ?? 0
    let theirs = order.firstIndex(of: relationship.destinationEntityName) ?? 0
    if mine != theirs { return mine < theirs }
    return relationship.name < inverse.name
  }
}
