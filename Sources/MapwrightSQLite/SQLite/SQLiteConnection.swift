// A thin layer over the SQLite C API: a connection, prepared statements with typed binds and
// reads, transactions, and errors that carry SQLite's message and the SQL. Nothing here knows
// about models; SQLiteStore builds on it.

import CSQLite
import MapwrightGraph

/// SQLite's "copy this value now" destructor (the C macro does not import).
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One connection to a database file.
final class SQLiteConnection {
  let handle: OpaquePointer

  init(path: String, readOnly: Bool = false) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let result = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard result == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let handle { sqlite3_close_v2(handle) }
      throw SQLiteError(code: result, message: "cannot open \(path): \(message)")
    }
    self.handle = handle
    sqlite3_busy_timeout(handle, 5_000)
  }

  deinit { sqlite3_close_v2(handle) }

  /// Whether the main database was opened read-only (SQLite falls back to read-only when a
  /// file opened for writing cannot be written).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// Runs one or more statements without results.
  func execute(_ sql: String) throws(SQLiteError) {
    var error: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &error)
    guard result == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? lastErrorMessage
      sqlite3_free(error)
      throw SQLiteError(code: result, message: message, sql: sql)
    }
  }

  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard result == SQLITE_OK, let statement else {
      throw SQLiteError(code: result, message: lastErrorMessage, sql: sql)
    }
    return SQLiteStatement(statement, connection: self, sql: sql)
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The single integer a query returns, or nil.
  func scalar(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.isNull(0) ? nil : statement.int64(0)
  }
}

/// A prepared statement. Reset between uses; finalized when released.
final class SQLiteStatement {
  let handle: OpaquePointer
  unowned let connection: SQLiteConnection
  let sql: String

  init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // Binds: 1-based positions, as SQLite counts.
  func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }
  func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }
  func bind(_ value: String, at index: Int32) { sqlite3_bind_text(handle, index, value, -1, transient) }
  func bind(_ value: [UInt8], at index: Int32) {
    _ = value.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient) }
  }
  func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

  func bind(_ value: StoreValue, at index: Int32) {
    switch value {
    case .null: bindNull(at: index)
    case .integer(let v): bind(v, at: index)
    case .real(let v): bind(v, at: index)
    case .text(let v): bind(v, at: index)
    case .blob(let v): bind(v, at: index)
    }
  }

  /// Advances: true when a row is ready, false when done.
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    let result = sqlite3_step(handle)
    if result == SQLITE_ROW { return true }
    if result == SQLITE_DONE { return false }
    throw SQLiteError(code: result, message: connection.lastErrorMessage, sql: sql)
  }

  /// Binds `values`, runs to completion and resets.
  func run(_ values: [StoreValue]) throws(SQLiteError) {
    defer { reset() }
    for (i, value) in values.enumerated() { bind(value, at: Int32(i + 1)) }
    while try step() {}
  }

  // Reads: 0-based columns.
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
  func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
  func string(_ column: Int32) -> String {
    guard let text = sqlite3_column_text(handle, column) else { return "" }
    return String(cString: text)
  }

  func value(_ column: Int32) -> StoreValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(int64(column))
    case SQLITE_FLOAT: return .real(double(column))
    case SQLITE_TEXT: return .text(string(column))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, column))
      guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }
}

func sqlite3ColumnCount(_ statement: SQLiteStatement) -> Int32 { sqlite3_column_count(statement.handle) }

func sqlite3ColumnName(_ statement: SQLiteStatement, _ column: Int32) -> String {
  sqlite3_column_name(statement.handle, column).map { String(cString: $0) } ?? ""
}
