// How a store groups a batch's writes into multi-row statements without changing their
// meaning: rows in runs of one table and column set (in order: a later write of a row must
// land after an earlier one), joins in runs of one table and direction that end where an
// owner comes again (its later links replace the earlier ones, as one join at a time would).

extension ImportBatch {
  /// Consecutive rows of one table and column set; with `distinctIDs`, a run also ends
  /// before a row id it already holds (a statement that may touch a row only once).
  public func rowRuns(distinctIDs: Bool = false) -> [ArraySlice<Row>] {
    var runs: [ArraySlice<Row>] = []
    var start = 0
    var ids: Set<Int64> = []
    while start < rows.count {
      var end = start + 1
      if distinctIDs {
        ids.removeAll(keepingCapacity: true)
        ids.insert(rows[start].id)
      }
      while end < rows.count, rows[end].table == rows[start].table, rows[end].columns == rows[start].columns,
        !distinctIDs || ids.insert(rows[end].id).inserted
      {
        end += 1
      }
      runs.append(rows[start..<end])
      start = end
    }
    return runs
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
