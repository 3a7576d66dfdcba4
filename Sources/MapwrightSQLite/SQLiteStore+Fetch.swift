// Reading objects back: by primary key, by a predicate on attributes, or all of an entity;
// as ModelObjects with their related objects loaded one level deep (inverses set), or as
// any JSONConvertible model through their JSON.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

/// A condition on attributes, for fetching.
///
/// ```swift
/// try store.objects(book, where: .and([.greater("year", Int64(1900)), .equal("title", "Emma")]))
/// ```
public indirect enum StorePredicate {
  case equal(String, Any)
  case notEqual(String, Any)
  case less(String, Any)
  case lessOrEqual(String, Any)
  case greater(String, Any)
  case greaterOrEqual(String, Any)
  case isNull(String)
  case and([StorePredicate])
  case or([StorePredicate])

  /// SQL and its bound values, for `entity`.
  func sql(_ entity: EntityDescription) throws -> (String, [StoreValue]) {
    func comparison(_ name: String, _ op: String, _ value: Any) throws -> (String, [StoreValue]) {
      guard let attribute = entity.attribute(named: name) else {
        throw StoreError(.unknownAttribute, "\(entity.name) has no attribute \(name)")
      }
      let stored = try StoreValues.value(value is Int ? Int64(value as! Int) : value, attribute)
      return ("\(quote(name)) \(op) ?", [stored])
    }
    switch self {
    case .equal(let name, let value): return try comparison(name, "=", value)
    case .notEqual(let name, let value): return try comparison(name, "<>", value)
    case .less(let name, let value): return try comparison(name, "<", value)
    case .lessOrEqual(let name, let value): return try comparison(name, "<=", value)
    case .greater(let name, let value): return try comparison(name, ">", value)
    case .greaterOrEqual(let name, let value): return try comparison(name, ">=", value)
    case .isNull(let name):
      guard entity.attribute(named: name) != nil else { throw StoreError(.unknownAttribute, "\(entity.name) has no attribute \(name)") }
      return ("\(quote(name)) IS NULL", [])
    case .and(let parts), .or(let parts):
      guard !parts.isEmpty else { return ("1", []) }
      let compiled = try parts.map { try $0.sql(entity) }
      let glue: String
      if case .and = self { glue = " AND " } else { glue = " OR " }
      return ("(" + compiled.map(\.0).joined(separator: glue) + ")", compiled.flatMap(\.1))
    }
  }
}

extension SQLiteStore {
  /// The object of `entity` whose primary key is `key` (`Int`, `Int64`, `Int32`, `String`,
  /// `UUID` or a `PrimaryKeyValue`), with its relationships loaded.
  public func object(_ entity: EntityDescription, key: some StoreKey) throws -> ModelObject? {
    guard let name = entity.primaryKey else { throw StoreError(.noPrimaryKey, "\(entity.name) has no primary key") }
    return try objects(entity, where: .equal(name, key.predicateValue)).first
  }

  /// The objects of `entity` matching `predicate` (all without one), in row order, with
  /// their related objects loaded one level deep.
  public func objects(_ entity: EntityDescription, where predicate: StorePredicate? = nil, loadingRelationships: Bool = true) throws -> [ModelObject] {
    let (condition, values) = try predicate?.sql(entity) ?? ("1", [])
    let query = try connection.prepare("SELECT * FROM \(quote(entity.name)) WHERE \(condition) ORDER BY \"_id\"")
    for (i, value) in values.enumerated() { query.bind(value, at: Int32(i + 1)) }
    var rows: [(Int64, ModelObject)] = []
    while try query.step() { rows.append(try row(query, entity)) }
    if loadingRelationships {
      for (id, object) in rows { try loadRelationships(of: object, id: id) }
    }
    return rows.map(\.1)
  }

  /// How many objects `entity` has.
  public func count(_ entity: EntityDescription, where predicate: StorePredicate? = nil) throws -> Int {
    let (condition, values) = try predicate?.sql(entity) ?? ("1", [])
    let query = try connection.prepare("SELECT count(*) FROM \(quote(entity.name)) WHERE \(condition)")
    for (i, value) in values.enumerated() { query.bind(value, at: Int32(i + 1)) }
    _ = try query.step()
    return Int(query.int64(0))
  }

  /// The objects as values of a model type (a `@JSONModel`, a `Mappable`, anything
  /// `JSONConvertible`), decoded from their JSON with the entity's key paths.
  public func values<T: JSONConvertible>(
    _ type: T.Type, of entity: EntityDescription, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()
  ) throws -> [T] {
    try objects(entity, where: predicate).map { try T(json: $0.jsonObject, options: options) }
  }

  /// Runs `body` in one read transaction: every query in it sees the same state, even while
  /// another connection imports.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try connection.execute("BEGIN DEFERRED")
    defer { try? connection.execute("COMMIT") }
    return try body()
  }

  // MARK: Rows

  func row(_ query: SQLiteStatement, _ entity: EntityDescription) throws -> (Int64, ModelObject) {
    let object = ModelObject(entity: entity)
    object.values = [:]
    var id: Int64 = 0
    let count = sqlite3ColumnCount(query)
    for column in 0..<count {
      let name = sqlite3ColumnName(query, column)
      if name == "_id" {
        id = query.int64(column)
      } else if let attribute = entity.attribute(named: name), let value = StoreValues.attributeValue(query.value(column), attribute) {
        object.values[name] = value
      }
    }
    return (id, object)
  }

  func rows(_ entity: EntityDescription, sql: String, _ values: [StoreValue]) throws -> [ModelObject] {
    let query = try connection.prepare(sql)
    for (i, value) in values.enumerated() { query.bind(value, at: Int32(i + 1)) }
    var result: [ModelObject] = []
    while try query.step() { result.append(try row(query, entity).1) }
    return result
  }

  /// Related objects, one level: attributes only, inverses set.
  func loadRelationships(of object: ModelObject, id: Int64) throws {
    let entity = object.entity
    for relationship in entity.relationships {
      let destination = entity.destination(of: relationship)
      let table = quote(destination.name)
      let related: [ModelObject]
      switch layout.storage(of: relationship, in: entity) {
      case .column:
        related = try rows(
          destination, sql: "SELECT * FROM \(table) WHERE \"_id\" = (SELECT \(quote(relationship.name)) FROM \(quote(entity.name)) WHERE \"_id\" = ?)",
          [.integer(id)])
      case .inverseColumn(let inverse):
        related = try rows(destination, sql: "SELECT * FROM \(table) WHERE \(quote(inverse)) = ? ORDER BY \"_id\"", [.integer(id)])
      case .joinTable(let name, let reversed):
        let (own, other) = reversed ? ("target", "owner") : ("owner", "target")
        related = try rows(
          destination,
          sql: "SELECT \(table).* FROM \(quote(name)) JOIN \(table) ON \(table).\"_id\" = \(quote(name)).\(other) WHERE \(quote(name)).\(own) = ? ORDER BY position",
          [.integer(id)])
      }
      if relationship.isToMany {
        for child in related { try object.add(child, to: relationship.name) }
      } else if let child = related.first {
        object.attachLoaded(child, for: relationship.name)
      }
    }
  }
}
