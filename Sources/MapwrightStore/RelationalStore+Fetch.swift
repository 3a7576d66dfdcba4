// Reading objects back from any relational store: by primary key, by a predicate on
// attributes, or all of an entity; as ModelObjects with their related objects loaded one
// level deep (inverses set), or as any JSONConvertible model through their JSON. The queries
// and what is made of their rows are ObjectFetch's; this runs them on the store's connection.

import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

extension RelationalStore {
  /// The object of `entity` whose primary key is `key` (`Int`, `Int64`, `Int32`, `String`,
  /// `UUID` or a `PrimaryKeyValue`), with its relationships loaded.
  public func object(_ entity: EntityDescription, key: some StoreKey) throws -> ModelObject? {
    try objects(entity, where: primaryKeyCondition(entity, key)).first
  }

  /// The objects of `entity` matching `predicate` (all without one), in row order (by key
  /// when an integer key is the row id, else in the order they were first written), with
  /// their related objects loaded one level deep; a to-many found through its inverse's
  /// column comes in the same order, a to-many in a join table in its payload order.
  public func objects(_ entity: EntityDescription, where predicate: StorePredicate? = nil, loadingRelationships: Bool = true) throws -> [ModelObject]
  {
    try ObjectFetch(self).objects(entity, where: predicate, loadingRelationships: loadingRelationships) { query in
      var rows: [[StoreValue]] = []
      try self.query(query.sql, query.values) { rows.append($0) }
      return rows
    }
  }

  /// How many objects `entity` has (matching `predicate`).
  public func count(_ entity: EntityDescription, where predicate: StorePredicate? = nil) throws -> Int {
    let query = try ObjectFetch(self).countQuery(entity, where: predicate)
    var count = 0
    try self.query(query.sql, query.values) { count = ObjectFetch<Self>.count(of: $0) }
    return count
  }

  /// The objects as values of a model type (a `@JSONModel`, a `Mappable`, anything
  /// `JSONConvertible`), decoded from their JSON with the entity's key paths.
  public func values<T: JSONConvertible>(
    _ type: T.Type, of entity: EntityDescription, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()
  ) throws -> [T] {
    try objects(entity, where: predicate).map { try T(json: $0.jsonObject, options: options) }
  }
}
