// SQLite's part of fetching (RelationalStore+Fetch.swift has the fetch API): parameter
// marks, running a query, and read transactions.

import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStore: RelationalStore {
  /// SQLite's parameter mark, `?` (values are bound in order).
  public func parameter(_ index: Int, for attribute: AttributeDescription?) -> String { "?" }

  /// Runs `sql` with `values` bound, calling `row` with each result row's columns.
  public func query(_ sql: String, _ values: [StoreValue], row: ([StoreValue]) throws -> Void) throws {
    let query = try connection.prepare(sql)
    for (i, value) in values.enumerated() { query.bind(value, at: Int32(i + 1)) }
    let count = sqlite3ColumnCount(query)
    var columns: [StoreValue] = []
    while try query.step() {
      columns.removeAll(keepingCapacity: true)
      for column in 0..<count { columns.append(query.value(column)) }
      try row(columns)
    }
  }

  /// Runs `body` in one read transaction: every query in it sees the same state, even while
  /// another connection imports.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try connection.execute("BEGIN DEFERRED")
    defer { try? connection.execute("COMMIT") }
    return try body()
  }
}
