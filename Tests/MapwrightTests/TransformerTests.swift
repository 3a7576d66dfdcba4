import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

@Suite struct TransformerTests {
  struct Event: Mappable {
    var at = Date(timeIntervalSince1970: 0)
    var precise: Date?
    var seconds: Date?
    var millis: Date?
    var day: Date?
    var link: URL?
    var relative: URL?
    var id: UUID?
    var blob: Data?
    var amount: Decimal?
    var level = Level.low
    var shout = ""
    var dates: [Date] = []

    enum Level { case low, high }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      at <- (map["at"], .iso8601)
      precise <- (map["precise"], .iso8601WithFractionalSeconds)
      seconds <- (map["seconds"], .epochSeconds)
      millis <- (map["millis"], .epochMilliseconds)
      day <- (map["day"], .dateFormat("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Europe/Paris")!))
      link <- (map["link"], .url)
      relative <- (map["relative"], .url(relativeTo: URL(string: "https://api.example.com")!))
      id <- (map["id"], .uuid)
      blob <- (map["blob"], .base64)
      amount <- (map["amount"], .decimal)
      level <- (map["level"], .valueMap(["lo": Level.low, "hi": .high, 2: .high], default: .low))
      shout <- (map["shout"], .closure(decode: { @Sendable in ($0.stringValue ?? "").uppercased() }, encode: { @Sendable in JSON($0.lowercased()) }))
      dates <- (map["dates"], .epochSeconds)
    }
  }

  let json = """
    {"at": "2011-04-22T13:33:48+02:00", "precise": "2011-04-22T13:33:48.125Z", "seconds": 1303479228,
     "millis": 1303479228500, "day": "2024-03-01 10:30", "link": "https://example.com/a?b=c",
     "relative": "/users/1", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "blob": "aGVsbG8=",
     "amount": "19.990", "level": "hi", "shout": "hey", "dates": [0, 60]}
    """

  @Test func decodesThroughEveryBuiltIn() throws {
    let event = try Event(json: json)
    #expect(event.at == Date(timeIntervalSince1970: 1_303_479_228 - 7200))
    #expect(event.precise == Date(timeIntervalSince1970: 1303479228.125))
    #expect(event.seconds == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(event.millis == Date(timeIntervalSince1970: 1303479228.5))
    #expect(event.day == Date(timeIntervalSince1970: 1_709_285_400))  // 09:30 UTC
    #expect(event.link?.query == "b=c")
    #expect(event.relative?.absoluteString == "https://api.example.com/users/1")
    #expect(event.id?.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(event.blob == Data("hello".utf8))
    #expect(event.amount == Decimal(string: "19.99"))
    #expect(event.level == .high)
    #expect(event.shout == "HEY")
    #expect(event.dates == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 60)])
  }

  @Test func encodesBackThroughTheSameTransformers() throws {
    let event = try Event(json: json)
    let out = event.json()
    #expect(out["at"] == "2011-04-22T11:33:48Z")
    #expect(out["precise"] == "2011-04-22T13:33:48.125Z")
    #expect(out["seconds"] == 1_303_479_228)
    #expect(out["millis"] == 1_303_479_228_500)
    #expect(out["day"] == "2024-03-01 10:30")
    #expect(out["relative"] == "/users/1")
    #expect(out["blob"] == "aGVsbG8=")
    #expect(out["amount"] == 19.99)
    #expect(out["level"] == "hi")
    #expect(out["shout"] == "hey")
    #expect(out["dates"] == [0, 60])
    #expect(try Event(json: out).at == event.at)
  }

  @Test func failuresNameThePath() throws {
    for (field, value, message) in [
      ("at", #""not a date""#, #"transform failed: "not a date" is not an ISO 8601 date"#),
      ("seconds", "true", "transform failed: expected a timestamp, found bool true"),
      ("blob", #""***""#, #"transform failed: "***" is not valid Base64"#),
      ("day", #""2024-03-01""#, #"transform failed: "2024-03-01" does not match the date format "yyyy-MM-dd HH:mm""#),
      ("amount", #""12abc""#, #"transform failed: expected a decimal number, found string "12abc""#),
    ] {
      do {
        _ = try Event(json: "{\"\(field)\": \(value)}")
        Issue.record("accepted \(field)")
      } catch let error as MappingError {
        #expect(error.code == .transformFailed)
        #expect(error.path.description == "$.\(field)")
        #expect(error.message == message)
      }
    }
  }

  @Test func valueMapWithoutDefaultRejectsUnknownValues() throws {
    let strictMap = ValueMapTransformer(["a": 1, "b": 2])
    #expect(try strictMap.decode("b") == 2)
    #expect(throws: TransformError.self) { try strictMap.decode("c") }
    #expect(try strictMap.encode(1) == "a")
    #expect(throws: TransformError.self) { try strictMap.encode(3) }
  }

  @Test func composition() throws {
    let trimmed = ClosureTransformer<JSON>(
      decode: { .string(($0.stringValue ?? "").trimmingCharacters(in: .whitespaces)) },
      encode: { $0 })
    let trimmedDate = trimmed.then(ISO8601Transformer())
    #expect(try trimmedDate.decode("  2011-04-22T13:33:48Z ") == Date(timeIntervalSince1970: 1_303_479_228))
    let year = ISO8601Transformer().map(
      decode: { Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: $0).year! },
      encode: { Date(timeIntervalSince1970: Double($0 - 1970) * 365.2425 * 86400) })
    #expect(try year.decode("2011-04-22T13:33:48Z") == 2011)
  }

  @Test func registryByName() throws {
    let registry = TransformerRegistry(builtIns: true)
    #expect(registry.names.contains("iso8601"))
    registry.register(.dateFormat("dd/MM/yyyy"), named: "EuropeanDate")
    let transformer = try #require(registry["EuropeanDate"])
    let date = try transformer.decode("22/04/2011") as? Date
    #expect(date == Date(timeIntervalSince1970: 1_303_430_400))
    #expect(try transformer.encode(Date(timeIntervalSince1970: 1_303_430_400)) == "22/04/2011")
    #expect(throws: TransformError.self) { try transformer.encode("not a date") }
    #expect(registry["missing"] == nil)
    #expect(TransformerRegistry.shared["epochMilliseconds"] != nil)
  }
}

@Suite struct ObjectMapperTransformTests {
  struct Record: Mappable {
    var seconds: Date?
    var millis: Date?
    var iso: Date?
    var custom: Date?
    var link: URL?
    var encoded: URL?
    var color: TransformerTestColor?
    var blob: Data?
    var price: NSDecimalNumber?
    var count = 0
    var byLevel: [TransformerTestLevel: Temperature] = [:]

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      seconds <- (map["seconds"], DateTransform())
      millis <- (map["millis"], DateTransform(unit: .milliseconds))
      iso <- (map["iso"], ISO8601DateTransform())
      custom <- (map["custom"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      link <- (map["link"], URLTransform())
      encoded <- (map["encoded"], URLTransform(shouldEncodeURLString: true))
      color <- (map["color"], EnumTransform<TransformerTestColor>())
      blob <- (map["blob"], DataTransform())
      price <- (map["price"], NSDecimalNumberTransform())
      count <- (map["count"], TransformOf<Int, String>(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map { String($0) } }))
      byLevel <- (map["by_level"], DictionaryTransform<TransformerTestLevel, Temperature>())
    }
  }

  @Test func objectMapperTransforms() throws {
    let json = """
      {"seconds": 1303479228, "millis": "1303479228500", "iso": "2011-04-22T13:33:48Z",
       "custom": "2011-04-22", "link": "https://example.com", "encoded": "https://example.com/a b",
       "color": "green", "blob": "aGVsbG8=", "price": "12.50", "count": "42",
       "by_level": {"low": {"celsius": 1}, "high": {"celsius": 30}}}
      """
    let record = try #require(Record(JSONString: json))
    #expect(record.seconds == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(record.millis == Date(timeIntervalSince1970: 1303479228.5))
    #expect(record.iso == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(record.custom != nil)
    #expect(record.link?.host == "example.com")
    #expect(record.encoded?.absoluteString == "https://example.com/a%20b")
    #expect(record.color == .green)
    #expect(record.blob == Data("hello".utf8))
    #expect(record.price == NSDecimalNumber(string: "12.50"))
    #expect(record.count == 42)
    #expect(record.byLevel[.high]?.celsius == 30)

    let out = record.toJSON()
    #expect(out["seconds"] as? Double == 1_303_479_228)
    #expect(out["iso"] as? String == "2011-04-22T13:33:48Z")
    #expect(out["color"] as? String == "green")
    #expect(out["count"] as? String == "42")
    #expect(out["blob"] as? String == "aGVsbG8=")
    #expect(((out["by_level"] as? [String: Any])?["low"] as? [String: Any])?["celsius"] as? Double == 1)
  }

  @Test func failedTransformIsIgnoredByMapAndReportedByDecode() throws {
    let json = #"{"iso": "yesterday", "count": "many"}"#
    let record = try #require(Record(JSONString: json))
    #expect(record.iso == nil)
    #expect(record.count == 0)
    var options = MappingOptions()
    options.errorMode = .collectAll
    do {
      _ = try Mapper<Record>(options: options).decode(JSONString: json)
      Issue.record("accepted")
    } catch let errors as MappingErrors {
      #expect(
        errors.errors.map(\.description) == [
          #"$.iso: transform failed: ISO8601DateTransform could not transform string "yesterday" (line 1, column 9)"#,
          #"$.count: transform failed: TransformOf<Int, String> could not transform string "many" (line 1, column 31)"#,
        ])
    }
  }
}

enum TransformerTestColor: String { case red, green }
enum TransformerTestLevel: String { case low, high }

@Suite struct CoercionScopeTests {
  struct PerProperty: Mappable {
    var year = 0
    var pages = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      year <- map["year", coercion: .lenient]
      pages <- map["pages"]
    }
  }

  struct LenientModel: Mappable {
    static var coercionPolicy: CoercionPolicy? { .lenient }
    var id = 0
    var inner: PerProperty?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      id <- map["id"]
      inner <- map["inner"]
    }
  }

  @JSONModel
  struct Timeline {
    @Transform(.each(.iso8601)) var seen: [Date]
    @Transform(.eachValue(.epochSeconds)) var byName: [String: Date]
    @Transform(.each(.each(.uuid))) var groups: [[UUID]]?
  }

  /// `.each` and `.eachValue` apply a transformer to every element or member value.
  @Test func eachElementAndEachValue() throws {
    let timeline = try Timeline(
      json: #"{"seen": ["2025-01-31T10:00:00Z", "2025-02-01T00:00:00+01:00"], "byName": {"b": 60, "a": 0},"#
        + #" "groups": [["00000000-0000-0000-0000-000000000001"], []]}"#)
    #expect(timeline.seen.map(\.timeIntervalSince1970) == [1_738_317_600, 1_738_364_400])
    #expect(timeline.byName == ["a": Date(timeIntervalSince1970: 0), "b": Date(timeIntervalSince1970: 60)])
    #expect(timeline.groups?.map(\.count) == [1, 0])
    #expect(
      try timeline.jsonString()
        == #"{"seen":["2025-01-31T10:00:00Z","2025-01-31T23:00:00Z"],"byName":{"a":0,"b":60},"groups":[["00000000-0000-0000-0000-000000000001"],[]]}"#
    )
    // One bad element fails the value, naming the element and the property.
    do {
      _ = try Timeline(json: #"{"seen": ["2025-01-31T10:00:00Z", "yesterday"], "byName": {}}"#)
      Issue.record("decoded a bad element")
    } catch let error as MappingError {
      #expect("\(error)".contains("$.seen") && "\(error)".contains("element 1"), "\(error)")
    }
    #expect(throws: MappingError.self) { try Timeline(json: #"{"seen": "2025-01-31T10:00:00Z", "byName": {}}"#) }
    #expect(throws: MappingError.self) { try Timeline(json: #"{"seen": [], "byName": {"a": "x"}}"#) }
    #expect(EachTransformer(ISO8601Transformer()).jsonSchema == ["type": "array", "items": ["type": "string", "format": "date-time"]])
  }

  @Test func perProperty() throws {
    let (book, report) = try PerProperty.decodeReporting(json: #"{"year": "2013", "pages": 300}"#)
    #expect(book.year == 2013)
    #expect(report.coercions.count == 1)
    #expect(throws: MappingError.self) { try PerProperty(json: #"{"year": "2013", "pages": "300"}"#) }
    // A strict property inside a lenient call stays strict.
    struct StrictProperty: Mappable {
      var n = 0
      init?(map: Map) {}
      mutating func mapping(map: Map) { n <- map["n", coercion: .strict] }
    }
    #expect(throws: MappingError.self) { try StrictProperty(json: #"{"n": "1"}"#, options: .lenient) }
  }

  @Test func perModel() throws {
    let model = try LenientModel(json: #"{"id": "7"}"#)
    #expect(model.id == 7)
    // The nested model's own policy (strict by call) applies inside it, except where its
    // property asks for leniency.
    #expect(throws: MappingError.self) { try LenientModel(json: #"{"id": 1, "inner": {"pages": "3"}}"#) }
    #expect(try LenientModel(json: #"{"id": 1, "inner": {"year": "3"}}"#).inner?.year == 3)
  }
}
