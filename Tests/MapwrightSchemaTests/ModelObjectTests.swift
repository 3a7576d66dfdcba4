import Foundation
import Mapwright
import MapwrightSchema
import Testing

@Suite struct ModelObjectTests {
  let model: ObjectModel
  let authorEntity: EntityDescription
  let bookEntity: EntityDescription

  init() throws {
    registerBirthDate()
    model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
    authorEntity = model.entity(named: "Author")!
    bookEntity = model.entity(named: "Book")!
  }

  /// The example payload's authors, decoded leniently (its numbers arrive as strings).
  func authors(report: inout MappingReport) throws -> [ModelObject] {
    let bytes = [UInt8](try Data(contentsOf: examples.appendingPathComponent("library.json")))
    let session = try DecodingSession(parsing: bytes, options: .lenient)
    let root = session.document.root
    #expect(try Int.decode(from: root["version"]!, in: session) == 2)
    #expect(try Int.decode(from: root["batchSize"]!, in: session) == 10)
    let authors = try ModelObject.objects(of: authorEntity, json: root["authors"]!, session: session)
    try session.throwIfFailed()
    report = session.report
    return authors
  }

  @Test func mapsThePayloadWithEveryValue() throws {
    var report = MappingReport()
    let authors = try authors(report: &report)
    #expect(authors.count == 2)
    let twain = authors[0]
    #expect(twain.int64("authorId") == 101)
    #expect(twain["firstName"] as? String == "Mark")
    #expect(twain.string("lastName") == "Twain")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    #expect(twain.date("dateOfBirth") == calendar.date(from: DateComponents(year: 1835, month: 11, day: 30)))
    #expect(twain.url("imageURL") == URL(string: "https://example.com/images/twain.jpg"))
    let books = twain.objects("books")
    #expect(books.map { $0.string("title") } == ["Adventures of Huckleberry Finn", "The Adventures of Tom Sawyer"])
    #expect(books.map { $0.int64("bookId") } == [3001, 3002])
    #expect(books.map { $0.int("year") } == [1884, 1876])
    #expect(books[0]["tags"] as? JSON == ["novel", "satire"])
    #expect(books[0].object("pricing")?.decimal("retailPrice") == Decimal(string: "14.99"))
    #expect(books[1].object("pricing")?.decimal("retailPrice") == Decimal(string: "12.50"))
    // Inverses point back.
    #expect(books.allSatisfy { $0.object("author") === twain })
    #expect(books[0].object("pricing")?.object("book") === books[0])
    let wharton = authors[1]
    #expect(wharton.url("imageURL") == nil && wharton.objects("books").first?.object("pricing") == nil)
    // The report lists each string read as a number.
    #expect(report.coercions.contains { $0.path.description == "$.authors[0].author_id" })
    #expect(report.coercions.contains { $0.path.description == "$.authors[0].books[0].pricing.retailPrice" })
  }

  @Test func strictDecodingRejectsNumbersAsStrings() throws {
    #expect {
      try ModelObject(entity: authorEntity, json: #"{"author_id": "101", "firstName": "A", "lastName": "B"}"#)
    } throws: { error in
      (error as? MappingError)?.description == #"$.author_id: expected integer, found string "101" (line 1, column 15)"#
    }
    let author = try ModelObject(entity: authorEntity, json: #"{"author_id": 7, "firstName": "A", "lastName": "B"}"#)
    #expect(author.int("authorId") == 7 && author.date("dateOfBirth") == nil)
  }

  @Test func badPayloadsAreErrorsWithPaths() throws {
    #expect {
      try ModelObject(entity: authorEntity, json: #"{"author_id": 1, "firstName": "A"}"#)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.lastName"
    }
    #expect {
      try ModelObject(
        entity: authorEntity, json: #"{"author_id": 1, "firstName": "A", "lastName": "B", "books": [{"book_id": 1, "title": "T", "year": 70000}]}"#)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.books[0].year"
    }
    #expect {
      try ModelObject(entity: authorEntity, json: #"{"author_id": 1, "firstName": "A", "lastName": "B", "born": "yesterday"}"#)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.born"
    }
    #expect(throws: MappingError.self) { try ModelObject(entity: authorEntity, json: "[1]") }
    #expect(throws: MappingError.self) { try ModelObject(entity: authorEntity, json: "{") }
    // Every problem at once, when asked.
    #expect {
      try ModelObject(entity: authorEntity, json: #"{"author_id": "x", "firstName": 3}"#, options: MappingOptions(errorMode: .collectAll))
    } throws: { error in
      (error as? MappingErrors)?.errors.map(\.path.description) == ["$.author_id", "$.firstName", "$.lastName"]
    }
  }

  @Test func addAndSetKeepInverses() throws {
    let author = ModelObject(entity: authorEntity)
    #expect(author.int64("authorId") == 0)  // the default value
    let book = ModelObject(entity: bookEntity)
    try author.add(book, to: "books")
    #expect(book.object("author") === author)
    let other = ModelObject(entity: authorEntity)
    try book.set(other, for: "author")
    #expect(book.object("author") === other)
    #expect(author.objects("books").isEmpty && other.objects("books").count == 1)
    try other.remove(book, from: "books")
    #expect(book.object("author") == nil)
    let pricing = ModelObject(entity: model.entity(named: "Pricing")!)
    try book.set(pricing, for: "pricing")
    #expect(pricing.object("book") === book)
    try book.set(nil, for: "pricing")
    #expect(pricing.object("book") == nil)

    #expect {
      try author.add(book, to: "novels")
    } throws: { error in
      (error as? ModelObjectError)?.code == .unknownRelationship
    }
    #expect(throws: ModelObjectError.self) { try author.add(author, to: "books") }  // not a Book
    #expect(throws: ModelObjectError.self) { try author.set(book, for: "books") }  // to-many
    try author.setValue("Ana", for: "firstName")
    #expect(author.string("firstName") == "Ana")
    #expect(throws: ModelObjectError.self) { try author.setValue(3, for: "firstName") }
    #expect(throws: ModelObjectError.self) { try author.setValue("x", for: "middleName") }
  }

  @Test func encodesBackThroughTheSameMappings() throws {
    var report = MappingReport()
    let twain = try authors(report: &report)[0]
    let json = try twain.jsonObject
    #expect(json["author_id"] == 101)
    #expect(json["born"] == "1835-11-30")
    #expect(json["books"]?[0]?["book_id"] == 3001)
    #expect(json["books"]?[0]?["pricing"]?["retailPrice"] == 14.99)
    #expect(json["books"]?[0]?["author"] == nil)  // the back-reference is not written
    // Decoding the encoding gives the same JSON again.
    let again = try ModelObject(entity: authorEntity, json: try twain.jsonData())
    #expect(try again.jsonObject == json)
    #expect(try twain.jsonString(pretty: true).contains("\n  \"author_id\" : 101") || twain.jsonString(pretty: true).contains("\"author_id\": 101"))
  }
}
