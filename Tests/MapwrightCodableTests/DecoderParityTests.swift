import Foundation
import MapwrightCodable
import MapwrightTestSupport
import Testing

private struct Person: Codable, Equatable {
  var name: String
  var age: Int
  var email: String?
  var tags: [String]
  var scores: [String: Double]
}

private struct Numbers: Codable, Equatable {
  var i8: Int8
  var u16: UInt16
  var i64: Int64
  var u: UInt
  var f: Float
  var d: Double
}

private struct Nested: Codable, Equatable {
  var title: String
  var people: [Person]
  var matrix: [[Int]]
  var optionalList: [Int?]
}

private enum Kind: String, Codable, Equatable { case a, b }
private enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case square(side: Double, label: String?)
}

/// A hand-written type using nested containers, superDecoder and unkeyed access.
private struct Handwritten: Decodable, Equatable {
  var id: Int
  var lat: Double
  var lon: Double
  var first: String
  var rest: [Int]
  var parentName: String

  enum Keys: String, CodingKey { case id, position, items, parent }
  enum Position: String, CodingKey { case lat, lon }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(Int.self, forKey: .id)
    let position = try container.nestedContainer(keyedBy: Position.self, forKey: .position)
    lat = try position.decode(Double.self, forKey: .lat)
    lon = try position.decode(Double.self, forKey: .lon)
    var items = try container.nestedUnkeyedContainer(forKey: .items)
    first = try items.decode(String.self)
    var rest: [Int] = []
    while !items.isAtEnd { rest.append(try items.decode(Int.self)) }
    self.rest = rest
    let parent = try container.superDecoder(forKey: .parent)
    parentName = try parent.singleValueContainer().decode(String.self)
  }
}

private class Base: Decodable, Equatable {
  var baseValue: Int
  private enum Keys: CodingKey { case baseValue }
  required init(from decoder: any Decoder) throws {
    baseValue = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .baseValue)
  }
  static func == (a: Base, b: Base) -> Bool { a.baseValue == b.baseValue && type(of: a) == type(of: b) }
}

private final class Derived: Base {
  var extra: String
  private enum Keys: CodingKey { case extra }
  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    extra = try container.decode(String.self, forKey: .extra)
    try super.init(from: container.superDecoder())
  }
}

