// Finding members of larger objects (more than six) by key, through the table each keyed
// container builds for them: on seeded random objects with repeated keys, escaped keys, keys
// that share their first and last bytes, missing keys and extra keys, in and out of the
// order a type asks for them, both decoders read the same values (the first of a repeated
// key) and fail the same way.

import Foundation
import MapwrightCodable
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// Twelve members, some of whose keys share a length and their first and last eight bytes.
private struct Wide: Codable, Equatable {
  var a: Int
  var b: Int?
  var profile_background_color: Int
  var profile_sidebar_fill_color: Int?
  var profile_text_color: Int
  var profile_link_color: Int?
  var cafe: Int?
  var longer_key_with_the_same_end_color: Int?
  var x: Int
  var y: Int?
  var empty: Int?
  var last: Int

  enum CodingKeys: String, CodingKey {
    case a, b, profile_background_color, profile_sidebar_fill_color, profile_text_color, profile_link_color
    case cafe = "café", longer_key_with_the_same_end_color, x, y, last
    case empty = ""
  }
}

/// The same members read in reverse order, and some read twice, by a hand-written
/// `init(from:)`.
private struct Reversed: Decodable, Equatable {
  var values: [Int?]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Wide.CodingKeys.self)
    var values: [Int?] = []
    for key in [Wide.CodingKeys.last, .y, .x, .empty, .cafe, .a, .profile_text_color, .a, .last, .b] {
      values.append(try container.decodeIfPresent(Int.self, forKey: key))
    }
    self.values = values
  }
}

