import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// JSON keys are byte strings: "é" as C3 A9 and as 65 CC 81 (canonically equivalent in Swift's
/// `String` equality) are two keys everywhere.
@Suite("Canonically equivalent keys are two keys")
struct CanonicalKeyTests {
  static let nfc = "\u{E9}"
  static let nfd = "e\u{301}"

  /// An object of `filler` members with the pair after them.
  static func object(filler: Int) -> String {
    let members = (0..<filler).map { #""k\#($0)": \#($0)"# } + [#""\#(nfc)": "nfc""#, #""\#(nfd)": "nfd""#]
    return "{" + members.joined(separator: ", ") + "}"
  }

  @Test(arguments: [0, 10, 63, 64, 70, 200])
  func theOwnedValueKeepsBoth(filler: Int) throws {
    let json = try JSON(parsing: Self.object(filler: filler))
    let object = try #require(json.objectValue)
    #expect(object.count == filler + 2)
    #expect(object[Self.nfc] == "nfc" && object[Self.nfd] == "nfd")
    // Written and read back: both members, in order.
    let again = try JSON(parsing: json.jsonString())
    #expect(again == json && again.objectValue?.keys.suffix(2) == [Self.nfc, Self.nfd])
  }

  @Test func objectsDifferingOnlyInTheFormOfAKeyAreNotEqual() throws {
    #expect(try JSON(parsing: #"{"\#(Self.nfc)": 1}"#) != JSON(parsing: #"{"\#(Self.nfd)": 1}"#))
  }

  @Test func rejectingDuplicateKeysDoesNotRejectThem() throws {
    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    _ = try JSONDocument(Array(Self.object(filler: 3).utf8), options: options)
    #expect(throws: JSONError.self) { try JSONDocument(Array(#"{"a": 1, "\u0061": 2}"#.utf8), options: options) }
  }

  @Test func theTapeFindsEach() throws {
    let document = try JSONDocument(Self.object(filler: 70))
    #expect(document.root[Self.nfc]?.stringValue == "nfc")
    #expect(document.root[Self.nfd]?.stringValue == "nfd")
  }
}

@Suite("Hostile values")
struct HostileValueTests {
  /// A power of ten past Decimal's exponent is nil (the documented "exact value or nil"), never NaN.
  @Test func decimalValueIsExactOrNil() throws {
    for text in ["1E128", "10e127", "1E142", "1E164", "1e200", "-1E130"] {
      let document = try JSONDocument("[\(text)]")
      let value = document.root[0]?.decimalValue
      #expect(value == nil || value?.isNaN == false, "\(text): \(String(describing: value))")
    }
    #expect(try JSONDocument("[1E127]").root[0]?.decimalValue == Decimal(sign: .plus, exponent: 127, significand: 1))
    #expect(try JSONDocument("[12E126]").root[0]?.decimalValue == Decimal(string: "12e126"))
  }

  /// Under `invalidUnicode: .replace`, a key read as "\u{FFFD}" is found by that name, in the
  /// tape as in the owned value.
  @Test func aRepairedKeyIsFoundByItsRepairedName() throws {
    var options = JSONParsingOptions()
    options.invalidUnicode = .replace
    let bytes: [UInt8] = Array(#"{""#.utf8) + [0xFF] + Array(#"": 1, "\ud800": 2}"#.utf8)
    let document = try JSONDocument(bytes, options: options)
    let keys = document.root.members.map(\.key)
    #expect(keys == ["\u{FFFD}", "\u{FFFD}"])
    #expect(document.root["\u{FFFD}"]?.intValue == 1)
    #expect(try JSON(parsing: bytes, options: options)["\u{FFFD}"] == 1)
  }
}

@Suite("Deep nesting through the owned value")
struct DeepOwnedValueTests {
  /// Nested arrays to the owned value's limit become an owned value without recursion.
  @Test func deepArraysBecomeAnOwnedValue() throws {
    let depth = JSON.maximumDepth
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    var options = JSONParsingOptions()
    options.maximumDepth = depth + 1
    var json = try JSON(parsing: text, options: options)
    var levels = 0
    while case .array(let elements) = json, let first = elements.first {
      levels += 1
      json = first
    }
    #expect(levels == depth && json == 1)
  }

  /// Dropped whole, a value at the owned value's depth limit is released without
  /// overflowing the stack (Swift releases nested values recursively).
  @Test func aDeepOwnedValueIsReleased() throws {
    let depth = JSON.maximumDepth
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    var options = JSONParsingOptions()
    options.maximumDepth = 100_000_000
    for _ in 0..<2 { _ = try JSON(parsing: text, options: options) }
  }

