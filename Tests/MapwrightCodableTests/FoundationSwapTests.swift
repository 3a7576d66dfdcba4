import Foundation
import MapwrightCodable
import MapwrightTestSupport
import Testing

// Swapping Foundation's coders for Mapwright's must not change a result that Docs/Codable.md
// does not list as a deliberate deviation. Every case here runs through both coders in the
// same test and compares what they give.

// MARK: - A dynamic metatype

class SwapBase: Codable {
  let id: Int
  init(id: Int) { self.id = id }
}

final class SwapChild: SwapBase {
  let extra: String
  enum Keys: CodingKey { case extra }
  required init(from decoder: any Decoder) throws {
    extra = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .extra)
    try super.init(from: decoder)
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(extra, forKey: .extra)
    try super.encode(to: encoder)
  }
}

// MARK: - Configurations

struct SwapUnits: Sendable { var scale: Double }

struct SwapMeasure: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
  var value: Double
  enum Keys: CodingKey { case value }
  init(value: Double) { self.value = value }
  init(from decoder: any Decoder, configuration: SwapUnits) throws {
    value = try decoder.container(keyedBy: Keys.self).decode(Double.self, forKey: .value) * configuration.scale
  }
  func encode(to encoder: any Encoder, configuration: SwapUnits) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(value / configuration.scale, forKey: .value)
  }
}

struct SwapMilli: DecodingConfigurationProviding, EncodingConfigurationProviding {
  static let decodingConfiguration = SwapUnits(scale: 1000)
  static let encodingConfiguration = SwapUnits(scale: 1000)
}

// MARK: - Keys for key strategies

struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Writes one member per key, each key as given (so the key strategy converts it).
struct KeyedByStrings: Encodable {
  let keys: [String]
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for (index, key) in keys.enumerated() { try container.encode(index, forKey: AnyCodingKey(stringValue: key)) }
  }
}

/// The keys a keyed container reports (after the key strategy converted them).
struct KeysSeen: Decodable, Equatable {
  let keys: [String]
  init(from decoder: any Decoder) throws {
    keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue).sorted()
  }
}

