import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

@Suite struct GitHubIssueTests {
  let json = """
    {
      "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
      "html_url": "https://github.com/octocat/Hello-World/issues/1347",
      "number": 1347,
      "state": "closed",
      "user": {"login": "octocat", "id": 1},
      "labels": [{"name": "bug"}, {"name": "ui"}],
      "assignee": {"login": "hubot", "id": 2},
      "updated_at": "2011-04-22T13:33:48Z",
      "body": "I'm having a problem with this."
    }
    """

  @Test func decodesEveryFeature() throws {
    let issue = try GitHubIssue(json: json)
    #expect(issue.url == URL(string: "https://api.github.com/repos/octocat/Hello-World/issues/1347"))
    #expect(issue.htmlURL?.host == "github.com")
    #expect(issue.number == 1347)
    #expect(issue.state == .closed)
    #expect(issue.reporterLogin == "octocat")
    #expect(issue.firstLabel == "bug")
    #expect(issue.assignee == GitHubUser(JSONString: #"{"login": "hubot", "id": 2}"#))
    #expect(issue.updatedAt == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(issue.body == "I'm having a problem with this.")
  }

  @Test func unknownStateUsesTheDefault() throws {
    let issue = try GitHubIssue(json: json.replacingOccurrences(of: "\"closed\"", with: "\"locked\""))
    #expect(issue.state == .open)
  }

  @Test func encodesBack() throws {
    let issue = try GitHubIssue(json: json)
    let encoded = issue.json()
    #expect(encoded["user"] == ["login": "octocat"])
    #expect(encoded["labels"] == [["name": "bug"]])
    #expect(encoded["state"] == "closed")
    #expect(encoded["updated_at"] == "2011-04-22T13:33:48Z")
    #expect(try GitHubIssue(json: encoded) == issue)
  }

  @Test func missingKeysKeepDefaultsAndAreReported() throws {
    let (issue, report) = try GitHubIssue.decodeReporting(json: #"{"number": 1, "user": {}, "labels": []}"#)
    #expect(issue.number == 1)
    #expect(issue.body == "")
    let paths = report.defaultsUsed.map(\.path.description)
    #expect(paths.contains("$.user.login"))
    #expect(paths.contains("$.body"))
    #expect(paths.contains("$.updated_at"))
    #expect(!paths.contains("$.assignee"))  // optional: nil is its default, nothing forgiven
  }
}

@Suite struct LenientDecodingTests {
  let payload = """
    [
      {"author_id": "101", "name": "Mark", "books": [
        {"title": "Roughing It", "year": "1872", "in_print": "true", "price": "9.99"},
        {"title": "Life on the Mississippi", "year": 1883.0, "in_print": 1}
      ]},
      {"author_id": 102, "name": 7, "books": []}
    ]
    """

  @Test func strictRejectsWithPathLineAndColumn() throws {
    do {
      _ = try [Author](json: payload)
      Issue.record("strict accepted strings for integers")
    } catch let error as MappingError {
      #expect(error.code == .typeMismatch)
      #expect(error.path.description == "$[0].author_id")
      #expect(error.message == #"expected integer, found string "101""#)
      #expect(error.line == 2)
      #expect(error.column == 17)
      #expect(error.description == #"$[0].author_id: expected integer, found string "101" (line 2, column 17)"#)
    }
  }

  @Test func strictCollectsEveryProblem() throws {
    var options = MappingOptions()
    options.errorMode = .collectAll
    do {
      _ = try [Author](json: payload, options: options)
      Issue.record("accepted")
    } catch let errors as MappingErrors {
      #expect(
        errors.errors.map(\.path.description) == [
          "$[0].author_id", "$[0].books[0].year", "$[0].books[0].in_print", "$[0].books[0].price",
          "$[0].books[1].year", "$[0].books[1].in_print", "$[1].name",
        ])
      #expect(errors.description.hasPrefix("7 mapping errors:\n  $[0].author_id: expected integer"))
    }
  }

