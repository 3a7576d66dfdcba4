// Conditions are typed: a value of a kind the attribute cannot hold is an error naming the
// attribute and the kinds it takes (never an empty result), JSON scalars stand for the values
// they hold, and relationships are compared by their destination's key or tested for having
// none — the same on both stores.

import Foundation
import MapwrightGraph
import MapwrightJSON
import MapwrightSchema
import MapwrightStore
import Testing

@Suite struct PredicateTests {
  /// A quote in a name is doubled also when a combining mark follows it (one `Character`
  /// with it, which a search over characters does not find).
  @Test func identifiersQuoteEveryQuote() {
    #expect(quoteIdentifier("a\"\u{301}b").utf8.elementsEqual("\"a\"\"\u{301}b\"".utf8))
    #expect(quoteIdentifier("plain") == "\"plain\"")
  }

  /// The example library, plus a book without an author and an author without books.
  static func library(_ kind: StoreKind) throws -> TemporaryStore {
    let t = try TemporaryStore(kind)
    let payload = [UInt8](try Data(contentsOf: examples.appendingPathComponent("library.json")))
    _ = try t.store.importJSON(payload, sources: [ImportSource("authors", entity: t.entity("Author"))], options: ImportOptions(mapping: .lenient))
    let more = #"{"books": [{"book_id": 9, "title": "Anonymous"}], "authors": [{"author_id": 7, "firstName": "N", "lastName": "Obooks"}]}"#
    _ = try t.store.importJSON(
      Array(more.utf8), sources: [ImportSource("books", entity: t.entity("Book")), ImportSource("authors", entity: t.entity("Author"))])
    return t
  }

  static func keys(_ objects: [ModelObject], _ key: String) -> [Int64] { objects.compactMap { $0.int64(key) }.sorted() }

  @Test(arguments: StoreKind.all) func aValueOfTheWrongKindIsAnErrorNamingTheAttribute(_ kind: StoreKind) throws {
    let t = try Self.library(kind)
    let book = t.entity("Book")
    for (predicate, kinds) in [
      (StorePredicate.equal("title", 12), "a String or a JSON string"),
      (.equal("year", "1884"), "an integer"),
      (.greater("year", 1880.5), "an integer"),
      (.equal("title", JSON.number(JSONNumber(3))), "a String or a JSON string"),
      (.and([.isNull("title"), .equal("bookId", true)]), "an integer"),
    ] {
      let error = #expect(throws: StoreError.self) { try t.store.objects(book, where: predicate) }
      #expect(error?.code == .invalidValue && error?.message.contains(kinds) == true, "\(predicate)")
      #expect(error?.message.hasPrefix("Book.") == true)
    }
    let unknown = #expect(throws: StoreError.self) { try t.store.count(book, where: .equal("isbn", "x")) }
    #expect(unknown?.code == .unknownAttribute && unknown?.message == "Book has no attribute or relationship isbn")
  }

  @Test(arguments: StoreKind.all) func jsonScalarsAndSwiftValuesMatchAlike(_ kind: StoreKind) throws {
    let t = try Self.library(kind)
    let book = t.entity("Book")
    let emma = "The Age of Innocence"
    #expect(Self.keys(try t.store.objects(book, where: .equal("title", JSON.string(emma))), "bookId") == [3101])
    #expect(Self.keys(try t.store.objects(book, where: .equal("title", emma)), "bookId") == [3101])
    #expect(Self.keys(try t.store.objects(book, where: .equal("year", JSON(1884))), "bookId") == [3001])
    #expect(Self.keys(try t.store.objects(book, where: .greater("year", Int16(1880))), "bookId") == [3001, 3101])
    #expect(try t.store.count(book, where: .equal("bookId", UInt8(9))) == 1)
  }

  @Test(arguments: StoreKind.all) func relationshipsByKeyAndByAbsence(_ kind: StoreKind) throws {
    let t = try Self.library(kind)
    let (book, author) = (t.entity("Book"), t.entity("Author"))
    // A column of the book's own table.
    #expect(Self.keys(try t.store.objects(book, where: .isNull("author")), "bookId") == [9])
    #expect(Self.keys(try t.store.objects(book, where: .equal("author", 101)), "bookId") == [3001, 3002])
    #expect(Self.keys(try t.store.objects(book, where: .notEqual("author", 101)), "bookId") == [3101])
    #expect(Self.keys(try t.store.objects(book, where: .and([.equal("author", 101), .greater("year", 1880)])), "bookId") == [3001])
    // The destination's column (a to-many, and a to-one stored on the other side).
    #expect(Self.keys(try t.store.objects(author, where: .isNull("books")), "authorId") == [7])
    #expect(Self.keys(try t.store.objects(author, where: .equal("books", 3101)), "authorId") == [102])
    #expect(Self.keys(try t.store.objects(author, where: .notEqual("books", 3101)), "authorId") == [7, 101])
    #expect(try t.store.count(book, where: .isNull("pricing")) == 2)
    // A key of the wrong kind, an order on a relationship, a key nothing has.
    let wrong = #expect(throws: StoreError.self) { try t.store.objects(book, where: .equal("author", "Twain")) }
    #expect(wrong?.message.contains("Author.authorId is of type Integer 64") == true)
    let ordered = #expect(throws: StoreError.self) { try t.store.objects(book, where: .less("author", 5)) }
    #expect(ordered?.message.contains("is a relationship") == true)
    #expect(try t.store.count(book, where: .equal("author", 999)) == 0)
  }

  @Test(arguments: StoreKind.all) func joinTablesInBothDirections(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let place = StorePlace(kind)
    let store = try place.open(model)
    let payload =
      #"{"owners": [{"ownerId": 1, "favorites": [10, 11]}, {"ownerId": 2, "favorites": [11]}, {"ownerId": 3}], "pets": [{"petId": 10}, {"petId": 11}, {"petId": 12}]}"#
    _ = try store.importJSON(Array(payload.utf8), sources: RowIDKeyTests.sources(model))
    let owner = try #require(model.entity(named: "Owner"))
    #expect(Self.keys(try store.objects(owner, where: .equal("favorites", 11)), "ownerId") == [1, 2])
    #expect(Self.keys(try store.objects(owner, where: .equal("favorites", 10)), "ownerId") == [1])
    #expect(Self.keys(try store.objects(owner, where: .isNull("favorites")), "ownerId") == [3])
  }
}