@Suite("JSONDecoder matches Foundation's")
struct DecoderParityTests {
  @Test func valuesOfEveryContainerKind() {
    let person = #"{"name":"Ada","age":36,"email":null,"tags":["x","y"],"scores":{"a":1.5,"b":-2e3}}"#
    expectSameDecoding(Person.self, person)
    expectSameDecoding([Person].self, "[\(person),\(person)]")
    expectSameDecoding(
      Nested.self,
      #"{"title":"t","people":[\#(person)],"matrix":[[1,2],[],[3]],"optionalList":[1,null,3]}"#)
    expectSameDecoding(
      Numbers.self, #"{"i8":-128,"u16":65535,"i64":-9223372036854775808,"u":18446744073709551615,"f":0.1,"d":1e308}"#)
    expectSameDecoding([Kind].self, #"["a","b"]"#)
    expectSameDecoding([Shape].self, #"[{"circle":{"radius":2}},{"square":{"side":1,"label":"s"}},{"square":{"side":3}}]"#)
    expectSameDecoding([String: [Int]].self, #"{"a":[1],"b":[]}"#)
    expectSameDecoding([Int: String].self, #"{"1":"one","2":"two"}"#)
    expectSameDecoding(Set<Int>.self, "[3,1,2]")
    expectSameDecoding(Int?.self, "null")
    expectSameDecoding([Double?].self, "[1.5,null]")
    expectSameDecoding(Decimal.self, "12.50")
    expectSameDecoding(URL.self, #""https://example.com/a?b=c""#)
    expectSameDecoding(String.self, #""tab\tquote\" é \ud83d\ude00""#)
  }

  @Test func handwrittenNestedAndSuperDecoders() throws {
    let json = #"{"id":7,"position":{"lat":1.5,"lon":-2.25},"items":["first",1,2,3],"parent":"P"}"#
    expectSameDecoding(Handwritten.self, json)
    let derived = try MapwrightJSONDecoder().decode(Derived.self, from: Data(#"{"extra":"e","super":{"baseValue":4}}"#.utf8))
    #expect(derived.extra == "e" && derived.baseValue == 4)
    // superDecoder() with no "super" key decodes from null, as Foundation does.
    expectSameDecoding(Derived.self, #"{"extra":"e"}"#)
  }

  @Test func errorsHaveFoundationsCasesAndPaths() {
    expectSameDecoding(Person.self, #"{"name":"Ada","tags":[],"scores":{}}"#)  // keyNotFound age
    expectSameDecoding(Person.self, #"{"name":"Ada","age":null,"tags":[],"scores":{}}"#)
    expectSameDecoding(Person.self, #"{"name":"Ada","age":"36","tags":[],"scores":{}}"#)
    expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"tags":["a",2],"scores":{}}"#)
    expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"tags":[],"scores":{"x":true}}"#)
    expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"email":5,"tags":[],"scores":{}}"#)
    expectSameDecoding(Person.self, "[]")
    expectSameDecoding(Person.self, "null")
    expectSameDecoding([Int].self, "{}")
    expectSameDecoding([Int].self, "null")
    expectSameDecoding(Nested.self, #"{"title":"t","people":[],"matrix":[[1],[2,"x"]],"optionalList":[]}"#)
    expectSameDecoding(Nested.self, #"{"title":"t","people":[{"name":1}],"matrix":[],"optionalList":[]}"#)
    expectSameDecoding(Handwritten.self, #"{"id":7,"position":[],"items":[],"parent":"P"}"#)
    expectSameDecoding(Handwritten.self, #"{"id":7,"items":[],"parent":"P"}"#)
    expectSameDecoding(Handwritten.self, #"{"id":7,"position":{"lat":1,"lon":2},"items":[],"parent":"P"}"#)
    expectSameDecoding(Handwritten.self, #"{"id":7,"position":{"lat":1,"lon":2},"items":["a"],"parent":3}"#)
    expectSameDecoding(Kind.self, #""c""#)
    expectSameDecoding(Bool.self, "1")
    expectSameDecoding(String.self, "1")
    expectSameDecoding(URL.self, #""""#)
  }

  @Test func numbersAtTheEdges() {
    for json in ["127", "-128", "128", "-129", "1.0", "1e2", "1.5", "-0", "300", "99999999999999999999", "-1"] {
      expectSameDecoding(Int8.self, json)
    }
    for json in ["18446744073709551615", "18446744073709551616", "-1", "1e19", "-0", "1e999999999"] {
      expectSameDecoding(UInt64.self, json)
    }
    for json in ["1e999999999", "-1e999999999", "123456789012345678901234567890123456789012"] {
      expectSameDecoding(Double.self, json)
      expectSameDecoding(Decimal.self, json)
      expectSameDecoding(Decimal.self, json, mapwright: { $0.compatibility = .foundation })
    }
    // More than Decimal's 38 digits: Foundation's value unless every digit must count.
    #expect(
      decodingError(Decimal.self, "123456789012345678901234567890123456789012") { $0.rejectsInexactDecimals = true }.map(signature)
        == "dataCorrupted at ")
    for json in ["1e308", "1e400", "-1e400", "5e-324", "1e-400", "0.1", "-0.0", "123456789012345678901234567890"] {
      expectSameDecoding(Double.self, json)
    }
    for json in ["3.4028234e38", "3.5e38", "1e-50", "0.1"] {
      expectSameDecoding(Float.self, json)
    }
  }

  /// Long numbers into `Decimal` (more digits than it holds, points and exponents anywhere):
  /// the value Foundation gives, or its error, on seeded random text.
  @Test(arguments: [UInt64(3), 38, 2026])
  func longDecimalsAsFoundationReadsThem(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<300 {
      let count = Int.random(in: 30...70, using: &random)
      var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }
      if digits[0] == "0" { digits[0] = "7" }
      let point = Int.random(in: 0...count, using: &random)
      var text = (Bool.random(using: &random) ? "-" : "") + digits[..<point].joined()
      if point == 0 { text += "0" }
      if point < count { text += "." + digits[point...].joined() }
      if Bool.random(using: &random) { text += "e\(Int.random(in: -150...120, using: &random))" }
      // Errors compared by case (Mapwright's path names the index; Docs/Codable.md).
      let ours = Outcome { try MapwrightJSONDecoder().decode([Decimal].self, from: Data("[\(text)]".utf8)) }
      let theirs = Outcome { try Foundation.JSONDecoder().decode([Decimal].self, from: Data("[\(text)]".utf8)) }
      switch (ours, theirs) {
      case (.error(let a), .error(let b)): #expect(a.prefix(14) == b.prefix(14), "\(text): \(a) / \(b)")
      default: #expect(ours == theirs, "\(text)")
      }
    }
  }

  @Test func utf16AndUTF32InputIsConverted() throws {
    let text = #"{"name":"é ✓","age":3,"tags":[],"scores":{}}"#
    for encoding: String.Encoding in [.utf16BigEndian, .utf16LittleEndian, .utf16, .utf32BigEndian, .utf32LittleEndian] {
      let data = try #require(text.data(using: encoding))
      let ours = try MapwrightJSONDecoder().decode(Person.self, from: data)
      #expect(ours == (try Foundation.JSONDecoder().decode(Person.self, from: data)), "\(encoding)")
      #expect(ours.name == "é ✓")
    }
  }

  @Test func whereFoundationLosesDataTheDefaultSaysSo() throws {
    // Foundation reads these as 1 and 0; the standard decoder refuses, naming the number.
    for json in ["1.000000000000000005", "1e-999", "-1e-999999999"] {
      let error = try #require(decodingError(Int.self, json))
      guard case .dataCorrupted(let context) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(context.debugDescription.contains("not an integer"))
      expectSameDecoding(Int.self, json, mapwright: { $0.compatibility = .foundation })
    }
    // Trailing commas: an error by default, accepted by Foundation and in compatibility mode.
    #expect(decodingError([Int].self, "[1,2,]") != nil)
    expectSameDecoding([Int].self, "[1,2,]", mapwright: { $0.compatibility = .foundation })
    expectSameDecoding([String: Int].self, #"{"a":1,}"#, mapwright: { $0.compatibility = .foundation })
  }

  private struct Wide: Codable, Equatable {
    var a, b, c, d, e, f, g, h: Int
  }

  @Test func duplicateKeysFirstWins() {
    // Larger objects are searched from the last key found: a repeated key must still resolve
    // to its first occurrence, in document order or not.
    expectSameDecoding(Wide.self, #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"a":9,"c":10}"#)
    expectSameDecoding(Wide.self, #"{"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":1,"h":0,"b":0}"#)
    expectSameDecoding([Wide].self, #"[{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8},{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"a":9}]"#)
    expectSameDecoding(
      [Wide].self, #"[{"h":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"a":8},{"h":1,"b":2,"c":3,"d":4,"e":5,"f":6,"h":7,"a":8,"g":9}]"#)
    expectSameDecoding(Person.self, #"{"age":1,"name":"a","age":2,"tags":[],"scores":{},"name":"b"}"#)
    expectSameDecoding([String: Int].self, #"{"a":1,"a":2}"#)
  }

  @Test func malformedInputIsDataCorrupted() {
    for json in ["", " ", "[1,2", "[1,2] x", "{\"a\" 1}", "nul", "NaN", "[1,]]"] {
      expectSameDecoding([Int].self, json)
    }
    // Foundation checks the type before it looks closely at a malformed scalar (it reports a
    // type mismatch for these); Mapwright rejects the document first. Both throw.
    for json in ["\"\\ud800\"", "01"] {
      #expect(decodingError([Int].self, json).map(signature) == "dataCorrupted at ")
      #expect(throws: DecodingError.self) { try Foundation.JSONDecoder().decode([Int].self, from: Data(json.utf8)) }
    }
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    expectSameDecoding([Int].self, deep)
    let invalidUTF8 = Data([0x22, 0xFF, 0x22])
    #expect(throws: DecodingError.self) { try MapwrightJSONDecoder().decode(String.self, from: invalidUTF8) }
  }

  @Test func oneDecoderSharedAcrossTasks() async throws {
    let decoder = MapwrightJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for i in 0..<8 {
        group.addTask {
          let json = #"{"value_\#(i)": \#(i)}"#
          return try decoder.decode([String: Int].self, from: Data(json.utf8)).values.first ?? -1
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.sorted() == Array(0..<8))
  }

  @Test func errorDescriptionsCarryPathLineAndColumn() throws {
    let json = "{\n  \"people\": [\n    {\"name\": \"A\", \"age\": \"x\"}\n  ]\n}"
    struct Wrapper: Decodable { var people: [Person] }
    let error = try #require(decodingError(Wrapper.self, json))
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(context.debugDescription.hasPrefix("Expected to decode Int but found a string instead."))
    #expect(context.debugDescription.contains("$.people[0].age, line 3, column 26"))
    #expect(pathSignature(context.codingPath) == "people/[0]/age")
    let syntax = try #require(decodingError([Int].self, "[1,\n 2,, 3]"))
    guard case .dataCorrupted(let syntaxContext) = syntax else {
      Issue.record("\(syntax)")
      return
    }
    #expect(syntaxContext.debugDescription.contains("line 2, column 4"))
  }
}
