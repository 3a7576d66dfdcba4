// Docs/Mapping.md's examples (see DocExampleTests).

import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

enum MappingDocExample {
  struct User: Mappable {
    var login = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) { login <- map["login"] }
  }

  struct Label: Mappable {
    var name = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) { name <- map["name"] }
  }

  struct Issue: Mappable {
    enum State { case open, closed }
    var number = 0
    var state = State.open
    var reporter = ""
    var firstLabel: String?
    var updatedAt = Date.distantPast
    var assignee: User?          // any Mappable model, optional or not
    var labels: [Label] = []      // arrays, sets, [String: T], [[T]], [String: [T]] of anything

    init?(map: Map) {}            // return nil to decline the JSON

    mutating func mapping(map: Map) {
      number     <- map["number"]
      state      <- (map["state"], .valueMap(["open": State.open, "closed": .closed], default: .open))
      reporter   <- map["user.login"]             // key path into nested objects
      firstLabel <- map["labels.0.name"]          // numeric components index arrays
      updatedAt  <- (map["updated_at"], .iso8601)
      assignee   <- map["assignee"]
      labels     <- map["labels"]
    }
  }

  struct Author: Mappable {
    var authorID = 0
    var email = "none"
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      authorID <- map["author_id"]
      email    <- map["email"]
    }
  }

  static func run(_ data: Data) throws -> (Issue, String, JSON) {
    let issue  = try Issue(json: data)                   // Data, [UInt8], String or JSON
    let issues = try { (data: Data) in
      let issues = try [Issue](json: data)
      return issues
    }(Data("[".utf8) + data + Data("]".utf8))
    let text   = try issue.jsonString([.prettyPrinted, .sortedKeys])
    let value  = issue.json()                            // an owned JSON value
    _ = issues
    return (issue, text, value)
  }

  static func report(_ data: Data) throws -> MappingReport {
    let (authors, report) = try [Author].decodeReporting(json: data, options: .lenient)
    print(report)
    _ = authors
    return report
  }
}

@Test func mappingDocExamplesRun() throws {
  let (issue, _, _) = try MappingDocExample.run(try Data(contentsOf: URL(fileURLWithPath: "Examples/issue.json")))
  #expect(issue.number == 1347 && issue.reporter == "octocat" && issue.firstLabel == "bug" && issue.labels.count == 1)
  let report = try MappingDocExample.report(Data(#"[{"author_id": "101", "email": "a@b"}, {"author_id": 7}]"#.utf8))
  #expect(report.description == """
    $[0].author_id: coerced string "101" to Int
    $[1].email: missing key, default used
    """)
}

enum MappingErrorDocExample {
  @JSONModel struct Account { var id: Int }

  static func run(_ data: Data) -> [String] {
    var said: [String] = []
    func print(_ text: String) { said.append(text) }
    do {
      let account = try Account(json: data)
      _ = account
    } catch let error as any MapwrightError {
      switch error.errorCategory {
      case .endOfInput: print("incomplete: wait for more")
      case .syntax, .data: print("\(error.errorCode) at \(error.errorPlace)")
      case .io: print("retry")
      }
    } catch {
      said.append("not a MapwrightError")
    }
    return said
  }
}

@Test func mappingErrorDocExampleRuns() {
  #expect(MappingErrorDocExample.run(Data(#"{"id": "7"}"#.utf8)) == ["typeMismatch at $.id, line 1, column 8"])
  #expect(MappingErrorDocExample.run(Data(#"{"id": 7"#.utf8)) == ["incomplete: wait for more"])
  #expect(MappingErrorDocExample.run(Data(#"{"id": 7,,}"#.utf8)) == ["invalidJSON at $, line 1, column 10"])
}
