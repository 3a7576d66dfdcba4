// The Codable driver: `@JSONModel` types declared `Codable`, read and written through other
// coders' containers by the code the macro generates — Foundation's JSONDecoder/JSONEncoder,
// PropertyListDecoder/PropertyListEncoder and a plain in-memory coder (TreeCoder.swift) —
// with every mapping feature, and the same values as `init(json:)` on the same JSON.

import Foundation
import Mapwright
import MapwrightCodable
import Testing

enum DriverState: String, Equatable, Sendable {
  case open, closed
}

@JSONModel(tag: "type")
enum DriverKind: Codable, Equatable {
  case bug(severity: Int)
  case feature(title: String)
}

@JSONModel
struct DriverStats: Codable, Equatable {
  var stars: Int
  var forks: Int
}

@JSONModel(keys: .snakeCase)
struct DriverIssue: Codable, Equatable {
  var number: Int
  @Key("user.login") var login: String
  @Key("labels.1.name") var secondLabel: String?
  @Key("html_url", "htmlUrl") var htmlURL: String
  @Transform(.iso8601) var updatedAt: Date
  @Transform(.valueMap(["open": DriverState.open, "closed": .closed], default: .open)) var state: DriverState
  @Default("none") var body: String
  @Default(7, onNull: true) var limit: Int
  @Lossy var scores: [Int]
  @Flatten var stats: DriverStats
  var kind: DriverKind
  var site: URL?
  var tags: Set<String> = []
  var counts: [String: Int]?
  var milestone: DriverMilestone?
  var history: [DriverMilestone]
}

@JSONModel
struct DriverMilestone: Codable, Equatable {
  var title: String
  var due: Double?
}

@JSONModel(coercion: .lenient)
struct DriverLenient: Codable, Equatable {
  var count: Int
  var ratio: Double
  var flag: Bool
}

@JSONModel(unknownKeys: .reject)
struct DriverClosed: Codable, Equatable {
  var a: Int
}

@JSONModel(unknownKeys: .preserve)
struct DriverKeeps: Codable, Equatable {
  var a: Int
}

@JSONModel
final class DriverAuthor: Codable {
  var name: String
  @Inverse(\DriverBook.author) var books: [DriverBook]
}

@JSONModel
final class DriverBook: Codable {
  var title: String
  @Ignore weak var author: DriverAuthor?
}

@JSONModel
class DriverAnimal: Codable {
  var name: String
}

@JSONModel
final class DriverDog: DriverAnimal {
  var barks: Bool
}

// The class cluster `Animal` (JSONModelClassTests.swift), declared Codable there.
@JSONModel
struct DriverShelter: Codable {
  var title: String
  var animals: [Animal]
  var featured: Animal?
}

