// How objects are read back from a relational store, written once for every way of running
// the queries: the synchronous stores run them on their connection (RelationalStore+Fetch),
// `AsyncStore` over a PostgreSQL pool runs them with `await`. A fetch is two rounds: the
// entity's rows (a condition compiled by `StorePredicate`), then, for each row, one query per
// relationship for its related objects (attributes only, inverses set). The SQL, the decoding
// of rows and the linking are here; the two drivers at the end (the same steps, one with
// `await`) only run queries.

import MapwrightGraph
import MapwrightSchema

/// What SQL a store speaks beyond the standard: its parameter marks and how it reads a
/// column back as a `StoreValue`.
public protocol StoreDialect {
  var layout: RelationalLayout { get }
  /// The SQL mark of the `index`-th bound value (from 1), a value of `attribute` (nil: a row
  /// id), with what the store needs to compare it with the column (a cast).
  func parameter(_ index: Int, for attribute: AttributeDescription?) -> String
  /// The SQL expression that reads `column` (an attribute's) as the store's values map it
  /// back (`StoreValues.attributeValue`); `table` qualifies the column when not nil.
  func selectExpression(_ column: String, of attribute: AttributeDescription, table: String?) -> String
}

extension StoreDialect {
  /// The column, qualified by `table` when there is one: stores that read every type as it is.
  public func selectExpression(_ column: String, of attribute: AttributeDescription, table: String?) -> String {
    table.map { "\(quoteIdentifier($0)).\(quoteIdentifier(column))" } ?? quoteIdentifier(column)
  }
}

/// The condition that finds the object of `entity` whose primary key is `key` (the one rule
/// of every store's `object(_:key:)`).
package func primaryKeyCondition(_ entity: EntityDescription, _ key: some StoreKey) throws -> StorePredicate {
  guard let name = entity.primaryKey else { throw StoreError(.noPrimaryKey, "\(entity.name) has no primary key") }
  return .equal(name, key.predicateValue)
}

/// A query and its bound values.
package struct StoreQuery {
  package let sql: String
  package let values: [StoreValue]
}