@Suite("Foundation's coders swapped for Mapwright's")
struct FoundationSwapTests {
  @Test func aDynamicMetatypeDecodesTheDynamicType() throws {
    let json = Data(#"{"id": 7, "extra": "x"}"#.utf8)
    let type: SwapBase.Type = SwapChild.self
    let theirs = try Foundation.JSONDecoder().decode(type, from: json)
    let ours = try MapwrightJSONDecoder().decode(type, from: json)
    #expect(theirs is SwapChild)
    #expect(ours is SwapChild)
    #expect((ours as? SwapChild)?.extra == "x")
    #expect(ours.id == 7)
  }

  @Test func aClassEncodesItsDynamicType() throws {
    let value: SwapBase = {
      let child = try! MapwrightJSONDecoder().decode(SwapChild.self, from: Data(#"{"id": 7, "extra": "x"}"#.utf8))
      return child
    }()
    expectSameEncoding(value, mapwright: { $0.outputFormatting = .sortedKeys }, foundation: { $0.outputFormatting = .sortedKeys })
  }

  @Test func floatExtremesRoundTrip() throws {
    for value: Float in [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 16_777_217] {
      let ours = try MapwrightJSONEncoder().encode([value])
      let theirs = try Foundation.JSONEncoder().encode([value])
      #expect(try MapwrightJSONDecoder().decode([Float].self, from: ours) == [value])
      #expect(try MapwrightJSONDecoder().decode([Float].self, from: theirs) == [value])
      #expect(try Foundation.JSONDecoder().decode([Float].self, from: ours) == [value])
    }
  }

  /// A quoted emoji and a small object in UTF-16 and UTF-32, each byte order, with and without
  /// a byte order mark: the same value as Foundation where Foundation reads the input, and the
  /// value of the same text in UTF-8 in the cases Docs/Codable.md lists where it does not.
  @Test func utf16AndUTF32InputAsFoundationReadsIt() throws {
    let documents = [#""😀""#, #"{"a": ["é", 1]}"#, #"[1,2]"#, #""x""#, "7"]
    let encodings: [(String.Encoding, [UInt8])] = [
      (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
      (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
    ]
    var foundationFails: [String] = []
    for text in documents {
      let utf8 = Outcome { try Foundation.JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8)) }
      for (encoding, mark) in encodings {
        for withMark in [false, true] {
          let body = [UInt8](text.data(using: encoding)!)
          let data = Data((withMark ? mark : []) + body)
          let theirs = Outcome { try Foundation.JSONDecoder().decode(AnyJSON.self, from: data) }
          let ours = Outcome { try MapwrightJSONDecoder().decode(AnyJSON.self, from: data) }
          if case .error = theirs {
            foundationFails.append(
              "\(text) \(encoding == .utf32LittleEndian ? "UTF-32LE" : encoding == .utf16BigEndian ? "UTF-16BE" : encoding == .utf16LittleEndian ? "UTF-16LE" : "UTF-32BE")\(withMark ? " BOM" : "")"
            )
            #expect(ours == utf8, "\(text) as \(encoding), mark: \(withMark)")
          } else {
            #expect(ours == theirs, "\(text) as \(encoding), mark: \(withMark)")
          }
        }
      }
    }
    // Foundation's own misreadings, listed in Docs/Codable.md: UTF-32LE with its mark (read as
    // UTF-16LE), and UTF-16 without a mark when the second character is not ASCII.
    #expect(
      foundationFails == [
        #""😀" UTF-16BE"#, #""😀" UTF-16LE"#, #""😀" UTF-32LE BOM"#, #"{"a": ["é", 1]} UTF-32LE BOM"#,
        "[1,2] UTF-32LE BOM", #""x" UTF-32LE BOM"#, "7 UTF-32LE BOM",
      ])
  }

  /// Keys of letters with combining marks, uppercase and titlecase letters, digits, underscores
  /// and emoji, converted to snake case by both encoders and from snake case by both decoders.
  @Test(arguments: [UInt64(17), 4242, 90_210])
  func keyStrategiesMatchFoundationOnUnusualKeys(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let pieces = [
      "a", "b", "z", "A", "B", "Z", "É", "é", "\u{301}", "\u{308}", "\u{327}", "Σ", "σ", "ǅ", "ß", "İ",
      "_", "_", "1", "2", "😀", "👩‍👩‍👧", "ｱ", "Ⅻ", "ⅻ", "ﬁ", "Ꭰ",
    ]
    var keys: [String] = []
    for _ in 0..<400 {
      let length = Int.random(in: 1...7, using: &random)
      keys.append((0..<length).map { _ in pieces.randomElement(using: &random)! }.joined())
    }
    keys = Array(Set(keys)).sorted()
    for key in keys {
      expectSameEncoding(
        KeyedByStrings(keys: [key]), mapwright: { $0.keyEncodingStrategy = .convertToSnakeCase },
        foundation: { $0.keyEncodingStrategy = .convertToSnakeCase })
      let json = try String(decoding: Foundation.JSONEncoder().encode([key: 1]), as: UTF8.self)
      expectSameDecoding(
        KeysSeen.self, json, mapwright: { $0.keyDecodingStrategy = .convertFromSnakeCase },
        foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }
  }

  /// `compatibility = .foundation` reproduces Foundation where the default deliberately does not.
  @Test func foundationCompatibilityReproducesFoundation() {
    // The same value, or the same kind of error: a number that does not fit, read from an
    // array, has the index in Mapwright's coding path and none in Foundation's (Docs/Codable.md).
    func expectSameDecoding<T: Decodable & Equatable>(_ type: T.Type, _ json: String, mapwright: (MapwrightJSONDecoder) -> Void) {
      let ours = MapwrightJSONDecoder()
      mapwright(ours)
      let mine = Outcome { try ours.decode(T.self, from: Data(json.utf8)) }
      let reference = Outcome { try Foundation.JSONDecoder().decode(T.self, from: Data(json.utf8)) }
      switch (mine, reference) {
      case (.error(let a), .error(let b)): #expect(a.prefix(14) == b.prefix(14), "\(json): \(a) / \(b)")
      default: #expect(mine == reference, "\(json)")
      }
    }
    let foundationMode: (MapwrightJSONDecoder) -> Void = { $0.compatibility = .foundation }
    // More than 38 significant digits into Decimal: Foundation's value, in either mode.
    for json in [
      "[123456789012345678901234567890123456789012]", "[1.23456789012345678901234567890123456789012e5]",
      "[0.000000000000000000000000000000000000000000123456789]", "[-99999999999999999999999999999999999999999]",
    ] {
      expectSameDecoding([Decimal].self, json, mapwright: foundationMode)
      expectSameDecoding([Decimal].self, json, mapwright: { _ in })
    }
    // Integers at or beyond 64 bits written with a fraction or exponent (read through Double).
    for json in [
      "[18446744073709551616.0]", "[18446744073709551615.0]", "[1e19]", "[9007199254740993.0]", "[18446744073709549568.5]",
      "[18446744073709549568.0]", "[10000000000000000000.5]", "[9223372036854777856.5]", "[1.5e19]", "[9007199254740993.5]", "[-0.0]", "[2e19]",
      "[1.8446744073709552e19]",
    ] {
      expectSameDecoding([UInt64].self, json, mapwright: foundationMode)
    }
    for json in [
      "[9223372036854775807.0]", "[9223372036854775808.0]", "[-9223372036854775808.0]", "[-9223372036854775809.0]",
      "[9.2e18]", "[9007199254740993.0]", "[9007199254740993.7]", "[-9007199254740993.5]", "[9223372036854775295.0]", "[9223372036854775296.0]",
      "[-9.223372036854775808e18]", "[-9223372036854775807.0]", "[9223372036854774784.0]", "[1e18]", "[3.0]", "[-0.0]", "[1.5]", "[1e-999]",
      "[1.000000000000000005]",
    ] {
      expectSameDecoding([Int64].self, json, mapwright: foundationMode)
      expectSameDecoding([Int].self, json, mapwright: foundationMode)
    }
    for json in ["[127.0]", "[128.0]", "[-128.0]", "[-128e0]", "[1e2]", "[-0.0]", "[-1.0]", "[255.0]"] {
      expectSameDecoding([Int8].self, json, mapwright: foundationMode)
      expectSameDecoding([UInt8].self, json, mapwright: foundationMode)
    }
    // Trailing commas outside JSON5.
    for json in ["[1,2,]", "[1,]"] { expectSameDecoding([Int].self, json, mapwright: foundationMode) }
    for json in [#"{"a":1,}"#, #"{"a":1,"b":2,}"#] { expectSameDecoding([String: Int].self, json, mapwright: foundationMode) }
    for json in ["[,]", "[1,,]", #"{,}"#] { expectSameDecoding([Int].self, json, mapwright: foundationMode) }
  }

  /// "é" precomposed and decomposed are two JSON keys (their bytes differ), not one.
  @Test func canonicallyEquivalentKeysStayTwo() throws {
    let pair = ["\u{E9}", "e\u{301}"]
    let encoded = try MapwrightJSONEncoder().encodeToString(KeyedByStrings(keys: pair))
    #expect(encoded == "{\"\u{E9}\":0,\"e\u{301}\":1}")
    let seen = try MapwrightJSONDecoder().decode(KeysSeen.self, from: Data(encoded.utf8))
    #expect(seen.keys.count == 2)
    let filler = (0..<70).map { "k\($0)" }
    let many = try MapwrightJSONEncoder().encodeToString(KeyedByStrings(keys: filler + pair))
    #expect(try MapwrightJSONDecoder().decode(KeysSeen.self, from: Data(many.utf8)).keys.count == 72)
  }

  /// Found by FuzzCodable: raw line feeds inside a string that Foundation's decoder never
  /// reads (the value of a repeated key). Foundation decodes the document; JSONSerialization
  /// refuses it, as Mapwright does, before decoding and with the position (documented).
  @Test func aMalformedStringFoundationNeverReads() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/lazy-control-character.json")
    let data = try Data(contentsOf: url)
    #expect((try? Foundation.JSONDecoder().decode(AnyJSON.self, from: data)) != nil)
    #expect((try? JSONSerialization.jsonObject(with: data)) == nil)
    let error = try #require(decodingError(AnyJSON.self, String(decoding: data, as: UTF8.self)))
    #expect("\(error)".contains("line 1, column 604"), "\(error)")
  }

  @Test func decodingWithAConfiguration() throws {
    let json = Data(#"{"value": 2.5}"#.utf8)
    let units = SwapUnits(scale: 10)
    #expect(
      try MapwrightJSONDecoder().decode(SwapMeasure.self, from: json, configuration: units)
        == Foundation.JSONDecoder().decode(SwapMeasure.self, from: json, configuration: units))
    #expect(
      try MapwrightJSONDecoder().decode(SwapMeasure.self, from: json, configuration: SwapMilli.self)
        == Foundation.JSONDecoder().decode(SwapMeasure.self, from: json, configuration: SwapMilli.self))
    #expect(try MapwrightJSONDecoder().decode(SwapMeasure.self, from: json, configuration: SwapMilli.self).value == 2500)
  }

  @Test func encodingWithAConfiguration() throws {
    let value = SwapMeasure(value: 2500)
    let units = SwapUnits(scale: 10)
    #expect(try MapwrightJSONEncoder().encode(value, configuration: units) == Foundation.JSONEncoder().encode(value, configuration: units))
    #expect(
      try MapwrightJSONEncoder().encode(value, configuration: SwapMilli.self)
        == Foundation.JSONEncoder().encode(value, configuration: SwapMilli.self))
    #expect(String(decoding: try MapwrightJSONEncoder().encode(value, configuration: SwapMilli.self), as: UTF8.self) == #"{"value":2.5}"#)
  }
}

// MARK: - Misuse that Foundation traps on

/// What an `encode(to:)` does wrong.
enum EncoderMisuse: String, CaseIterable, Sendable, Codable {
  /// Two values through one single-value container.
  case twoSingleValues
  /// An unkeyed container for a key, then a keyed container for the same key.
  case keyedOverUnkeyed
  /// A keyed container for a key, then an unkeyed container for the same key.
  case unkeyedOverKeyed
  /// A value for a key, then a keyed container for the same key.
  case keyedOverValue
  /// A value for a key, then an unkeyed container for the same key.
  case unkeyedOverValue
  /// An array encoded whole for a key, then a keyed container for the same key.
  case keyedOverArray
  /// An object encoded whole for a key, then an unkeyed container for the same key.
  case unkeyedOverObject
}

struct Misusing: Encodable {
  let misuse: EncoderMisuse
  enum Keys: CodingKey { case a, b }

  func encode(to encoder: any Encoder) throws {
    switch misuse {
    case .twoSingleValues:
      var single = encoder.singleValueContainer()
      try single.encode(1)
      try single.encode(2)
    case .keyedOverUnkeyed:
      var container = encoder.container(keyedBy: Keys.self)
      var list = container.nestedUnkeyedContainer(forKey: .a)
      try list.encode(1)
      var object = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try object.encode(2, forKey: .b)
    case .unkeyedOverKeyed:
      var container = encoder.container(keyedBy: Keys.self)
      var object = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try object.encode(2, forKey: .b)
      var list = container.nestedUnkeyedContainer(forKey: .a)
      try list.encode(1)
    case .keyedOverValue:
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .a)
      var object = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try object.encode(2, forKey: .b)
    case .unkeyedOverValue:
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .a)
      var list = container.nestedUnkeyedContainer(forKey: .a)
      try list.encode(1)
    case .keyedOverArray:
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode([1], forKey: .a)
      var object = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try object.encode(2, forKey: .b)
    case .unkeyedOverObject:
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(["b": 1], forKey: .a)
      var list = container.nestedUnkeyedContainer(forKey: .a)
      try list.encode(1)
    }
  }
}

@Suite("Encoder misuse traps as in Foundation")
struct EncoderMisuseTests {
  @Test(arguments: EncoderMisuse.allCases)
  func foundationTraps(_ misuse: EncoderMisuse) async {
    await #expect(processExitsWith: .failure) { [misuse] in
      _ = try? Foundation.JSONEncoder().encode(Misusing(misuse: misuse))
    }
  }

