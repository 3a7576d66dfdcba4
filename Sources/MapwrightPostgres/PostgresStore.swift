// The PostgreSQL store: the same tables as SQLite's for a model (RelationalLayout, typed
// columns: PostgresColumns.swift), the same import (GraphImporter: uniquing by primary key,
// relationships by id, bucketed look-ups, one transaction per batch) and the same fetch API
// (RelationalStore), on a server many processes share.
//
// Concurrency. Importers into one database take turns: an import holds a session advisory
// lock from before its first look-up to after its last batch, and a second import waits for
// it. Pass 1 decides which keys are new and hands out row ids in memory; another writer
// between pass 1 and pass 2 would make those decisions wrong (two rows for a key, or an id
// taken twice), so the whole import is the unit of exclusion, as a sequential import would
// be. Each batch is one transaction at READ COMMITTED: readers (any isolation) see a batch
// whole or not at all, and are never blocked by an import.
//
// Writes of a batch (in parts, inside its one transaction): detaches and foreign keys as
// set-based UPDATEs over unnested arrays; rows as one statement per group of one table,
// column set and newness — `INSERT … SELECT … FROM unnest(…)` for rows pass 1 found new,
// `UPDATE … FROM unnest(…)` of the rows where a value differs for the others, so that an
// object sent again unchanged writes nothing; join rows likewise. A few statements per part
// whatever its size; every join is an index probe per id (`probeByIndex`). Batches go on two
// connections, so that the server works on two at once (PostgresStore+Batches.swift).