  /// Deeper than that, parsing into an owned value is a clear error, whatever limit the
  /// parsing options allow (the tape, `JSONDocument`, still reads it).
  @Test func deeperThanTheOwnedLimitIsAnError() throws {
    let depth = JSON.maximumDepth + 1
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var options = JSONParsingOptions()
    options.maximumDepth = 100_000_000
    #expect(throws: JSONError.self) { try JSON(parsing: text, options: options) }
    #expect(try JSONDocument(text, options: options).root.kind == .array)
  }
}

@Suite("Errors in very long lines")
struct LongLineErrorTests {
  /// An error at the end of a 20 MB single-line document: the right line and column, and an
  /// excerpt of a few dozen characters (only a window around the error is decoded).
  @Test func anErrorAtTheEndOfAHugeLine() throws {
    let count = 1_000_000
    var bytes = Array("[".utf8)
    bytes.reserveCapacity(count * 20)
    for i in 0..<count { bytes += Array("\"é\(i % 10)xxxxxxxxxx\",".utf8) }
    bytes += Array("tru]".utf8)
    do {
      _ = try JSONDocument(bytes)
      Issue.record("accepted")
    } catch {
      #expect(error.line == 1)
      #expect(error.column == 1 + count * 15 + 4)  // at "]", where "true" goes wrong
      let lines = error.excerpt.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 2 && lines[0].count <= 72 + 2)  // the excerpt width and two ellipses
      #expect(lines[0].hasPrefix("…") && lines[0].hasSuffix("tru]"))
      // The caret sits under the "]".
      let caret = lines[1].count - 1
      #expect(Array(lines[0])[caret] == "]")
    }
  }
}

@Suite("Very long numbers and strings")
struct LongTokenTests {
  /// A number of a million digits is read, and converted or refused, in linear time.
  @Test func aMillionDigitNumber() throws {
    let digits = String(repeating: "7", count: 1_000_000)
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
      let document = try JSONDocument("[\(digits), -0.\(digits), 1\(digits)e-1000000]")
      let big = try #require(document.root[0])
      #expect(big.intValue == nil)  // does not fit
      #expect(big.doubleValue == nil)  // beyond Double's range: nil, never infinity
      #expect(big.decimalValue == nil)  // more than 38 digits: not exact
      #expect(big.numberText?.count == 1_000_000)
      let small = try #require(document.root[1]?.doubleValue)
      #expect(abs(small + 0.7777777777777778) < 1e-15)
      #expect(try JSON(parsing: "[\(digits)]")[0]?.numberValue?.text.count == 1_000_000)
    }
    #expect(elapsed < .seconds(5), "\(elapsed)")
  }

  /// A 16 MB string with escapes is read whole, in linear time (about a second in a debug
  /// build; the limit leaves room for a machine busy with other tests, and a quadratic
  /// reading would take hours).
  @Test func aLongStringWithEscapes() throws {
    let piece = #"abc\n\u00e9\"xyz"#
    let text = "[\"" + String(repeating: piece, count: 1_000_000) + "\"]"
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
      let document = try JSONDocument(text)
      #expect(document.root[0]?.stringValue?.count == 9 * 1_000_000)  // a b c, line feed, é, quote, x y z
    }
    #expect(elapsed < .seconds(15), "\(elapsed)")
  }
}

