import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import Testing

@JSONModel
enum Genre: String {
  case fiction, poetry, essay
}

@JSONModel(primaryKey: "id")
struct Writer: Equatable {
  var id: Int
  var name: String
  @Transform(.iso8601) var born: Date?
  var books: [Novel] = []
  var tags: [String] = []
}

@JSONModel(keys: .snakeCase, primaryKey: "id")
struct Novel: Equatable {
  var id: Int
  var title: String
  @Key("writer_id") var writer: Writer?
  var genre: Genre = .fiction
  var price: Decimal?
  var pageCount: Int16?
}

/// A store of model types, fresh, of a kind.
final class TemporaryModelStore {
  let place: StorePlace
  let store: any RelationalStore

  init(_ kind: StoreKind, _ models: [any JSONModel.Type]) throws {
    place = StorePlace(kind)
    store = try place.open(ObjectModel(models: models))
  }

  convenience init(_ models: [any JSONModel.Type]) throws {
    try self.init(.sqlite, models)
  }

  func run(_ json: String, _ sources: [(String, any JSONModel.Type)], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
    try store.importJSON(Array(json.utf8), sources: sources.map { try ImportSource($0.0, model: $0.1) }, options: options)
  }
}

@Suite struct ModelTypeStoreTests {
  @Test func modelTypesBecomeEntities() throws {
    let model = try ObjectModel(models: [Writer.self])  // Novel comes with it
    let writer = try #require(model.entity(named: "Writer"))
    let novel = try #require(model.entity(named: "Novel"))
    #expect(writer.primaryKey == "id" && novel.primaryKey == "id")
    #expect(writer.attributes.map(\.name) == ["id", "name", "born", "tags"])
    #expect(writer.attribute(named: "id")?.type == .integer64 && writer.attribute(named: "id")?.isOptional == false)
    #expect(writer.attribute(named: "born")?.type == .date && writer.attribute(named: "born")?.isOptional == true)
    #expect(writer.attribute(named: "tags")?.type == .transformable)
    #expect(novel.attribute(named: "price")?.type == .decimal && novel.attribute(named: "pageCount")?.type == .integer16)
    #expect(novel.attribute(named: "pageCount")?.jsonKeyPath == "page_count")
    // The one relationship each way between Writer and Novel are each other's inverse.
    let books = try #require(writer.relationship(named: "books"))
    let author = try #require(novel.relationship(named: "writer"))
    #expect(books.isToMany && books.inverseName == "writer" && books.destinationEntityName == "Novel")
    #expect(!author.isToMany && author.inverseName == "books" && author.jsonKeyPath == "writer_id")
  }

  @Test(arguments: StoreKind.all) func importsModelTypesWithIdsAndFetchesValuesBack(_ kind: StoreKind) throws {
    let t = try TemporaryModelStore(kind, [Writer.self, Novel.self])
    let payload = """
      {"writers": [{"id": 1, "name": "Mark Twain", "born": "1835-11-30T00:00:00Z", "books": [10, 11], "tags": ["humor"]}],
       "novels": [{"id": 10, "title": "Tom Sawyer", "writer_id": 1, "price": 9.99, "page_count": 274},
                  {"id": 11, "title": "Huckleberry Finn", "genre": "fiction"},
                  {"id": 12, "title": "Roughing It", "writer_id": 1, "genre": "essay"}]}
      """
    let summary = try t.run(payload, [("writers", Writer.self), ("novels", Novel.self)])
    #expect(summary.inserted == 4 && summary.updated == 0 && summary.unresolved.isEmpty)

    let twain = try #require(try t.store.value(Writer.self, key: 1))
    #expect(twain.name == "Mark Twain" && twain.tags == ["humor"])
    #expect(twain.born == ISO8601DateFormatter().date(from: "1835-11-30T00:00:00Z"))
    #expect(twain.books.map(\.id) == [10, 11, 12])
    #expect(twain.books.map(\.title) == ["Tom Sawyer", "Huckleberry Finn", "Roughing It"])
    #expect(twain.books[0].price == Decimal(string: "9.99") && twain.books[0].pageCount == 274)
    #expect(twain.books[2].genre == .essay)

    let essays = try t.store.values(Novel.self, where: .equal("genre", JSON.string("essay")))
    #expect(essays.map(\.title) == ["Roughing It"] && essays.first?.writer?.name == "Mark Twain")
    #expect(try t.store.count(Novel.self) == 3)
  }

  @Test(arguments: StoreKind.all) func theSameKeyUpdatesOnlyThePropertiesPresent(_ kind: StoreKind) throws {
    let t = try TemporaryModelStore(kind, [Writer.self])
    _ = try t.run(#"{"novels": [{"id": 10, "title": "Tom Sawyer", "writer_id": {"id": 1, "name": "Twain"}, "price": 5}]}"#, [("novels", Novel.self)])
    let summary = try t.run(#"[{"id": 10, "title": "The Adventures of Tom Sawyer"}, {"id": 10, "genre": "poetry"}]"#, [("", Novel.self)])
    #expect(summary.inserted == 0 && summary.updated == 1)
    let novel = try #require(try t.store.value(Novel.self, key: 10))
    #expect(novel.title == "The Adventures of Tom Sawyer" && novel.genre == .poetry && novel.price == 5)
    #expect(novel.writer?.name == "Twain")
    #expect(try t.store.count(Writer.self) == 1)
  }

  @Test(arguments: StoreKind.all) func valuesAreCheckedOnImportAsTheTypeDecodesThem(_ kind: StoreKind) throws {
    let t = try TemporaryModelStore(kind, [Novel.self])
    #expect {
      try t.run(#"{"novels": [{"id": 1, "title": "A"}, {"id": 2, "title": "B", "genre": "opera"}]}"#, [("novels", Novel.self)])
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("$.novels[1].genre") && description.contains("opera")
    }
    #expect {
      try t.run(#"[{"id": 3, "title": 7}]"#, [("", Novel.self)])
    } throws: { error in
      (error as? MappingError)?.description.hasPrefix("$[0].title: expected string, found number 7") == true
    }
    #expect {
      try t.run(#"[{"id": 4}]"#, [("", Novel.self)])
    } throws: { error in
      (error as? MappingError)?.description.hasPrefix("$[0].title: missing key") == true
    }
  }

  @Test func aTypeWithoutAnEntityIsAClearError() throws {
    #expect {
      _ = try ObjectModel(models: [Animal.self])
    } throws: { error in
      (error as? SchemaError)?.code == .notAnEntity
    }
  }
}

/// A class with subclasses: not described as an entity.
@JSONModel
class Animal {
  var name: String = ""
}
