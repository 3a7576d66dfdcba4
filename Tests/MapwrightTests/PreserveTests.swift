import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

// Round-trips through models that name only part of their JSON (`unknownKeys: .preserve`).

/// twitter.json from the benchmark corpus beside the repository.
let twitterURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench-data/twitter.json")

@JSONModel(unknownKeys: .preserve)
struct PartialSearch {
  var statuses: [PartialStatus]
}

@JSONModel(keys: .snakeCase, unknownKeys: .preserve)
struct PartialStatus {
  var id: Int
  var text: String
  var retweetCount: Int
  var user: PartialUser
  @Key("entities.hashtags") var hashtags: [JSON]
}

@JSONModel(keys: .snakeCase, unknownKeys: .preserve)
struct PartialUser {
  var screenName: String
  var followersCount: Int
}

@JSONModel(coercion: .lenient, unknownKeys: .preserve)
struct Price {
  var amount: Double
  var quantity: Int
  var note: String?
}

struct MappablePartialStatus: Mappable, JSONPreserving {
  var text = ""
  var login = ""
  var preservedJSON = PreservedJSON()
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    text <- map["text"]
    login <- map["user.screen_name"]
  }
}

@Suite struct PreserveTests {
  @Test func twitterThroughAPartialModelComesBackWhole() throws {
    let bytes = [UInt8](try Data(contentsOf: twitterURL))
    var search = try PartialSearch(json: bytes)
    #expect(search.statuses.count == 100)
    #expect(search.statuses[0].user.screenName == "ayuu0123")
    let input = try JSON(parsing: bytes)
    let output = try JSON(parsing: search.jsonBytes())
    #expect(output == input)
    // Member order is the source's, all the way down.
    #expect(try output.jsonString() == input.jsonString())

    // Edit one field: only it changes.
    search.statuses[3].user.followersCount += 1
    var expected = input
    let path = JSONPath(keyPath: "statuses.3.user.followers_count".split(separator: "."))
    let old = try #require(input[path: path]?.intValue)
    expected.set(JSON(old + 1), at: path)
    #expect(try JSON(parsing: search.jsonBytes()) == expected)
  }

  @Test func mappableModelsPreserveToo() throws {
    let bytes = [UInt8](try Data(contentsOf: twitterURL))
    let input = try JSON(parsing: bytes)
    let first = try #require(input[path: [.key("statuses"), .index(0)]])
    var status = try MappablePartialStatus(json: first)
    #expect(status.login == "ayuu0123")
    #expect(status.json() == first)
    status.login = "someone"
    var expected = first
    expected.set("someone", at: [.key("user"), .key("screen_name")])
    #expect(status.json() == expected)
  }

  @Test func unchangedValuesKeepTheirSourceRepresentation() throws {
    var price = try Price(json: #"{"amount": 1.50, "quantity": "21", "currency": "EUR", "note": null}"#)
    #expect(price.amount == 1.5 && price.quantity == 21)
    #expect(try price.jsonString() == #"{"amount":1.50,"quantity":"21","currency":"EUR"}"#)
    price.quantity = 22
    price.amount = 2
    #expect(try price.jsonString() == #"{"amount":2.0,"quantity":22,"currency":"EUR"}"#)
    price.note = "gift"
    #expect(try price.jsonString() == #"{"amount":2.0,"quantity":22,"currency":"EUR","note":"gift"}"#)
  }

  @Test func preservedSourceTakesNoPartInEquality() throws {
    let a = try PartialUser(json: #"{"screen_name": "a", "followers_count": 1, "x": 1}"#)
    let b = try PartialUser(json: #"{"screen_name": "a", "followers_count": 1, "x": 2}"#)
    #expect(a._jsonPreserved == b._jsonPreserved)
    #expect(a.json() == ["screen_name": "a", "followers_count": 1, "x": 1])
  }
}
