// Reading objects back from any relational store: by primary key, by a predicate on
// attributes, or all of an entity; as ModelObjects with their related objects loaded one
// level deep (inverses set), or as any JSONConvertible model through their JSON.

import MapwrightEngine
import MapwrightSchema

extension RelationalStore {
  /// The object of `entity` whose primary key is `key` (`Int`, `Int64`, `Int32`, `String`,
  /// `UUID` or a `PrimaryKeyValue`), with its relationships loaded.
  public func object(_ entity: EntityDescription, key: some StoreKey) throws -> ModelObject? {
    guard let name = entity.primaryKey else { throw StoreError(.noPrimaryKey, "\(entity.name) has no primary key") }
    return try objects(entity, where: .equal(name, key.predicateValue)).first
  }

  /// The objects of `entity` matching `predicate` (all without one), in row order (by key
  /// when an integer key is the row id, else in the order they were first written), with
  /// their related objects loaded one level deep; a to-many found through its inverse's
  /// column comes in the same order, a to-many in a join table in its payload order.
  public func objects(_ entity: EntityDescription, where predicate: StorePredicate? = nil, loadingRelationships: Bool = true) throws -> [ModelObject] {
    let (condition, values) = try predicate?.sql(entity, layout: layout, parameter: { parameter($0, for: $1) }) ?? ("TRUE", [])
    let rows = try rows(
      entity, sql: "SELECT \(selectList(entity, table: nil)) FROM \(quoteIdentifier(entity.name)) WHERE \(condition) ORDER BY \"_id\"", values)
    if loadingRelationships {
      for (id, object) in rows { try loadRelationships(of: object, id: id) }
    }
    return rows.map(\.object)
  }

  /// How many objects `entity` has (matching `predicate`).
  public func count(_ entity: EntityDescription, where predicate: StorePredicate? = nil) throws -> Int {
    let (condition, values) = try predicate?.sql(entity, layout: layout, parameter: { parameter($0, for: $1) }) ?? ("TRUE", [])
    var count = 0
    try query("SELECT count(*) FROM \(quoteIdentifier(entity.name)) WHERE \(condition)", values) { columns in
      if case .integer(let value) = columns.first { count = Int(value) }
    }
    return count
  }

  /// The objects as values of a model type (a `@JSONModel`, a `Mappable`, anything
  /// `JSONConvertible`), decoded from their JSON with the entity's key paths.
  public func values<T: JSONConvertible>(
    _ type: T.Type, of entity: EntityDescription, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()
  ) throws -> [T] {
    try objects(entity, where: predicate).map { try T(json: $0.jsonObject, options: options) }
  }

  // MARK: Rows

  /// `_id`, then the entity's attribute columns in order: what `rows` reads.
  func selectList(_ entity: EntityDescription, table: String?) -> String {
    let id = table.map { "\(quoteIdentifier($0)).\"_id\"" } ?? "\"_id\""
    return ([id] + entity.attributes.map { selectExpression($0.name, of: $0, table: table) }).joined(separator: ", ")
  }

  func rows(_ entity: EntityDescription, sql: String, _ values: [StoreValue]) throws -> [(id: Int64, object: ModelObject)] {
    var result: [(id: Int64, object: ModelObject)] = []
    let attributes = entity.attributes
    try query(sql, values) { columns in
      let object = ModelObject(entity: entity)
      object.values = [:]
      for (index, attribute) in attributes.enumerated() where index + 1 < columns.count {
        if let value = StoreValues.attributeValue(columns[index + 1], attribute) { object.values[attribute.name] = value }
      }
      guard case .integer(let id) = columns.first else { return }
      result.append((id, object))
    }
    return result
  }

  /// Related objects, one level: attributes only, inverses set.
  func loadRelationships(of object: ModelObject, id: Int64) throws {
    let entity = object.entity
    for relationship in entity.relationships {
      let destination = entity.destination(of: relationship)
      let table = quoteIdentifier(destination.name)
      let related: [(id: Int64, object: ModelObject)]
      switch layout.storage(of: relationship, in: entity) {
      case .column:
        related = try rows(
          destination,
          sql: "SELECT \(selectList(destination, table: nil)) FROM \(table) WHERE \"_id\" = "
            + "(SELECT \(quoteIdentifier(relationship.name)) FROM \(quoteIdentifier(entity.name)) WHERE \"_id\" = \(parameter(1, for: nil)))",
          [.integer(id)])
      case .inverseColumn(let inverse):
        related = try rows(
          destination,
          sql: "SELECT \(selectList(destination, table: nil)) FROM \(table) WHERE \(quoteIdentifier(inverse)) = \(parameter(1, for: nil)) ORDER BY \"_id\"",
          [.integer(id)])
      case .joinTable(let name, let reversed):
        let (own, other) = reversed ? ("target", "owner") : ("owner", "target")
        let join = quoteIdentifier(name)
        related = try rows(
          destination,
          sql: "SELECT \(selectList(destination, table: destination.name)) FROM \(join) JOIN \(table) ON \(table).\"_id\" = \(join).\(other) "
            + "WHERE \(join).\(own) = \(parameter(1, for: nil)) ORDER BY position",
          [.integer(id)])
      }
      if relationship.isToMany {
        for child in related { try object.add(child.object, to: relationship.name) }
      } else if let child = related.first {
        object.attachLoaded(child.object, for: relationship.name)
      }
    }
  }
}
