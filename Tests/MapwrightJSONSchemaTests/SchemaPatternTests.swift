// Patterns have two runners: the small matcher (`SchemaRegex`) for runs of single
// characters, ICU for the rest. These tests hold them to the same answers on seeded random
// patterns and texts, and to ECMA-262's meaning where ICU's own differs.

import Foundation
import MapwrightJSON
import Testing

@testable import MapwrightJSONSchema

@Suite struct SchemaPatternTests {
  /// A seeded generator (SplitMix64), so that a failure repeats.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let atoms = [
    "a", "b", "1", "é", "😀", ".", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\.", "\\-", "\\n", "\\u00e9", "\\x41",
    "[ab]", "[^a]", "[a-c]", "[0-9_]", "[\\d.]", "[^\\s]", "[-a]", "[a-]", "[é😀]", "[\\w-]", " ",
  ]
  static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "*?", "+?", "{0,2}?"]
  static let letters = [
    "a", "b", "c", "1", "9", "_", " ", "\n", "\r", "\u{2028}", "\u{0085}", "\u{000B}", "\u{FEFF}", "\u{00A0}", "é", "😀",
    ".", "-", "A", "٣",
  ]

  @Test func theSmallMatcherAndICUAgreeOnSeededPatterns() throws {
    var random = Seeded(state: 56)
    var compared = 0
    for _ in 0..<600 {
      var source = Bool.random(using: &random) ? "^" : ""
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        source += Self.atoms.randomElement(using: &random)! + Self.quantifiers.randomElement(using: &random)!
      }
      if Bool.random(using: &random) { source += "$" }
      let fast = try #require(SchemaPattern(source), "\(source)")
      let icu = try #require(SchemaPattern(source, fast: false))
      #expect(fast.fast != nil, "the small matcher should take /\(source)/")
      for _ in 0..<20 {
        let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.letters.randomElement(using: &random)! }.joined()
        #expect(fast.matches(text) == icu.matches(text), "/\(source)/ on \(text.debugDescription)")
        compared += 1
      }
    }
    #expect(compared == 12_000)
  }

  @Test func patternsTheSmallMatcherLeavesToICU() throws {
    for source in ["(ab)+", "a|b", "\\bword", "(?=a)", "\\p{L}", "a{2,1}x|y", "[[a]]", "[a&&b]", "[:alpha:]", "\\1", "a**"] {
      let pattern = SchemaPattern(source)
      #expect(pattern == nil || pattern?.fast == nil, "/\(source)/")
    }
    let group = try #require(SchemaPattern("^(ab)+$"))
    #expect(group.matches("abab"))
    #expect(!group.matches("aba"))
  }

  @Test func ecmaMeaningsWhereICUDiffers() throws {
    for fast in [true, false] {
      let end = try #require(SchemaPattern("^abc$", fast: fast))
      #expect(!end.matches("abc\n"), "`$` is the end of the text")
      #expect(end.matches("abc"))
      let dot = try #require(SchemaPattern("^.$", fast: fast))
      #expect(dot.matches("\u{0085}"), "`.` takes U+0085")
      #expect(!dot.matches("\u{2028}"))
      #expect(dot.matches("😀"), "`.` takes a code point, not a UTF-16 unit")
      let space = try #require(SchemaPattern("^\\s$", fast: fast))
      #expect(space.matches("\u{FEFF}") && space.matches("\u{000B}"))
      let digit = try #require(SchemaPattern("^\\d$", fast: fast))
      #expect(!digit.matches("٣"), "`\\d` is ASCII")
    }
  }

  @Test func theValidatorMatchesPatternsOnKeysAndValues() throws {
    let schema: JSON = [
      "patternProperties": ["^[0-9]+$": ["type": "string", "pattern": "^[A-Z_]{2,4}$"]],
      "additionalProperties": false,
    ]
    let validator = try JSONSchemaValidator(schema: schema)
    #expect(validator.isValid(try JSONDocument(#"{"1": "AB", "22": "A_C", "3\u0034": "ABCD"}"#).root))
    #expect(!validator.isValid(try JSONDocument(#"{"1": "A"}"#).root))
    #expect(!validator.isValid(try JSONDocument(#"{"1": "ABCDE"}"#).root))
    #expect(!validator.isValid(try JSONDocument(#"{"x1": "AB"}"#).root))
    let problems = validator.problems(of: try JSONDocument(#"{"1": "AB", "x": 1, "2": "a\n"}"#).root)
    #expect(problems.map(\.path.description) == ["$.x", #"$["2"]"#])
  }
}
