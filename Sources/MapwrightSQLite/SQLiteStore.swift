// The SQLite store: tables for a model (RelationalLayout), bucketed imports through
// GraphImporter, and fetches back to ModelObjects or to any JSONConvertible model.
//
// Why SQLite directly and not GRDB: the import's hot path is a handful of prepared
// statements reused for every row (an upsert per table and column set), which the C API
// gives with no layer between; reads build ModelObjects, not records. One dependency less,
// and a faster first build.
//
// Durability: WAL journal, one transaction per import batch (all of a batch or none of it),
// readers on other connections see the state before or after a batch, never during. The
// file records the model's signature; opening it with a different model is an error.

import CSQLite
import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A SQLite database holding the objects of a model.
///
/// ```swift
/// let store = try SQLiteStore(path: "library.sqlite", model: model)
/// let summary = try store.importJSON(data, sources: [ImportSource("authors", entity: model.entity(named: "Author")!)])
/// let twain = try store.object(model.entity(named: "Author")!, key: 101)
/// ```
public final class SQLiteStore: GraphStore {
  /// The model the store holds objects of.
  public let model: ObjectModel
  /// The tables and columns of the model in this store.
  public private(set) var layout: RelationalLayout
  let connection: SQLiteConnection
  /// Prepared statements reused across batches, by SQL text.
  var statements: [String: SQLiteStatement] = [:]
  /// Upsert statements by table, columns and row count (found without building their SQL).
  var upserts: [UpsertShape: SQLiteStatement] = [:]

  struct UpsertShape: Hashable {
    let table: String
    let columns: [String]
    let rows: Int
    /// New rows whose ids are their keys: a plain INSERT (see `upsert`).
    let inserting: Bool
  }
  /// Queries that look objects up by primary key (for tests and the benchmark).
  public private(set) var lookupQueries = 0
  /// The file, for messages.
  let path: String
  /// The largest row id of each table as an import last saw it (its start, then after each of
  /// its batches). An import hands out row ids above these in memory; a batch first checks
  /// that no other writer moved them, so two writers never take the same ids.
  private var expectedLargestIDs: [String: Int64] = [:]
  /// Whether a batch's transaction is open (between `beginBatch` and `endBatch`).
  private var batchOpen = false

  /// Opens (creating if needed) the store at `path` for `model`. Refused, with the file left
  /// exactly as it was (`StoreError`): a store written with a different model
  /// (`modelMismatch`), a database with tables of its own and no Mapwright schema unless
  /// `addingToExistingDatabase` (`foreignDatabase`), a file that cannot be written when opened
  /// for writing (`notWritable`, checked here rather than at the first write).
  public init(path: String, model: ObjectModel, readOnly: Bool = false, addingToExistingDatabase: Bool = false) throws {
    self.model = model
    self.path = path
    layout = RelationalLayout(model: model)
    connection = try SQLiteConnection(path: path, readOnly: readOnly)
    if !readOnly, connection.isReadOnly {
      throw StoreError(.notWritable, "\(path) cannot be written (opened for writing); open it with readOnly: true to read it")
    }
    // Checked before anything is changed (the journal mode included).
    try checkOrCreateSchema(readOnly: readOnly, path: path, addingToExistingDatabase: addingToExistingDatabase)
    if !readOnly {
      try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8192; PRAGMA wal_autocheckpoint = 16384;")
    }
  }

  // MARK: Schema

  /// What the file records of the model (`ObjectModel.storeSignature`).
  var modelSignature: String { model.storeSignature }

