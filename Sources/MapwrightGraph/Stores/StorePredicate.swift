// Conditions on attributes for fetching, compiled to SQL with bound parameters (never a value
// in the SQL text) for any relational store: each store names its parameter marks (`?` for
// SQLite, `$1`, `$2`… for PostgreSQL).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

  /// SQL and its bound values, for `entity`; `parameter(n, attribute)` is the mark of the
  /// n-th value (from 1), `bound` the number of values bound before this condition. A
  /// comparison of the primary key reads `keyColumn` (the table's, `RelationalLayout`): `_id`
  /// when the key is the row id, whose index it is.
  package func sql(
    _ entity: EntityDescription, keyColumn: String? = nil, parameter: (Int, AttributeDescription?) -> String, bound: Int = 0
  ) throws -> (String, [StoreValue]) {
    var values: [StoreValue] = []
    let text = try compile(entity, keyColumn: keyColumn, parameter: parameter, bound: bound, into: &values)
    return (text, values)
  }

  private func compile(
    _ entity: EntityDescription, keyColumn: String?, parameter: (Int, AttributeDescription?) -> String, bound: Int, into values: inout [StoreValue]
  ) throws -> String {
    func comparison(_ name: String, _ op: String, _ value: Any) throws -> String {
      guard let attribute = entity.attribute(named: name) else {
        throw StoreError(.unknownAttribute, "\(entity.name) has no attribute \(name)")
      }
      values.append(try StoreValues.value(value is Int ? Int64(value as! Int) : value, attribute))
      let column = name == entity.primaryKey ? keyColumn ?? name : name
      return "\(quoteIdentifier(column)) \(op) \(parameter(bound + values.count, attribute))"
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
      return "\(quoteIdentifier(name)) IS NULL"
    case .and(let parts), .or(let parts):
      guard !parts.isEmpty else { return "TRUE" }
      let compiled = try parts.map { try $0.compile(entity, keyColumn: keyColumn, parameter: parameter, bound: bound, into: &values) }
      let glue: String
      if case .and = self { glue = " AND " } else { glue = " OR " }
      return "(" + compiled.joined(separator: glue) + ")"
    }
  }
}

/// `name` as an SQL identifier (double-quoted, inner quotes doubled): the same in SQLite and
/// PostgreSQL.
package func quoteIdentifier(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
