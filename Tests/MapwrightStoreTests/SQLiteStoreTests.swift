import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import MapwrightTestSupport
import Testing

let examples = RepositoryFolders.examples

/// A fresh store of a kind (a temporary SQLite file, a PostgreSQL schema), removed when the
/// test ends.
final class TemporaryStore {
  let place: StorePlace
  let model: ObjectModel
  let store: any RelationalStore

  init(_ kind: StoreKind = .sqlite, model: ObjectModel? = nil) throws {
    TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    place = StorePlace(kind)
    self.model = try model ?? ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
    store = try place.open(self.model)
  }

  /// The SQLite file (SQLite stores only).
  var path: String { place.path }

  func entity(_ name: String) -> EntityDescription { model.entity(named: name)! }
}

@JSONModel
struct StoredBook: Equatable {
  @Key("book_id") var bookId: Int64
  var title: String
}

@Suite struct SQLiteStoreTests {
  @Test(arguments: StoreKind.all) func importsTheExamplePayloadAndFetchesItBack(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let payload = [UInt8](try Data(contentsOf: examples.appendingPathComponent("library.json")))
    var options = ImportOptions(mapping: .lenient)
    options.batchSize = 1
    let summary = try t.store.importJSON(payload, sources: [ImportSource("authors", entity: t.entity("Author"))], options: options)
    #expect(summary.elements == 2 && summary.inserted == 7 && summary.updated == 0)  // 2 authors, 3 books, 2 pricings
    #expect(summary.batches == 2)
    #expect(try t.store.count(t.entity("Book")) == 3)

    let twain = try #require(try t.store.object(t.entity("Author"), key: 101))
    #expect(twain.string("firstName") == "Mark" && twain.string("lastName") == "Twain")
    #expect(twain.url("imageURL") == URL(string: "https://example.com/images/twain.jpg"))
    #expect(twain.date("dateOfBirth") != nil)
    #expect(twain.objects("books").map { $0.int64("bookId") } == [3001, 3002])
    #expect(twain.objects("books").allSatisfy { $0.object("author") === twain })
    let finn = try #require(try t.store.object(t.entity("Book"), key: 3001))
    #expect(finn.int("year") == 1884 && finn["tags"] as? JSON == ["novel", "satire"])
    #expect(finn.object("author")?.string("lastName") == "Twain")
    #expect(finn.object("pricing")?.decimal("retailPrice") == Decimal(string: "14.99"))

    // As model values, by predicate.
    let recent = try t.store.values(StoredBook.self, of: t.entity("Book"), where: .greater("year", 1880))
    #expect(recent == [StoredBook(bookId: 3001, title: "Adventures of Huckleberry Finn"), StoredBook(bookId: 3101, title: "The Age of Innocence")])
  }

  @Test(arguments: StoreKind.all) func theSameKeyUpdatesInsteadOfDuplicating(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let author = t.entity("Author")
    _ = try t.store.importJSON(
      Array(
        #"{"authors": [{"author_id": 1, "firstName": "A", "lastName": "B", "books": [{"book_id": 5, "title": "T", "pricing": {"retailPrice": 3}}]}]}"#
          .utf8), sources: [ImportSource("authors", entity: author)])
    // Twice in one payload, and already stored: one object, only the keys present change.
    let summary = try t.store.importJSON(
      Array(
        #"{"authors": [{"author_id": 1, "lastName": "C"}, {"author_id": 1, "firstName": "D"}, {"author_id": 2, "firstName": "E", "lastName": "F"}]}"#
          .utf8),
      sources: [ImportSource("authors", entity: author)])
    #expect(summary.inserted == 1 && summary.updated == 1)
    #expect(try t.store.count(author) == 2)
    let one = try #require(try t.store.object(author, key: 1))
    #expect(one.string("firstName") == "D" && one.string("lastName") == "C")
    #expect(one.objects("books").count == 1)  // books absent: left alone
    // Books present: the set is replaced; a nested object without a primary key is replaced too.
    _ = try t.store.importJSON(
      Array(
        #"{"authors": [{"author_id": 1, "books": [{"book_id": 6, "title": "U", "pricing": {"retailPrice": 4}}]}], "books": [{"book_id": 5, "pricing": {"retailPrice": 9}}]}"#
          .utf8),
      sources: [ImportSource("authors", entity: author), ImportSource("books", entity: t.entity("Book"))])
    #expect(try t.store.object(author, key: 1)?.objects("books").map { $0.int64("bookId") } == [6])
    #expect(try t.store.object(t.entity("Book"), key: 5)?.object("author") == nil)
    #expect(try t.store.count(t.entity("Pricing")) == 2)
    #expect(try t.store.object(t.entity("Book"), key: 5)?.object("pricing")?.decimal("retailPrice") == 9)
  }

