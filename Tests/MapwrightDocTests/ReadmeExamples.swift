// README.md's examples, as written there (see DocExampleTests).

import Foundation
import Mapwright
import MapwrightCodable
import MapwrightObjectMapper
import Testing

@JSONModel(keys: .snakeCase)
struct Issue {
  var number: Int
  @Key("user.login") var reporter: String         // key path into nested JSON
  @Key("labels.0.name") var firstLabel: String?   // array index in a key path
  @Transform(.iso8601) var updatedAt: Date        // typed transformer
  var body: String = ""                           // missing key → default, reported
}

enum ReadmeJSONModelExample {
  static func run() throws -> (Issue, Issue, MappingReport) {
    let data = try Data(contentsOf: URL(fileURLWithPath: "Examples/issue.json"))
    let issue = try Issue(json: data)                 // throws MappingError: path, line, column
    print(issue.reporter, try issue.jsonString([.prettyPrinted]))

    let (lenient, report) = try Issue.decodeReporting(
      json: #"{"number": "1347", "user": {"login": "octocat"}, "updated_at": "2011-04-22T13:33:48Z"}"#,
      options: .lenient)
    print(lenient.number, report)                     // 1347, and every coercion and default used
    return (issue, lenient, report)
  }
}

enum ReadmeMappableExample {
  struct Repo: Mappable {
    var name = ""
    var stars = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      name  <- map["name"]
      stars <- map["stargazers_count"]
    }
  }

  static func run() -> Repo? {
    let repo = Mapper<Repo>().map(JSONString: #"{"name": "mapwright", "stargazers_count": 5}"#)
    return repo
  }
}

enum ReadmeCodableExample {
  typealias JSONDecoder = MapwrightJSONDecoder         // shadows Foundation's in this module

  struct User: Codable { var id: Int; var fullName: String }

  static func run() throws -> [User] {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let users = try decoder.decode([User].self, from: Data(#"[{"id": 1, "full_name": "Ada"}]"#.utf8))
    return users
  }
}

enum ReadmeJSONExample {
  static func run(_ data: Data) throws -> (JSONDocument, JSON) {
    let document = try JSONDocument(data)               // validates; converts nothing yet
    _ = document.root["user"]?["login"]?.stringValue    // "octocat"
    var json = try JSON(parsing: data)                  // an owned, editable value
    json["state"] = "closed"
    return (document, json)
  }
}

@Test func readmeExamplesRun() throws {
  let (issue, lenient, report) = try ReadmeJSONModelExample.run()
  #expect(issue.number == 1347 && issue.reporter == "octocat" && issue.firstLabel == "bug")
  #expect(lenient.number == 1347)
  #expect(report.coercions.map(\.path.description) == ["$.number"])
  #expect(report.defaultsUsed.map(\.path.description) == ["$.body"])
  #expect(ReadmeMappableExample.run()?.stars == 5)
  #expect(try ReadmeCodableExample.run().map(\.fullName) == ["Ada"])
  let (document, json) = try ReadmeJSONExample.run(try Data(contentsOf: URL(fileURLWithPath: "Examples/issue.json")))
  #expect(document.root["user"]?["login"]?.stringValue == "octocat")
  #expect(json["state"] == "closed")
}
