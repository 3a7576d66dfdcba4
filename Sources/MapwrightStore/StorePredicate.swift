// Conditions on attributes for fetching, compiled to SQL with bound parameters (never a value
// in the SQL text) for any relational store: each store names its parameter marks (`?` for
// SQLite, `$1`, `$2`… for PostgreSQL).

import MapwrightGraph
import MapwrightNaming
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A condition on attributes and relationships, for fetching.
///
/// ```swift
/// try store.objects(book, where: .and([.greater("year", 1900), .equal("title", "Emma")]))
/// try store.objects(book, where: .isNull("publisher"))        // books without a publisher
/// try store.objects(book, where: .equal("publisher", 12))     // by the publisher's primary key
/// ```
///
/// A value must be of a kind the attribute holds (an integer for an Integer attribute, a
/// String or JSON string for a String one…): another kind is a `StoreError` naming the
/// attribute and the kinds it takes, never a condition that matches nothing. A relationship
/// is compared by its destination's primary key (`equal`, `notEqual`: a to-many relationship
/// "has" or "has not" that object) or tested for having none (`isNull`).
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

  /// SQL and its bound values, for `entity`; `parameter(n, attribute)` is the mark of the
  /// n-th value (from 1), `bound` the number of values bound before this condition. A
  /// comparison of the primary key reads the table's key column (`_id` when the key is the row
  /// id, whose index it is); `layout` says where relationships are stored.
  package func sql(
    _ entity: EntityDescription, layout: RelationalLayout, parameter: (Int, AttributeDescription?) -> String, bound: Int = 0
  ) throws -> (String, [StoreValue]) {
    var values: [StoreValue] = []
    let text = try compile(entity, layout: layout, parameter: parameter, bound: bound, into: &values)
    return (text, values)
  }

  private func compile(
    _ entity: EntityDescription, layout: RelationalLayout, parameter: (Int, AttributeDescription?) -> String, bound: Int,
    into values: inout [StoreValue]
  ) throws -> String {
    func comparison(_ name: String, _ op: String, _ value: Any) throws -> String {
      if let attribute = entity.attribute(named: name) {
        values.append(try StoreValues.condition(value, attribute, of: entity.name))
        let column = name == entity.primaryKey ? layout.tables[entity.name]?.keyColumn ?? name : name
        return "\(quoteIdentifier(column)) \(op) \(parameter(bound + values.count, attribute))"
      }
      guard let relationship = entity.relationship(named: name) else { throw Self.unknown(name, in: entity) }
      guard op == "=" || op == "<>" else {
        throw StoreError(
          .invalidValue, "\(entity.name).\(name) is a relationship: a condition compares it by key with equal or notEqual, or tests it with isNull")
      }
      // The destination's rows with that key, then the owners linked to them.
      let destination = entity.destination(of: relationship)
      guard let keyName = destination.primaryKey, let key = destination.attribute(named: keyName), let table = layout.tables[destination.name] else {
        throw StoreError(.noPrimaryKey, "\(destination.name) has no primary key, so \(entity.name).\(name) cannot be compared by key")
      }
      values.append(try StoreValues.condition(value, key, of: destination.name))
      let targets =
        "SELECT \"_id\" FROM \(quoteIdentifier(table.name)) WHERE \(quoteIdentifier(table.keyColumn ?? keyName)) = \(parameter(bound + values.count, key))"
      let owners = Self.owners(linkedTo: targets, relationship, of: entity, layout)
      return op == "=" ? owners : "NOT " + owners
    }
    switch self {
    case .equal(let name, let value): return try comparison(name, "=", value)
    case .notEqual(let name, let value): return try comparison(name, "<>", value)
    case .less(let name, let value): return try comparison(name, "<", value)
    case .lessOrEqual(let name, let value): return try comparison(name, "<=", value)
    case .greater(let name, let value): return try comparison(name, ">", value)
    case .greaterOrEqual(let name, let value): return try comparison(name, ">=", value)
    case .isNull(let name):
      if entity.attribute(named: name) != nil { return "\(quoteIdentifier(name)) IS NULL" }
      guard let relationship = entity.relationship(named: name) else { throw Self.unknown(name, in: entity) }
      return "NOT " + Self.owners(linkedTo: nil, relationship, of: entity, layout)
    case .and(let parts), .or(let parts):
      guard !parts.isEmpty else { return "TRUE" }
      let compiled = try parts.map { try $0.compile(entity, layout: layout, parameter: parameter, bound: bound, into: &values) }
      let glue: String
      if case .and = self { glue = " AND " } else { glue = " OR " }
      return "(" + compiled.joined(separator: glue) + ")"
    }
  }

  static func unknown(_ name: String, in entity: EntityDescription) -> StoreError {
    StoreError(.unknownAttribute, "\(entity.name) has no attribute or relationship \(name)")
  }

  /// The condition "the row is linked through `relationship` to one of `targets`" (a query
  /// of destination row ids), or to any row when `targets` is nil — wherever the layout
  /// stores the link: this row's column, the destination's column, or a join table.
  static func owners(linkedTo targets: String?, _ relationship: RelationshipDescription, of entity: EntityDescription, _ layout: RelationalLayout)
    -> String
  {
    let destination = layout.tables[entity.destination(of: relationship).name]!.name
    switch layout.storage(of: relationship, in: entity) {
    case .column:
      let column = quoteIdentifier(relationship.name)
      return targets.map { "\(column) IN (\($0))" } ?? "\(column) IS NOT NULL"
    case .inverseColumn(let inverse):
      let link = quoteIdentifier(inverse)
      let filter = targets.map { "\"_id\" IN (\($0))" } ?? "\(link) IS NOT NULL"
      return "\"_id\" IN (SELECT \(link) FROM \(quoteIdentifier(destination)) WHERE \(filter))"
    case .joinTable(let name, let reversed):
      let (own, other) = reversed ? ("target", "owner") : ("owner", "target")
      let filter = targets.map { " WHERE \(other) IN (\($0))" } ?? ""
      return "\"_id\" IN (SELECT \(own) FROM \(quoteIdentifier(name))\(filter))"
    }
  }
}

/// `name` as an SQL identifier (double-quoted, inner quotes doubled): the same in SQLite and
/// PostgreSQL.
package func quoteIdentifier(_ name: String) -> String { "\"" + escapingASCII(name) { $0 == UInt8(ascii: "\"") ? "\"\"" : nil } + "\"" }
