// `@JSONModel` types declared `Codable` are Codable by their own mapping: through Foundation's coders (through
// their containers) and through Mapwright's (read from the decoder's parse, written
// into the encoder's output), at the top and nested inside Codable types.

import Foundation
import Mapwright
import MapwrightCodable
import Testing

@JSONModel(keys: .snakeCase)
struct CodableIssue: Codable, Equatable {
  var number: Int
  @Key("user.login") var reporter: String
  @Transform(.iso8601) var updatedAt: Date
  var labels: [String] = []
  var milestone: CodableMilestone?
}

@JSONModel
struct CodableMilestone: Codable, Equatable {
  var title: String
  var dueOn: Double?
}

@JSONModel
final class CodableNote: Codable {
  var text: String = ""
  init() {}
}

@JSONModel
class CodableShape: Encodable {
  var name: String = ""
  init() {}
}

/// A plain Codable type that holds models (synthesised conformance).
struct IssuePage: Codable, Equatable {
  var total: Int
  var items: [CodableIssue]
  var pinned: CodableIssue?
}

@Suite struct JSONModelCodableTests {
  static let page = #"""
    {"total": 2, "items": [
      {"number": 1347, "user": {"login": "octocat"}, "updated_at": "2011-04-22T13:33:48Z", "labels": ["bug"],
       "milestone": {"title": "v1", "dueOn": 1.5}},
      {"number": 1348, "user": {"login": "hubot"}, "updated_at": "2012-01-02T03:04:05Z"}
    ], "pinned": {"number": 7, "user": {"login": "ada"}, "updated_at": "2013-01-01T00:00:00Z"}}
    """#

  static var expected: IssuePage {
    get throws {
      let json = try JSON(parsing: page)
      return IssuePage(
        total: 2, items: try [CodableIssue](json: json["items"]!), pinned: try CodableIssue(json: json["pinned"]!))
    }
  }

  @Test func foundationsCodersUseTheModelsMapping() throws {
    let data = Data(Self.page.utf8)
    let page = try JSONDecoder().decode(IssuePage.self, from: data)
    #expect(page == (try Self.expected))
    #expect(page.items[0].reporter == "octocat" && page.items[0].milestone?.dueOn == 1.5 && page.items[1].labels == [])
    // Encoded back by the model's keys (`user.login`, snake case, ISO 8601), read again alike.
    let encoded = try JSONEncoder().encode(page)
    let json = try JSON(parsing: encoded)
    #expect(json["items"]?[0]?["user"]?["login"] == "octocat" && json["items"]?[0]?["updated_at"] == "2011-04-22T13:33:48Z")
    #expect(try JSONDecoder().decode(IssuePage.self, from: encoded) == page)
  }

  @Test func mapwrightsCodersReadAndWriteModelsDirectly() throws {
    let data = Data(Self.page.utf8)
    let page = try MapwrightJSONDecoder().decode(IssuePage.self, from: data)
    #expect(page == (try Self.expected))
    #expect(
      try MapwrightJSONDecoder().decode(
        CodableIssue.self, from: Data(#"{"number": 1, "user": {"login": "a"}, "updated_at": "2011-04-22T13:33:48Z"}"#.utf8)
      ).number == 1)
    // Compact output is the model's own writer's bytes.
    let compact = try MapwrightJSONEncoder().encode(page.items[0])
    #expect(Array(compact) == (try page.items[0].jsonBytes()))
    let wrapped = try MapwrightJSONEncoder().encode(page)
    #expect(try MapwrightJSONDecoder().decode(IssuePage.self, from: wrapped) == page)
    // Pretty and sorted output is the encoder's to format: the same as Foundation's.
    for formatting in [MapwrightJSONEncoder.OutputFormatting.prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]] {
      let (mapwright, foundation) = (MapwrightJSONEncoder(), JSONEncoder())
      mapwright.outputFormatting = formatting
      foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
      let ours = try mapwright.encode(page)
      #expect(try JSON(parsing: ours) == JSON(parsing: foundation.encode(page)))
      if formatting.contains(.sortedKeys) { #expect(ours == (try foundation.encode(page))) }
    }
  }

  /// A coding key as its member name or index.
  static func keyText(_ key: any CodingKey) -> String { key.intValue.map(String.init) ?? key.stringValue }

  @Test func errorsAreDecodingErrorsWithTheWholePath() throws {
    let bad = Data(Self.page.replacingOccurrences(of: #""number": 1348"#, with: #""number": "13x8""#).utf8)
    // Mapwright's decoder reads the model from its parse: a `DecodingError` at the coding
    // path, the mapping error beneath with its line and column.
    let ours = #expect(throws: DecodingError.self) { try MapwrightJSONDecoder().decode(IssuePage.self, from: bad) }
    guard case .typeMismatch(_, let context)? = ours else {
      Issue.record("\(String(describing: ours))")
      return
    }
    #expect(context.codingPath.map(Self.keyText) == ["items", "1", "number"])
    let mapping = try #require(ours?.mappingError)
    #expect(mapping.path.description == "$.items[1].number" && mapping.line == 4 && mapping.column == 14, "\(mapping)")
    // Through Foundation's, the same case at the same coding path (Foundation's keys), the
    // mapping error beneath with the path and no line (Foundation's containers have none).
    let theirs = #expect(throws: DecodingError.self) { try JSONDecoder().decode(IssuePage.self, from: bad) }
    guard case .typeMismatch(let type, let foundationContext)? = theirs else {
      Issue.record("\(String(describing: theirs))")
      return
    }
    #expect(type == Int.self && foundationContext.codingPath.map(Self.keyText) == ["items", "1", "number"])
    #expect(theirs?.mappingError?.path.description == "$.items[1].number" && theirs?.mappingError?.line == nil)
    // The decoder's coercion policy is the models' default.
    let lenient = MapwrightJSONDecoder()
    lenient.coercion = .lenient
    let missingLogin = Data(#"[{"number": "12", "user": {"login": "a"}, "updated_at": "2011-04-22T13:33:48Z"}]"#.utf8)
    #expect(try lenient.decode([CodableIssue].self, from: missingLogin).first?.number == 12)
    #expect(throws: DecodingError.self) { try MapwrightJSONDecoder().decode([CodableIssue].self, from: missingLogin) }
  }

  @Test func classesAndJSONValues() throws {
    let note = try JSONDecoder().decode(CodableNote.self, from: Data(#"{"text": "hi"}"#.utf8))
    #expect(note.text == "hi")
    let shape = CodableShape()
    shape.name = "circle"
    #expect(try JSON(parsing: JSONEncoder().encode(shape)) == ["name": "circle"])
    #expect(try JSON(parsing: MapwrightJSONEncoder().encode(shape)) == ["name": "circle"])
    // `JSON` itself through Foundation's coders.
    let json: JSON = ["a": [1, 2.5, "x", nil, true], "b": ["c": -9_223_372_036_854_775_808], "d": JSON(UInt64.max)]
    let back = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(json))
    #expect(back["a"] == json["a"] && back["b"] == json["b"] && back["d"]?.numberValue?.uint64Value == .max)
  }
}
