import Foundation
import MapwrightCodable
import Testing

private struct Person: Codable, Equatable {
  var name: String
  var age: Int
  var email: String?
  var tags: [String]
  var scores: [String: Double]
  var friend: [Person]?
}

private struct Numbers: Encodable {
  var values: [Double] = [1, 0.1, 1e20, 1e-7, -0.0, 1e16, 1e15, 123_456_789_012_345_680, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 2.5, -3]
  var floats: [Float] = [0.1, 1e20, 16_777_216, 3.4028235e38, -0.0, 1.5]
  var ints: [Int64] = [0, -1, .min, .max]
  var unsigned: [UInt64] = [0, .max]
  var small: [Int8] = [-128, 127]
  var decimal = Decimal(string: "1.000000000000000005")!
}

/// A hand-written type using nested containers, super encoders and interleaved writes.
private struct Handwritten: Encodable {
  enum Keys: String, CodingKey { case id, position, items, parent, after }
  enum Position: String, CodingKey { case lat, lon }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(7, forKey: .id)
    var position = container.nestedContainer(keyedBy: Position.self, forKey: .position)
    var items = container.nestedUnkeyedContainer(forKey: .items)
    try container.encode("written after the nested containers were made", forKey: .after)
    try position.encode(1.5, forKey: .lat)
    try items.encode("first")
    var inner = items.nestedUnkeyedContainer()
    try items.encode(2)
    try inner.encode(true)
    try position.encode(-2.25, forKey: .lon)
    let parent = container.superEncoder(forKey: .parent)
    var single = parent.singleValueContainer()
    try single.encode(["p": 1])
  }
}

private class Base: Encodable {
  var baseValue = 4
  private enum Keys: CodingKey { case baseValue }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(baseValue, forKey: .baseValue)
  }
}

private final class Derived: Base {
  var extra = "e"
  private enum Keys: CodingKey { case extra }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(extra, forKey: .extra)
    try super.encode(to: container.superEncoder())
  }
}

private struct Empty: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

private struct Repeats: Encodable {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(1, forKey: Key(stringValue: "a"))
    try container.encode(2, forKey: Key(stringValue: "b"))
    try container.encode([3], forKey: Key(stringValue: "a"))
  }
}

