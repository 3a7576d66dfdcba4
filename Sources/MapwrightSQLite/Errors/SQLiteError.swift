// An error SQLite reported: its result code, its message and the statement.

import MapwrightJSON

/// An error from SQLite, or from the store built on it.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
  /// SQLite's result code (`SQLITE_CONSTRAINT`, …), or -1 for the store's own errors.
  public let code: Int32
  /// SQLite's message for the failure, or the store's own.
  public let message: String
  /// The statement concerned, when there is one.
  public let sql: String?

  init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The message, and the statement it concerns when there is one.
  public var description: String { sql.map { "\(message) (in: \($0))" } ?? message }
}

extension SQLiteError: MapwrightError {
  /// `sqlite.N`, SQLite's result code (`sqlite.19` is `SQLITE_CONSTRAINT`).
  public var errorCode: String { "sqlite.\(code)" }
  /// `data` for what the statement's values caused (a constraint, a type, a size), else `io`
  /// (busy, locked, full, unreadable: trying again may succeed).
  public var errorCategory: MapwrightErrorCategory {
    switch code & 0xFF {
    case 18, 19, 20, 25: .data  // SQLITE_TOOBIG, SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE
    default: .io
    }
  }
  /// Not in the JSON.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
