import Foundation
import Mapwright
import MapwrightGraph
import Testing

@testable import MapwrightSQLite

/// Opening a file that is not this model's store is refused, and the file is left byte for
/// byte as it was.
@Suite("Stores refuse what is not theirs")
struct StoreRefusalTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-refusal-\(UUID().uuidString).sqlite").path
  }

  func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }

  /// A plain SQLite database with a table of its own, in rollback-journal mode.
  func foreignDatabase(at path: String) throws {
    let connection = try SQLiteConnection(path: path)
    try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
  }

  @Test func aForeignDatabaseIsRefusedAndUnchanged() throws {
    let path = temporaryPath()
    defer { remove(path) }
    try foreignDatabase(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect {
      _ = try SQLiteStore(path: path, models: [CanonicalCity.self])
    } throws: { ($0 as? StoreError)?.code == .foreignDatabase }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // Asked to, it adds its tables beside the file's own.
    let store = try SQLiteStore(path: path, models: [CanonicalCity.self], addingToExistingDatabase: true)
    #expect(try store.count(CanonicalCity.self) == 0)
  }

  @Test func anotherModelsStoreIsRefusedAndUnchanged() throws {
    let path = temporaryPath()
    defer { remove(path) }
    do { _ = try SQLiteStore(path: path, models: [CanonicalCity.self]) }
    // Checkpointed and closed: the file alone holds the store.
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect {
      _ = try SQLiteStore(path: path, models: [Writer.self])
    } throws: { ($0 as? StoreError)?.code == .modelMismatch }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aReadOnlyFileIsRefusedWhenOpenedForWriting() throws {
    let path = temporaryPath()
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      remove(path)
    }
    do { _ = try SQLiteStore(path: path, models: [CanonicalCity.self]) }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    guard !FileManager.default.isWritableFile(atPath: path) else { return }  // running as root
    #expect {
      _ = try SQLiteStore(path: path, models: [CanonicalCity.self])
    } throws: { error in
      guard let error = error as? StoreError else { return false }
      return error.code == .notWritable && error.message.contains(path)
    }
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // Read-only opening still reads it.
    #expect(try SQLiteStore(path: path, models: [CanonicalCity.self], readOnly: true).count(CanonicalCity.self) == 0)
  }
}

@Suite("An import leaves nothing behind")
struct ImportReleaseTests {
  /// Found by fuzzing (FuzzSchema, LeakSanitizer): an import's plans linked to each other
  /// through relationships and their inverses, and each import leaked them, with the
  /// model's entity descriptions. After the store and model are dropped, nothing survives.
  @Test func anImportOfRelatedEntitiesReleasesItsModel() throws {
    weak var entity: EntityDescription?
    weak var store: AnyObject?
    do {
      let t = try TemporaryModelStore([Writer.self, Novel.self])
      store = t.store
      entity = t.store.model.entity(named: "Novel")
      _ = try t.run(
        #"{"writers": [{"id": 1, "name": "Twain", "books": [10]}], "novels": [{"id": 10, "title": "Tom", "writer_id": 1}]}"#,
        [("writers", Writer.self), ("novels", Novel.self)])
    }
    #expect(store == nil)
    #expect(entity == nil)
  }
}
