import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

@JSONModel(keys: .snakeCase)
struct MacroIssue: Equatable {
  enum State: Equatable { case open, closed }

  var url: URL
  @Key("html_url", "htmlUrl") var htmlURL: URL
  var number: Int
  @Transform(.valueMap(["open": State.open, "closed": .closed], default: .open)) var state: State
  @Key("user.login") var reporterLogin: String
  @Key("labels.0.name") var firstLabel: String?
  var assignee: MacroUser?
  @Transform(.iso8601) var updatedAt: Date
  @Default("") var body: String
  @Ignore var retrievedAt = Date(timeIntervalSince1970: 0)
}

@JSONModel
struct MacroUser: Equatable {
  let login: String
  let id: Int
}

@JSONModel
struct MacroOrder: Equatable {
  var url: String
  var number: Int
  var title: String
  var state: String
}

/// Keys of every kind the streamed writer meets: plain ones are written as one literal of JSON
/// text, one with a quote or a backslash is quoted and escaped when written.
@JSONModel
struct MacroKeyKinds: Equatable {
  var first: Int?
  @Key("名前") var name: String
  @Key("a/b") var slashed: Int
  @Key("say \"hi\"") var quoted: String
  @Key("back\\slash") var backslashed: Bool
  var nested: MacroUser?
  var last: [Int]?
}

/// Nested models in every kind of field: their locals are moved into the properties.
@JSONModel
struct MacroThread: Equatable {
  var author: MacroUser
  var editor: MacroUser?
  @Default(MacroUser(login: "nobody", id: 0)) var reviewer: MacroUser
  var owner: MacroUser = MacroUser(login: "root", id: 1)
  var title: String
}

/// A class's optional properties of every spelling: a `var` of type `T?` is written only when
/// the member holds a value (it starts as nil), the others always.
@JSONModel
final class MacroNote {
  var text: String?
  var count: Optional<Int>
  let label: String?
  var author: MacroUser?
}

