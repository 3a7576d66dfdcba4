import Foundation
import Mapwright
import MapwrightCodable
import Testing

@JSONModel(tagging: .untagged)
enum UntaggedContent: Equatable {
  case image(url: String, width: Int, caption: String?)
  case point(x: Double, y: Double)
  case text(String)
  case count(Int)
  case tags([String])
  case none
}

@JSONModel(tagging: .untagged)
enum UntaggedNumberFirst: Equatable {
  case number(Int)
  case text(String)
}

@JSONModel(tagging: .untagged, keys: .snakeCase)
enum UntaggedAuthor: Equatable, Codable {
  case person(firstName: String, lastName: String)
  case handle(String)
}

@JSONModel
struct UntaggedPost: Equatable {
  var id: Int
  var body: [UntaggedContent]
  var author: UntaggedAuthor
}

@Suite struct UntaggedEnumTests {
  @Test func eachShapeDecodesToItsCase() throws {
    let json = """
      {"id": 1, "author": {"first_name": "Ada", "last_name": "Lovelace"},
       "body": ["hello", {"url": "a.png", "width": 640}, {"x": 1.5, "y": -2}, 7, ["a", "b"], null,
                {"url": "b.png", "width": 2, "caption": "two"}]}
      """
    let post = try UntaggedPost(json: json)
    #expect(post.author == .person(firstName: "Ada", lastName: "Lovelace"))
    #expect(
      post.body == [
        .text("hello"), .image(url: "a.png", width: 640, caption: nil), .point(x: 1.5, y: -2), .count(7), .tags(["a", "b"]), .none,
        .image(url: "b.png", width: 2, caption: "two"),
      ])
    #expect(try UntaggedAuthor(json: #""@ada""#) == .handle("@ada"))
  }

  @Test func encodingWritesEachCaseInItsShapeAndReadsBack() throws {
    let values: [UntaggedContent] = [
      .text("hi"), .image(url: "u", width: 3, caption: nil), .point(x: 0.5, y: 1), .count(-4), .tags([]), .none,
    ]
    let text = try values.jsonString()
    #expect(text == #"["hi",{"url":"u","width":3},{"x":0.5,"y":1.0},-4,[],null]"#)
    #expect(try [UntaggedContent](json: text) == values)
    #expect(try UntaggedAuthor.person(firstName: "A", lastName: "B").jsonString() == #"{"first_name":"A","last_name":"B"}"#)
  }

  @Test func theFirstCaseInDeclarationOrderWins() throws {
    // Both cases could take a point with a width; `image` needs a url, so `point` wins here,
    // while an object with every key of `image` is an image even with x and y.
    #expect(try UntaggedContent(json: #"{"x": 1, "y": 2, "width": 3}"#) == .point(x: 1, y: 2))
    #expect(try UntaggedContent(json: #"{"x": 1, "y": 2, "url": "u", "width": 3}"#) == .image(url: "u", width: 3, caption: nil))
    // A number that fits Int is `number`; a fraction is not an Int and is refused by both.
    #expect(try UntaggedNumberFirst(json: "3") == .number(3))
    #expect(throws: MappingError.self) { try UntaggedNumberFirst(json: "3.5") }
  }

  @Test func whenNoCaseMatchesTheErrorListsEachCaseWithItsPath() throws {
    let json = """
      {"id": 1, "author": "@x",
       "body": [{"url": "a.png", "width": "wide"}]}
      """
    let error = try #require(throws: MappingError.self) { try UntaggedPost(json: json) }
    #expect(error.code == .noMatchingCase)
    #expect(error.path.description == "$.body[0]")
    #expect(error.line == 2 && error.column == 11)
    let failures = error.caseFailures
    #expect(failures.map(\.name) == ["image", "point", "text", "count", "tags", "none"])
    #expect(failures[0].error.description == #"$.body[0].width: expected integer, found string "wide" (line 2, column 37)"#)
    #expect(failures[1].error.code == .missingKey && failures[1].error.path.description == "$.body[0].x")
    #expect(failures[2].error.description == "$.body[0]: expected string, found object (line 2, column 11)")
    #expect(failures[5].error.message == "expected null, found object")
    #expect(error.message.hasPrefix(#"no case of UntaggedContent matches (image: $.body[0].width: expected integer, found string "wide""#))
    // The same error, placed, through collect-all mode.
    var options = MappingOptions()
    options.errorMode = .collectAll
    let all = try #require(throws: MappingErrors.self) { try UntaggedPost(json: json, options: options) }
    #expect(all.errors.map(\.code) == [.noMatchingCase])
  }

  @Test func lenientDecodingTriesStrictlyFirstAndReportsWhatItForgave() throws {
    // Strictly, "7" is text, even though `number` comes first and could take it leniently.
    let (strictFirst, quiet) = try UntaggedNumberFirst.decodeReporting(json: #""7""#, options: .lenient)
    #expect(strictFirst == .text("7") && quiet.entries.isEmpty)
    // No case fits strictly: the lenient round takes "640" as the width, and says so.
    let (image, report) = try UntaggedContent.decodeReporting(json: #"{"url": "u", "width": "640"}"#, options: .lenient)
    #expect(image == .image(url: "u", width: 640, caption: nil))
    #expect(report.entries.count == 1 && report.entries[0].path.description == "$.width")
    // A failed case leaves nothing in the report: `image` is tried first and fails on its
    // missing url after coercing the width.
    let (point, pointReport) = try UntaggedContent.decodeReporting(json: #"{"x": "1", "y": 2, "width": "3"}"#, options: .lenient)
    #expect(point == .point(x: 1, y: 2))
    #expect(pointReport.entries.map(\.path.description) == ["$.x"])
  }

  @Test func throughTheCodableDriverAndFoundationsCoders() throws {
    let json = Data(#"[{"first_name": "Ada", "last_name": "L"}, "@grace"]"#.utf8)
    let expected: [UntaggedAuthor] = [.person(firstName: "Ada", lastName: "L"), .handle("@grace")]
    #expect(try MapwrightJSONDecoder().decode([UntaggedAuthor].self, from: json) == expected)
    #expect(try JSONDecoder().decode([UntaggedAuthor].self, from: json) == expected)
    let encoded = try MapwrightJSONEncoder().encode(expected)
    #expect(try JSONDecoder().decode([UntaggedAuthor].self, from: encoded) == expected)
    let viaFoundation = try JSONEncoder().encode(expected)
    #expect(try [UntaggedAuthor](json: viaFoundation) == expected)
    // No case: a DecodingError whose underlying error lists the cases.
    let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode([UntaggedAuthor].self, from: Data("[1]".utf8)) }
    #expect(error.mappingError?.caseFailures.map(\.name) == ["person", "handle"])
    let ours = try #require(throws: DecodingError.self) { try MapwrightJSONDecoder().decode([UntaggedAuthor].self, from: Data("[1]".utf8)) }
    #expect(ours.mappingError?.code == .noMatchingCase)
  }

  @Test func asTheElementsOfAStream() async throws {
    let lines = #"{"url": "a", "width": 1}"# + "\n\"two\"\nnull\n{\"bad\": 1}\n[\"t\"]\n"
    var seen: [UntaggedContent] = []
    var options = JSONStreamOptions()
    options.errors = .skip
    let sequence = UntaggedContent.elements(of: chunked(Array(lines.utf8), size: 3), format: .jsonLines, options: options)
    for try await content in sequence { seen.append(content) }
    #expect(seen == [.image(url: "a", width: 1, caption: nil), .text("two"), .none, .tags(["t"])])
    let report = sequence.report
    #expect(report.skipped.count == 1 && report.skipped[0].line == 4)
    #expect(report.skipped[0].message.hasPrefix("no case of UntaggedContent matches"))
  }
}