  func checkOrCreateSchema(readOnly: Bool, path: String, addingToExistingDatabase: Bool) throws {
    let exists = try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name = '_mapwright_meta'") ?? 0
    if exists > 0 {
      let statement = try connection.prepare("SELECT value FROM _mapwright_meta WHERE key = 'model_signature'")
      let signature = try statement.step() ? statement.string(0) : ""
      guard signature == modelSignature else {
        throw StoreError(
          .modelMismatch,
          "the store was written with a different version of the model (signature \(signature), this model's is \(modelSignature)); open it with that model or migrate it"
        )
      }
      let rowIDs = try connection.prepare("SELECT value FROM _mapwright_meta WHERE key = 'row_ids'")
      if try !rowIDs.step() || rowIDs.string(0) != RelationalLayout.rowIDsFollowKeysMark {
        layout = RelationalLayout(model: model, rowIDsFollowKeys: false)
      }
      return
    }
    guard !readOnly else { throw StoreError(.noSchema, "the store has no Mapwright schema") }
    let foreignTables = try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
    if foreignTables > 0, !addingToExistingDatabase {
      throw StoreError(
        .foreignDatabase,
        "\(path) is a database with tables of its own and no Mapwright schema; pass addingToExistingDatabase: true (mapwright import --add-to-existing) to add the model's tables to it"
      )
    }
    try connection.transaction {
      try connection.execute("CREATE TABLE _mapwright_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
      try connection.prepare("INSERT INTO _mapwright_meta (key, value) VALUES ('model_signature', ?)").run([.text(modelSignature)])
      try connection.prepare("INSERT INTO _mapwright_meta (key, value) VALUES ('row_ids', ?)").run([.text(RelationalLayout.rowIDsFollowKeysMark)])
      for entity in model.entities {
        let table = layout.tables[entity.name]!
        var columns = ["\"_id\" INTEGER PRIMARY KEY"]
        columns += table.attributes.map { "\(quoteIdentifier($0.name)) \(StoreValues.columnType($0.type))" }
        columns += table.foreignKeys.map { "\(quoteIdentifier($0.name)) INTEGER REFERENCES \(quoteIdentifier($0.destinationEntityName))(\"_id\")" }
        try connection.execute("CREATE TABLE \(quoteIdentifier(table.name)) (\(columns.joined(separator: ", ")))")
        if let key = table.primaryKey, !table.keyIsRowID {
          try connection.execute(
            "CREATE UNIQUE INDEX \(quoteIdentifier("\(table.name)_\(key)")) ON \(quoteIdentifier(table.name)) (\(quoteIdentifier(key)))")
        }
        for foreignKey in table.foreignKeys {
          try connection.execute(
            "CREATE INDEX \(quoteIdentifier("\(table.name)_\(foreignKey.name)")) ON \(quoteIdentifier(table.name)) (\(quoteIdentifier(foreignKey.name)))"
          )
        }
      }
      for join in layout.joinTables {
        try connection.execute(
          "CREATE TABLE \(quoteIdentifier(join.name)) (owner INTEGER NOT NULL, target INTEGER NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (owner, target))"
        )
        if join.isReadByTarget {
          try connection.execute("CREATE INDEX \(quoteIdentifier("\(join.name)_target")) ON \(quoteIdentifier(join.name)) (target)")
        }
      }
    }
  }

  /// A statement of the write path found by what it does, not by its SQL (building the SQL
  /// for every row costs more than running it).
  struct WriteStatement: Hashable {
    enum Kind { case detach, delete, setForeignKey }
    let kind: Kind
    let table: String
    let column: String
  }
  var writeStatements: [WriteStatement: SQLiteStatement] = [:]

  func statement(_ key: WriteStatement, _ sql: () -> String) throws -> SQLiteStatement {
    if let cached = writeStatements[key] { return cached }
    let prepared = try connection.prepare(sql())
    writeStatements[key] = prepared
    return prepared
  }

  func statement(_ sql: String) throws -> SQLiteStatement {
    if let cached = statements[sql] { return cached }
    let prepared = try connection.prepare(sql)
    statements[sql] = prepared
    return prepared
  }

  // MARK: GraphStore

  /// The row ids of the stored objects of `entity` with these primary keys, in one query.
  public func storedIDs(of entity: String, keys: [PrimaryKeyValue]) throws -> [PrimaryKeyValue: Int64] {
    guard let table = layout.tables[entity], let key = table.primaryKey, let column = table.keyColumn, !keys.isEmpty else { return [:] }
    lookupQueries += 1
    let range = model.entity(named: entity)?.attribute(named: key)?.type.isIntegerType == true ? DenseKeyRange(keys) : nil
    let select = "SELECT \(quoteIdentifier(column)), \"_id\" FROM \(quoteIdentifier(table.name)) WHERE \(quoteIdentifier(column)) "
    let query: SQLiteStatement
    if let range {
      // Consecutive keys: one range of the key's index (`DenseKeyRange`).
      query = try statement(select + "BETWEEN ? AND ?")
      query.bind(.integer(range.lower), at: 1)
      query.bind(.integer(range.upper), at: 2)
    } else {
      query = try statement(select + "IN (\(Array(repeating: "?", count: keys.count).joined(separator: ",")))")
      for (i, value) in keys.enumerated() { query.bind(value.storeValue, at: Int32(i + 1)) }
    }
    defer { query.reset() }
    var result: [PrimaryKeyValue: Int64] = [:]
    while try query.step() {
      let found: PrimaryKeyValue =
        switch query.value(0) {
        case .integer(let v): .integer(v)
        case .text(let v): .text(v)
        case .real(let v): .text("\(v)")
        default: .text("")
        }
      if let range, case .integer(let value) = found, !range.contains(value) { continue }
      result[found] = query.int64(1)
    }
    return result
  }

  /// The largest row id in use in `entity`'s table (0 when empty).
  public func largestID(of entity: String) throws -> Int64 {
    guard let table = layout.tables[entity] else { return 0 }
    let largest = try connection.scalar("SELECT MAX(\"_id\") FROM \(quoteIdentifier(table.name))") ?? 0
    expectedLargestIDs[table.name] = largest
    return largest
  }

  /// Throws `changedDuringImport` if another writer moved a table's largest row id since this
  /// store last saw it (run inside the batch's write transaction, which holds the lock).
  private func checkNoOtherWriter() throws {
    for (table, expected) in expectedLargestIDs {
      let largest = try connection.scalar("SELECT MAX(\"_id\") FROM \(quoteIdentifier(table))") ?? 0
      guard largest == expected else {
        throw StoreError(
          .changedDuringImport,
          "\(path) was changed by another writer during this import (table \(table) has rows up to id \(largest), this import expected \(expected)); this batch was not written, earlier ones were: run the import again"
        )
      }
    }
  }

  private func noteLargestIDs() throws {
    for table in expectedLargestIDs.keys {
      expectedLargestIDs[table] = try connection.scalar("SELECT MAX(\"_id\") FROM \(quoteIdentifier(table))") ?? 0
    }
  }

  /// Opens a batch's transaction (see `GraphStore`).
  public func beginBatch() throws {
    try connection.execute("BEGIN IMMEDIATE")
    batchOpen = true
    try checkNoOtherWriter()
  }

  /// Writes a part of the open batch: its detaches, then its rows, foreign keys and join rows.
  public func writePart(_ part: ImportBatch) throws {
    for detach in part.detaches {
      let key = WriteStatement(kind: detach.delete ? .delete : .detach, table: detach.table, column: detach.column)
      try statement(key) {
        detach.delete
          ? "DELETE FROM \(quoteIdentifier(detach.table)) WHERE \(quoteIdentifier(detach.column)) = ?"
          : "UPDATE \(quoteIdentifier(detach.table)) SET \(quoteIdentifier(detach.column)) = NULL WHERE \(quoteIdentifier(detach.column)) = ?"
      }.run([.integer(detach.owner)])
    }
    // Rows of one table and column set go in multi-row statements.
    for group in part.rowGroups() { try upsert(group[...]) }
    for foreignKey in part.foreignKeys {
      let update = try statement(WriteStatement(kind: .setForeignKey, table: foreignKey.table, column: foreignKey.column)) {
        "UPDATE \(quoteIdentifier(foreignKey.table)) SET \(quoteIdentifier(foreignKey.column)) = ? WHERE \"_id\" = ?"
      }
      for id in foreignKey.ids { try update.run([foreignKey.target.map { .integer($0) } ?? .null, .integer(id)]) }
    }
    try writeJoins(part)
  }

  /// Commits the open batch.
  public func endBatch() throws {
    try noteLargestIDs()
    try connection.execute("COMMIT")
    batchOpen = false
  }

  /// Rolls the open batch back (nothing happens when none is open).
  public func abandonBatch() {
    guard batchOpen else { return }
    batchOpen = false
    try? connection.execute("ROLLBACK")
  }

  /// Inserts or updates rows that share a table and columns, many per statement. New rows of
  /// a table whose ids are their keys are plain INSERTs: pass 1 found no row with such a key,
  /// so one there now was written by another writer since (ids handed out in order are
  /// guarded by `checkNoOtherWriter` instead), and the batch stops rather than overwrite it.
  func upsert(_ rows: ArraySlice<ImportBatch.Row>) throws {
    guard let first = rows.first else { return }
    let inserting = first.isNew && layout.tables[first.table]?.keyIsRowID == true
    let perRow = first.columns.count + 1
    let chunk = max(1, min(128, 32_000 / perRow))
    var start = rows.startIndex
    while start < rows.endIndex {
      let end = min(start + chunk, rows.endIndex)
      let statement = try upsertStatement(table: first.table, columns: first.columns, rows: end - start, inserting: inserting)
      defer { statement.reset() }
      var index: Int32 = 1
      for row in rows[start..<end] {
        statement.bind(row.id, at: index)
        index += 1
        for value in row.values {
          statement.bind(value, at: index)
          index += 1
        }
      }
      do {
        while try statement.step() {}
      } catch {
        guard inserting, error.code == SQLITE_CONSTRAINT else { throw error }
        throw StoreError(
          .changedDuringImport,
          "\(path) was changed by another writer during this import (table \(first.table) has a row this import found absent: \(error.message)); this batch was not written, earlier ones were: run the import again"
        )
      }
      start = end
    }
  }

  func upsertStatement(table: String, columns unquoted: [String], rows: Int, inserting: Bool) throws -> SQLiteStatement {
    let shape = UpsertShape(table: table, columns: unquoted, rows: rows, inserting: inserting)
    if let cached = upserts[shape] { return cached }
    let columns = unquoted.map(quoteIdentifier)
    let tuple = "(" + Array(repeating: "?", count: columns.count + 1).joined(separator: ", ") + ")"
    let values = Array(repeating: tuple, count: rows).joined(separator: ", ")
    let sql: String
    if inserting {
      sql = "INSERT INTO \(quoteIdentifier(table)) (\"_id\"\(columns.map { ", " + $0 }.joined())) VALUES \(values)"
    } else if columns.isEmpty {
      sql = "INSERT INTO \(quoteIdentifier(table)) (\"_id\") VALUES \(values) ON CONFLICT(\"_id\") DO NOTHING"
    } else {
      // The primary key is left out of the update: the row was found by it, so it cannot
      // change, and setting it would rewrite its unique index entry for nothing.
      let key = layout.tables[table]?.primaryKey
      let updated = unquoted.filter { $0 != key }.map(quoteIdentifier)
      let updates = updated.isEmpty ? "\"_id\" = excluded.\"_id\"" : updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
      sql =
        "INSERT INTO \(quoteIdentifier(table)) (\"_id\", \(columns.joined(separator: ", "))) VALUES \(values) "
        + "ON CONFLICT(\"_id\") DO UPDATE SET \(updates)"
    }
    let prepared = try connection.prepare(sql)
    upserts[shape] = prepared
    return prepared
  }
}

extension SQLiteStore {
  /// Writes the WAL into the database file (so that copying the file copies everything).
  public func checkpoint() throws {
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}
