// Docs/Store.md's examples (see DocExampleTests). Compiled, not run: they write a store file
// in the working directory, as the doc shows.

import Foundation
import Mapwright
import MapwrightSQLite
#if Postgres
import MapwrightPostgres
import PostgresNIO
#endif

// Macro-declared types at file scope.
@JSONModel struct Book { var title: String; var year: Int? }

@JSONModel enum Genre: String { case fiction, poetry, essay }

@JSONModel(primaryKey: "id")
struct Writer { var id: Int; var name: String; @Transform(.iso8601) var born: Date?; var books: [Novel] = [] }

@JSONModel(keys: .snakeCase, primaryKey: "id")
struct Novel { var id: Int; var title: String; @Key("writer_id") var writer: Writer?; var genre: Genre = .fiction }

enum StoreDocExample {
  /// The example of ImportOptions's doc comment.
  static func importOptions() -> ImportOptions {
    var options = ImportOptions(mapping: .lenient, batchSize: 5_000)
    options.missingReferences = .placeholder
    return options
  }

  static func asyncStore(_ data: Data) async throws {
    let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let author = model.entity(named: "Author")!
    let library = try AsyncStore(readers: 2) { try SQLiteStore(path: "library.sqlite", model: model) }
    let imported = try await library.importJSON(data, sources: [ImportSource("authors", entity: author)],
                                                options: ImportOptions(mapping: .lenient))
    let found = try await library.object(author, key: 101)
    let living = try await library.count(author, where: .greater("dateOfBirth", Date(timeIntervalSince1970: 0)))
    _ = (imported, found, living)
  }

  #if Postgres
  static func postgresPool(model: ObjectModel, author: EntityDescription) async throws {
    let location = try PostgresLocation(url: "postgres://mapwright@127.0.0.1/library?schema=books")
    let client = PostgresClient(configuration: try location.clientConfiguration())
    let running = Task { await client.run() }   // or add the client to the server's service group
    let books = try await AsyncStore(postgres: client, at: location, model: model)
    let twain = try await books.object(author, key: 101)
    _ = (running, twain)
    // The example of AsyncStore(postgres:at:model:)'s doc comment.
    let store = try await AsyncStore(postgres: client, at: location, model: model)
    let authors = try await store.objects(author, where: .greater("born", 1800))
    _ = authors
  }
  #endif

  static func fileModel(_ data: Data, bookEntity: EntityDescription) throws {
    let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let store = try SQLiteStore(path: "library.sqlite", model: model)
    let summary = try store.importJSON(data, sources: [ImportSource("authors", entity: model.entity(named: "Author")!)],
                                       options: ImportOptions(mapping: .lenient))
    print(summary)   // 2 elements: 7 inserted, 0 updated, 0 placeholders, 0 unresolved references; …
    let twain = try store.object(model.entity(named: "Author")!, key: 101)          // a ModelObject
    let recent = try store.values(Book.self, of: bookEntity, where: .greater("year", 1900))  // any model type
    let fromFile = try store.importJSON(contentsOfFile: "authors.jsonl", jsonLines: true,
                                        sources: [ImportSource("", entity: model.entity(named: "Author")!)])
    _ = (twain, recent, fromFile)
  }

  #if Postgres
  static func postgres(_ data: Data, model: ObjectModel) throws {
    let store = try PostgresStore(url: "postgres://mapwright:secret@127.0.0.1:5432/library", model: model)
    let summary = try store.importJSON(data, sources: [ImportSource("authors", entity: model.entity(named: "Author")!)])
    let twain = try store.object(model.entity(named: "Author")!, key: 101)
    _ = (summary, twain)
    // The examples of MapwrightPostgres's doc comments.
    let location = try PostgresLocation(url: "postgres://mapwright@127.0.0.1:5432/library")
    _ = try PostgresStore(location: location, model: model)
    try PostgresStore.remove(url: "postgres://mapwright@127.0.0.1/library?schema=staging")
    let typed = try PostgresStore(url: "postgres://mapwright@127.0.0.1/library", models: [Writer.self, Novel.self])
    _ = try typed.importJSON(data, sources: [ImportSource("writers", model: Writer.self)])
    _ = try typed.value(Writer.self, key: 7)
  }
  #endif

  static func modelTypes(_ data: Data) throws {
    let store = try SQLiteStore(path: "books.sqlite", models: [Writer.self, Novel.self])
    let summary = try store.importJSON(data, sources: [ImportSource("writers", model: Writer.self),
                                                       ImportSource("novels", model: Novel.self)])
    let twain = try store.value(Writer.self, key: 1)                       // books loaded
    let essays = try store.values(Novel.self, where: .equal("genre", JSON.string("essay")))
    _ = (summary, twain, essays)
  }
}