  @Test(arguments: EncoderMisuse.allCases)
  func mapwrightTraps(_ misuse: EncoderMisuse) async {
    await #expect(processExitsWith: .failure) { [misuse] in
      _ = try? MapwrightJSONEncoder().encode(Misusing(misuse: misuse))
    }
  }
}

// MARK: - JSON5

@Suite("JSON5 as Foundation reads it")
struct JSON5SwapTests {
  let json5: (MapwrightJSONDecoder) -> Void = { $0.allowsJSON5 = true }
  let foundationJSON5: (Foundation.JSONDecoder) -> Void = { $0.allowsJSON5 = true }

  @Test func documentsFoundationReads() {
    for text in [
      "{a: 1}", "{$_a1: 1, _: 2}", "{ä: 1}", "{'a': 'b'}", #"['a"b']"#, #"['it\'s']"#, #"{"x": 'y', z: "w"}"#,
      "// comment\n{a: /* inner */ 1,}", "[1,]", "{null: 1, true: 2, Infinity: 3}", #"['\x41b', "\u0041"]"#,
      "{a: 1, b: [2, 3,], c: {d: 'e',},}",
    ] {
      expectSameDecoding(AnyJSON.self, text, mapwright: json5, foundation: foundationJSON5)
    }
  }

  @Test func numbersFoundationReads() {
    for text in ["[0x1F, 0XaB, -0x10, +0x10, 0x1e2]", "[+1, 5., +0, -0]", "[0x7FFFFFFFFFFFFFFF]"] {
      expectSameDecoding([Int].self, text, mapwright: json5, foundation: foundationJSON5)
    }
    for text in ["[+1, .5, 5., -.5, +.5e1, 5.e1, 0x10]", "[Infinity, -Infinity, +Infinity]", "[0x8000000000000000]"] {
      expectSameDecoding([Double].self, text, mapwright: json5, foundation: foundationJSON5)
    }
    expectSameDecoding([UInt64].self, "[0xFFFFFFFFFFFFFFFF]", mapwright: json5, foundation: foundationJSON5)
    expectSameDecoding([Decimal].self, "[0x10, .5, +1, 5.]", mapwright: json5, foundation: foundationJSON5)
    // NaN is not equal to itself: compared by its sign and kind.
    let ours = try? MapwrightJSONDecoder().configured(json5).decode([Double].self, from: Data("[NaN, -NaN, Infinity]".utf8))
    #expect(ours?[0].isNaN == true && ours?[1].isNaN == true && ours?[2] == .infinity)
    let floats = try? MapwrightJSONDecoder().configured(json5).decode([Float].self, from: Data("[Infinity, NaN, 0x10, .5]".utf8))
    #expect(floats?[0] == .infinity && floats?[1].isNaN == true && floats?[2] == 16 && floats?[3] == 0.5)
    let decimals = try? MapwrightJSONDecoder().configured(json5).decode([Decimal].self, from: Data("[Infinity]".utf8))
    #expect(decimals?[0].isNaN == true)
  }