@Suite("JSONEncoder matches Foundation's")
struct EncoderParityTests {
  private let sorted: (MapwrightJSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
  private let sortedFoundation: (Foundation.JSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
  private let pretty: (MapwrightJSONEncoder) -> Void = { $0.outputFormatting = [.sortedKeys, .prettyPrinted] }
  private let prettyFoundation: (Foundation.JSONEncoder) -> Void = { $0.outputFormatting = [.sortedKeys, .prettyPrinted] }

  private var ada: Person {
    Person(
      name: "Ada \"the first\" / é \u{1} \u{7f} \u{2028}", age: 36, email: nil, tags: ["x", "y"],
      scores: ["b": -2e3, "a": 1.5, "B": 0, "a10": 1, "a9": 2, "é": 3, "_": 4],
      friend: [Person(name: "Bob", age: 1, email: "b@x", tags: [], scores: [:], friend: nil)])
  }

  @Test func compactAndPrettyWithSortedKeys() {
    expectSameEncoding(ada, mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding(ada, mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding([ada, ada], mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(["empty": [Int](), "one": [1]], mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(["x": [String: Int]()], mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding([[String: Int]](), mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(
      ["a/b": "c/d"], mapwright: { $0.outputFormatting = [.withoutEscapingSlashes, .sortedKeys] },
      foundation: { $0.outputFormatting = [.withoutEscapingSlashes, .sortedKeys] })
  }

  @Test func numbersAndFragments() {
    expectSameEncoding(Numbers(), mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding(1.0)
    expectSameEncoding("text/with/slashes")
    expectSameEncoding(Optional<Int>.none)
    expectSameEncoding([Optional<Int>.none, 1])
    expectSameEncoding(true)
    expectSameEncoding(URL(string: "https://example.com/a?b=c")!)
  }

  @Test func handwrittenNestedAndSuperEncoders() {
    expectSameEncoding(Handwritten(), mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding(Handwritten(), mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(Derived(), mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding([Derived()], mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(Repeats(), mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding(["k": Empty()], mapwright: pretty, foundation: prettyFoundation)
    expectSameEncoding(Empty())
  }

  @Test func withoutSortingMembersKeepTheirOrder() throws {
    let text = try MapwrightJSONEncoder().encodeToString(Person(name: "A", age: 1, email: nil, tags: [], scores: [:], friend: nil))
    #expect(text == #"{"name":"A","age":1,"tags":[],"scores":{}}"#)
  }

  @Test func strategies() {
    struct Stamped: Encodable {
      var at = Date(timeIntervalSince1970: 1_700_000_000.5)
      var blob = Data("hello".utf8)
      var myURLValue = 1
      var userID = 2
      var values = ["keep_as_is": 1]
    }
    for (ours, theirs): (MapwrightJSONEncoder.DateEncodingStrategy, Foundation.JSONEncoder.DateEncodingStrategy) in [
      (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
      (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
    ] {
      expectSameEncoding(
        Stamped(),
        mapwright: {
          $0.outputFormatting = .sortedKeys
          $0.dateEncodingStrategy = ours
        },
        foundation: {
          $0.outputFormatting = .sortedKeys
          $0.dateEncodingStrategy = theirs
        })
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy/MM/dd"
    expectSameEncoding(
      Stamped(),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.dateEncodingStrategy = .formatted(formatter)
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.dateEncodingStrategy = .formatted(formatter)
      })
    let customDate: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
      var container = encoder.unkeyedContainer()
      try container.encode(Int(date.timeIntervalSince1970))
    }
    let customData: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(data.count)
    }
    expectSameEncoding(
      Stamped(),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.dateEncodingStrategy = .custom(customDate)
        $0.dataEncodingStrategy = .custom(customData)
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.dateEncodingStrategy = .custom(customDate)
        $0.dataEncodingStrategy = .custom(customData)
      })
    expectSameEncoding(
      Stamped(),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.dataEncodingStrategy = .deferredToData
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.dataEncodingStrategy = .deferredToData
      })
    expectSameEncoding(
      Stamped(),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .convertToSnakeCase
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .convertToSnakeCase
      })
    let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      PlainKey(stringValue: path.last!.stringValue.uppercased())
    }
    expectSameEncoding(
      Stamped(),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .custom(upper)
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .custom(upper)
      })
  }

  @Test func snakeCaseMatchesFoundationKeyByKey() {
    let keys = [
      "myURLProperty", "userID", "aB", "URL", "oneTwoThree", "_privateValue", "already_snake", "a1B2", "HTTPSConnection",
      "éCole", "camelCase_With", "ABCdef", "x", "X", "", "simpleHTMLParser", "aBC1d",
    ]
    let values = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    struct Keyed: Encodable {
      let values: [String: Int]
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PlainKey.self)
        for (key, value) in values { try container.encode(value, forKey: PlainKey(stringValue: key)) }
      }
    }
    expectSameEncoding(
      Keyed(values: values),
      mapwright: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .convertToSnakeCase
      },
      foundation: {
        $0.outputFormatting = .sortedKeys
        $0.keyEncodingStrategy = .convertToSnakeCase
      })
  }

  @Test func nonConformingFloats() {
    expectSameEncoding(Double.nan)
    expectSameEncoding(["a": [1, Double.infinity]])
    expectSameEncoding(Float.infinity)
    let strategy: (String, String, String) = ("+inf", "-inf", "nan")
    expectSameEncoding(
      [Double.nan, .infinity, -.infinity, 1],
      mapwright: {
        $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: strategy.0, negativeInfinity: strategy.1, nan: strategy.2)
      },
      foundation: {
        $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: strategy.0, negativeInfinity: strategy.1, nan: strategy.2)
      })
  }

  @Test func aCaughtErrorLeavesValidOutput() throws {
    struct Careful: Encodable {
      enum Keys: CodingKey { case bad, good }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try? container.encode(["x": [1, Double.nan]], forKey: .bad)
        try container.encode(1, forKey: .good)
      }
    }
    #expect(try MapwrightJSONEncoder().encodeToString(Careful()) == #"{"good":1}"#)
  }

  /// A value that fails after part of it is written is rolled back at a cost of its own size:
  /// ten times the rows, each with one rolled-back value, take about ten times the time (the
  /// bound is loose; a cost per failure in proportion to the output would be ~100×).
  @Test func rollbacksCostLinearTime() throws {
    struct Row: Encodable {
      enum Keys: CodingKey { case id, score }
      var id: Int
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        do {
          try container.encode(["value": id % 2 == 0 ? Double(id) : .nan], forKey: .score)
        } catch {
          try container.encodeNil(forKey: .score)
        }
      }
    }
    let encoder = MapwrightJSONEncoder()
    let three = #"[{"id":0,"score":{"value":0}},{"id":1,"score":null},{"id":2,"score":{"value":2}}]"#
    #expect(try encoder.encodeToString((0..<3).map(Row.init)) == three)
    let small = (0..<1_000).map(Row.init)
    let large = (0..<10_000).map(Row.init)
    let clock = ContinuousClock()
    _ = try encoder.encode(small)
    let smallTime = try clock.measure { _ = try encoder.encode(small) }
    let largeTime = try clock.measure { _ = try encoder.encode(large) }
    #expect(largeTime / smallTime < 40, "10,000 rows took \(largeTime / smallTime)× the time of 1,000")
  }

  @Test func roundTripsThroughTheDecoder() throws {
    let data = try MapwrightJSONEncoder().encode(ada)
    #expect(try MapwrightJSONDecoder().decode(Person.self, from: data) == ada)
    #expect(try Foundation.JSONDecoder().decode(Person.self, from: data) == ada)
  }
}
