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
    public let table: String
    public let id: Int64
    public let columns: [String]
    public let values: [StoreValue]
    /// The import knows the row is not in the store yet (a new object, a placeholder, a
    /// keyless child): a store may insert it without checking for a conflict.
    public var isNew = false
  }

  /// Point `column` of rows of `table` at `target` (or null): the other side of a
  /// relationship stored in the destination's table.
  public struct ForeignKey: Sendable {
    public let table: String
    public let column: String
    public let ids: [Int64]
    public let target: Int64?
  }

  /// The rows of `table` whose `column` points at `owner` leave it (their column set to
  /// null), or are deleted when `delete` (children without a primary key, which nothing else
  /// could find again). Applied before the batch's rows and foreign keys, which link the
  /// children the payload names again.
  public struct Detach: Sendable {
    public let table: String
    public let column: String
    public let owner: Int64
    public let delete: Bool
  }

  /// Replace the targets of `owner` in a join table (`reversed`: `owner` is the target side).
  /// `replaces` is false for an owner new to the store, which has no links to remove yet.
  public struct Join: Sendable {
    public let table: String
    public let owner: Int64
    public let targets: [Int64]
    public let reversed: Bool
    public var replaces = true
  }

  public var rows: [Row] = []
  public var detaches: [Detach] = []
  public var foreignKeys: [ForeignKey] = []
  public var joins: [Join] = []

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
  public func beginImport() throws {}
  public func endImport() {}

  public func endBatch(whenCommitted committed: @escaping () -> Void) throws {
    try endBatch()
    committed()
  }

  public func finishBatches() throws {}

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
