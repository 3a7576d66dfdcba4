// `AsyncStore` over a PostgreSQL connection pool (PostgresNIO's `PostgresClient`), shared with
// the rest of a server. Fetches (`objects`, `count`, `object`, `values`) are queries on the
// pool, awaited: no thread of the store's, nothing waits, any number run at once (as many as
// the pool has connections). An import is CPU work (parsing, mapping) with its database work
// pipelined behind it (GraphImporter, PostgresStore+Batches): it leases two connections for
// its length and runs the synchronous importer on a thread of the store's, never on an event
// loop or the cooperative pool; imports run one at a time. A `read` (a synchronous body in one
// transaction) leases a connection and runs the body on a thread of the store's likewise.
// A leased connection goes back to the pool as it came: no transaction open, settings reset.

#if Postgres
  import Logging
  import MapwrightGraph
  import MapwrightSchema
  import NIOCore
  import PostgresNIO

  extension AsyncStore {
    /// A store on a PostgreSQL connection pool, opened (created if needed) for `model` at
    /// `location`, as `PostgresStore.init(location:model:addingToExistingDatabase:)` opens it.
    /// The client must be running (`client.run()`, in a service group or a task of its own)
    /// and made from `location.clientConfiguration()`, so that its connections use the
    /// store's schema.
    ///
    /// ```swift
    /// let location = try PostgresLocation(url: "postgres://mapwright@127.0.0.1/library")
    /// let client = PostgresClient(configuration: try location.clientConfiguration())
    /// let running = Task { await client.run() }
    /// let store = try await AsyncStore(postgres: client, at: location, model: model)
    /// let authors = try await store.objects(author, where: .greater("born", 1800))
    /// ```
    public convenience init(
      postgres client: PostgresClient, at location: PostgresLocation, model: ObjectModel, addingToExistingDatabase: Bool = false, readers: Int = 2
    ) async throws {
      let connections = PostgresPoolConnections(client: client, location: location, model: model, readers: readers)
      try await connections.open(addingToExistingDatabase: addingToExistingDatabase)
      self.init(connections: connections, model: model)
    }
  }

  extension PostgresLocation {
    /// The configuration of a `PostgresClient` whose connections reach this database and use
    /// its schema (for `AsyncStore(postgres:at:model:)`), with `connections` connections kept
    /// open. The pool neither closes idle connections nor pings them (connections that fail
    /// are replaced when used): PostgresNIO 1.33's pool starts a timer task for each of those
    /// at every release of a connection, which lives out its period (30 s, 60 s), so that a
    /// pool leased thousands of times a second held hundreds of megabytes of timers.
    public func clientConfiguration(connections: Int = 8) throws -> PostgresClient.Configuration {
      var configuration = PostgresClient.Configuration(
        host: host, port: port, username: username, password: password, database: database,
        tls: requiresTLS ? .require(.makeClientConfiguration()) : .disable)
      configuration.options.connectTimeout = connectTimeout
      configuration.options.minimumConnections = connections
      configuration.options.maximumConnections = connections
      configuration.options.keepAliveBehavior = nil
      if let schema { configuration.options.additionalStartupParameters.append(Self.searchPath(schema)) }
      return configuration
    }
  }

  final class PostgresPoolConnections: AsyncStoreConnections, @unchecked Sendable {
    let client: PostgresClient
    let location: PostgresLocation
    let model: ObjectModel
    /// The store's layout and import lock, known once the store is opened (before any use).
    private var opened: (layout: RelationalLayout, importLock: Int64)!
    private let importThread = StoreThread(name: "mapwright-postgres-import")
    private let readThreads: [StoreThread]

    init(client: PostgresClient, location: PostgresLocation, model: ObjectModel, readers: Int) {
      self.client = client
      self.location = location
      self.model = model
      readThreads = (0..<max(readers, 1)).map { StoreThread(name: "mapwright-postgres-read-\($0)") }
    }

    func close() {
      importThread.stop()
      for thread in readThreads { thread.stop() }
    }

    /// Checks the store's schema (creating it if needed) on a leased connection.
    func open(addingToExistingDatabase: Bool) async throws {
      let location = location
      let model = model
      let found = try await leasing(on: importThread) {
        (session: PostgresSession, _: PostgresSession?) throws -> UncheckedBox<(RelationalLayout, Int64)> in
        try Self.checkSchema(of: session, location)
        let store = try PostgresStore(leased: session, spare: nil, model: model, opened: nil, addingToExistingDatabase: addingToExistingDatabase)
        return UncheckedBox((store.layout, store.importLock))
      }
      opened = found.value
    }

    /// The client's connections must use the store's schema, or fetches would miss its tables:
    /// their search path is the one `location.clientConfiguration()` sets.
    static func checkSchema(of session: PostgresSession, _ location: PostgresLocation) throws {
      guard let schema = location.schema else { return }
      var current = ""
      try session.query("SELECT current_setting('search_path')") { row in
        let cells = row.makeRandomAccess()
        if cells[0].bytes != nil { current = try cells[0].decode(String.self) }
      }
      if current != PostgresLocation.searchPath(schema).1 {
        throw StoreError(
          .connectionFailed,
          "the client's connections have search_path \(current), not \(schema): make the client with location.clientConfiguration()")
      }
    }

    /// Leases one connection (two when `spare`), runs `body` with a session on it (and on the
    /// spare) on `thread`, and gives the connections back as they came.
    private func leasing<T: Sendable>(
      on thread: StoreThread, spare: Bool = false, _ body: @escaping @Sendable (PostgresSession, PostgresSession?) throws -> T
    ) async throws -> T {
      let location = location
      return try await client.withConnection { first in
        func run(_ second: PostgresConnection?) async throws -> T {
          let outcome: Result<T, any Error>
          do {
            outcome = .success(
              try await thread.run {
                try body(PostgresSession(leased: first, location: location), second.map { PostgresSession(leased: $0, location: location) })
              })
          } catch {
            outcome = .failure(error)
          }
          // Back to the pool as it came: no transaction left open, the session's settings reset.
          for connection in [first, second].compactMap({ $0 }) {
            for statement in ["ROLLBACK", "RESET ALL"] {
              _ = try? await connection.query(PostgresQuery(unsafeSQL: statement), logger: PostgresSession.quietLogger)
            }
          }
          return try outcome.get()
        }
        if spare { return try await client.withConnection { second in try await run(second) } }
        return try await run(nil)
      }
    }

    func importing(_ body: @escaping (any RelationalStore) throws -> ImportSummary) async throws -> ImportSummary {
      let job = UncheckedBox((body, model, opened!))
      return try await leasing(on: importThread, spare: true) { session, spare in
        try job.value.0(try PostgresStore(leased: session, spare: spare, model: job.value.1, opened: job.value.2))
      }
    }

    func read<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T {
      let job = UncheckedBox((body, model, opened!))
      let thread = readThreads.min { $0.load < $1.load }!
      return try await leasing(on: thread) { session, _ in
        let store = try PostgresStore(leased: session, spare: nil, model: job.value.1, opened: job.value.2)
        return UncheckedBox(try store.read { try job.value.0(store) })
      }.value
    }

    // MARK: Fetches, awaited on the pool

    func objects(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> [ModelObject] {
      let job = UncheckedBox((opened.layout, predicate))
      // One connection for the fetch's queries: one lease from the pool, not one a query.
      return try await client.withConnection { connection in
        try await ObjectFetch(PostgresDialect(layout: job.value.0)).objects(entity, where: job.value.1, loadingRelationships: true) { query in
          try await Self.rows(query, on: connection)
        }
      }
    }

    func count(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> Int {
      let query = try ObjectFetch(PostgresDialect(layout: opened.layout)).countQuery(entity, where: predicate)
      let rows = try await client.withConnection { connection in try await Self.rows(query, on: connection) }
      return rows.first.map { ObjectFetch<PostgresDialect>.count(of: $0) } ?? 0
    }

    /// The rows a query answers, as the store's values (as `PostgresStore.query` reads them).
    static func rows(_ query: StoreQuery, on connection: PostgresConnection) async throws -> [[StoreValue]] {
      do {
        let bindings = try PostgresSession.bindings(PostgresColumns.parameters(query.values))
        var rows: [[StoreValue]] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: query.sql, binds: bindings), logger: PostgresSession.quietLogger) {
          rows.append(try PostgresColumns.values(of: row))
        }
        return rows
      } catch let error as StoreError {
        throw error
      } catch {
        throw PostgresStoreError(error, sql: query.sql)
      }
    }
  }
#endif
