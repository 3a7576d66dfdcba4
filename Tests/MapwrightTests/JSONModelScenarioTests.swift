import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

// The previous issue's scenarios, declared with @JSONModel.

@JSONModel(keys: .snakeCase)
struct MacroAuthor {
  @Key("author_id") var id: Int
  var name: String
  var books: [MacroBook] = []
}

@JSONModel(keys: .snakeCase)
struct MacroBook {
  var title: String
  var year: Int
  var inPrint: Bool = false
  var price: Decimal?
}

@JSONModel
final class MacroAccount {
  let id: Int
  var name: String
  var tags: Set<String> = []
  var friends: [MacroAccount] = []
  var parent: MacroAccount?
}

@JSONModel
struct Page<Item: JSONModel> {
  var items: [Item]
  var total: Int
  @Key("links.next") var next: URL?
}

@JSONModel(coercion: .lenient, unknownKeys: .report)
struct LenientRecord {
  var count: Int
  @Coercion(.strict) var exact: Int?
  @Default(7, onNull: true) var limit: Int
  @Lossy var values: [Int]
  @Lossy var named: [String: Int] = [:]
  @Transform(named: "epochSeconds") var when: Date?
  @Key("distances.0.value") var firstDistance: Double?
}

@JSONModel(keys: .custom({ "x-" + $0 }))
struct Prefixed {
  var id: Int
  @Key("plain") var other: String
}

@JSONModel(unknownKeys: .reject)
struct Closed {
  var a: Int
}

@Suite struct JSONModelScenarioTests {
  let payload = """
    [
      {"author_id": "101", "name": "Mark", "books": [
        {"title": "Roughing It", "year": "1872", "in_print": "true", "price": "9.99"},
        {"title": "Life on the Mississippi", "year": 1883.0, "in_print": 1}
      ]},
      {"author_id": 102, "name": 7}
    ]
    """

  @Test func strictStopsAtTheFirstProblem() throws {
    do {
      _ = try [MacroAuthor](json: payload)
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.description == #"$[0].author_id: expected integer, found string "101" (line 2, column 17)"#)
    }
  }

  @Test func lenientGivesTheSameValuesAndReportAsMappable() throws {
    let (authors, report) = try [MacroAuthor].decodeReporting(json: payload, options: .lenient)
    let (mapped, mappedReport) = try [Author].decodeReporting(json: payload, options: .lenient)
    #expect(authors.map(\.id) == mapped.map(\.id))
    #expect(authors.map(\.name) == mapped.map(\.name))
    #expect(authors[0].books.map(\.year) == mapped[0].books.map(\.year))
    #expect(authors[0].books.map(\.inPrint) == [true, true])
    #expect(authors[0].books[0].price == Decimal(string: "9.99"))
    #expect(report.coercions == mappedReport.coercions)
    #expect(report.defaultsUsed.map(\.path.description) == ["$[1].books"])
  }

