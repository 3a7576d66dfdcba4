import Foundation
import Mapwright
import MapwrightCodable
import MapwrightTestSupport
import Testing

@JSONModel
struct TextRecord: Codable {
  var text: String
  var note: String?
}

/// A `String` carries a mark saying whether its text is all ASCII; the standard library
/// compares and hashes marked strings on its fastest paths. The parser records which
/// strings go beyond ASCII (`TapeFlag.nonASCII`), so that every string read from a document
/// (documents, owned trees, `@JSONModel` models, the `Codable` drop-in) is marked exactly when
/// its text is ASCII: never marked wrongly, and never left unmarked when it could be.
@Suite struct StringASCIIMarkTests {
  /// Whether the standard library holds `text` as ASCII.
  static func markedASCII(_ text: String) -> Bool { text._classify()._isASCII }

  /// Seeded random texts of 0 to 60 bytes (long ones are stored, short ones held inline),
  /// written with escapes of every kind: `\n`, `\u0041` (ASCII), `\u00e9` and surrogate pairs
  /// (not), and raw two-, three- and four-byte sequences.
  static func texts(seed: UInt64) -> [(text: String, json: String)] {
    var generator = SeededGenerator(seed: seed)
    let pieces: [(text: String, json: String)] = [
      ("a", "a"), ("Z", "Z"), (" ", " "), ("0123456789", "0123456789"), ("\n", "\\n"), ("\"", "\\\""),
      ("A", "\\u0041"), ("\u{7F}", "\\u007f"), ("é", "\\u00e9"), ("é", "é"), ("日", "日"), ("日", "\\u65e5"),
      ("🙂", "🙂"), ("🙂", "\\ud83d\\ude42"), ("/", "\\/"),
    ]
    return (0..<600).map { _ in
      var text = ""
      var json = ""
      let target = Int.random(in: 0...60, using: &generator)
      // Mostly ASCII, as real payloads are.
      let asciiOnly = Bool.random(using: &generator)
      while text.utf8.count < target {
        let piece = asciiOnly ? pieces[Int.random(in: 0...7, using: &generator)] : pieces.randomElement(using: &generator)!
        text += piece.text
        json += piece.json
      }
      return (text, json)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyReadStringIsMarkedASCIIExactlyWhenItIs(seed: UInt64) throws {
    let texts = Self.texts(seed: seed)
    let json = "[" + texts.map { #"{"text":"\#($0.json)","note":"\#($0.json)"}"# }.joined(separator: ",") + "]"
    let document = try JSONDocument(json)
    let tree = try JSON(parsing: json)
    let models = try [TextRecord](json: json)
    let codable = try MapwrightJSONDecoder().decode([TextRecord].self, from: Data(json.utf8))
    #expect(models.count == texts.count && codable.count == texts.count)
    var asciiLong = 0
    var otherLong = 0
    for (index, expected) in texts.enumerated() {
      let isASCII = expected.text.utf8.allSatisfy { $0 < 0x80 }
      let read = [
        try #require(document.root[index]?["text"]?.stringValue),
        try #require(tree[index]?["note"]?.stringValue),
        models[index].text, try #require(models[index].note),
        codable[index].text, try #require(codable[index].note),
      ]
      for string in read {
        #expect(string == expected.text)
        #expect(Self.markedASCII(string) == isASCII, "seed \(seed), \(expected.json)")
      }
      if expected.text.utf8.count > 15 {
        if isASCII { asciiLong += 1 } else { otherLong += 1 }
      }
    }
    // Both kinds of stored strings were met.
    #expect(asciiLong > 50 && otherLong > 50)
  }

  /// Marked strings are what the standard library makes of the same text: equal, with equal
  /// hashes, and found in a set of them.
  @Test func markedStringsBehaveAsTheStandardLibrarysOwn() throws {
    let texts = Self.texts(seed: 9)
    let json = "[" + texts.map { #""\#($0.json)""# }.joined(separator: ",") + "]"
    let read = try [String](json: json)
    let expected = Set(texts.map(\.text))
    for (string, original) in zip(read, texts) {
      #expect(string == original.text)
      #expect(string.hashValue == original.text.hashValue)
      #expect(expected.contains(string))
      #expect(string.count == original.text.count)
    }
  }
}
