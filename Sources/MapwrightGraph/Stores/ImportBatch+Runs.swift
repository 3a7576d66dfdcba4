// How a store groups a batch's writes into multi-row statements without changing their
// meaning: rows in groups of one table, column set and newness (a later write of a row lands
// after an earlier one), joins in runs of one table and direction that end where an owner comes again
// (its later links replace the earlier ones, as one join at a time would).

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
    struct RowKey: Hashable {
      let table: String
      let id: Int64
    }
    var groups: [GroupKey: Int] = [:]
    var ordered: [(occurrence: Int, rows: [Row])] = []
    var writes: [RowKey: Int] = [:]
    for row in rows {
      let occurrence = writes[RowKey(table: row.table, id: row.id), default: 0]
      writes[RowKey(table: row.table, id: row.id)] = occurrence + 1
      let key = GroupKey(table: row.table, columns: row.columns, occurrence: occurrence, isNew: row.isNew)
      if let index = groups[key] {
        ordered[index].rows.append(row)
      } else {
        groups[key] = ordered.count
        ordered.append((occurrence, [row]))
      }
    }
    // Stable: groups of first writes in order of appearance, then of second writes…
    return ordered.enumerated().sorted { ($0.element.occurrence, $0.offset) < ($1.element.occurrence, $1.offset) }.map(\.element.rows)
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
}