  @Test func lenientCoercesAndReportsEachCoercion() throws {
    let (authors, report) = try [Author].decodeReporting(json: payload, options: .lenient)
    #expect(authors[0].id == 101)
    #expect(authors[0].books[0].year == 1872)
    #expect(authors[0].books[0].inPrint)
    #expect(authors[0].books[0].price == Decimal(string: "9.99"))
    #expect(authors[0].books[1].year == 1883)
    #expect(authors[0].books[1].inPrint)
    #expect(authors[1].name == "7")
    #expect(
      report.coercions.map(\.description) == [
        #"$[0].author_id: coerced string "101" to Int"#,
        #"$[0].books[0].year: coerced string "1872" to Int"#,
        #"$[0].books[0].in_print: coerced string "true" to Bool"#,
        #"$[0].books[0].price: coerced string "9.99" to Decimal"#,
        "$[0].books[1].year: coerced number 1883.0 to Int",
        "$[0].books[1].in_print: coerced number 1 to Bool",
        "$[1].name: coerced number 7 to String",
      ])
    // Entries are typed: the target is the Swift type.
    #expect(report.coercions.first?.kind == .coerced(from: #"string "101""#, to: CoercionTarget(Int.self)))
  }

  @Test func lenientNeverTruncatesOrWraps() throws {
    for (json, message) in [
      (#"{"year": 2.5}"#, "expected integer, found number 2.5"),
      (#"{"year": "20x3"}"#, #"expected integer, found string "20x3""#),
      (#"{"year": "2.5"}"#, #"expected integer, found string "2.5""#),
      (#"{"year": 1e30}"#, "number 1e30 is out of range for Int"),
      (#"{"in_print": 2}"#, "expected bool, found number 2"),
      (#"{"in_print": "yes"}"#, #"expected bool, found string "yes""#),
    ] {
      do {
        _ = try Book(json: json, options: .lenient)
        Issue.record("accepted \(json)")
      } catch let error as MappingError {
        #expect(error.message == message, "\(json)")
      }
    }
  }
}

@Suite struct EngineTypeTests {
  @Test func integerRangesAreChecked() throws {
    for (json, message) in [
      (#"{"tiny": 300}"#, "number 300 is out of range for UInt8"),
      (#"{"tiny": -1}"#, "number -1 is out of range for UInt8"),
      (#"{"small": 40000}"#, "number 40000 is out of range for Int16"),
      (#"{"big": 18446744073709551616}"#, "number 18446744073709551616 is out of range for UInt64"),
      (#"{"ratio": 1e39}"#, "number 1e39 is out of range for Float"),
    ] {
      do {
        _ = try Widths(json: json)
        Issue.record("accepted \(json)")
      } catch let error as MappingError {
        #expect(error.code == .outOfRange, "\(json)")
        #expect(error.message == message, "\(json)")
      }
    }
    let widths = try Widths(json: #"{"tiny": 255, "small": -32768, "big": 18446744073709551615, "ratio": 0.1}"#)
    #expect(widths.tiny == 255)
    #expect(widths.small == .min)
    #expect(widths.big == .max)
    #expect(widths.ratio == Float(0.1))
  }

  @Test func collectionsAndUntypedParts() throws {
    let json = """
      {"names": ["a", "b", "a"], "grid": [[1, 2], [3]], "tags": {"x": ["p", "q"]},
       "extra": {"any": [1, {"thing": null}]}, "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
       "nested": {"one": 1}}
      """
    let widths = try Widths(json: json)
    #expect(widths.names == ["a", "b"])
    #expect(widths.grid == [[1, 2], [3]])
    #expect(widths.tags == ["x": ["p", "q"]])
    #expect(widths.extra == ["any": [1, ["thing": nil]]])
    #expect(widths.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(widths.nested == ["one": 1])
    let encoded = widths.json()
    #expect(encoded["grid"] == [[1, 2], [3]])
    #expect(encoded["extra"] == ["any": [1, ["thing": nil]]])
    #expect(encoded["id"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  }

  @Test func everyErrorKindHasAPlace() throws {
    func failure(_ json: String, options: MappingOptions = MappingOptions()) -> MappingError? {
      do {
        _ = try Widths(json: json, options: options)
        return nil
      } catch let error as MappingError {
        return error
      } catch {
        return nil
      }
    }
    let mismatch = try #require(failure("{\n  \"grid\": [[1], [\"x\"]]\n}"))
    #expect(mismatch.code == .typeMismatch)
    #expect(mismatch.description == #"$.grid[1][0]: expected integer, found string "x" (line 2, column 18)"#)

    let invalid = try #require(failure(#"{"id": "not-a-uuid"}"#))
    #expect(invalid.code == .invalidValue)
    #expect(invalid.description == #"$.id: expected a UUID, found string "not-a-uuid" (line 1, column 8)"#)

    let badJSON = try #require(failure("{\"tiny\": 1,,}"))
    #expect(badJSON.code == .invalidJSON)
    #expect(badJSON.description == "$: invalid JSON: unexpected character ',', expected a string key (line 1, column 12)")
    #expect(badJSON.jsonError?.column == 12)

    var rejecting = MappingOptions()
    rejecting.unknownKeys = .reject
    let unknown = try #require(failure(#"{"tiny": 1, "surprise": true}"#, options: rejecting))
    #expect(unknown.code == .unknownKey)
    #expect(unknown.path.description == "$.surprise")

    let wrongContainer = try #require(failure(#"[1, 2]"#))
    #expect(wrongContainer.description == "$: expected object, found array (line 1, column 1)")

    let missing = try #require(
      try? {
        do {
          _ = try Repo(JSONString: #"{"name": "x"}"#)
          return nil
        } catch let error as MappingError {
          return error
        }
      }() as MappingError?)
    #expect(missing.code == .missingKey)

    let transform: MappingError? = {
      do {
        _ = try GitHubIssue(json: #"{"updated_at": "yesterday"}"#)
        return nil
      } catch { return error as? MappingError }
    }()
    #expect(transform?.code == .transformFailed)
    #expect(transform?.description == #"$.updated_at: transform failed: "yesterday" is not an ISO 8601 date (line 1, column 16)"#)
  }

  @Test func unknownKeysCanBeReported() throws {
    var options = MappingOptions()
    options.unknownKeys = .report
    let (_, report) = try GitHubUser.decodeReporting(json: #"{"login": "a", "id": 1, "site_admin": false, "type": "User"}"#, options: options)
    #expect(report.unknownKeys.map(\.path.description) == ["$.site_admin", "$.type"])
    let (_, quiet) = try GitHubUser.decodeReporting(json: #"{"login": "a", "id": 1, "site_admin": false}"#)
    #expect(quiet.isEmpty)
  }

  @Test func nullForNonOptionalIsAnErrorUnlessLenient() throws {
    #expect(throws: MappingError.self) { try Book(json: #"{"year": null}"#) }
    let (book, report) = try Book.decodeReporting(json: #"{"title": "t", "year": null}"#, options: .lenient)
    #expect(book.year == 0)
    #expect(report.defaultsUsed.map(\.path.description).contains("$.year"))
  }
}

/// Key lookups start where the last one ended; any reading order must still find every key.
@Suite struct LookupOrderTests {
  struct Scrambled: Mappable {
    var values: [Int?] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      for key in ["c", "a", "b", "missing", "a", "e", "d", "c", "first", "e"] {
        var value: Int?
        value <- map[key]
        values.append(value)
      }
    }
  }

  @Test func anyOrderFindsEveryKey() throws {
    let model = try Scrambled(json: #"{"first": 0, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "a": 99}"#)
    #expect(model.values == [3, 1, 2, nil, 1, 5, 4, 3, 0, 5])
  }
}

extension LookupOrderTests {
  @Test func withoutRepeatedKeysEveryOrderStillWorks() throws {
    let model = try Scrambled(json: #"{"first": 0, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5}"#)
    #expect(model.values == [3, 1, 2, nil, 1, 5, 4, 3, 0, 5])
    // Keys that share length and first and last bytes are told apart.
    let similar = try Scrambled(json: #"{"first": 0, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "aXa": 6, "aYa": 7}"#)
    #expect(similar.values == [3, 1, 2, nil, 1, 5, 4, 3, 0, 5])
  }
}
