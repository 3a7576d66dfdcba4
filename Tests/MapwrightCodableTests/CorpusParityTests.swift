import Foundation
import MapwrightCodable
import Testing

private struct FeatureCollection: Codable, Equatable {
  var type: String
  var features: [Feature]
}

private struct Feature: Codable, Equatable {
  var type: String
  var properties: [String: String]
  var geometry: Geometry
}

private struct Geometry: Codable, Equatable {
  var type: String
  var coordinates: [[[Double]]]
}

private struct Tweets: Codable, Equatable {
  struct Status: Codable, Equatable {
    var id: Int64
    var idStr: String
    var text: String
    var inReplyToStatusId: Int64?
    var user: User
    var retweetedStatus: Box<Status>?
    var entities: Entities
  }
  struct User: Codable, Equatable {
    var screenName: String
    var followersCount: Int
    var url: URL?
    var createdAt: String
    var profileUseBackgroundImage: Bool
  }
  struct Entities: Codable, Equatable {
    var hashtags: [Hashtag]
    var urls: [AnyJSON]
  }
  struct Hashtag: Codable, Equatable {
    var text: String
    var indices: [Int]
  }
  final class Box<Value: Codable & Equatable>: Codable, Equatable {
    let value: Value
    init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
  }
  var statuses: [Status]
}

@Suite("JSONDecoder on real documents and JSONTestSuite")
struct CorpusParityTests {
  private func data(_ name: String) throws -> Data {
    try Data(contentsOf: SharedFiles.benchData.appendingPathComponent(name))
  }

  // `AnyJSON` probes each value with `try?`, and the test harness records every throw; the
  // larger documents go through typed models instead (and through the benchmark's check).
  @Test(arguments: ["twitter.json"])
  func documentsDecodeAsFoundationDecodesThem(_ name: String) throws {
    let json = try data(name)
    let ours = try MapwrightJSONDecoder().decode(AnyJSON.self, from: json)
    #expect(ours == (try Foundation.JSONDecoder().decode(AnyJSON.self, from: json)), "\(name)")
  }

  @Test func canadaModelDecodesAsFoundationDecodesIt() throws {
    let canada = try data("canada.json")
    let collection = try MapwrightJSONDecoder().decode(FeatureCollection.self, from: canada)
    #expect(collection.features.first?.geometry.coordinates.first?.isEmpty == false)
    #expect(collection == (try Foundation.JSONDecoder().decode(FeatureCollection.self, from: canada)))
  }

  @Test func twitterModelDecodesAsFoundationDecodesIt() throws {
    let snake = MapwrightJSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let foundationSnake = Foundation.JSONDecoder()
    foundationSnake.keyDecodingStrategy = .convertFromSnakeCase
    let twitter = try data("twitter.json")
    let tweets = try snake.decode(Tweets.self, from: twitter)
    #expect(tweets.statuses.count == 100)
    #expect(tweets == (try foundationSnake.decode(Tweets.self, from: twitter)))
  }

  @Test func benchmarkDocumentsEncodeAsFoundationEncodesThem() throws {
    for name in ["twitter.json", "citm_catalog.json"] {
      let value = try Foundation.JSONDecoder().decode(AnyJSON.self, from: try data(name))
      let ours = MapwrightJSONEncoder()
      ours.outputFormatting = [.sortedKeys, .prettyPrinted]
      let theirs = Foundation.JSONEncoder()
      theirs.outputFormatting = [.sortedKeys, .prettyPrinted]
      #expect(try ours.encode(value) == theirs.encode(value), "\(name)")
    }
  }

  /// Every file of JSONTestSuite's test_parsing through both decoders into `AnyJSON`.
  @Test func jsonTestSuite() throws {
    let files = SharedFiles.files(in: SharedFiles.testParsing, prefix: "")
    #expect(files.count > 300)
    // Foundation rejects `[0e1]`, which RFC 8259 allows.
    let foundationRejectsValid: Set = ["y_number_0e1.json"]
    for name in files {
      let json = try Data(contentsOf: SharedFiles.testParsing.appendingPathComponent(name))
      let ours = Outcome { try MapwrightJSONDecoder().decode(AnyJSON.self, from: json) }
      let compatible = MapwrightJSONDecoder()
      compatible.compatibility = .foundation
      let oursCompatible = Outcome { try compatible.decode(AnyJSON.self, from: json) }
      let theirs = Outcome { try Foundation.JSONDecoder().decode(AnyJSON.self, from: json) }
      switch name.prefix(2) {
      case "y_":
        // Must parse, and to Foundation's value.
        if case .error(let error) = ours { Issue.record("\(name): \(error)") }
        if !foundationRejectsValid.contains(name) { #expect(ours == theirs, "\(name)") }
      case "n_":
        // Must be rejected by the standard decoder.
        if case .value = ours { Issue.record("\(name) was accepted") }
      default:
        break
      }
      // In compatibility mode, accepted exactly when Foundation accepts, with its value.
      if !foundationRejectsValid.contains(name) {
        #expect(oursCompatible.succeeded == theirs.succeeded, "\(name): \(oursCompatible) vs \(theirs)")
        if oursCompatible.succeeded, theirs.succeeded { #expect(oursCompatible == theirs, "\(name)") }
      }
    }
  }
}

extension Outcome {
  var succeeded: Bool {
    if case .value = self { true } else { false }
  }
}
