// How PostgresStore writes an import's batches: each in one transaction, in parts, on one of
// two connections ("lanes"), so that the server works on two batches at once — one backend
// per batch — while the import maps the next.
//
// A batch's statements are sent as they are built, without waiting for each (they run in order
// on their connection); a part waits only for the part before it, so the server always has
// the next part's statements queued. `endBatch(whenCommitted:)` sends COMMIT behind them and
// returns: the batch is "closing", and the next batch begins on the other lane while it runs.
//
// Order and isolation. A batch commits only after the one before it has committed (its COMMIT
// is sent after the earlier batch's is confirmed), so a failing batch leaves the batches
// after it uncommitted, as one connection would. Two open batches must not touch the same
// rows: the later would wait for a lock the earlier holds, or update a row the earlier
// inserted and it cannot see yet. Each part's footprint — the row ids it writes per table, the
// tables it detaches from (those statements find rows by value), the join-table owners per
// direction — is compared with the closing batch's; if they meet, the closing batch is waited
// for (committed) before the part is sent. Without overlap the two transactions touch
// disjoint rows, index keys and join pairs, and neither waits for the other.

#if Postgres
  import MapwrightGraph
  import NIOCore

  /// A connection batches are written on, and the batch it is writing.
  final class BatchLane {
    let session: PostgresSession
    /// A batch's transaction is open on it (between `beginBatch` and `endBatch`).
    var open = false
    /// Statements of the open part, sent and not yet waited for.
    var pending: [EventLoopFuture<Void>] = []
    /// Statements of earlier parts (and, once ended, the COMMIT), sent and not yet waited for.
    var sent: [EventLoopFuture<Void>] = []
    /// What the batch writes (compared with the other lane's batch).
    var footprint = BatchFootprint()
    /// Runs once the ended batch is committed.
    var committed: (() -> Void)?

    init(_ session: PostgresSession) {
      self.session = session
    }

    /// Waits for every statement sent, then throws the first error (in order) if one failed.
    func waitForAll() throws {
      let statements = sent + pending
      sent = []
      pending = []
      try Self.wait(for: statements)
    }

    /// Waits for each of `statements`, then throws the first error (in order) if one failed:
    /// none is left running on the connection when this returns.
    static func wait(for statements: [EventLoopFuture<Void>]) throws {
      var first: (any Error)?
      for statement in statements {
        do { try statement.wait() } catch { if first == nil { first = error } }
      }
      if let first { throw first }
    }
  }

  /// The rows a batch writes, as far as another transaction could meet them.
  struct BatchFootprint {
    /// Row ids written (inserted, updated, linked) per table.
    var rows: [String: Set<Int64>] = [:]
    /// Tables whose rows are detached or deleted by the value of a column.
    var detached: Set<String> = []
    /// Owners whose links are replaced or added, per join table and direction (`reversed`).
    var joins: [String: [Bool: Set<Int64>]] = [:]

    init() {}

    init(_ part: ImportBatch) {
      // Rows come in runs of one table: their ids are collected per run, and the table's name
      // hashed once per run.
      var table = ""
      var ids: [Int64] = []
      func flush() {
        if !ids.isEmpty { rows[table, default: []].formUnion(ids) }
        ids.removeAll(keepingCapacity: true)
      }
      part.rows.withUnsafeBufferPointer { parts in
        for index in parts.indices {
          if parts[index].table != table {
            flush()
            table = parts[index].table
          }
          ids.append(parts[index].id)
        }
      }
      flush()
      for foreignKey in part.foreignKeys { rows[foreignKey.table, default: []].formUnion(foreignKey.ids) }
      for detach in part.detaches { detached.insert(detach.table) }
      for join in part.joins { joins[join.table, default: [:]][join.reversed, default: []].insert(join.owner) }
    }

    mutating func formUnion(_ other: BatchFootprint) {
      rows.merge(other.rows) { $0.union($1) }
      detached.formUnion(other.detached)
      joins.merge(other.joins) { $0.merging($1) { $0.union($1) } }
    }

    /// Whether two batches could touch a row (or an index entry, or a join pair) in common.
    func meets(_ other: BatchFootprint) -> Bool {
      for (table, ids) in rows {
        if other.detached.contains(table) { return true }
        if let theirs = other.rows[table], !ids.isDisjoint(with: theirs) { return true }
      }
      for table in detached where other.rows[table] != nil || other.detached.contains(table) { return true }
      for (table, directions) in joins {
        guard let theirs = other.joins[table] else { continue }
        // Links written from both sides could be the same pair.
        if Set(directions.keys) != Set(theirs.keys) || directions.keys.count > 1 { return true }
        for (direction, owners) in directions where !owners.isDisjoint(with: theirs[direction] ?? []) { return true }
      }
      return false
    }
  }

  extension PostgresStore {
    /// Opens a batch's transaction, on the connection that is free (see `endBatch(whenCommitted:)`).
    public func beginBatch() throws {
      // The lane the closing batch (if any) is not on; the second connection opens on first use.
      let lane: BatchLane
      if let closing, closing === lanes[0] {
        _ = try secondSession()
        lane = lanes[1]
        batchesOnSecondLane += 1
      } else {
        lane = lanes[0]
      }
      current = lane
      lane.open = true
      lane.footprint = BatchFootprint()
      run("BEGIN ISOLATION LEVEL READ COMMITTED", [])
    }

    /// The second connection (opened on first use, closed by `endImport`; or the spare leased
    /// with the first), set up as the first: warnings only, and index probes during an import.
    func secondSession() throws -> PostgresSession {
      if lanes.count == 1 {
        let session = try spareSession ?? PostgresSession(location: location)
        try session.execute("SET client_min_messages = warning")
        if holdsImportLock { try session.execute(Self.probeByIndex) }
        lanes.append(BatchLane(session))
      }
      return lanes[1].session
    }

    /// Sends a statement of the open batch (see `writePart`).
    func run(_ sql: String, _ parameters: [PostgresSession.Parameter]) {
      guard let current else { preconditionFailure("a statement of a batch outside a batch") }
      current.pending.append(current.session.send(sql, parameters))
    }

    /// Sends the part's statements as they are built; then waits for the part before (not this
    /// one: the server runs it while the next part is mapped and built). A part that meets the
    /// closing batch's rows first waits for that batch to commit.
    public func writePart(_ part: ImportBatch) throws {
      guard let lane = current else { preconditionFailure("writePart outside a batch") }
      let footprint = BatchFootprint(part)
      if let closing, closing.footprint.meets(footprint) { try settleClosing() }
      lane.footprint.formUnion(footprint)
      writeDetaches(part)
      for group in part.rowGroups() { upsert(group[...]) }
      writeForeignKeys(part.foreignKeys)
      for run in part.joinRuns() { writeJoinRun(run) }
      // A part that sent nothing (the last of a batch often is) waits for nothing: the batch's
      // statements run while the next batch is written on the other lane.
      guard !lane.pending.isEmpty else { return }
      let earlier = lane.sent
      lane.sent = lane.pending
      lane.pending = []
      try BatchLane.wait(for: earlier)
    }

    /// Commits the open batch and waits for it (and for the closing batch before it).
    public func endBatch() throws {
      try endBatch(whenCommitted: {})
      try finishBatches()
    }

    /// Waits for the closing batch to commit (a batch commits after the one before it), then
    /// sends COMMIT behind the open batch's statements and returns: the batch is now closing.
    /// When one of its statements failed, the server has aborted the transaction and turns the
    /// COMMIT into a rollback; the error is thrown when the batch is waited for.
    public func endBatch(whenCommitted committed: @escaping () -> Void) throws {
      guard let lane = current else { return }
      try settleClosing()
      run("COMMIT", [])
      lane.open = false
      lane.committed = committed
      current = nil
      closing = lane
    }

    /// Waits until every batch ended is committed, and throws the first failure.
    public func finishBatches() throws {
      try settleClosing()
    }

    /// Waits for the closing batch's statements and COMMIT, and runs its `committed`.
    func settleClosing() throws {
      guard let lane = closing else { return }
      closing = nil
      let committed = lane.committed
      lane.committed = nil
      try lane.waitForAll()
      committed?()
    }

    /// Rolls the open batch back (its statements waited for first). The closing batch is left
    /// to commit: it was whole.
    public func abandonBatch() {
      guard let lane = current else { return }
      current = nil
      try? lane.waitForAll()
      if lane.open {
        lane.open = false
        try? lane.session.execute("ROLLBACK")
      }
    }
  }
#endif
