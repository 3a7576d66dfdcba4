import Foundation
import MapwrightCodable
import MapwrightEngine
import Testing

private struct Snake: Codable, Equatable {
  var firstName: String
  var userId: Int?
  var _private: Int?
  var values: [String: Int]
}

private struct Stamped: Codable, Equatable {
  var at: Date
  var blob: Data
}

@Suite("JSONDecoder strategies")
struct DecoderStrategyTests {
  @Test func keyStrategies() {
    let json = #"{"first_name":"A","user_ID":5,"_private":1,"values":{"a_b":1,"c":2}}"#
    expectSameDecoding(
      Snake.self, json, mapwright: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    // The first of two keys that convert alike wins.
    expectSameDecoding(
      Snake.self, #"{"firstName":"x","first_name":"y","values":{}}"#,
      mapwright: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      let last = path.last!.stringValue
      return PlainKey(stringValue: last.prefix(1).lowercased() + last.dropFirst())
    }
    expectSameDecoding(
      Snake.self, #"{"FirstName":"A","Values":{"K":1}}"#, mapwright: { $0.keyDecodingStrategy = .custom(upper) },
      foundation: { $0.keyDecodingStrategy = .custom(upper) })
  }

  @Test func snakeCaseConversionMatchesFoundationKeyByKey() {
    struct AllKeys: Decodable, Equatable {
      var keys: [String]
      init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: PlainKey.self).allKeys.map(\.stringValue).sorted()
      }
    }
    let keys = [
      "User_ID", "a__b", "_a_b_", "__", "a", "one_two_three", "ÉCOLE_élan", "a_1st", "a_b2c", "snake_Case_KEY",
      "a-b_c", "_", "a_", "x_ß", "foo_bar_", "ab_CD_ef", "",
    ]
    let json = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
    expectSameDecoding(
      AllKeys.self, json, mapwright: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  }