@Suite("Keys of larger objects are found as Foundation finds them")
struct KeyLookupTests {
  /// A member's key as written: some escaped (`\u0061` for `a`, `\/`), some with extra keys
  /// around them.
  private static let spellings: [String: [String]] = [
    "a": [#""a""#, #""\u0061""#],
    "b": [#""b""#],
    "profile_background_color": [#""profile_background_color""#],
    "profile_sidebar_fill_color": [#""profile_sidebar_fill_color""#, #""profile_sidebar_fill\u005fcolor""#],
    "profile_text_color": [#""profile_text_color""#],
    "profile_link_color": [#""profile_link_color""#],
    "café": [#""café""#, #""caf\u00e9""#],
    "longer_key_with_the_same_end_color": [#""longer_key_with_the_same_end_color""#],
    "x": [#""x""#],
    "y": [#""y""#],
    "": [#""""#],
    "last": [#""last""#],
  ]
  private static let extras = [#""extra""#, #""profile_background_colour""#, #""a ""#, #""ab""#, #""X""#]

  private static func object(_ random: inout SeededGenerator) -> String {
    var members: [String] = []
    for (name, forms) in spellings.sorted(by: { $0.key < $1.key }) {
      // Required keys are usually present; any key may come twice.
      let copies = Int(random.next() % 10) == 0 ? 0 : 1 + Int(random.next() % 4 == 0 ? 1 : 0)
      for _ in 0..<copies {
        let form = forms[Int(random.next() % UInt64(forms.count))]
        members.append("\(form): \(random.next() % 1000)")
      }
      _ = name
    }
    for _ in 0..<Int(random.next() % 4) {
      members.append("\(extras[Int(random.next() % UInt64(extras.count))]): \(random.next() % 1000)")
    }
    if random.next() % 3 != 0 { members.shuffle(using: &random) }
    return "{" + members.joined(separator: ", ") + "}"
  }

  private func outcomes<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> (Outcome<T>, Outcome<T>) {
    let data = Data(json.utf8)
    return (
      Outcome { try MapwrightJSONDecoder().decode(T.self, from: data) },
      Outcome { try Foundation.JSONDecoder().decode(T.self, from: data) }
    )
  }

  @Test(arguments: [UInt64(1), 20, 333])
  func randomWideObjectsAgree(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var values = 0
    var repeats = 0
    for _ in 0..<200 {
      let one = Self.object(&random)
      if one.components(separatedBy: #""a""#).count > 2 || one.contains(#""\u0061""#) { repeats += 1 }
      let (ours, theirs) = outcomes(Wide.self, one)
      #expect(ours == theirs, "\(one)")
      if case .value = ours { values += 1 }
      let (oursReversed, theirsReversed) = outcomes(Reversed.self, one)
      #expect(oursReversed == theirsReversed, "\(one)")
      // Several objects in one array: one container (and one table) serves them in turn.
      let array = "[\(one), \(Self.object(&random)), \(Self.object(&random))]"
      let (oursArray, theirsArray) = outcomes([Wide].self, array)
      #expect(oursArray == theirsArray, "\(array)")
      let (oursReversedArray, theirsReversedArray) = outcomes([Reversed].self, array)
      #expect(oursReversedArray == theirsReversedArray, "\(array)")
    }
    #expect(values > 40 && values < 200, "the corpus mixes good and bad objects (\(values) decoded)")
    #expect(repeats > 20, "the corpus repeats keys (\(repeats) objects)")
  }

  /// An object of many members, each asked once in document order and once more out of it.
  @Test func manyMembersFirstOfEachWins() throws {
    struct Many: Decodable, Equatable {
      var values: [Int]
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let names = (0..<300).map { "key\($0)" }
        values = try (names + names.reversed()).map { try container.decode(Int.self, forKey: AnyKey(stringValue: $0)) }
      }
    }
    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    let members = (0..<300).map { #""key\#($0)": \#($0)"# } + (0..<300).map { #""key\#($0)": -1"# }
    let json = "{" + members.joined(separator: ", ") + "}"
    let (ours, theirs) = outcomes(Many.self, json)
    #expect(ours == theirs)
    #expect(ours == .value(try Foundation.JSONDecoder().decode(Many.self, from: Data(json.utf8))))
    guard case .value(let many) = ours else { return }
    #expect(many.values.prefix(300) == ArraySlice(0..<300))
  }

  /// Hostile objects cost time linear in their size: one key repeated 200,000 times (the
  /// first copy wins), a huge object before many ordinary ones of the same type, and keys
  /// whose hashes all share their table slot.
  @Test func hostileObjectsStayLinear() throws {
    let clock = ContinuousClock()
    let start = clock.now
    var members = [#""a": 1"#]
    members += Array(repeating: #""a": 2"#, count: 200_000)
    members += [#""profile_background_color": 3"#, #""profile_text_color": 4"#, #""x": 5"#, #""last": 6"#]
    let repeated = Data(("{" + members.joined(separator: ",") + "}").utf8)
    let wide = try MapwrightJSONDecoder().decode(Wide.self, from: repeated)
    #expect(wide.a == 1 && wide.profile_text_color == 4 && wide.last == 6 && wide.b == nil)

    // One object of 100,000 members, then 5,000 of seven, all of one type.
    let huge =
      "{" + (0..<100_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
      + #", "a": 1, "profile_background_color": 2, "profile_text_color": 3, "x": 4, "last": 5}"#
    let ordinary = #"{"a": 1, "b": 2, "profile_background_color": 3, "profile_sidebar_fill_color": 4, "profile_text_color": 5, "x": 6, "last": 7}"#
    // (The first object of a document has a container of its own; the second on share one.)
    let many = Data(("[" + ordinary + "," + huge + "," + Array(repeating: ordinary, count: 5_000).joined(separator: ",") + "]").utf8)
    let decoded = try MapwrightJSONDecoder().decode([Wide].self, from: many)
    #expect(decoded.count == 5_002 && decoded[1].last == 5 && decoded[1].b == nil && decoded[5_001].b == 2)

    // Keys whose hashes fall in one slot of the table an object of their number gets.
    var colliding: [String] = []
    var i = 0
    while colliding.count < 300 {
      let key = "c\(i)"
      let hash = key.utf8.withContiguousStorageIfAvailable { _MapwrightRuntime.RawJSON.keyHash($0.baseAddress!, count: $0.count) }!
      if hash & 1023 == 0 { colliding.append(key) }
      i += 1
    }
    let crowded =
      "{" + colliding.map { #""\#($0)": 0"# }.joined(separator: ",")
      + #", "a": 7, "profile_background_color": 8, "profile_text_color": 9, "x": 10, "last": 11, "a": 12}"#
    let (ours, theirs) = outcomes(Wide.self, crowded)
    #expect(ours == theirs)
    #expect(
      ours
        == .value(
          Wide(
            a: 7, b: nil, profile_background_color: 8, profile_sidebar_fill_color: nil,
            profile_text_color: 9, profile_link_color: nil, cafe: nil, longer_key_with_the_same_end_color: nil,
            x: 10, y: nil, empty: nil, last: 11)))
    // Quadratic work on these would take minutes; linear work takes well under a second.
    #expect(clock.now - start < .seconds(20))
  }
}
