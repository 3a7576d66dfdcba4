// Finding members of larger objects (more than six) by key, through the table each keyed
// container builds for them: on seeded random objects with repeated keys, escaped keys, keys
// that share their first and last bytes, missing keys and extra keys, in and out of the
// order a type asks for them, both decoders read the same values (the first of a repeated
// key) and fail the same way.

import Foundation
import MapwrightCodable
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
}