#if Postgres
  import MapwrightEngine
  import MapwrightGraph
  import MapwrightSchema
  import PostgresNIO

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// A PostgreSQL database holding the objects of a model.
  ///
  /// ```swift
  /// let store = try PostgresStore(url: "postgres://mapwright@127.0.0.1:5432/library", model: model)
  /// let summary = try store.importJSON(data, sources: [ImportSource("authors", entity: model.entity(named: "Author")!)])
  /// let twain = try store.object(model.entity(named: "Author")!, key: 101)
  /// ```
  public final class PostgresStore: RelationalStore, @unchecked Sendable {
    /// The model the store holds objects of.
    public let model: ObjectModel
    /// The tables and columns of the model in this store.
    public private(set) var layout: RelationalLayout
    let session: PostgresSession
    /// Queries that look objects up by primary key (for tests and the benchmark).
    public private(set) var lookupQueries = 0
    /// The advisory lock importers into this store (database and schema) take turns on.
    private(set) var importLock: Int64 = 0
    private(set) var holdsImportLock = false
    /// The connections batches are written on: `session`'s, and a second one opened when a
    /// batch begins while the one before is still committing (PostgresStore+Batches.swift).
    var lanes: [BatchLane]
    /// The lane of the open batch, and of the batch ended and not yet known to be committed.
    var current: BatchLane?
    var closing: BatchLane?
    /// Batches written on the second connection (for tests).
    var batchesOnSecondLane = 0
    /// The second connection when it is leased from a pool with the first, rather than opened.
    var spareSession: PostgresSession?

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`) and
    /// opens (creating if needed) the store for `model`; see `init(location:model:…)`.
    public convenience init(url: String, model: ObjectModel, addingToExistingDatabase: Bool = false) throws {
      try self.init(location: PostgresLocation(url: url), model: model, addingToExistingDatabase: addingToExistingDatabase)
    }

    /// Connects and opens (creating if needed) the store for `model`. Refused, with the database
    /// left as it was (`StoreError`): a server that cannot be reached or refuses the sign-in
    /// (`connectionFailed`, after at most `location.connectTimeout`), a store written with a
    /// different model (`modelMismatch`), a schema with tables of its own and no Mapwright
    /// metadata unless `addingToExistingDatabase` (`foreignDatabase`).
    public init(location: PostgresLocation, model: ObjectModel, addingToExistingDatabase: Bool = false) throws {
      self.model = model
      layout = RelationalLayout(model: model)
      session = try PostgresSession(location: location)
      lanes = [BatchLane(session)]
      try session.execute("SET client_min_messages = warning")
      try checkOrCreateSchema(addingToExistingDatabase: addingToExistingDatabase)
    }

    /// A store on connections leased from a pool (`AsyncStore(postgres:at:model:)`): `session`
    /// for everything, `spare` as the second connection of batches. With `layout` and
    /// `importLock` known (the store was opened on the pool before), the schema is not checked
    /// again.
    init(
      leased session: PostgresSession, spare: PostgresSession?, model: ObjectModel,
      opened: (layout: RelationalLayout, importLock: Int64)?, addingToExistingDatabase: Bool = false
    ) throws {
      self.model = model
      layout = opened?.layout ?? RelationalLayout(model: model)
      self.session = session
      spareSession = spare
      lanes = [BatchLane(session)]
      try session.execute("SET client_min_messages = warning")
      if let opened {
        importLock = opened.importLock
      } else {
        try checkOrCreateSchema(addingToExistingDatabase: addingToExistingDatabase)
      }
    }

    deinit {
      endImport()
    }

    /// Removes the store at `url`, which must name its schema (`?schema=name`): the schema and
    /// everything in it are dropped. Nothing happens when there is no such schema.
    ///
    /// ```swift
    /// try PostgresStore.remove(url: "postgres://mapwright@127.0.0.1/library?schema=staging")
    /// ```
    public static func remove(url: String) throws {
      let location = try PostgresLocation(url: url)
      guard let schema = location.schema else {
        throw StoreError(.invalidValue, "remove(url:) drops a store's schema: name it in the URL (?schema=name)")
      }
      try PostgresSession(location: location).execute("DROP SCHEMA IF EXISTS \(quoteIdentifier(schema)) CASCADE")
    }

    /// The database, for messages.
    public var location: PostgresLocation { session.location }

    // MARK: Schema

    func checkOrCreateSchema(addingToExistingDatabase: Bool) throws {
      try session.transaction {
        var schema = location.schema ?? ""
        if location.schema == nil {
          try session.query("SELECT current_schema()") { row in schema = try row.makeRandomAccess()[0].decode(String.self) }
        }
        importLock = Self.lockKey(schema)
        // Two processes creating the same store at once: the second waits, then finds it.
        try session.execute("SELECT pg_advisory_xact_lock(\(importLock))")
        if let schema = location.schema { try session.execute("CREATE SCHEMA IF NOT EXISTS \(quoteIdentifier(schema))") }
        let signature = model.storeSignature
        if try session.integer("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = '_mapwright_meta'") ?? 0 > 0 {
          var stored = ""
          try session.query("SELECT value FROM _mapwright_meta WHERE key = 'model_signature'") { row in
            stored = try row.makeRandomAccess()[0].decode(String.self)
          }
          guard stored == signature else {
            throw StoreError(
              .modelMismatch,
              "the store was written with a different version of the model (signature \(stored), this model's is \(signature)); open it with that model or migrate it"
            )
          }
          var rowIDs = ""
          try session.query("SELECT value FROM _mapwright_meta WHERE key = 'row_ids'") { row in
            rowIDs = try row.makeRandomAccess()[0].decode(String.self)
          }
          if rowIDs != RelationalLayout.rowIDsFollowKeysMark { layout = RelationalLayout(model: model, rowIDsFollowKeys: false) }
          return
        }
        let tables = try session.integer("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()") ?? 0
        if tables > 0, !addingToExistingDatabase {
          throw StoreError(
            .foreignDatabase,
            "\(location) has tables of its own and no Mapwright schema; pass addingToExistingDatabase: true (mapwright import --add-to-existing) to add the model's tables to it"
          )
        }
        var statements = ["CREATE TABLE _mapwright_meta (key text PRIMARY KEY, value text NOT NULL)"]
        for entity in model.entities {
          let table = layout.tables[entity.name]!
          var columns = ["\"_id\" bigint PRIMARY KEY"]
          columns += table.attributes.map { "\(quoteIdentifier($0.name)) \(PostgresColumns.columnType($0.type))" }
          // No REFERENCES constraint: a batch may name an object whose row comes in a later batch.
          columns += table.foreignKeys.map { "\(quoteIdentifier($0.name)) bigint" }
          statements.append("CREATE TABLE \(quoteIdentifier(table.name)) (\(columns.joined(separator: ", ")))")
          if let key = table.primaryKey, !table.keyIsRowID {
            statements.append(
              "CREATE UNIQUE INDEX \(quoteIdentifier("\(table.name)_\(key)")) ON \(quoteIdentifier(table.name)) (\(quoteIdentifier(key)))")
          }
          for foreignKey in table.foreignKeys {
            statements.append(
              "CREATE INDEX \(quoteIdentifier("\(table.name)_\(foreignKey.name)")) ON \(quoteIdentifier(table.name)) (\(quoteIdentifier(foreignKey.name)))"
            )
          }
        }
        for join in layout.joinTables {
          statements.append(
            "CREATE TABLE \(quoteIdentifier(join.name)) (owner bigint NOT NULL, target bigint NOT NULL, position bigint NOT NULL, PRIMARY KEY (owner, target))"
          )
          if join.isReadByTarget {
            statements.append("CREATE INDEX \(quoteIdentifier("\(join.name)_target")) ON \(quoteIdentifier(join.name)) (target)")
          }
        }
        for statement in statements { try session.execute(statement) }
        try session.query("INSERT INTO _mapwright_meta (key, value) VALUES ('model_signature', $1)", [signature])
        try session.query("INSERT INTO _mapwright_meta (key, value) VALUES ('row_ids', $1)", [RelationalLayout.rowIDsFollowKeysMark])
      }
    }

    /// A lock key for a schema (FNV-1a of "mapwright import" and its name).
    static func lockKey(_ schema: String) -> Int64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in "mapwright import \(schema)".utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return Int64(bitPattern: hash)
    }

    // MARK: GraphStore

    /// Takes the store's import lock (a second import waits for the first to end).
    public func beginImport() throws {
      guard !holdsImportLock else { return }
      try session.execute("SELECT pg_advisory_lock(\(importLock))")
      holdsImportLock = true
      try session.execute(Self.probeByIndex)
      // A second connection opened before the import is opened again, with the same setting.
      if current == nil, closing == nil { lanes.removeSubrange(1...) }
    }

    /// Ends the import: finishes or rolls back an open batch, and releases the import lock.
    public func endImport() {
      // An import always finishes its batches first; this is the safety net of a caller that
      // did not: the open batch rolls back, the one ended commits.
      abandonBatch()
      try? settleClosing()
      guard holdsImportLock else { return }
      // No ANALYZE here: the import's own statements are planned as index probes whatever the
      // statistics say (`probeByIndex`), and autovacuum analyses a table once a tenth of it
      // changed, which an import that would change plans does. (Analysing both connections'
      // share of the tables at the end took 0.25 s of a 10 s import, work autovacuum repeats.)
      try? session.execute("RESET enable_mergejoin")
      try? session.execute("RESET enable_hashjoin")
      try? session.execute("RESET enable_seqscan")
      try? session.execute("SELECT pg_advisory_unlock(\(importLock))")
      holdsImportLock = false
      lanes.removeSubrange(1...)  // the second connection closes
    }

    /// The row ids of the stored objects of `entity` with these primary keys (a range query when
    /// the keys are dense integers, else an index probe per key).
    public func storedIDs(of entity: String, keys: [PrimaryKeyValue]) throws -> [PrimaryKeyValue: Int64] {
      guard let table = layout.tables[entity], let key = table.primaryKey, let keyColumn = table.keyColumn, !keys.isEmpty,
        let attribute = model.entity(named: entity)?.attribute(named: key)
      else { return [:] }
      lookupQueries += 1
      let keyType = PostgresColumns.columnType(attribute.type)
      let column = "t." + quoteIdentifier(keyColumn)
      // The rows found come back as two arrays in one row: decoding a row per key cost the
      // importer 1.8 µs a key, as much as the server's look-up.
      let select = "SELECT array_agg(\(PostgresColumns.read(column, attribute.type))), array_agg(t.\"_id\") FROM \(quoteIdentifier(table.name)) AS t "
      // A large bucket is looked up in two halves at once, on the two connections batches use:
      // two server processes read the index.
      let split = keys.count >= 2_000
      let sessions = split ? [try secondSession(), session] : [session]
      let sql: String
      let queries: [EventLoopFuture<PostgresQueryResult>]
      let range = attribute.type.isIntegerType ? DenseKeyRange(keys) : nil
      if let range {
        // Consecutive keys: one index range scan per half (`DenseKeyRange`).
        sql = select + "WHERE \(column) BETWEEN $1 AND $2"
        queries = zip(split ? range.halves : [range.lower...range.upper], sessions).map { half, session in
          session.sendQuery(sql, [.integer(half.lowerBound), .integer(half.upperBound)])
        }
      } else {
        // A join with the unnested keys, each probed in the key's index (`probeByIndex`, set by
        // `beginImport`), not `= ANY(…)`: on a table the planner has no statistics for yet,
        // `= ANY` may become a scan that tests every row against every key.
        sql = select + "JOIN unnest($1::\(keyType)[]) AS k(key) ON \(column) = k.key"
        let halves = split ? [keys[..<(keys.count / 2)], keys[(keys.count / 2)...]] : [keys[...]]
        queries = zip(halves, sessions).map { half, session in
          session.sendQuery(sql, [PostgresColumns.arrayParameter(half.map(\.storeValue), attribute.type)])
        }
      }
      var result: [PrimaryKeyValue: Int64] = [:]
      result.reserveCapacity(keys.count)
      for query in queries {
        try PostgresSession.rows(
          of: query, sql: sql,
          row: { row in
            let cells = row.makeRandomAccess()
            guard cells[1].bytes != nil else { return }  // no row found: NULL arrays
            let ids = try cells[1].decode([Int64].self)
            switch attribute.type {
            case .integer16, .integer32, .integer64:
              for (key, id) in zip(try cells[0].decode([Int64].self), ids) where range?.contains(key) ?? true { result[.integer(key)] = id }
            case .double, .float, .date:
              for (key, id) in zip(try cells[0].decode([Double].self), ids) { result[.text("\(key)")] = id }
            default:
              for (key, id) in zip(try cells[0].decode([String].self), ids) { result[.text(key)] = id }
            }
          })
      }
      return result
    }

    /// The largest row id in use in `entity`'s table (0 when empty).
    public func largestID(of entity: String) throws -> Int64 {
      guard let table = layout.tables[entity] else { return 0 }
      return try session.integer("SELECT COALESCE(MAX(\"_id\"), 0) FROM \(quoteIdentifier(table.name))") ?? 0
    }

    /// Every statement of a batch or a look-up joins a few thousand ids with a table by an
    /// index (`_id`, a key, a relationship column): probing the index for each is proportional
    /// to the batch, where the merge or hash join the planner may prefer on a large table reads
    /// all of it (and on a table without statistics yet may be far worse). A look-up by range
    /// (`DenseKeyRange`) reads the key's index too, never the whole table, which a planner
    /// that takes a grown table for an empty one would choose. Set for the connection from
    /// `beginImport` to `endImport` (which resets them): reads are planned as usual.
    static let probeByIndex =
      "SELECT set_config('enable_mergejoin', 'off', false), set_config('enable_hashjoin', 'off', false), set_config('enable_seqscan', 'off', false)"

    /// The type of a column of `table` (an attribute's, else `_id` or a relationship's).
    func attributeType(_ column: String, in table: String) -> AttributeType? {
      layout.tables[table]?.attributes.first { $0.name == column }?.type
    }

    /// Rows of one table and column set, each id once: one statement. Rows the import knows are
    /// new are inserted without a conflict check (a row with their id or key would be another
    /// writer's, and fails the batch: `23505`); the others exist, and are updated where a value
    /// differs — a row that already holds the values is left alone: no new row version, no
    /// index entries, no WAL.
    func upsert(_ rows: ArraySlice<ImportBatch.Row>) {
      guard let first = rows.first else { return }
      let types = first.columns.map { attributeType($0, in: first.table) }
      // The rows' values column by column, read in one pass over the rows in place (a row
      // copied per value retained its three arrays each time: the writer thread's largest cost).
      var ids: [Int64] = []
      var columns = [[StoreValue]](repeating: [], count: types.count)
      ids.reserveCapacity(rows.count)
      for index in columns.indices { columns[index].reserveCapacity(rows.count) }
      for row in rows.indices {
        ids.append(rows[row].id)
        rows[row].values.withUnsafeBufferPointer { values in
          for index in values.indices { columns[index].append(values[index]) }
        }
      }
      var parameters: [PostgresSession.Parameter] = [.integers(ids)]
      for (index, type) in types.enumerated() {
        parameters.append(PostgresColumns.arrayParameter(columns[index], type))
      }
      let names = ["\"_id\""] + first.columns.map(quoteIdentifier)
      let unnested = (0..<parameters.count).map { "$\($0 + 1)::\(PostgresColumns.wireType($0 == 0 ? nil : types[$0 - 1]))[]" }
      let selected = (0..<parameters.count).map { PostgresColumns.fromWire("u.c\($0)", $0 == 0 ? nil : types[$0 - 1]) }
      let aliases = (0..<parameters.count).map { "c\($0)" }.joined(separator: ", ")
      let table = quoteIdentifier(first.table)
      let from = "unnest(\(unnested.joined(separator: ", "))) AS u(\(aliases))"
      // The primary key is left out of an update: the row was found by it, so it cannot change.
      let key = layout.tables[first.table]?.primaryKey
      let updated = first.columns.indices.filter { first.columns[$0] != key }
      let sql: String
      if first.isNew {
        sql = "INSERT INTO \(table) (\(names.joined(separator: ", "))) SELECT \(selected.joined(separator: ", ")) FROM \(from)"
      } else if updated.isEmpty {
        return  // the rows exist (found by key, or written earlier) and nothing else changes
      } else {
        // The rows exist: stored before the import, or written by an earlier group or batch.
        let columns = updated.map { quoteIdentifier(first.columns[$0]) }
        let values = updated.map { selected[$0 + 1] }
        sql =
          "UPDATE \(table) AS t SET " + zip(columns, values).map { "\($0) = \($1)" }.joined(separator: ", ")
          + " FROM \(from) WHERE t.\"_id\" = u.c0"
          + " AND (\(columns.map { "t.\($0)" }.joined(separator: ", "))) IS DISTINCT FROM (\(values.joined(separator: ", ")))"
      }
      run(sql, parameters)
    }

    /// Detaches of a part all come before its rows and commute: one statement per kind. A child
    /// the part writes the link column of anyway (a row of the part with that column, or a
    /// foreign key it sets) is left out of a detach: the write that follows sets the column, so
    /// a child an owner lists again is not set to NULL and back (two row versions, and index
    /// entries each time), and a child that keeps its values is not written at all.
    func writeDetaches(_ part: ImportBatch) {
      var owners: [String: (detach: ImportBatch.Detach, ids: [Int64])] = [:]
      var order: [String] = []
      for detach in part.detaches {
        let key = "\(detach.table)\u{0}\(detach.column)\u{0}\(detach.delete)"
        if owners[key] == nil { order.append(key) }
        owners[key, default: (detach, [])].ids.append(detach.owner)
      }
      for key in order {
        let (detach, ids) = owners[key]!
        let table = quoteIdentifier(detach.table)
        let column = quoteIdentifier(detach.column)
        if detach.delete {
          // Children without a primary key: the part's own are new rows, not in the table yet.
          run("DELETE FROM \(table) AS t USING unnest($1::bigint[]) AS o(id) WHERE t.\(column) = o.id", [.integers(ids)])
          continue
        }
        let relinked = part.rowsSetting(detach.column, of: detach.table)
        // `NOT IN (SELECT …)` is a hashed subplan, built once per statement (hash joins are off
        // during an import, subplans are not).
        run(
          "UPDATE \(table) AS t SET \(column) = NULL FROM unnest($1::bigint[]) AS o(id) WHERE t.\(column) = o.id"
            + " AND t.\"_id\" NOT IN (SELECT unnest($2::bigint[]))",
          [.integers(ids), .integers(relinked)])
      }
    }

    func writeForeignKeys(_ foreignKeys: [ImportBatch.ForeignKey]) {
      // The last value set for a row's column wins, as one update at a time would leave it.
      var targets: [String: (table: String, column: String, values: [Int64: Int64?])] = [:]
      var order: [String] = []
      for foreignKey in foreignKeys {
        let key = "\(foreignKey.table)\u{0}\(foreignKey.column)"
        if targets[key] == nil {
          order.append(key)
          targets[key] = (foreignKey.table, foreignKey.column, [:])
        }
        for id in foreignKey.ids { targets[key]!.values[id] = .some(foreignKey.target) }
      }
      for key in order {
        let (table, column, values) = targets[key]!
        let ids = Array(values.keys)
        let sql =
          "UPDATE \(quoteIdentifier(table)) AS t SET \(quoteIdentifier(column)) = v.target "
          + "FROM unnest($1::bigint[], $2::bigint[]) AS v(id, target) WHERE t.\"_id\" = v.id"
        let targetValues = ids.map { id in values[id]!.map { StoreValue.integer($0) } ?? .null }
        run(sql, [.integers(ids), PostgresColumns.arrayParameter(targetValues, nil)])
      }
    }

    /// Joins of one table and direction, each owner once: old links of replaced owners
    /// deleted, then all links inserted with their positions.
    func writeJoinRun(_ joins: ArraySlice<ImportBatch.Join>) {
      guard let first = joins.first else { return }
      let table = quoteIdentifier(first.table)
      let (own, other) = first.reversed ? ("target", "owner") : ("owner", "target")
      let replaced = joins.filter(\.replaces).map(\.owner)
      if !replaced.isEmpty {
        run(
          "DELETE FROM \(table) AS j USING unnest($1::bigint[]) AS o(id) WHERE j.\(own) = o.id",
          [.integers(replaced)])
      }
      var owners: [Int64] = []
      var targets: [Int64] = []
      var positions: [Int64] = []
      var seen: Set<Int64> = []
      for join in joins {
        seen.removeAll(keepingCapacity: true)
        for (position, target) in join.targets.enumerated() where seen.insert(target).inserted {
          owners.append(join.owner)
          targets.append(target)
          positions.append(Int64(position))
        }
      }
      guard !owners.isEmpty else { return }
      // A relationship without an inverse is written from its owner's side alone: each owner's
      // links were deleted first (or it is new), and its targets are each taken once (the first
      // position kept), so no pair is there yet — a plain insert, which costs a third less than
      // one that checks for conflicts. A pair of relationships can also be written from the other
      // side, in this batch or an earlier one: its links that are there already are left alone.
      let oneSided = layout.joinTables.first { $0.name == first.table }?.inverse == nil
      run(
        "INSERT INTO \(table) (\(own), \(other), position) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])"
          + (oneSided ? "" : " ON CONFLICT DO NOTHING"),
        [.integers(owners), .integers(targets), .integers(positions)])
    }

    // MARK: RelationalStore

    /// PostgreSQL's parameter mark, `$n`, cast to the attribute's column type.
    public func parameter(_ index: Int, for attribute: AttributeDescription?) -> String {
      PostgresDialect(layout: layout).parameter(index, for: attribute)
    }

    /// Reads the column as the store's values map it back (dates as seconds since 1970,
    /// decimals and transformable values as text, UUIDs as upper-case text).
    public func selectExpression(_ column: String, of attribute: AttributeDescription, table: String?) -> String {
      PostgresDialect(layout: layout).selectExpression(column, of: attribute, table: table)
    }

    /// Runs `sql` with `values` bound, calling `row` with each result row's columns.
    public func query(_ sql: String, _ values: [StoreValue], row: ([StoreValue]) throws -> Void) throws {
      try session.query(sql, PostgresColumns.parameters(values)) { result in try row(PostgresColumns.values(of: result)) }
    }

    /// Runs `body` in one read-only transaction (REPEATABLE READ): every query in it sees the
    /// same state, even while another process imports.
    public func read<T>(_ body: () throws -> T) throws -> T {
      try session.transaction("REPEATABLE READ READ ONLY", body)
    }
  }

  /// PostgreSQL's SQL for fetches: typed parameter marks, and reads that give columns back as
  /// the store's values (PostgresColumns).
  struct PostgresDialect: StoreDialect {
    let layout: RelationalLayout

    func parameter(_ index: Int, for attribute: AttributeDescription?) -> String {
      PostgresColumns.parameter(index, attribute?.type)
    }

    func selectExpression(_ column: String, of attribute: AttributeDescription, table: String?) -> String {
      let qualified = table.map { "\(quoteIdentifier($0)).\(quoteIdentifier(column))" } ?? quoteIdentifier(column)
      let expression = PostgresColumns.read(qualified, attribute.type)
      return expression == qualified ? qualified : "\(expression) AS \(quoteIdentifier(column))"
    }
  }
#endif