  @Test(arguments: StoreKind.all) func relationshipsByIdResolveInAnyOrder(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let payload = #"""
      {"books": [{"book_id": 10, "title": "X", "author": 1}, {"book_id": 11, "title": "Y", "author": 2}],
       "authors": [{"author_id": 1, "firstName": "A", "lastName": "B"},
                   {"author_id": 2, "firstName": "C", "lastName": "D", "books": [12]}]}
      """#
    _ = try t.store.importJSON(Array(#"{"books": [{"book_id": 12, "title": "Z"}]}"#.utf8), sources: [ImportSource("books", entity: t.entity("Book"))])
    let summary = try t.store.importJSON(
      Array(payload.utf8), sources: [ImportSource("books", entity: t.entity("Book")), ImportSource("authors", entity: t.entity("Author"))])
    #expect(summary.unresolved.isEmpty)
    #expect(try t.store.object(t.entity("Book"), key: 10)?.object("author")?.int("authorId") == 1)
    // Author 2's books: 11 (by its own reference) and 12 (stored before, by id).
    #expect(try t.store.object(t.entity("Author"), key: 2)?.objects("books").map { $0.int("bookId") }.sorted { $0! < $1! } == [11, 12])
  }

  @Test(arguments: StoreKind.all) func missingReferencesFollowThePolicy(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let books = [ImportSource("books", entity: t.entity("Book"))]
    let payload = Array(#"{"books": [{"book_id": 1, "title": "X", "author": 99}]}"#.utf8)
    let reported = try t.store.importJSON(payload, sources: books)
    #expect(reported.unresolved.map(\.description) == ["$.books[0].author: no Author with key 99 for Book.author"])
    #expect(try t.store.object(t.entity("Book"), key: 1)?.object("author") == nil)

    var strict = ImportOptions()
    strict.missingReferencesByRelationship["Book.author"] = .error
    #expect {
      try t.store.importJSON(payload, sources: books, options: strict)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.books[0].author"
    }

    var placeholders = ImportOptions()
    placeholders.missingReferences = .placeholder
    let created = try t.store.importJSON(payload, sources: books, options: placeholders)
    #expect(created.placeholders == 1)
    let author = try #require(try t.store.object(t.entity("Author"), key: 99))
    #expect(author.string("firstName") == nil && author.objects("books").count == 1)
  }

  @Test(arguments: StoreKind.all) func unresolvedReferencesAreAllCountedAndTheFirstListed(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let books = (1...50).map { #"{"book_id": \#($0), "title": "X", "author": \#(1_000 + $0)}"# }.joined(separator: ",")
    var options = ImportOptions()
    options.maximumListedUnresolved = 3
    let summary = try t.store.importJSON(
      Array(#"{"books": [\#(books)]}"#.utf8), sources: [ImportSource("books", entity: t.entity("Book"))], options: options)
    #expect(summary.unresolvedCount == 50 && summary.inserted == 50)
    #expect(summary.unresolved.map(\.path.description) == ["$.books[0].author", "$.books[1].author", "$.books[2].author"])
    #expect(summary.description.contains("50 unresolved references"))
  }

  @Test(arguments: StoreKind.all) func lookupsAreOneQueryPerEntityPerBucket(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let authors = (1...25).map { #"{"author_id": \#($0), "firstName": "F", "lastName": "L", "books": [{"book_id": \#($0 * 10), "title": "T"}]}"# }
    var options = ImportOptions()
    options.batchSize = 10
    options.bucketSize = 10
    let summary = try t.store.importJSON(
      Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8), sources: [ImportSource("authors", entity: t.entity("Author"))],
      options: options)
    // 25 author keys and 25 book keys, in buckets of 10: 3 queries each.
    #expect(summary.lookups == 6 && t.store.lookupQueries == 6)
    #expect(summary.batches == 3 && summary.inserted == 50)
  }

  @Test(arguments: StoreKind.all) func aFailingBatchLeavesTheStoreAsItWasBeforeIt(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let authors = (1...5).map { i in
      i == 4 ? #"{"author_id": 4, "firstName": 7, "lastName": "L"}"# : #"{"author_id": \#(i), "firstName": "F", "lastName": "L"}"#
    }
    var options = ImportOptions()
    options.batchSize = 2
    #expect {
      try t.store.importJSON(
        Array("{\"authors\": [\n\(authors.joined(separator: ",\n"))]}".utf8), sources: [ImportSource("authors", entity: t.entity("Author"))],
        options: options)
    } throws: { error in
      (error as? MappingError)?.description == #"$.authors[3].firstName: expected string, found number 7 (line 5, column 31)"#
    }
    // The first batch (authors 1 and 2) is in; the failing one (3 and 4) and the rest are not.
    #expect(try t.store.objects(t.entity("Author")).map { $0.int("authorId") } == [1, 2])
  }

  @Test(arguments: StoreKind.all) func readersSeeTheStateBeforeOrAfterAnImport(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let author = t.entity("Author")
    _ = try t.store.importJSON(Array(#"[{"author_id": 1, "firstName": "A", "lastName": "B"}]"#.utf8), sources: [ImportSource("", entity: author)])
    let reader = try t.place.open(t.model)
    try reader.read {
      #expect(try reader.count(author) == 1)
      _ = try t.store.importJSON(Array(#"[{"author_id": 2, "firstName": "C", "lastName": "D"}]"#.utf8), sources: [ImportSource("", entity: author)])
      #expect(try reader.count(author) == 1)  // still the snapshot it started with
    }
    #expect(try reader.count(author) == 2)
  }

  @Test(arguments: StoreKind.all) func aStoreOfAnotherModelVersionIsAnError(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let changed = #"""
      <model><entity name="Author"><attribute name="authorId" attributeType="String"/></entity></model>
      """#
    let other = try ObjectModel(xml: Array(changed.utf8))
    #expect {
      try t.place.open(other)
    } throws: { error in
      (error as? StoreError)?.code == .modelMismatch && "\(error)".contains("written with a different version of the model")
    }
    // The file is untouched: the original model still opens it.
    #expect(try t.place.open(t.model).count(t.entity("Author")) == 0)
  }
}

extension SQLiteStoreTests {
  @Test(arguments: StoreKind.all) func entitiesWithManyAttributesImport(_ kind: StoreKind) throws {
    let attributes = (0..<70).map { #"<attribute name="a\#($0)" optional="YES" attributeType="Integer 64"/>"# }.joined()
    let xml =
      #"<model><entity name="Wide"><attribute name="id" attributeType="Integer 64"/>\#(attributes)<userInfo><entry key="primaryKey" value="id"/></userInfo></entity></model>"#
    let t = try TemporaryStore(kind, model: try ObjectModel(xml: Array(xml.utf8)))
    let members = (0..<70).filter { $0 % 3 != 0 }.map { "\"a\($0)\": \($0)" }.joined(separator: ", ")
    _ = try t.store.importJSON(Array("[{\"id\": 1, \(members)}]".utf8), sources: [ImportSource("", entity: t.entity("Wide"))])
    _ = try t.store.importJSON(Array(#"[{"id": 1, "a69": 700}]"#.utf8), sources: [ImportSource("", entity: t.entity("Wide"))])
    let wide = try #require(try t.store.object(t.entity("Wide"), key: 1))
    #expect(wide.int("a1") == 1 && wide.int("a68") == 68 && wide.int("a69") == 700 && wide.int("a3") == nil)
  }
}
