// What an import needs from a store, whatever the database: find stored objects by primary
// key in buckets, allocate row ids, and write a batch in one transaction, whole or in parts.
// `SQLiteStore` and `PostgresStore` implement it.

/// A value as a relational store holds it.
public enum StoreValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// The writes of one import batch, applied in one transaction by `GraphStore.write(_:)`.
public struct ImportBatch: Sendable {
  /// Insert or update one row (`_id` known in advance); only `columns` change on update.
  public struct Row: Sendable {
    /// The table the row is in.
    public let table: String
    /// The row's id (`_id`).
    public let id: Int64
    /// The columns written.
    public let columns: [String]
    /// The values of `columns`, in order.
    public let values: [StoreValue]
    /// The import knows the row is not in the store yet (a new object, a placeholder, a
    /// keyless child): a store may insert it without checking for a conflict.
    public var isNew = false
  }

  /// Point `column` of rows of `table` at `target` (or null): the other side of a
  /// relationship stored in the destination's table.
  public struct ForeignKey: Sendable {
    /// The table whose rows point.
    public let table: String
    /// The column that points (the relationship's).
    public let column: String
    /// The rows that point.
    public let ids: [Int64]
    /// The row they point at, or nil to clear the column.
    public let target: Int64?
  }

  /// The rows of `table` whose `column` points at `owner` leave it (their column set to
  /// null), or are deleted when `delete` (children without a primary key, which nothing else
  /// could find again). Applied before the batch's rows and foreign keys, which link the
  /// children the payload names again.
  public struct Detach: Sendable {
    /// The table of the rows that leave their owner.
    public let table: String
    /// The column that points at the owner.
    public let column: String
    /// The owner's row id.
    public let owner: Int64
    /// Delete the rows rather than clear their column.
    public let delete: Bool
  }

  /// Replace the targets of `owner` in a join table (`reversed`: `owner` is the target side).
  /// `replaces` is false for an owner new to the store, which has no links to remove yet.
  public struct Join: Sendable {
    /// The join table.
    public let table: String
    /// The owner's row id.
    public let owner: Int64
    /// The targets' row ids, in payload order.
    public let targets: [Int64]
    /// `owner` is on the join table's target side.
    public let reversed: Bool
    /// The owner's links in the store are replaced (false: it is new and has none).
    public var replaces = true
  }

  /// Rows inserted or updated.
  public var rows: [Row] = []
  /// Rows that leave their owner, applied first.
  public var detaches: [Detach] = []
  /// Relationships stored in the destination's table.
  public var foreignKeys: [ForeignKey] = []
  /// Links replaced in join tables.
  public var joins: [Join] = []

  /// Nothing to write.
  public var isEmpty: Bool { rows.isEmpty && detaches.isEmpty && foreignKeys.isEmpty && joins.isEmpty }
}

/// A store an import can write to.
public protocol GraphStore: AnyObject {
  var layout: RelationalLayout { get }
  /// The row ids of the stored objects of `entity` with these primary keys, in one query.
  func storedIDs(of entity: String, keys: [PrimaryKeyValue]) throws -> [PrimaryKeyValue: Int64]
  /// The largest row id in use in `entity`'s table (0 when empty).
  func largestID(of entity: String) throws -> Int64
  /// Applies a batch in one transaction: all of it, or (on an error) none of it.
  func write(_ batch: ImportBatch) throws
  /// A batch written in parts, so that only a part's rows are held at a time: `beginBatch`
  /// opens its transaction, `writePart` applies each part in order (a part's detaches before
  /// its rows, as for a whole batch), `endBatch` commits, and `abandonBatch` rolls back (also
  /// after a part failed; nothing happens when no batch is open).
  func beginBatch() throws
  func writePart(_ part: ImportBatch) throws
  func endBatch() throws
  func abandonBatch()
  /// Ends the open batch and runs `committed` once it is committed. A store may commit it
  /// later, while the next batch is being written (`PostgresStore` writes two batches at once
  /// on two connections when they touch different rows), but always in order: a batch commits
  /// only after the one before it did. A failure found later is thrown by a later call of the
  /// batch protocol, or by `finishBatches`. The default commits now (`endBatch`).
  func endBatch(whenCommitted committed: @escaping () -> Void) throws
  /// Waits until every batch ended is committed, and throws the first failure (the batch is
  /// then rolled back, and the batches after it were not committed).
  func finishBatches() throws
  /// Called before an import reads anything (a store that serialises importers waits here
  /// for the others), and `endImport` after its last batch, or when it fails.
  func beginImport() throws
  func endImport()
}

extension GraphStore {
  /// Nothing to do for a store that does not serialise importers.
  public func beginImport() throws {}
  /// Nothing to do for a store that does not serialise importers.
  public func endImport() {}

  /// Commits now (`endBatch()`), then runs `committed`.
  public func endBatch(whenCommitted committed: @escaping () -> Void) throws {
    try endBatch()
    committed()
  }

  /// Nothing to wait for: every batch was committed when it ended.
  public func finishBatches() throws {}

  /// Writes `batch` as one part of one batch (see `beginBatch()`).
  public func write(_ batch: ImportBatch) throws {
    guard !batch.isEmpty else { return }
    try beginBatch()
    do {
      try writePart(batch)
      try endBatch()
    } catch {
      abandonBatch()
      throw error
    }
  }
}