@Suite struct JSONModelTests {
  @Test func classOptionalsOfEverySpelling() throws {
    let full = try MacroNote(
      json: #"{"text": "t", "count": 2, "label": "l", "author": {"login": "a", "id": 1}}"#)
    #expect(full.text == "t" && full.count == 2 && full.label == "l")
    #expect(full.author == MacroUser(login: "a", id: 1))
    for json in [#"{}"#, #"{"text": null, "count": null, "label": null, "author": null}"#] {
      let empty = try MacroNote(json: json)
      #expect(empty.text == nil && empty.count == nil && empty.label == nil && empty.author == nil, "\(json)")
    }
  }

  /// Nested models, present, absent, null and repeated, land in their fields: a required one,
  /// an optional one, one with a default and one with an initial value.
  @Test func nestedModelsLandInEveryKindOfField() throws {
    let full = try MacroThread(
      json: #"""
        {"author": {"login": "a", "id": 2}, "editor": {"login": "e", "id": 3},
         "reviewer": {"login": "r", "id": 4}, "owner": {"login": "o", "id": 5}, "title": "t"}
        """#)
    #expect(
      full
        == MacroThread(
          author: MacroUser(login: "a", id: 2), editor: MacroUser(login: "e", id: 3), reviewer: MacroUser(login: "r", id: 4),
          owner: MacroUser(login: "o", id: 5), title: "t"))
    let sparse = try MacroThread(json: #"{"title": "u", "editor": null, "author": {"id": 6, "login": "b"}}"#)
    #expect(
      sparse
        == MacroThread(
          author: MacroUser(login: "b", id: 6), editor: nil, reviewer: MacroUser(login: "nobody", id: 0),
          owner: MacroUser(login: "root", id: 1), title: "u"))
    // A repeated key: the last value is the one kept, the earlier one released.
    let repeated = try MacroThread(json: #"{"author": {"login": "x", "id": 7}, "title": "v", "author": {"login": "y", "id": 8}}"#)
    #expect(repeated.author == MacroUser(login: "y", id: 8))
    #expect(try MacroThread(json: full.jsonData()) == full)
  }

  /// Members are matched to fields whatever their order: the field after the last one
  /// matched is tried first, any other key is looked up, an escaped key by its text, and
  /// unknown keys in between are skipped or reported.
  @Test func membersMatchInAnyOrder() throws {
    let orders = [
      #"{"url": "https://a.b/1", "number": 1, "title": "t", "state": "open"}"#,
      #"{"state": "open", "title": "t", "number": 1, "url": "https://a.b/1"}"#,
      #"{"x": 0, "numb\u0065r": 1, "y": [1, {"number": 2}], "\u0075rl": "https://a.b/1", "title": "t", "state": "open", "z": null}"#,
    ]
    for json in orders {
      let issue = try MacroOrder(json: json)
      #expect(issue == MacroOrder(url: "https://a.b/1", number: 1, title: "t", state: "open"), "\(json)")
    }
    var options = MappingOptions()
    options.unknownKeys = .report
    let (_, report) = try MacroOrder.decodeReporting(json: orders[2], options: options)
    #expect(report.unknownKeys.map(\.path.description) == ["$.x", "$.y", "$.z"])
    do {
      _ = try MacroOrder(json: #"{"url": "u", "number": 1, "title": "t"}"#)
      Issue.record("a missing key was not an error")
    } catch let error as MappingError {
      #expect(error.path.description == "$.state")
    }
  }

  /// The streamed writer (`jsonBytes()`, through `writeJSON(to:in:)`) writes the same text as
  /// the tree (`json()`), with or without the optional members, the first among them.
  @Test func streamedKeysMatchTheTree() throws {
    let values = [
      MacroKeyKinds(first: 1, name: "Ana", slashed: 2, quoted: "x\"y", backslashed: true, nested: MacroUser(login: "o", id: 3), last: [4]),
      MacroKeyKinds(first: nil, name: "é", slashed: 0, quoted: "", backslashed: false, nested: nil, last: nil),
    ]
    for value in values {
      let streamed = try value.jsonBytes()
      #expect(try JSON(parsing: streamed) == value.json())
      #expect(try MacroKeyKinds(json: streamed) == value)
    }
    #expect(
      try values[1].jsonString()
        == #"{"名前":"é","a/b":0,"say \"hi\"":"","back\\slash":false}"#)
  }

  let json = """
    {
      "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
      "htmlUrl": "https://github.com/octocat/Hello-World/issues/1347",
      "number": 1347,
      "state": "closed",
      "user": {"login": "octocat", "id": 1},
      "labels": [{"name": "bug"}, {"name": "ui"}],
      "assignee": {"login": "hubot", "id": 2},
      "updated_at": "2011-04-22T13:33:48Z"
    }
    """

  @Test func decodesTheGitHubIssue() throws {
    let (issue, report) = try MacroIssue.decodeReporting(json: json)
    #expect(issue.url.absoluteString == "https://api.github.com/repos/octocat/Hello-World/issues/1347")
    #expect(issue.htmlURL.host == "github.com")
    #expect(issue.number == 1347)
    #expect(issue.state == .closed)
    #expect(issue.reporterLogin == "octocat")
    #expect(issue.firstLabel == "bug")
    #expect(issue.assignee == MacroUser(login: "hubot", id: 2))
    #expect(issue.updatedAt == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(issue.body == "")
    #expect(report.defaultsUsed.map(\.path.description) == ["$.body"])
  }

  @Test func encodesAndRoundTrips() throws {
    let issue = try MacroIssue(json: json)
    let out = issue.json()
    #expect(out["html_url"] == "https://github.com/octocat/Hello-World/issues/1347")
    #expect(out["user"] == ["login": "octocat"])
    #expect(out["labels"] == [["name": "bug"]])
    #expect(out["updated_at"] == "2011-04-22T13:33:48Z")
    #expect(out["state"] == "closed")
    #expect(try MacroIssue(json: out) == issue)
  }

  @Test func missingKeysAreAllReported() throws {
    var options = MappingOptions()
    options.errorMode = .collectAll
    do {
      _ = try MacroIssue(json: #"{"number": "x"}"#, options: options)
      Issue.record("accepted")
    } catch let errors as MappingErrors {
      #expect(
        errors.errors.map(\.description) == [
          #"$.number: expected integer, found string "x" (line 1, column 12)"#,
          "$.url: missing key (line 1, column 1)",
          "$.html_url: missing key (line 1, column 1)",
          "$.state: missing key (line 1, column 1)",
          "$.user.login: missing key (line 1, column 1)",
          "$.updated_at: missing key (line 1, column 1)",
        ])
    }
  }
}
