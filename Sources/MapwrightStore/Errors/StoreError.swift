// The store's own failures, with a code a caller can match, for every store (SQLite's own
// errors are `SQLiteError`, PostgreSQL's `PostgresStoreError`).

import MapwrightJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A problem of the store itself rather than of SQLite: a model that does not match the file,
/// a look-up the entity cannot answer.
///
/// ```swift
/// do {
///   _ = try SQLiteStore(path: path, model: otherModel)
/// } catch let error as StoreError where error.code == .modelMismatch {
///   // migrate, or open with the model the store was written with
/// }
/// ```
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let description: String
    package init(_ description: String) { self.description = description }

    /// The store was written with another model (its signature differs).
    public static let modelMismatch = Code("modelMismatch")
    /// Opened read-only, the file has no Mapwright schema.
    public static let noSchema = Code("noSchema")
    /// The entity has no primary key, so it cannot be looked up by key.
    public static let noPrimaryKey = Code("noPrimaryKey")
    /// A predicate names an attribute the entity does not have.
    public static let unknownAttribute = Code("unknownAttribute")
    /// A model type that is not among the store's models.
    public static let unknownEntity = Code("unknownEntity")
    /// A key or predicate value that the attribute cannot hold.
    public static let invalidValue = Code("invalidValue")
    /// The file is a database with tables of its own and no Mapwright schema (open it with
    /// `addingToExistingDatabase: true` to add the model's tables to it).
    public static let foreignDatabase = Code("foreignDatabase")
    /// The file cannot be written (opened for writing).
    public static let notWritable = Code("notWritable")
    /// Another writer added or removed rows while an import was running; the batch was not
    /// written (earlier batches of the import were), and running the import again completes it.
    public static let changedDuringImport = Code("changedDuringImport")
    /// The store could not be reached or refused the connection (a server store: refused,
    /// bad password, missing database, time-out).
    public static let connectionFailed = Code("connectionFailed")
  }

  /// What kind of failure.
  public let code: Code
  /// What went wrong, naming the entity, attribute or store concerned.
  public let message: String

  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// A store URL without its password (`postgres://user:***@host/db`), for messages: the one
/// rule every message that shows a store's URL follows.
package func redactedStoreURL(_ url: String) -> String {
  guard var components = URLComponents(string: url), components.password != nil else { return url }
  components.password = "***"
  return components.string ?? url
}

extension StoreError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// `io` when the database could not be reached or written, or changed under the import
  /// (trying again may succeed); `data` for a model, a schema or a value the store refuses.
  public var errorCategory: MapwrightErrorCategory {
    code == .connectionFailed || code == .notWritable || code == .changedDuringImport ? .io : .data
  }
  /// Not in the JSON (the message says what is concerned).
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
