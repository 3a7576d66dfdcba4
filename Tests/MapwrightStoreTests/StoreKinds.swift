// The stores a behaviour test runs on: SQLite always, PostgreSQL when a server is named by
// MAPWRIGHT_POSTGRES_URL (`Scripts/postgres.sh start` prints one; `.ci/run` starts a server and
// sets it, with MAPWRIGHT_REQUIRE_POSTGRES=1 so that a missing server fails the run instead of
// leaving PostgreSQL untested). Each PostgreSQL store gets a schema of its own, dropped when
// the test ends, so tests run in parallel on one database.

import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import Testing

#if Postgres
  @testable import MapwrightPostgres
#endif

enum StoreKind: String, Sendable, CustomTestStringConvertible {
  case sqlite, postgres

  var testDescription: String { rawValue }

  static let postgresURL: String? = ProcessInfo.processInfo.environment["MAPWRIGHT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
  static let postgresRequired = ProcessInfo.processInfo.environment["MAPWRIGHT_REQUIRE_POSTGRES"] == "1"

  /// Every store this run can test (PostgreSQL in a build with the package trait `Postgres`).
  #if Postgres
    static let all: [StoreKind] = postgresURL != nil || postgresRequired ? [.sqlite, .postgres] : [.sqlite]
  #else
    static let all: [StoreKind] = [.sqlite]
  #endif
}

/// Where a test's store lives: a temporary SQLite file or a PostgreSQL schema of its own.
final class StorePlace: @unchecked Sendable {
  let kind: StoreKind
  let path: String
  let schema: String

  init(_ kind: StoreKind) {
    self.kind = kind
    let name = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-\(name).sqlite").path
    schema = "t_\(name)"
  }

  var url: String {
    get throws {
      guard let base = StoreKind.postgresURL else {
        throw StoreError.testServerMissing
      }
      return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
  }

  /// Opens (creating if needed) the store for `model`.
  func open(_ model: ObjectModel, addingToExistingDatabase: Bool = false) throws -> any RelationalStore {
    switch kind {
    case .sqlite: try SQLiteStore(path: path, model: model, addingToExistingDatabase: addingToExistingDatabase)
    case .postgres:
      #if Postgres
        try PostgresStore(url: url, model: model, addingToExistingDatabase: addingToExistingDatabase)
      #else
        throw StoreError.builtWithoutPostgres
      #endif
    }
  }

  deinit {
    switch kind {
    case .sqlite:
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    case .postgres:
      #if Postgres
        if let url = try? url { try? PostgresStore.remove(url: url) }
      #endif
    }
  }
}

extension StoreError {
  static let builtWithoutPostgres = StoreError(
    .connectionFailed, "MAPWRIGHT_REQUIRE_POSTGRES=1 but the tests were built without the package trait Postgres (swift test --enable-all-traits)")
  static let testServerMissing = StoreError(
    .connectionFailed, "MAPWRIGHT_REQUIRE_POSTGRES=1 but MAPWRIGHT_POSTGRES_URL is not set (Scripts/postgres.sh start prints it)")
}

@Suite struct StoreKindTests {
  @Test func postgresIsTestedWhenRequired() throws {
    guard StoreKind.postgresRequired else { return }
    #if !Postgres
      Issue.record(StoreError.builtWithoutPostgres)
    #endif
    #expect(StoreKind.all.contains(.postgres))
    let place = StorePlace(.postgres)
    let store = try place.open(
      try ObjectModel(xml: Array(#"<model><entity name="E"><attribute name="id" attributeType="Integer 64"/></entity></model>"#.utf8)))
    #expect(try store.count(store.model.entity(named: "E")!) == 0)
  }
}
