// A failure of the PostgreSQL store: the server's SQLSTATE and message, or the client's.

#if Postgres
  import MapwrightJSON
  import PostgresNIO

  /// A PostgreSQL failure: the server's message and SQLSTATE, or the client's.
  public struct PostgresStoreError: Error, Sendable, CustomStringConvertible {
    /// The server's SQLSTATE (`23505` unique violation, `40P01` deadlock…), nil for client errors.
    public let sqlState: String?
    /// The server's message (with its detail and hint), or the client's.
    public let message: String
    /// The statement concerned, when there is one.
    public let sql: String?

    /// The message, the SQLSTATE and the statement concerned.
    public var description: String {
      var text = message
      if let sqlState { text += " (SQLSTATE \(sqlState))" }
      if let sql { text += " in: \(sql.count > 300 ? String(sql.prefix(300)) + "…" : sql)" }
      return text
    }

    init(_ error: any Error, sql: String?) {
      if let error = error as? PSQLError {
        if let info = error.serverInfo, let message = info[.message] {
          sqlState = info[.sqlState]
          self.message = [message, info[.detail], info[.hint]].compactMap { $0 }.joined(separator: "; ")
        } else {
          sqlState = nil
          message = "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
      } else {
        sqlState = nil
        message = "\(error)"
      }
      self.sql = sql
    }
  }

  extension PostgresStoreError: MapwrightError {
    /// `sqlstate.CODE` for the server's errors (`sqlstate.23505`), `postgres.client` for the
    /// client's.
    public var errorCode: String { sqlState.map { "sqlstate.\($0)" } ?? "postgres.client" }
    /// `data` for what the values caused (SQLSTATE classes 22, data exceptions, and 23,
    /// integrity constraints); otherwise `io` (connections, deadlocks, resources: trying again
    /// may succeed).
    public var errorCategory: MapwrightErrorCategory {
      guard let sqlState else { return .io }
      return sqlState.hasPrefix("22") || sqlState.hasPrefix("23") ? .data : .io
    }
    /// Not in the JSON.
    public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
  }
#endif