/// The queries of a fetch and what is made of their rows.
package struct ObjectFetch<Dialect: StoreDialect> {
  let dialect: Dialect
  var layout: RelationalLayout { dialect.layout }

  package init(_ dialect: Dialect) {
    self.dialect = dialect
  }

  /// The rows of `entity` matching `predicate` (all without one), in row order.
  package func objectsQuery(_ entity: EntityDescription, where predicate: StorePredicate?) throws -> StoreQuery {
    let (condition, values) = try compile(predicate, entity)
    return StoreQuery(
      sql: "SELECT \(selectList(entity, table: nil)) FROM \(quoteIdentifier(entity.name)) WHERE \(condition) ORDER BY \"_id\"", values: values)
  }

  /// One row, one column: how many objects of `entity` match `predicate`.
  package func countQuery(_ entity: EntityDescription, where predicate: StorePredicate?) throws -> StoreQuery {
    let (condition, values) = try compile(predicate, entity)
    return StoreQuery(sql: "SELECT count(*) FROM \(quoteIdentifier(entity.name)) WHERE \(condition)", values: values)
  }

  /// The count a `countQuery` row holds.
  package static func count(of columns: [StoreValue]) -> Int {
    if case .integer(let value) = columns.first { return Int(value) }
    return 0
  }

  private func compile(_ predicate: StorePredicate?, _ entity: EntityDescription) throws -> (String, [StoreValue]) {
    try predicate?.sql(entity, layout: layout, parameter: { dialect.parameter($0, for: $1) }) ?? ("TRUE", [])
  }

  /// `_id`, then the entity's attribute columns in order: what `object(from:)` reads.
  func selectList(_ entity: EntityDescription, table: String?) -> String {
    let id = table.map { "\(quoteIdentifier($0)).\"_id\"" } ?? "\"_id\""
    return ([id] + entity.attributes.map { dialect.selectExpression($0.name, of: $0, table: table) }).joined(separator: ", ")
  }

  /// The object a row of a query made by this fetch holds, and its row id.
  package func object(_ entity: EntityDescription, from columns: [StoreValue]) -> (id: Int64, object: ModelObject)? {
    guard case .integer(let id) = columns.first else { return nil }
    let object = ModelObject(entity: entity)
    object.values = [:]
    for (index, attribute) in entity.attributes.enumerated() where index + 1 < columns.count {
      if let value = StoreValues.attributeValue(columns[index + 1], attribute) { object.values[attribute.name] = value }
    }
    return (id, object)
  }

  /// For each relationship of `entity`, the query of the related objects of row `id`: a
  /// to-many found through its inverse's column in row order, in a join table in payload order.
  package func relationshipQueries(_ entity: EntityDescription, id: Int64) -> [(
    relationship: RelationshipDescription, destination: EntityDescription, query: StoreQuery
  )] {
    entity.relationships.map { relationship in
      let destination = entity.destination(of: relationship)
      let table = quoteIdentifier(destination.name)
      let mark = dialect.parameter(1, for: nil)
      let sql: String
      switch layout.storage(of: relationship, in: entity) {
      case .column:
        sql =
          "SELECT \(selectList(destination, table: nil)) FROM \(table) WHERE \"_id\" = "
          + "(SELECT \(quoteIdentifier(relationship.name)) FROM \(quoteIdentifier(entity.name)) WHERE \"_id\" = \(mark))"
      case .inverseColumn(let inverse):
        sql = "SELECT \(selectList(destination, table: nil)) FROM \(table) WHERE \(quoteIdentifier(inverse)) = \(mark) ORDER BY \"_id\""
      case .joinTable(let name, let reversed):
        let (own, other) = reversed ? ("target", "owner") : ("owner", "target")
        let join = quoteIdentifier(name)
        sql =
          "SELECT \(selectList(destination, table: destination.name)) FROM \(join) JOIN \(table) ON \(table).\"_id\" = \(join).\(other) "
          + "WHERE \(join).\(own) = \(mark) ORDER BY position"
      }
      return (relationship, destination, StoreQuery(sql: sql, values: [.integer(id)]))
    }
  }

  /// Links the objects a relationship query found to `object`.
  package static func attach(_ related: [ModelObject], for relationship: RelationshipDescription, to object: ModelObject) throws {
    if relationship.isToMany {
      for child in related { try object.add(child, to: relationship.name) }
    } else if let child = related.first {
      object.attachLoaded(child, for: relationship.name)
    }
  }

  // MARK: Drivers

  /// The objects of `entity` matching `predicate`, with their related objects when
  /// `loadingRelationships`; `run` answers a query's rows.
  package func objects(
    _ entity: EntityDescription, where predicate: StorePredicate?, loadingRelationships: Bool, run: (StoreQuery) throws -> [[StoreValue]]
  ) throws -> [ModelObject] {
    let rows = try run(objectsQuery(entity, where: predicate)).compactMap { object(entity, from: $0) }
    if loadingRelationships {
      for (id, object) in rows {
        for (relationship, destination, query) in relationshipQueries(entity, id: id) {
          try Self.attach(try run(query).compactMap { self.object(destination, from: $0)?.object }, for: relationship, to: object)
        }
      }
    }
    return rows.map(\.object)
  }

  /// `objects(_:where:loadingRelationships:run:)` with queries answered asynchronously.
  package func objects(
    _ entity: EntityDescription, where predicate: StorePredicate?, loadingRelationships: Bool, run: (StoreQuery) async throws -> [[StoreValue]]
  ) async throws -> [ModelObject] {
    let rows = try await run(objectsQuery(entity, where: predicate)).compactMap { object(entity, from: $0) }
    if loadingRelationships {
      for (id, object) in rows {
        for (relationship, destination, query) in relationshipQueries(entity, id: id) {
          try Self.attach(try await run(query).compactMap { self.object(destination, from: $0)?.object }, for: relationship, to: object)
        }
      }
    }
    return rows.map(\.object)
  }
}