/// The parser's fast path for runs of three-byte UTF-8 sequences (four bytes read at once)
/// agrees with the standard library's UTF-8 validation, and so with the byte-by-byte rule, for
/// every lead byte from 0xC0 to 0xFF and every second and third byte a test can tell apart,
/// placed after a valid three-byte sequence (so that the run is under way) and before more.
@Suite struct UTF8RunTests {
  @Test func threeByteRunsAgreeWithTheStandardLibrary() {
    let run: [UInt8] = Array("漢字".utf8)  // two valid three-byte sequences
    let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    var checked = 0
    for lead in UInt8(0xC0)...0xFF {
      for second in seconds {
        for third in [UInt8(0x41), 0x80, 0xBF, 0xC0] {
          for tail in [[], Array("語".utf8), [UInt8(0x41)]] {
            let middle = run + [lead, second, third] + tail
            let bytes = [0x22] + middle + [0x22]
            let valid = String(validating: middle, as: UTF8.self) != nil
            let parsed = (try? JSONDocument(bytes)) != nil
            // A quote or a control byte inside the middle ends or breaks the string anyway.
            let plain = !middle.contains(0x22) && !middle.contains(0x5C) && !middle.contains { $0 < 0x20 }
            if plain {
              #expect(parsed == valid, "\(middle.map { String($0, radix: 16) })")
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked > 5_000)
  }
}

/// Strings the parser proved valid are made without a second validation
/// (`stringOfValidUTF8`): they must be the same `String`s that decoding the bytes gives —
/// equal, hashed alike, with the same characters — for every kind of scalar.
@Suite struct ValidatedStringTests {
  @Test func stringsMadeWithoutRevalidationEqualDecodedOnes() throws {
    var generator = SeededGenerator(seed: 0x5EED_57A1)
    // Scalars from every UTF-8 length, combining marks and ZWJ sequences included.
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x7FF, 0x300...0x36F, 0x800...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x1_FFFF, 0x1F300...0x1FAFF,
      0x10_0000...0x10_FFFD,
    ]
    var checked = 0
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<40, using: &generator) {
        let pool = pools.randomElement(using: &generator)!
        var value = UInt32.random(in: pool, using: &generator)
        if value == 0x22 || value == 0x5C { value = 0x41 }  // no escapes: the plain path
        scalars.append(Unicode.Scalar(value)!)
      }
      if Bool.random(using: &generator) { scalars.append(contentsOf: "👩‍👩‍👧".unicodeScalars) }
      let expected = String(scalars)
      let document = try JSONDocument(Array("[\"\(expected)\", {\"\(expected)\": 1}]".utf8))
      let value = try #require(document.root[0]?.stringValue)
      var members = try #require(document.root[1]?.members.makeIterator())
      let key = try #require(members.next()?.key)
      for made in [value, key] {
        #expect(made == expected)
        #expect(made.hashValue == expected.hashValue)
        #expect(made.count == expected.count)
        #expect(Array(made.utf8) == Array(expected.utf8))
        #expect(made.unicodeScalars.elementsEqual(expected.unicodeScalars))
      }
      checked += 1
    }
    #expect(checked == 2_000)
  }

  /// The same for strings with escapes, resolved into a buffer and made without validation:
  /// quotes, backslashes, control characters, and every scalar as `\uXXXX` (surrogate pairs).
  @Test func escapedStringsEqualDecodedOnes() throws {
    var generator = SeededGenerator(seed: 0xE5CA_9ED5)
    let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFD]
    for _ in 0..<1_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1..<30, using: &generator) {
        scalars.append(Unicode.Scalar(UInt32.random(in: pools.randomElement(using: &generator)!, using: &generator))!)
      }
      let expected = String(scalars)
      let options: JSONWriter.Options = Bool.random(using: &generator) ? [.escapeNonASCII, .escapeSlashes] : []
      let text = try JSON([JSON(expected)]).jsonString(options)
      let made = try #require(try JSONDocument(Array(text.utf8)).root[0]?.stringValue)
      #expect(made == expected)
      #expect(made.hashValue == expected.hashValue)
      #expect(made.count == expected.count)
      #expect(Array(made.utf8) == Array(expected.utf8))
    }
  }

  /// Text between escapes is copied a word at a time, each word whole, the junk after a short
  /// run overwritten by the escape's output: every run length from 0 to 17 before and after
  /// every kind of escape, one to four escapes in a row, ends exactly where it should.
  @Test func runsOfEveryLengthBetweenEscapesDecodeExactly() throws {
    let escapes: [(json: String, text: String)] = [
      (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\n"#, "\n"),
      (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\u8a9e"#, "語"), (#"\ud83d\ude00"#, "😀"), (#"\u0000"#, "\u{00}"),
    ]
    let letters = Array("abcdefghijklmnopqé語".map(String.init))
    var checked = 0
    for (index, escape) in escapes.enumerated() {
      for before in 0...17 {
        for after in 0...17 {
          let repeats = 1 + (before + after + index) % 4
          let head = letters.prefix(before).joined()
          let tail = letters.suffix(after).joined()
          let json = "[\"" + head + String(repeating: escape.json, count: repeats) + tail + "\"]"
          let expected = head + String(repeating: escape.text, count: repeats) + tail
          let made = try #require(try JSONDocument(Array(json.utf8)).root[0]?.stringValue)
          #expect(Array(made.utf8) == Array(expected.utf8), "\(json)")
          checked += 1
        }
      }
    }
    #expect(checked == 12 * 18 * 18)
  }
}
