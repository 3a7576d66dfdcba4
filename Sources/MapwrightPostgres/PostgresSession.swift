// One connection to a PostgreSQL server used synchronously: the store's protocol
// (`GraphStore`) is synchronous and the import calls it from its own threads, never from an
// event loop, so each query waits for PostgresNIO's future. Values are bound as text and given
// their type by a cast in the SQL (`$1::bigint[]`, `$2::jsonb`), or as binary arrays for the
// large columns of a batch; never a value in the SQL text.

#if Postgres
  import Logging
  import MapwrightGraph
  import NIOCore
  import NIOPosix
  import PostgresNIO

  final class PostgresSession: @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger
    let location: PostgresLocation
    /// The session closes its connection when it ends (not one leased from a pool).
    private let ownsConnection: Bool

    /// Connects, or throws `StoreError.connectionFailed` naming the server and the reason.
    init(location: PostgresLocation) throws {
      self.location = location
      logger = Self.quietLogger
      ownsConnection = true
      let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
      do {
        connection = try PostgresConnection.connect(
          on: eventLoop, configuration: try location.configuration(), id: 1, logger: logger
        ).wait()
      } catch {
        throw StoreError(.connectionFailed, "cannot connect to \(location): \(Self.reason(error, location))")
      }
    }

    /// A session on a connection leased from a pool, which stays open when the session ends.
    init(leased connection: PostgresConnection, location: PostgresLocation) {
      self.connection = connection
      self.location = location
      logger = Self.quietLogger
      ownsConnection = false
    }

    static let quietLogger: Logger = {
      var logger = Logger(label: "mapwright.postgres")
      logger.logLevel = .critical
      return logger
    }()

    deinit {
      if ownsConnection { try? connection.close().wait() }
    }

    static func reason(_ error: any Error, _ location: PostgresLocation) -> String {
      if let error = error as? PSQLError {
        if let info = error.serverInfo, let message = info[.message] { return message }
        if error.code == .connectionError || error.code == .serverClosedConnection {
          let underlying = error.underlying.map { "\($0)" } ?? ""
          if underlying.contains("onnection refused") { return "connection refused (is the server running on port \(location.port)?)" }
          if underlying.lowercased().contains("timed out") || underlying.lowercased().contains("timeout") {
            return "no answer within \(location.connectTimeout) (connect time-out)"
          }
          return underlying.isEmpty ? "\(error.code)" : underlying
        }
        return "\(error.code)"
      }
      let text = "\(error)"
      if text.lowercased().contains("timeout") || text.lowercased().contains("timed out") {
        return "no answer within \(location.connectTimeout) (connect time-out)"
      }
      return text
    }

    /// Runs `sql` with text parameters (nil binds NULL), calling `row` with each result row.
    func query(_ sql: String, _ parameters: [String?] = [], row: (PostgresRow) throws -> Void = { _ in }) throws {
      try query(sql, parameters.map { .text($0) }, row: row)
    }

    /// A parameter: text (cast in the SQL), or an array without NULLs sent in binary, which the
    /// server need not parse (the large columns of a batch's rows).
    enum Parameter {
      case text(String?)
      case integer(Int64)
      case integers([Int64])
      case reals([Double])
      case texts([String])
    }

    func query(_ sql: String, _ parameters: [Parameter], row: (PostgresRow) throws -> Void = { _ in }) throws {
      let result: PostgresQueryResult
      do {
        result = try connection.query(PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(parameters)), logger: logger).wait()
      } catch {
        throw PostgresStoreError(error, sql: sql)
      }
      for each in result.rows { try row(each) }
    }

    /// Sends a query without waiting for it; `rows(of:sql:row:)` waits and reads its rows.
    func sendQuery(_ sql: String, _ parameters: [Parameter]) -> EventLoopFuture<PostgresQueryResult> {
      do {
        return connection.query(PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(parameters)), logger: logger)
      } catch {
        return connection.eventLoop.makeFailedFuture(error)
      }
    }

    /// Waits for a query sent by `sendQuery`, calling `row` with each of its rows.
    static func rows(of query: EventLoopFuture<PostgresQueryResult>, sql: String, row: (PostgresRow) throws -> Void) throws {
      let result: PostgresQueryResult
      do {
        result = try query.wait()
      } catch {
        throw PostgresStoreError(error, sql: sql)
      }
      for each in result.rows { try row(each) }
    }

    /// Sends a statement whose rows are not wanted without waiting for it: statements sent one
    /// after another run in that order on the connection, and the caller builds the next while
    /// the server runs this one. Wait on the future for its outcome (errors as `query` throws
    /// them); a statement after a failed one in a transaction fails too.
    func send(_ sql: String, _ parameters: [Parameter]) -> EventLoopFuture<Void> {
      let eventLoop = connection.eventLoop
      let query: PostgresQuery
      do {
        query = PostgresQuery(unsafeSQL: sql, binds: try Self.bindings(parameters))
      } catch {
        return eventLoop.makeFailedFuture(PostgresStoreError(error, sql: sql))
      }
      return connection.query(query, logger: logger).map { _ in }.flatMapErrorThrowing { throw PostgresStoreError($0, sql: sql) }
    }

    static func bindings(_ parameters: [Parameter]) throws -> PostgresBindings {
      var binds = PostgresBindings(capacity: parameters.count)
      for parameter in parameters {
        switch parameter {
        case .text(let text?): binds.append(text)
        case .text(nil): binds.appendNull()
        case .integer(let value): binds.append(value)
        case .integers(let values): binds.append(PostgresBinaryArray(elements: .integers(values)))
        case .reals(let values): binds.append(PostgresBinaryArray(elements: .reals(values)))
        case .texts(let values): binds.append(PostgresBinaryArray(elements: .texts(values)))
        }
      }
      return binds
    }

    /// Runs one statement without parameters.
    func execute(_ sql: String) throws {
      do {
        _ = try connection.simpleQuery(sql).wait()
      } catch {
        throw PostgresStoreError(error, sql: sql)
      }
    }

    /// The first column of the first row as an integer (nil for none or NULL).
    func integer(_ sql: String, _ parameters: [String?] = []) throws -> Int64? {
      var value: Int64?
      try query(sql, parameters) { row in
        let cells = row.makeRandomAccess()
        if value == nil, !cells.isEmpty, cells[0].bytes != nil { value = try cells[0].decode(Int64.self) }
      }
      return value
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ isolation: String = "READ COMMITTED", _ body: () throws -> T) throws -> T {
      try execute("BEGIN ISOLATION LEVEL \(isolation)")
      do {
        let result = try body()
        try execute("COMMIT")
        return result
      } catch {
        try? execute("ROLLBACK")
        throw error
      }
    }
  }
#endif
