import Foundation
import MapwrightCodable
import MapwrightTestSupport
import Testing

private struct Item: Codable, Equatable {
  var id: Int
  var name: String
  var tags: [String]?
  var child: [Item]?
}

/// Decodes `Value` by calling its own `init(from:)` (Array's or Dictionary's, through the
/// decoder's containers) instead of letting the decoder read it directly.
private struct ThroughContainers<Value: Decodable & Equatable>: Decodable, Equatable {
  var value: Value
  init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
}

/// Random documents of arrays and dictionaries of `Item`, some of them wrong somewhere: an
/// element of the wrong type, a null, a missing key, a scalar where a collection belongs.
private struct CollectionDocuments {
  var random: SeededGenerator

  mutating func item(depth: Int) -> String {
    var members = [
      #""id": \#(random.next() % 1000)"#, #""name": "n\#(random.next() % 100)""#,
    ]
    if random.next() % 3 == 0 { members.append(#""tags": ["a", "b\u00e9"]"#) }
    if depth < 2, random.next() % 3 == 0 { members.append(#""child": \#(array(depth: depth + 1))"#) }
    if random.next() % 4 == 0 { members.shuffle(using: &random) }
    return "{" + members.joined(separator: ", ") + "}"
  }

  mutating func element(depth: Int) -> String {
    switch random.next() % 40 {
    case 0: "null"
    case 1: "17"
    case 2: #"{"id": 1}"#
    case 3: #"{"id": "1", "name": "x"}"#
    default: item(depth: depth)
    }
  }

  mutating func array(depth: Int) -> String {
    if random.next() % 50 == 0 { return #"{"id": 1}"# }
    let count = Int(random.next() % 5)
    return "[" + (0..<count).map { _ in element(depth: depth) }.joined(separator: ", ") + "]"
  }

  /// A dictionary's JSON, and whether it repeats a key.
  mutating func dictionary() -> (json: String, repeats: Bool) {
    if random.next() % 50 == 0 { return ("[1]", false) }
    let keys = (0..<Int(random.next() % 6)).map { _ in ["k0", "k1", "k2", "é", #"k\u0000"#, "😀"].randomElement(using: &random)! }
    let members = keys.map { #""\#($0)": \#(element(depth: 0))"# }
    return ("{" + members.joined(separator: ", ") + "}", Set(keys).count < keys.count)
  }
}

@Suite("Arrays and dictionaries read off the tape agree with their own init(from:)")
struct CollectionReadingTests {
  private func outcomes<Value: Decodable & Equatable>(_ type: Value.Type, _ json: String) -> (
    direct: Outcome<Value>, containers: Outcome<Value>, foundation: Outcome<Value>
  ) {
    let data = Data(json.utf8)
    return (
      Outcome { try MapwrightJSONDecoder().decode(Value.self, from: data) },
      Outcome { try MapwrightJSONDecoder().decode(ThroughContainers<Value>.self, from: data).value },
      Outcome { try Foundation.JSONDecoder().decode(Value.self, from: data) }
    )
  }

  @Test(arguments: [UInt64(3), 77, 2026])
  func arraysAgree(seed: UInt64) {
    var documents = CollectionDocuments(random: SeededGenerator(seed: seed))
    var errors = 0
    for _ in 0..<300 {
      let json = documents.array(depth: 0)
      let (direct, containers, foundation) = outcomes([Item].self, json)
      #expect(direct == containers, "\(json)")
      #expect(direct == foundation, "\(json)")
      if case .error = direct { errors += 1 }
      // Nested in a keyed container, and as an array of arrays.
      let nested = outcomes([String: [Item]].self, #"{"list": \#(json)}"#)
      #expect(nested.direct == nested.foundation, "\(json)")
      let twice = outcomes([[Item]].self, "[[], \(json)]")
      #expect(twice.direct == twice.containers && twice.direct == twice.foundation, "\(json)")
    }
    #expect(errors > 20 && errors < 280, "the corpus mixes good and bad arrays (\(errors) errors)")
  }

  @Test(arguments: [UInt64(5), 99, 4242])
  func dictionariesAgree(seed: UInt64) {
    var documents = CollectionDocuments(random: SeededGenerator(seed: seed))
    var repeated = 0
    for _ in 0..<300 {
      let (json, repeats) = documents.dictionary()
      let (direct, containers, foundation) = outcomes([String: Item].self, json)
      #expect(direct == containers, "\(json)")
      // Foundation decodes the members in its dictionary's hash order, so when several are
      // wrong, which one its error names changes from run to run.
      switch (direct, foundation) {
      case (.error, .error): break
      default: #expect(direct == foundation, "\(json)")
      }
      if repeats, case .value = direct { repeated += 1 }
      let strategy = MapwrightJSONDecoder()
      strategy.keyDecodingStrategy = .convertFromSnakeCase
      #expect(Outcome { try strategy.decode([String: Item].self, from: Data(json.utf8)) } == direct, "\(json)")
    }
    #expect(repeated > 10, "the corpus repeats keys (\(repeated) documents)")
  }

  /// Arrays of scalars read straight off the tape (two-element ones made by a literal, the
  /// rest appended), right or wrong somewhere, give the values and errors (with the element's
  /// index on the path) of their own `init(from:)` and of Foundation.
  @Test(arguments: [UInt64(8), 64, 512])
  func scalarArraysAndPairsAgree(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    func scalar() -> String {
      switch random.next() % 24 {
      case 0: "null"
      case 1: #""7""#
      case 2: "true"
      case 3: "1.5"
      case 4: "1e400"
      default: "\(Int(random.next() % 2000) - 1000)"
      }
    }
    var errors = 0
    for _ in 0..<200 {
      let rows = (0..<Int(random.next() % 4)).map { _ in "[" + (0..<Int(random.next() % 5)).map { _ in scalar() }.joined(separator: ", ") + "]" }
      let json = "[" + rows.joined(separator: ", ") + "]"
      // A number that does not fit its type, read from an array, has its index on the path
      // here and an empty path in Foundation (Docs/Codable.md, "Where Mapwright differs").
      let fitsDoubles = !json.contains("1e400")
      let fitsIntegers = fitsDoubles && !json.contains("1.5")
      let doubles = outcomes([[Double]].self, json)
      #expect(doubles.direct == doubles.containers, "\(json)")
      #expect(!fitsDoubles || doubles.direct == doubles.foundation, "\(json)")
      let integers = outcomes([[Int]].self, json)
      #expect(integers.direct == integers.containers, "\(json)")
      #expect(!fitsIntegers || integers.direct == integers.foundation, "\(json)")
      let strings = outcomes([[String]].self, json)
      #expect(strings.direct == strings.containers && strings.direct == strings.foundation, "\(json)")
      if case .error = doubles.direct { errors += 1 }
    }
    #expect(errors > 20 && errors < 180, "the corpus mixes good and bad arrays (\(errors) errors)")
  }

  /// Keys equal as `String`s but not byte for byte ("é" precomposed and decomposed) are one
  /// dictionary key, and the first one's value is kept, as in Foundation. (Through the
  /// keyed container, which lists both keys, the later one would replace the value.)
  @Test func canonicallyEquivalentKeysKeepTheFirstValue() throws {
    let json = #"{"\#u{E9}": 1, "e\#u{301}": 2, "a": 3, "a": 4}"#
    let (direct, containers, foundation) = outcomes([String: Int].self, json)
    #expect(direct == .value(["\u{E9}": 1, "a": 3]))
    #expect(direct == foundation)
    #expect(containers == .value(["\u{E9}": 2, "a": 3]))
  }

  /// The elements of an array decoded directly see the same coding paths as through an
  /// unkeyed container, and an error deep inside names the whole path.
  @Test func errorsInsideCollectionsNameThePath() throws {
    let json = #"{"a": [{"id": 1, "name": "x"}, {"id": 2, "name": "y", "child": [{"id": "3", "name": "z"}]}]}"#
    let error = try #require(decodingError([String: [Item]].self, json))
    #expect(signature(error) == "typeMismatch(Int) at a/[1]/child/[0]/id")
    #expect("\(error)".contains("line 1"), "\(error)")
  }

  /// Which types are collections is kept for the whole process and shared by every decoder:
  /// decoders on many tasks at once, each meeting the types in its own order (some for the
  /// first time while others read them), all decode the same values as Foundation.
  @Test func collectionKindsAreSharedAcrossConcurrentDecoders() async throws {
    struct Fresh: Codable, Equatable {
      var rows: [[Int]]
      var byName: [String: [String: Double]]
      var items: [Item]
    }
    let json = Data(#"{"rows": [[1, 2], [], [3]], "byName": {"a": {"x": 1.5}, "b": {}}, "items": [{"id": 1, "name": "n"}]}"#.utf8)
    let expected = try Foundation.JSONDecoder().decode(Fresh.self, from: json)
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for task in 0..<16 {
        group.addTask {
          let decoder = MapwrightJSONDecoder()
          for round in 0..<20 {
            // Half the tasks start with the inner collections, half with the whole model.
            if (task + round) % 2 == 0 {
              guard try decoder.decode([[Int]].self, from: Data("[[1], [2, 3]]".utf8)) == [[1], [2, 3]] else { return false }
              guard try decoder.decode([String: [String: Double]].self, from: Data(#"{"k": {"v": 2}}"#.utf8)) == ["k": ["v": 2]]
              else { return false }
            }
            guard try decoder.decode(Fresh.self, from: json) == expected else { return false }
          }
          return true
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes == Array(repeating: true, count: 16))
  }
}