  @Test func dateAndDataStrategies() {
    let json = #"{"at":1700000000.5,"blob":"aGVsbG8="}"#
    expectSameDecoding(Stamped.self, json)
    expectSameDecoding(
      Stamped.self, json, mapwright: { $0.dateDecodingStrategy = .secondsSince1970 },
      foundation: { $0.dateDecodingStrategy = .secondsSince1970 })
    expectSameDecoding(
      Stamped.self, #"{"at":1700000000500,"blob":"aGVsbG8="}"#,
      mapwright: { $0.dateDecodingStrategy = .millisecondsSince1970 },
      foundation: { $0.dateDecodingStrategy = .millisecondsSince1970 })
    for date in ["2024-02-29T12:30:00Z", "2024-02-29T12:30:00+02:00"] {
      expectSameDecoding(
        Stamped.self, #"{"at":"\#(date)","blob":""}"#, mapwright: { $0.dateDecodingStrategy = .iso8601 },
        foundation: { $0.dateDecodingStrategy = .iso8601 })
    }
    // A malformed ISO 8601 date is dataCorrupted in both; Foundation's error has an empty
    // coding path, Mapwright's names the key (a listed deviation).
    for date in ["2024-02-29", "yesterday"] {
      #expect(
        decodingError(Stamped.self, #"{"at":"\#(date)","blob":""}"#, { $0.dateDecodingStrategy = .iso8601 }).map(signature)
          == "dataCorrupted at at")
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy/MM/dd"
    for date in ["2020/01/31", "31.01.2020"] {
      expectSameDecoding(
        Stamped.self, #"{"at":"\#(date)","blob":""}"#, mapwright: { $0.dateDecodingStrategy = .formatted(formatter) },
        foundation: { $0.dateDecodingStrategy = .formatted(formatter) })
    }
    let custom: @Sendable (any Decoder) throws -> Date = { decoder in
      let text = try decoder.singleValueContainer().decode(String.self)
      return Date(timeIntervalSince1970: Double(text.dropFirst()) ?? 0)
    }
    expectSameDecoding(
      Stamped.self, #"{"at":"T42","blob":"%%%"}"#, mapwright: { $0.dateDecodingStrategy = .custom(custom) },
      foundation: { $0.dateDecodingStrategy = .custom(custom) })
    expectSameDecoding(
      Stamped.self, #"{"at":0,"blob":[104,105]}"#, mapwright: { $0.dataDecodingStrategy = .deferredToData },
      foundation: { $0.dataDecodingStrategy = .deferredToData })
  }

  @Test func nonConformingFloats() throws {
    let strategy = (positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    for json in [#"["+inf","-inf",1]"#, #"["inf"]"#] {
      expectSameDecoding(
        [Double].self, json,
        mapwright: {
          $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: strategy.0, negativeInfinity: strategy.1, nan: strategy.2)
        },
        foundation: {
          $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: strategy.0, negativeInfinity: strategy.1, nan: strategy.2)
        })
    }
    let decoder = MapwrightJSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try decoder.decode([Float].self, from: Data(#"["nan"]"#.utf8))[0].isNaN)
  }

  @Test func json5CommentsTrailingCommasAndTopLevelDictionary() {
    expectSameDecoding(
      [String: Int].self, "// settings\n{\"a\": 1, /* two */ \"b\": 2,}",
      mapwright: { $0.allowsJSON5 = true }, foundation: { $0.allowsJSON5 = true })
    expectSameDecoding(
      [String: Int].self, "\"a\": 1, \"b\": 2",
      mapwright: {
        $0.allowsJSON5 = true
        $0.assumesTopLevelDictionary = true
      },
      foundation: {
        $0.allowsJSON5 = true
        $0.assumesTopLevelDictionary = true
      })
    expectSameDecoding(
      [String: Int].self, "{\"a\": 1}",
      mapwright: {
        $0.allowsJSON5 = true
        $0.assumesTopLevelDictionary = true
      },
      foundation: {
        $0.allowsJSON5 = true
        $0.assumesTopLevelDictionary = true
      })
  }

  @Test func userInfoReachesInitFromDecoder() throws {
    struct Scaled: Decodable {
      var value: Double
      init(from decoder: any Decoder) throws {
        let factor = decoder.userInfo[CodingUserInfoKey(rawValue: "factor")!] as? Double ?? 1
        value = try decoder.singleValueContainer().decode(Double.self) * factor
      }
    }
    let decoder = MapwrightJSONDecoder()
    decoder.userInfo[CodingUserInfoKey(rawValue: "factor")!] = 10.0
    #expect(try decoder.decode([Scaled].self, from: Data("[1.5]".utf8))[0].value == 15)
  }

  @Test func lenientCoercionIsReported() throws {
    struct Row: Decodable, Equatable {
      var id: Int
      var price: Double
      var active: Bool
      var code: String
    }
    let json = Data(#"{"id":"101","price":"2.5","active":"true","code":7}"#.utf8)
    #expect(throws: DecodingError.self) { try MapwrightJSONDecoder().decode(Row.self, from: json) }
    let decoder = MapwrightJSONDecoder()
    decoder.coercion = .lenient
    let (row, report) = try decoder.decodeReporting(Row.self, from: json)
    #expect(row == Row(id: 101, price: 2.5, active: true, code: "7"))
    #expect(report.coercions.map(\.path.description) == ["$.id", "$.price", "$.active", "$.code"])
    // Values read through a super decoder are reported too.
    struct Wrapped: Decodable {
      var row: Row
      enum Keys: CodingKey { case row }
      init(from decoder: any Decoder) throws {
        row = try Row(from: try decoder.container(keyedBy: Keys.self).superDecoder(forKey: .row))
      }
    }
    let wrapped = Data(#"{"row":{"id":"5","price":1,"active":true,"code":"c"}}"#.utf8)
    let (_, wrappedReport) = try decoder.decodeReporting(Wrapped.self, from: wrapped)
    #expect(wrappedReport.coercions.map(\.path.description) == ["$.row.id"])
    // Lenient never truncates.
    #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: Data(#""2.5""#.utf8)) }
  }
}

struct PlainKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