  /// Both throw (Mapwright while parsing, with the position; Foundation, reading lazily, at
  /// times only when the value is read, so the error's case and path may differ).
  @Test func whatNeitherReads() {
    for text in [
      "{a b: 1}", "{1a: 1}", "{a:1 b:2}", "[01]", "[0x]", "[1e]", "[.]", "[-]", "[+-1]", "[Infinit]", "[0x1.8]",
      "['a\nb']", "[\"a\nb\"]", "[0xFFFFFFFFFFFFFFFFF]", "[1e400]", "{a: 1", "['abc", "[Infinity]",
    ] {
      let ours = MapwrightJSONDecoder().configured(json5)
      let theirs = Foundation.JSONDecoder()
      theirs.allowsJSON5 = true
      #expect(throws: DecodingError.self, "\(text)") { try ours.decode([Int].self, from: Data(text.utf8)) }
      #expect(throws: DecodingError.self, "\(text)") { try theirs.decode([Int].self, from: Data(text.utf8)) }
    }
  }

  @Test func topLevelDictionary() {
    for text in ["a: 1", "a: 1, b: [2]", "{a: 1}", "a: 'x', // note\n b: 0x10,"] {
      expectSameDecoding(
        AnyJSON.self, text,
        mapwright: {
          $0.allowsJSON5 = true
          $0.assumesTopLevelDictionary = true
        },
        foundation: {
          $0.allowsJSON5 = true
          $0.assumesTopLevelDictionary = true
        })
    }
  }

