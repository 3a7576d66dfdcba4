// How a store groups a batch's writes into multi-row statements without changing their
// meaning: rows in groups of one table, column set and newness (a later write of a row lands
// after an earlier one), joins in runs of one table and direction that end where an owner comes again
// (its later links replace the earlier ones, as one join at a time would).

import MapwrightGraph

extension ImportBatch {
  /// The rows in groups of one table and column set, all new (`Row.isNew`) or all possibly
  /// stored, each row id at most once per group, in an order that keeps every row's writes in
  /// payload order: a row's n-th write goes in a group of n-th writes, and groups of earlier
  /// writes come first. A nested payload
  /// interleaves tables (pricing, book, pricing, book, author…); grouping makes that a few
  /// multi-row statements instead of one per row.
  public func rowGroups() -> [[Row]] {
    struct GroupKey: Hashable {
      let table: String
      let columns: [String]
      let occurrence: Int
      let isNew: Bool
    }
    var groups: [GroupKey: Int] = [:]
    // Groups as lists of row indices (rows are copied once, at the end).
    var ordered: [(occurrence: Int, rows: [Int])] = []
    // Writes so far per table and row id. Rows come in runs of one table and column set
    // (their arrays shared), so the previous row's table and group are checked first: the
    // strings are hashed once per run, not once per row.
    var writesByTable: [String: [Int64: Int]] = [:]
    var table = ""
    var writes: [Int64: Int] = [:]
    var last: (index: Int, occurrence: Int, group: Int)?
    for index in rows.indices {
      if rows[index].table != table {
        writesByTable[table] = writes
        table = rows[index].table
        writes = writesByTable.removeValue(forKey: table) ?? [:]
      }
      let id = rows[index].id
      let occurrence = writes[id, default: 0]
      writes[id] = occurrence + 1
      if let previous = last, previous.occurrence == occurrence, rows[previous.index].isNew == rows[index].isNew,
        rows[previous.index].table == rows[index].table, rows[previous.index].columns == rows[index].columns
      {
        ordered[previous.group].rows.append(index)
        last = (index, occurrence, previous.group)
        continue
      }
      let key = GroupKey(table: rows[index].table, columns: rows[index].columns, occurrence: occurrence, isNew: rows[index].isNew)
      let group: Int
      if let found = groups[key] {
        group = found
        ordered[found].rows.append(index)
      } else {
        group = ordered.count
        groups[key] = group
        ordered.append((occurrence, [index]))
      }
      last = (index, occurrence, group)
    }
    // Stable: groups of first writes in order of appearance, then of second writes…
    return ordered.enumerated().sorted { ($0.element.occurrence, $0.offset) < ($1.element.occurrence, $1.offset) }
      .map { $0.element.rows.map { rows[$0] } }
  }

  /// Consecutive joins of one table and direction, each owner once.
  public func joinRuns() -> [ArraySlice<Join>] {
    var runs: [ArraySlice<Join>] = []
    var start = 0
    while start < joins.count {
      let first = joins[start]
      var owners: Set<Int64> = [first.owner]
      var end = start + 1
      while end < joins.count, joins[end].table == first.table, joins[end].reversed == first.reversed,
        owners.insert(joins[end].owner).inserted
      {
        end += 1
      }
      runs.append(joins[start..<end])
      start = end
    }
    return runs
  }

  /// The ids of the rows of `table` whose `column` this batch (or part) writes after its
  /// detaches: rows with the column, and foreign keys set on it. A detach may leave them out,
  /// as their column is set again anyway.
  public func rowsSetting(_ column: String, of table: String) -> [Int64] {
    var ids: [Int64] = []
    for row in rows where row.table == table && row.columns.contains(column) { ids.append(row.id) }
    for foreignKey in foreignKeys where foreignKey.table == table && foreignKey.column == column { ids += foreignKey.ids }
    return ids
  }
}