  @Test func finalClassesWithLetsSetsAndRecursion() throws {
    let account = try MacroAccount(
      json: #"{"id": 1, "name": "a", "tags": ["x", "x"], "friends": [{"id": 2, "name": "b"}], "parent": {"id": 0, "name": "root"}}"#)
    #expect(account.id == 1)
    #expect(account.tags == ["x"])
    #expect(account.friends.first?.name == "b")
    #expect(account.parent?.name == "root")
    let out = account.json()
    #expect(out["parent"] == ["id": 0, "name": "root", "tags": [], "friends": []])
    #expect(try MacroAccount(json: out).friends.count == 1)
  }

  @Test func genericModels() throws {
    let page = try Page<MacroBook>(json: #"{"items": [{"title": "t", "year": 1}], "total": 1, "links": {"next": "https://x.io/2"}}"#)
    #expect(page.items.first?.title == "t")
    #expect(page.next?.absoluteString == "https://x.io/2")
    #expect(page.json()["links"] == ["next": "https://x.io/2"])
  }

  @Test func typeAndPropertyOptions() throws {
    let json = """
      {"count": "3", "limit": null, "values": [1, "x", 2], "named": {"a": 1, "b": "no"},
       "when": 60, "distances": [{"value": 1.5}], "extra": true}
      """
    let (record, report) = try LenientRecord.decodeReporting(json: json)
    #expect(record.count == 3)
    #expect(record.limit == 7)
    #expect(record.values == [1, 2])
    #expect(record.named == ["a": 1])
    #expect(record.when == Date(timeIntervalSince1970: 60))
    #expect(record.firstDistance == 1.5)
    #expect(report.coercions.map(\.path.description) == ["$.count"])
    #expect(report.skippedElements.map(\.path.description) == ["$.values[1]", "$.named.b"])
    #expect(report.unknownKeys.map(\.path.description) == ["$.extra"])
    #expect(report.defaultsUsed.map(\.path.description) == ["$.limit"])
    #expect(throws: MappingError.self) { try LenientRecord(json: #"{"count": 1, "exact": "2", "values": []}"#) }
    #expect(record.json()["when"] == 60)
  }

  @Test func customKeyNaming() throws {
    let value = try Prefixed(json: #"{"x-id": 4, "plain": "p"}"#)
    #expect(value.id == 4)
    #expect(value.other == "p")
    #expect(value.json() == ["x-id": 4, "plain": "p"])
  }

  @Test func unknownKeysRejectedByTheModel() throws {
    #expect(throws: Never.self) { try Closed(json: #"{"a": 1}"#) }
    do {
      _ = try Closed(json: #"{"a": 1, "b": 2}"#)
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.code == .unknownKey)
      #expect(error.path.description == "$.b")
    }
  }

  @Test func memberwiseInitialiserStaysAvailable() throws {
    let book = MacroBook(title: "t", year: 1)
    #expect(try book.jsonString(.sortedKeys) == #"{"in_print":false,"title":"t","year":1}"#)
  }
}

extension JSONModelScenarioTests {
  @Test func decodesFromAViewOfALargerDocument() throws {
    let document = try JSONDocument(#"{"data": {"items": [{"title": "t", "year": 2}], "total": 1}}"#)
    let page = try Page<MacroBook>(json: try #require(document.root["data"]))
    #expect(page.items.first?.year == 2)
    do {
      _ = try MacroBook(json: try #require(document.root["data"]))
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.path.description == "$.data.title")
    }
  }
}

@JSONModel
enum MacroState: String {
  case open, closed
  @Fallback case unknown
}

@JSONModel
enum MacroPriority: Int {
  case low = 1, high = 2
}

@JSONModel
struct Ticket {
  var state: MacroState
  var priority: MacroPriority?
  var history: [MacroState] = []
}

extension JSONModelScenarioTests {
  @Test func rawValueEnumsWithAndWithoutFallback() throws {
    let (ticket, report) = try Ticket.decodeReporting(json: #"{"state": "locked", "priority": 2, "history": ["open", "closed"]}"#)
    #expect(ticket.state == .unknown)
    #expect(ticket.priority == .high)
    #expect(ticket.history == [.open, .closed])
    #expect(report.entries.map(\.description) == [#"$.state: string "locked" is not a known case, fallback used"#])
    #expect(ticket.json() == ["state": "unknown", "priority": 2, "history": ["open", "closed"]])
    do {
      _ = try Ticket(json: #"{"state": "open", "priority": 3}"#)
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.description == "$.priority: number 3 is not a valid MacroPriority (line 1, column 31)")
    }
  }
}

extension JSONModelScenarioTests {
  @Test func nestedModelProblemsAreCollectedWithTheirPaths() throws {
    var options = MappingOptions()
    options.errorMode = .collectAll
    let json = #"{"author_id": 1, "name": "A", "books": [{"title": "x", "year": "y"}, {"title": 2, "year": 3}, {"year": 4}]}"#
    do {
      _ = try MacroAuthor(json: json, options: options)
      Issue.record("accepted")
    } catch let errors as MappingErrors {
      #expect(errors.errors.map(\.path.description) == ["$.books[0].year", "$.books[1].title", "$.books[2].title"])
    }
    // Stop at the first: the same first error.
    do {
      _ = try MacroAuthor(json: json)
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.path.description == "$.books[0].year")
    }
    // Optional nested models: null and missing are nil; a bad one is an error at its path.
    let account = try MacroAccount(json: #"{"id": 1, "name": "n", "parent": null}"#)
    #expect(account.parent == nil)
    #expect(throws: MappingError.self) { try MacroAccount(json: #"{"id": 1, "name": "n", "parent": {"id": "x"}}"#) }
  }
}

@JSONModel
struct RepoStats: Equatable {
  var stars: Int
  var forks: Int = 0
}

@JSONModel(unknownKeys: .reject)
struct FlatRepo {
  var name: String
  @Flatten var stats: RepoStats
}

extension JSONModelScenarioTests {
  @Test func flattenedModelsShareTheObject() throws {
    let repo = try FlatRepo(json: #"{"name": "mapwright", "stars": 5, "forks": 2}"#)
    #expect(repo.name == "mapwright")
    #expect(repo.stats == RepoStats(stars: 5, forks: 2))
    #expect(repo.json() == ["name": "mapwright", "stars": 5, "forks": 2])
    #expect(try FlatRepo(json: repo.json()).stats.stars == 5)
    // The flattened model's missing key is reported at its place in the shared object.
    do {
      _ = try FlatRepo(json: #"{"name": "x"}"#)
      Issue.record("accepted")
    } catch let error as MappingError {
      #expect(error.description == "$.stars: missing key (line 1, column 1)")
    }
    // Unknown keys are judged against both models' keys.
    #expect(throws: MappingError.self) { try FlatRepo(json: #"{"name": "x", "stars": 1, "watchers": 3}"#) }
  }
}

@JSONModel
final class LinkedAuthor {
  var name: String
  @Inverse(\LinkedBook.author) var books: [LinkedBook]
  @Inverse(\LinkedBook.author) var featured: LinkedBook?
}

@JSONModel
final class LinkedBook {
  var title: String
  @Ignore weak var author: LinkedAuthor?
}

extension JSONModelScenarioTests {
  @Test func inverseLinksPointBackToTheParent() throws {
    let author = try LinkedAuthor(json: #"{"name": "Mark", "books": [{"title": "a"}, {"title": "b"}], "featured": {"title": "c"}}"#)
    #expect(author.books.allSatisfy { $0.author === author })
    #expect(author.featured?.author === author)
    #expect(author.json() == ["name": "Mark", "books": [["title": "a"], ["title": "b"]], "featured": ["title": "c"]])
  }
}

@JSONModel(tag: "type")
enum InternalShape: Equatable {
  case circle(radius: Double)
  case rectangle(width: Double, height: Double)
  @Key("sq") case square(side: Double)
  case empty
}

@JSONModel(tag: "kind", content: "data")
enum AdjacentEvent: Equatable {
  case opened(by: String, at: Int?)
  case closed
}

@JSONModel
enum ExternalValue: Equatable {
  case number(value: Double)
  case pair(first: String, second: String)
  case none
}

@JSONModel(tag: "type", keys: .snakeCase)
enum FeedEvent: Equatable {
  case push(repoName: String, commitCount: Int, `public`: Bool)
  @Key("issue_opened") case issueOpened(issueNumber: Int, closedAt: String?)
}

@JSONModel(keys: .kebabCase)
enum KebabValue: Equatable {
  case span(startLine: Int, endLine: Int)
}

@JSONModel
struct Drawing {
  var shapes: [InternalShape]
  var events: [AdjacentEvent] = []
  var values: [ExternalValue] = []
}

extension JSONModelScenarioTests {
  @Test func taggedEnumsRoundTrip() throws {
    let json = """
      {"shapes": [{"type": "circle", "radius": 1.5}, {"type": "rectangle", "width": 2, "height": 3},
                  {"type": "sq", "side": 4}, {"type": "empty"}],
       "events": [{"kind": "opened", "data": {"by": "ana"}}, {"kind": "closed"}],
       "values": [{"number": {"value": 2}}, {"pair": {"first": "a", "second": "b"}}, "none"]}
      """
    let drawing = try Drawing(json: json)
    #expect(drawing.shapes == [.circle(radius: 1.5), .rectangle(width: 2, height: 3), .square(side: 4), .empty])
    #expect(drawing.events == [.opened(by: "ana", at: nil), .closed])
    #expect(drawing.values == [.number(value: 2), .pair(first: "a", second: "b"), .none])
    let out = drawing.json()
    #expect(out["shapes"]?[2] == ["type": "sq", "side": 4])
    #expect(out["events"]?[0] == ["kind": "opened", "data": ["by": "ana"]])
    #expect(out["values"]?[2] == "none")
    let again = try Drawing(json: out)
    #expect(again.shapes == drawing.shapes)
    #expect(again.events == drawing.events)
    #expect(again.values == drawing.values)
  }

  @Test func taggedEnumValuesTakeTheKeyNaming() throws {
    let json = """
      [{"type": "push", "repo_name": "mapwright", "commit_count": 3, "public": true},
       {"type": "issue_opened", "issue_number": 18, "closed_at": null}]
      """
    let events = try [FeedEvent](json: json)
    #expect(events == [.push(repoName: "mapwright", commitCount: 3, public: true), .issueOpened(issueNumber: 18, closedAt: nil)])
    let out = events.json()
    #expect(out[0] == ["type": "push", "repo_name": "mapwright", "commit_count": 3, "public": true])
    #expect(out[1] == ["type": "issue_opened", "issue_number": 18])
    #expect(try [FeedEvent](json: out) == events)
    // The label itself is not the key any more.
    #expect(throws: MappingError.self) { try FeedEvent(json: #"{"type": "push", "repoName": "m", "commitCount": 1, "public": false}"#) }
    let span = try KebabValue(json: #"{"span": {"start-line": 1, "end-line": 4}}"#)
    #expect(span == .span(startLine: 1, endLine: 4))
    #expect(span.json() == ["span": ["start-line": 1, "end-line": 4]])
  }

  @Test func taggedEnumErrorsNameThePlace() throws {
    for (json, message) in [
      (#"{"shapes": [{"type": "hexagon"}]}"#, #"$.shapes[0].type: "hexagon" is not a case of InternalShape"#),
      (#"{"shapes": [{"radius": 1}]}"#, "$.shapes[0].type: missing key"),
      (#"{"shapes": [{"type": "circle"}]}"#, "$.shapes[0].radius: missing key"),
      (#"{"shapes": [], "values": ["pair"]}"#, #"$.values[0]: the case "pair" of ExternalValue needs its associated values"#),
      (#"{"shapes": [], "events": [{"kind": "opened"}]}"#, "$.events[0].data: missing key"),
    ] {
      do {
        _ = try Drawing(json: json)
        Issue.record("accepted \(json)")
      } catch let error as MappingError {
        #expect(error.description.hasPrefix(message), "\(error)")
      }
    }
  }
}

@JSONModel
struct NestedStamp {
  @Key("meta.created") @Transform(named: "epochSeconds") var created: Date
}

extension JSONModelScenarioTests {
  @Test func registryTransformerAtAKeyPath() throws {
    let stamp = try NestedStamp(json: #"{"meta": {"created": 60}}"#)
    #expect(stamp.created == Date(timeIntervalSince1970: 60))
    #expect(stamp.json() == ["meta": ["created": 60]])
    do {
      _ = try NestedStamp(json: #"{"meta": {}}"#)
      Issue.record("accepted")
    } catch let error as MappingError {
      // The key path the model asked for, at the deepest object present on it.
      #expect(error.description == "$.meta.created: missing key (line 1, column 10)")
    }
  }
}