  /// Where Mapwright follows the JSON5 specification and Foundation does not (Docs/Codable.md).
  @Test func theSpecificationWhereFoundationDiffers() throws {
    let decoder = MapwrightJSONDecoder().configured(json5)
    // \v, \0 and identity escapes; JSON5's extra whitespace.
    #expect(try decoder.decode([String].self, from: Data(#"['\v\0\q']"#.utf8)) == ["\u{0B}\u{00}q"])
    #expect(try decoder.decode([Int].self, from: Data("[1\u{A0},\u{FEFF}2\u{2028}]".utf8)) == [1, 2])
    // An escaped line break continues the line (Foundation keeps the line break; so does
    // compatibility .foundation).
    #expect(try decoder.decode([String].self, from: Data("['a\\\nb']".utf8)) == ["ab"])
    let foundationMode = MapwrightJSONDecoder().configured(json5)
    foundationMode.compatibility = .foundation
    #expect(try foundationMode.decode([String].self, from: Data("['a\\\nb']".utf8)) == ["a\nb"])
    // A \u escape in an unquoted name is decoded (Foundation keeps it as written).
    #expect(try decoder.decode([String: Int].self, from: Data(#"{\u0061b: 1}"#.utf8)) == ["ab": 1])
  }

  /// Random JSON5-like text never crashes or hangs the translation; each document is read or
  /// refused with a DecodingError, and what Foundation reads is read the same.
  @Test(arguments: [UInt64(5), 77, 2026])
  func randomTextIsReadOrRefused(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = [
      "{", "}", "[", "]", ",", ":", " ", "\n", "'", "\"", "\\", "a", "_", "$", "1", "0x", "F", ".", "+", "-", "e",
      "Infinity", "NaN", "true", "null", "//", "/*", "*/", "\\x4", "\\u00", "\u{A0}", "\u{2028}", "\u{FEFF}", "é", "😀",
      "\\\n", "\r", "\t", "\u{0B}",
    ]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      for topLevel in [false, true] {
        let decoder = MapwrightJSONDecoder()
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = topLevel
        let foundation = Foundation.JSONDecoder()
        foundation.allowsJSON5 = true
        foundation.assumesTopLevelDictionary = topLevel
        do {
          let ours = try decoder.decode(AnyJSON.self, from: Data(text.utf8))
          // Where both read it, the same value (NaN is unequal to itself, so not compared).
          if !text.contains("NaN"), let theirs = try? foundation.decode(AnyJSON.self, from: Data(text.utf8)) {
            #expect(ours == theirs, "\(text.debugDescription), top level: \(topLevel)")
          }
        } catch {
          #expect(error is DecodingError, "\(text.debugDescription): \(error)")
          // Nothing Foundation reads is refused, except where Foundation reads a document that
          // begins with a comment as an empty object when it assumes a top-level dictionary.
          let leadingComment = text.drop { $0.isWhitespace || $0 == "\u{0B}" || $0 == "\u{FEFF}" }.hasPrefix("/")
          if !(topLevel && leadingComment), let theirs = try? foundation.decode(AnyJSON.self, from: Data(text.utf8)) {
            Issue.record("\(text.debugDescription), top level \(topLevel): Foundation reads \(theirs), Mapwright: \(error)")
          }
        }
      }
    }
  }

  /// Errors name the line and column of the JSON5 as written, not of its translation.
  @Test func errorsPointIntoTheSource() throws {
    struct Pair: Decodable {
      var a: Int
      var b: Int
    }
    let text = "{a: 0x10, // sixteen\n  b: 'x'}"
    let error = try #require(decodingError(Pair.self, text, json5))
    #expect("\(error)".contains("line 2, column 6"), "\(error)")
    let syntax = try #require(decodingError(Pair.self, "{a: 'one',\n  b: 2 3}", json5))
    #expect("\(syntax)".contains("line 2, column 8"), "\(syntax)")
  }
}

extension MapwrightJSONDecoder {
  fileprivate func configured(_ body: (MapwrightJSONDecoder) -> Void) -> MapwrightJSONDecoder {
    body(self)
    return self
  }
}
