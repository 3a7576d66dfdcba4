// Join-table writes of an import batch: each owner's links are replaced (its old rows
// deleted, unless the owner is new, then its targets inserted with their positions). Runs of
// joins (`ImportBatch.joinRuns`) go in multi-row statements — one DELETE … IN (…) for the
// owners, then INSERTs of many rows.

import MapwrightGraph

extension SQLiteStore {
  /// Owners per DELETE and links per INSERT (3 parameters each), under SQLite's limits.
  static let ownersPerDelete = 500
  static let linksPerInsert = 200

  func writeJoins(_ batch: ImportBatch) throws {
    for run in batch.joinRuns() { try writeJoinRun(run) }
  }

  /// Joins of one table and direction, each owner once.
  func writeJoinRun(_ joins: ArraySlice<ImportBatch.Join>) throws {
    guard let first = joins.first else { return }
    let table = quoteIdentifier(first.table)
    let (own, other) = first.reversed ? ("target", "owner") : ("owner", "target")

    let replaced = joins.filter(\.replaces).map(\.owner)
    for chunk in stride(from: 0, to: replaced.count, by: Self.ownersPerDelete) {
      let owners = replaced[chunk..<min(chunk + Self.ownersPerDelete, replaced.count)]
      let marks = Array(repeating: "?", count: owners.count).joined(separator: ", ")
      let delete = try statement("DELETE FROM \(table) WHERE \(own) IN (\(marks))")
      defer { delete.reset() }
      for (i, owner) in owners.enumerated() { delete.bind(owner, at: Int32(i + 1)) }
      while try delete.step() {}
    }

    var links: [(owner: Int64, target: Int64, position: Int64)] = []
    for join in joins {
      for (position, target) in join.targets.enumerated() { links.append((join.owner, target, Int64(position))) }
    }
    for chunk in stride(from: 0, to: links.count, by: Self.linksPerInsert) {
      let part = links[chunk..<min(chunk + Self.linksPerInsert, links.count)]
      let rows = Array(repeating: "(?, ?, ?)", count: part.count).joined(separator: ", ")
      let insert = try statement("INSERT OR IGNORE INTO \(table) (\(own), \(other), position) VALUES \(rows)")
      defer { insert.reset() }
      var index: Int32 = 1
      for link in part {
        insert.bind(link.owner, at: index)
        insert.bind(link.target, at: index + 1)
        insert.bind(link.position, at: index + 2)
        index += 3
      }
      while try insert.step() {}
    }
  }
}
