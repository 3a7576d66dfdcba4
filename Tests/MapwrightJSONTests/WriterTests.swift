import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct WriterTests {
  let sample: JSON = ["b": [1, "two", ["c": nil]], "a": true, "empty": [], "obj": [:]]

  @Test func compact() throws {
    #expect(try sample.jsonString() == #"{"b":[1,"two",{"c":null}],"a":true,"empty":[],"obj":{}}"#)
  }

  @Test func pretty() throws {
    let expected = """
      {
        "b": [
          1,
          "two",
          {
            "c": null
          }
        ],
        "a": true,
        "empty": [],
        "obj": {}
      }
      """
    #expect(try sample.jsonString(.prettyPrinted) == expected)
  }

  @Test func prettyWithIndentAndSortedKeys() throws {
    let writer = JSONWriter(options: [.prettyPrinted, .sortedKeys], indent: 4)
    let expected = """
      {
          "a": true,
          "b": [
              1,
              "two",
              {
                  "c": null
              }
          ],
          "empty": [],
          "obj": {}
      }
      """
    #expect(try writer.string(sample) == expected)
  }

  @Test func sortedKeysUseCodePointOrder() throws {
    let json: JSON = ["é": 1, "z": 2, "Z": 3, "a": 4, "😀": 5, "ab": 6]
    #expect(try json.jsonString(.sortedKeys) == #"{"Z":3,"a":4,"ab":6,"z":2,"é":1,"😀":5}"#)
  }

  @Test func escaping() throws {
    let json: JSON = ["s": "quote\" backslash\\ slash/ nl\n cr\r tab\t bs\u{08} ff\u{0C} nul\u{00} us\u{1F} é 😀"]
    #expect(try json.jsonString() == #"{"s":"quote\" backslash\\ slash/ nl\n cr\r tab\t bs\b ff\f nul\u0000 us\u001f é 😀"}"#)
    #expect(
      try json.jsonString([.escapeSlashes, .escapeNonASCII])
        == #"{"s":"quote\" backslash\\ slash\/ nl\n cr\r tab\t bs\b ff\f nul\u0000 us\u001f \u00e9 \ud83d\ude00"}"#)
  }

  @Test func longStringsWithEscapesAtEveryPosition() throws {
    // Exercises the eight-byte fast path at every alignment.
    for position in 0..<20 {
      var text = String(repeating: "x", count: 20)
      text.insert("\"", at: text.index(text.startIndex, offsetBy: position))
      let written = try JSON(text).jsonString()
      #expect(try JSON(parsing: written) == JSON(text))
      #expect(written.count == 24)
    }
  }

  /// A string quoted and escaped byte by byte, as the writer should.
  static func referenceEscape(_ text: String, slashes: Bool, nonASCII: Bool) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "/" where slashes: out += "\\/"
      case _ where scalar.value < 0x20 || (nonASCII && scalar.value >= 0x80):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The writer's sixteen-byte and word-at-a-time scans, its padded last word included,
  /// against a byte-by-byte reference: every string of 0–40 characters with one character that
  /// may need an escape (or, as a space and DEL, just does not) at every position, under every
  /// escaping option, through `JSONWriter` and `JSONOutput`.
  @Test func escapesAgreeWithAByteByByteReference() throws {
    let specials: [String] = ["\"", "\\", "/", "\n", "\u{01}", "\u{1F}", " ", "\u{7F}", "é", "語", "😀", "a"]
    var checked = 0
    for length in 0...40 {
      for special in specials {
        for position in 0...length {
          var characters = Array(repeating: "x", count: length)
          characters.insert(special, at: position)
          let text = characters.joined()
          for options in [JSONWriter.Options(), [.escapeSlashes], [.escapeNonASCII], [.escapeSlashes, .escapeNonASCII]] {
            let expected = Self.referenceEscape(text, slashes: options.contains(.escapeSlashes), nonASCII: options.contains(.escapeNonASCII))
            #expect(try JSON(text).jsonString(options) == expected, "\(text.debugDescription) \(options)")
            checked += 1
          }
          var output = JSONOutput()
          output.string(text)
          #expect(String(decoding: output.bytes, as: UTF8.self) == Self.referenceEscape(text, slashes: false, nonASCII: false))
        }
      }
    }
    #expect(checked == 4 * specials.count * (1...41).reduce(0, +))
  }

  /// Seeded random strings with many characters that may need escapes, some longer than the
  /// writer's block of input (4,096 bytes, with escapes and multi-byte characters across its
  /// end), against the same byte-by-byte reference, under every escaping option; each output
  /// also parses back to the string.
  @Test func randomStringsWithManyEscapesAgreeWithTheReference() throws {
    let pieces: [String] = ["\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "é", "語", "😀", "a", "bcdefgh", "x"]
    var random = SeededGenerator(seed: 0x5EED_E5C4)
    for round in 0..<120 {
      let length = round < 100 ? Int.random(in: 0..<40, using: &random) : Int.random(in: 3_000..<9_000, using: &random)
      var text = ""
      for _ in 0..<length {
        text += Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : "p"
      }
      for options in [JSONWriter.Options(), [.escapeSlashes], [.escapeNonASCII], [.escapeSlashes, .escapeNonASCII]] {
        let written = try JSON(text).jsonString(options)
        #expect(written == Self.referenceEscape(text, slashes: options.contains(.escapeSlashes), nonASCII: options.contains(.escapeNonASCII)))
        #expect(try JSON(parsing: written) == JSON(text))
      }
    }
  }

  /// A key given as JSON text (`key(json:)`) writes what `key(_:)` writes, first in its
  /// object or not, and the doc example's output.
  @Test func keysGivenAsJSONTextMatchQuotedKeys() {
    var quoted = JSONOutput()
    var literal = JSONOutput()
    quoted.beginArray()
    literal.beginArray()
    for _ in 0..<2 {
      quoted.beginObject()
      literal.beginObject()
      quoted.key("id")
      literal.key(json: ",\"id\":")
      quoted.integer(7)
      literal.integer(7)
      quoted.key("inner")
      literal.key(json: ",\"inner\":")
      quoted.beginObject()
      literal.beginObject()
      quoted.key("名前")
      literal.key(json: ",\"名前\":")
      quoted.string("a")
      literal.string("a")
      quoted.endObject()
      literal.endObject()
      quoted.endObject()
      literal.endObject()
    }
    quoted.endArray()
    literal.endArray()
    #expect(String(decoding: literal.bytes, as: UTF8.self) == #"[{"id":7,"inner":{"名前":"a"}},{"id":7,"inner":{"名前":"a"}}]"#)
    #expect(literal.bytes == quoted.bytes)

    var out = JSONOutput()
    out.beginObject()
    out.key(json: ",\"id\":")
    out.integer(7)
    out.key(json: ",\"name\":")
    out.string("Ana")
    out.endObject()
    #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"id":7,"name":"Ana"}"#)
  }

  /// `Data` that takes over the writer's memory holds the same bytes as the copied array, for
  /// texts from a few bytes (which `Data` may keep inline) to ones that made the buffer grow.
  @Test func dataTakesTheWrittenBytes() throws {
    for length in [0, 1, 13, 14, 15, 64, 1023, 1024, 5000, 100_000] {
      let value = JSON.array((0..<length).map { JSON($0 % 10) })
      #expect(try JSONWriter().data(value) == Data(try JSONWriter().bytes(value)))
      #expect(try value.jsonData([.prettyPrinted]) == Data(try value.jsonBytes([.prettyPrinted])))
    }
    var output = JSONOutput()
    output.string(String(repeating: "ab", count: 3000))
    let expected = output.bytes
    #expect(output.takeData() == Data(expected))
    #expect(output.bytes.isEmpty)
    output.integer(5)
    #expect(output.takeData() == Data("5".utf8))
  }

  /// Floats are written from the standard library's stack buffer (`FloatText`), not through
  /// `description`: the same text, for seeded random bit patterns and the edge values.
  @Test func floatTextIsTheDescription() {
    var generator = SeededGenerator(seed: 0xF10A_7E47)
    var doubles: [Double] = [
      0, -0.0, 1, -1, 0.1, 100, 1e16, 1e-5, 123_456_789_012_345_680, .ulpOfOne, .leastNonzeroMagnitude,
      .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -65.613616999999977,
    ]
    var floats: [Float] = [0, -0.0, 0.1, 16_777_216, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 3.4028235e38, 1e-45]
    for _ in 0..<20_000 {
      let double = Double(bitPattern: generator.next())
      if double.isFinite { doubles.append(double) }
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
      if float.isFinite { floats.append(float) }
    }
    for value in doubles {
      #expect(FloatText(value).withBytes { String(decoding: $0, as: UTF8.self) } == value.description)
      var output = JSONOutput()
      output.double(value)
      #expect(String(decoding: output.bytes, as: UTF8.self) == value.description)
    }
    for value in floats {
      #expect(FloatText(value).withBytes { String(decoding: $0, as: UTF8.self) } == value.description)
    }
  }

  @Test func nonFiniteNumbersAreErrorsWithPaths() throws {
    let json: JSON = ["data": [1, ["ratio": JSON(Double.nan)]]]
    do {
      _ = try json.jsonString()
      Issue.record("NaN written")
    } catch {
      #expect(error.code == .nonFiniteNumber)
      #expect(error.path == [.key("data"), .index(1), .key("ratio")])
      #expect(error.description == "$.data[1].ratio: NaN cannot be written as JSON")
    }
    let writer = JSONWriter(nonFiniteNumbers: .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN"))
    let infinite: JSON = [JSON(Double.infinity), JSON(-Double.infinity), JSON(Double.nan)]
    #expect(try writer.string(infinite) == #"["+Inf","-Inf","NaN"]"#)
  }

  @Test func doublesUseShortestRoundTripText() throws {
    let values: [Double] = [0.1, 1e-5, 1e16, 100, -0.0, 5e-324, 1.7976931348623157e308, 123.456]
    for value in values {
      let text = try JSON(value).jsonString()
      #expect(Double(text) == value, "\(text)")
      #expect(try JSON(parsing: text).doubleValue == value)
    }
    #expect(try JSON(0.1).jsonString() == "0.1")
    #expect(try JSON(1e-5).jsonString() == "1e-05")
  }

  @Test func depthLimit() throws {
    var deep: JSON = 1
    for _ in 0..<10 { deep = [deep] }
    #expect(throws: JSONWriteError.self) { try JSONWriter(maximumDepth: 9).bytes(deep) }
    #expect(throws: Never.self) { try JSONWriter(maximumDepth: 10).bytes(deep) }
  }

  @Test func dataOutput() throws {
    #expect(try sample.jsonData() == Data(try sample.jsonBytes()))
  }
}

/// parse → write → parse gives an equal value for every file of the benchmark corpus.
@Suite struct CorpusRoundTripTests {
  static let files = SharedFiles.files(in: SharedFiles.benchData)

  @Test func corpusIsPresent() {
    #expect(Self.files.count >= 10)
  }

  @Test(arguments: files)
  func roundTrips(_ name: String) throws {
    let bytes = try SharedFiles.bytes(SharedFiles.benchData, name)
    let original = try JSON(parsing: bytes)
    #expect(try JSON(parsing: try original.jsonBytes()) == original)
    // Compact output of a parsed document keeps every number's text and member order.
    let compact = try original.jsonBytes()
    let again = try JSON(parsing: compact).jsonBytes()
    #expect(compact == again)
  }
}