@Suite struct CodableDriverTests {
  static let issue = #"""
    {"number": 1347, "user": {"login": "octocat"}, "labels": [{"name": "bug"}, {"name": "ui"}],
     "htmlUrl": "https://example.com/1347", "updated_at": "2011-04-22T13:33:48Z", "state": "closed",
     "limit": 3, "scores": [1, "x", 3, {"y": 1}, 5], "stars": 80, "forks": 9,
     "kind": {"type": "bug", "severity": 2}, "site": "https://example.com", "tags": ["a", "b"],
     "counts": {"x": 1}, "milestone": {"title": "v1", "due": 1.5},
     "history": [{"title": "v0"}, {"title": "v0.5", "due": 0.25}], "ignored": [true]}
    """#

  /// The JSON through every coder: decoded by the model's mapping.
  static func decodeEverywhere<T: Decodable>(_ type: T.Type, _ json: String, options: MappingOptions? = nil) throws -> [(String, T)] {
    let data = Data(json.utf8)
    let foundation = JSONDecoder()
    let propertyList = PropertyListDecoder()
    var tree = TreeDecoder(value: try JSON(parsing: json))
    if let options {
      foundation.userInfo[.mapwrightOptions] = options
      propertyList.userInfo[.mapwrightOptions] = options
      tree.userInfo[.mapwrightOptions] = options
    }
    let plist = try PropertyListSerialization.data(fromPropertyList: JSONSerialization.jsonObject(with: data), format: .binary, options: 0)
    return [
      ("JSONDecoder", try foundation.decode(T.self, from: data)),
      ("PropertyListDecoder", try propertyList.decode(T.self, from: plist)),
      ("TreeDecoder", try T(from: tree)),
    ]
  }

  @Test func everyFeatureThroughEveryDecoder() throws {
    let expected = try DriverIssue(json: Self.issue)
    #expect(expected.login == "octocat" && expected.secondLabel == "ui" && expected.htmlURL == "https://example.com/1347")
    #expect(expected.state == .closed && expected.body == "none" && expected.limit == 3 && expected.scores == [1, 3, 5])
    #expect(expected.stats == DriverStats(stars: 80, forks: 9) && expected.kind == .bug(severity: 2))
    #expect(expected.history.count == 2 && expected.milestone?.due == 1.5)
    for (coder, issue) in try Self.decodeEverywhere(DriverIssue.self, Self.issue) {
      #expect(issue == expected, "\(coder)")
    }
  }

  @Test func nullDefaultsAndAbsentKeys() throws {
    let json = #"""
      {"number": 1, "user": {"login": "a"}, "html_url": "u", "updated_at": "2011-04-22T13:33:48Z", "state": "new",
       "limit": null, "scores": [], "stars": 1, "forks": 2, "kind": {"type": "feature", "title": "t"}, "milestone": null,
       "history": []}
      """#
    let expected = try DriverIssue(json: json)
    #expect(expected.limit == 7 && expected.state == .open && expected.milestone == nil && expected.secondLabel == nil)
    let foundation = try JSONDecoder().decode(DriverIssue.self, from: Data(json.utf8))
    let tree = try TreeDecoder.decode(DriverIssue.self, from: JSON(parsing: json))
    #expect(foundation == expected && tree == expected)
  }

  @Test func roundTripsThroughEveryEncoder() throws {
    let issue = try DriverIssue(json: Self.issue)
    let mapped = try JSON(parsing: issue.jsonString())
    // Foundation's encoder writes what the model's own writer writes (as JSON).
    let foundation = try JSON(parsing: JSONEncoder().encode(issue))
    #expect(foundation == mapped)
    #expect(try JSONDecoder().decode(DriverIssue.self, from: JSONEncoder().encode(issue)) == issue)
    // A property list and the in-memory tree, there and back.
    let plist = try PropertyListEncoder().encode(issue)
    #expect(try PropertyListDecoder().decode(DriverIssue.self, from: plist) == issue)
    let tree = try TreeEncoder.encode(issue)
    #expect(tree == mapped)
    #expect(try TreeDecoder.decode(DriverIssue.self, from: tree) == issue)
  }

  @Test func coercionAndUnknownKeysFollowTheModel() throws {
    let json = #"{"count": "12", "ratio": "0.5", "flag": 1}"#
    for (coder, value) in try Self.decodeEverywhere(DriverLenient.self, json) {
      #expect(value == DriverLenient(count: 12, ratio: 0.5, flag: true), "\(coder)")
    }
    // The options in `userInfo`: lenient for a model without its own policy.
    let options = try Self.decodeEverywhere(DriverMilestone.self, #"{"title": 7, "due": "2"}"#, options: .lenient)
    #expect(options.allSatisfy { $0.1 == DriverMilestone(title: "7", due: 2) })
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(DriverMilestone.self, from: Data(#"{"title": 7}"#.utf8)) }
    let extra = Data(#"{"a": 1, "b": 2}"#.utf8)
    let rejected = #expect(throws: DecodingError.self) { try JSONDecoder().decode(DriverClosed.self, from: extra) }
    #expect(rejected?.mappingError?.code == .unknownKey && rejected?.mappingError?.path.description == "$.b")
    // Preserved unknown keys come back through Foundation's coders.
    let kept = try JSONDecoder().decode(DriverKeeps.self, from: extra)
    #expect(try JSON(parsing: JSONEncoder().encode(kept)) == ["a": 1, "b": 2])
  }

  @Test func classesInverseLinksAndSubclasses() throws {
    let json = #"{"name": "Mark", "books": [{"title": "a"}, {"title": "b"}]}"#
    for decoder in ["JSONDecoder", "TreeDecoder"] {
      let author =
        decoder == "JSONDecoder"
        ? try JSONDecoder().decode(DriverAuthor.self, from: Data(json.utf8)) : try TreeDecoder.decode(DriverAuthor.self, from: JSON(parsing: json))
      #expect(author.books.map(\.title) == ["a", "b"] && author.books.allSatisfy { $0.author === author }, "\(decoder)")
    }
    let dog = try JSONDecoder().decode(DriverDog.self, from: Data(#"{"name": "Rex", "barks": true}"#.utf8))
    #expect(dog.name == "Rex" && dog.barks)
    #expect(try JSON(parsing: JSONEncoder().encode(dog)) == ["name": "Rex", "barks": true])
    let missing = #expect(throws: DecodingError.self) { try JSONDecoder().decode(DriverDog.self, from: Data(#"{"barks": true}"#.utf8)) }
    guard case .keyNotFound(let key, _)? = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    #expect(key.stringValue == "name")
  }

  @Test func classClustersChooseTheirSubclassInsideModels() throws {
    let json = #"""
      {"title": "t", "animals": [{"kind": "dog", "name": "Rex", "barks": true}, {"kind": "cat", "name": "Tom", "lives": 9},
       {"name": "plain"}], "featured": {"kind": "cat", "name": "Kit", "lives": 7}}
      """#
    let expected = try DriverShelter(json: json)
    for (coder, shelter) in try Self.decodeEverywhere(DriverShelter.self, json) {
      #expect(shelter.animals.map(\.name) == ["Rex", "Tom", "plain"], "\(coder)")
      #expect((shelter.animals[0] as? Dog)?.barks == true, "\(coder)")
      #expect((shelter.animals[1] as? Cat)?.lives == 9, "\(coder)")
      #expect(type(of: shelter.animals[2]) == Animal.self, "\(coder)")
      #expect((shelter.featured as? Cat)?.lives == 7, "\(coder)")
      #expect(try JSON(parsing: JSONEncoder().encode(shelter)) == JSON(parsing: expected.jsonString()), "\(coder)")
    }
    // Called on the base directly, init(from:) cannot make the subclass: a clear error, not an
    // Animal in silence; the subclass itself, and an object that chooses the base, decode.
    let dog = Data(#"{"kind": "dog", "name": "Rex", "barks": true}"#.utf8)
    let refused = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Animal.self, from: dog) }
    guard case .dataCorrupted(let context)? = refused else {
      Issue.record("\(String(describing: refused))")
      return
    }
    #expect(context.debugDescription.contains("chooses Dog"))
    #expect(try JSONDecoder().decode(Dog.self, from: dog).barks)
    #expect(try JSONDecoder().decode(Animal.self, from: Data(#"{"name": "p"}"#.utf8)).name == "p")
    #expect((try MapwrightJSONDecoder().decode(Animal.self, from: dog) as? Dog)?.barks == true)
  }

  @Test func enumsDeclaredCodableUseTheirMapping() throws {
    // Internally tagged, not Swift's synthesised form ({"bug": {"severity": 2}}).
    let data = Data(#"[{"type": "bug", "severity": 2}, {"type": "feature", "title": "t"}]"#.utf8)
    let expected: [DriverKind] = [.bug(severity: 2), .feature(title: "t")]
    #expect(try JSONDecoder().decode([DriverKind].self, from: data) == expected)
    #expect(try TreeDecoder.decode([DriverKind].self, from: JSON(parsing: data)) == expected)
    #expect(try JSON(parsing: JSONEncoder().encode(expected)) == JSON(parsing: data))
    let wrong = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([DriverKind].self, from: Data(#"[{"type": "bug", "severity": "high"}]"#.utf8))
    }
    #expect(wrong?.mappingError?.path.description == "$[0].severity")
  }

  @Test func errorsAreDecodingErrorsAtTheirPaths() throws {
    func error(_ json: String) -> DecodingError? {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode([DriverIssue].self, from: Data(json.utf8)) }
    }
    let good = Self.issue
    // A missing key on a key path: keyNotFound at the path the model asked for.
    let missing = error("[" + good.replacingOccurrences(of: #""login": "octocat""#, with: #""name": "x""#) + "]")
    guard case .keyNotFound(let key, let context)? = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    #expect(key.stringValue == "login" && context.codingPath.count == 2)
    #expect(missing?.mappingError?.path.description == "$[0].user.login" && missing?.mappingError?.code == .missingKey)
    // A wrong type in a nested model.
    let nested = error("[" + good.replacingOccurrences(of: #""due": 1.5"#, with: #""due": "soon""#) + "]")
    guard case .typeMismatch? = nested else {
      Issue.record("\(String(describing: nested))")
      return
    }
    #expect(nested?.mappingError?.path.description == "$[0].milestone.due")
    // A transformer's refusal.
    let transformed = error("[" + good.replacingOccurrences(of: "2011-04-22T13:33:48Z", with: "yesterday") + "]")
    #expect(transformed?.mappingError?.code == .transformFailed && transformed?.mappingError?.path.description == "$[0].updated_at")
    // Not an object.
    let scalar = error("[1]")
    guard case .typeMismatch? = scalar else {
      Issue.record("\(String(describing: scalar))")
      return
    }
  }
}
