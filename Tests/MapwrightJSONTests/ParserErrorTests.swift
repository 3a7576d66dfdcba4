import MapwrightJSON
import Testing

@Suite struct ParserErrorTests {
  func parseError(_ text: String, options: JSONParsingOptions = JSONParsingOptions()) -> JSONError? {
    do {
      _ = try JSONDocument(text, options: options)
      return nil
    } catch {
      return error
    }
  }

  @Test func unexpectedCharacterHasLineColumnAndExcerpt() throws {
    let text = "{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}"
    let error = try #require(parseError(text))
    #expect(error.code == .unexpectedCharacter)
    #expect(error.line == 3)
    #expect(error.column == 14)
    #expect(error.offset == 25)
    #expect(
      error.description == "unexpected character ',' at line 3, column 14, expected a value"
        || error.description == "unexpected character ',', expected a value at line 3, column 14")
    #expect(error.excerpt == "  \"b\": [1, 2,, 3]\n             ^")
  }

  @Test func descriptionPutsLocationAfterMessage() throws {
    let error = try #require(parseError("[1 2]"))
    #expect(error.message == "unexpected character '2', expected ',' or ']'")
    #expect(error.description == "unexpected character '2', expected ',' or ']' at line 1, column 4")
  }

  @Test func columnsCountUnicodeScalars() throws {
    let error = try #require(parseError("[\"héllo wörld\", x]"))
    #expect(error.column == 17)
    #expect(error.excerpt.hasSuffix("\n" + String(repeating: " ", count: 16) + "^"))
  }

  @Test func longLinesAreCutAroundTheError() throws {
    let text = "[" + String(repeating: "1,", count: 200) + "x]"
    let error = try #require(parseError(text))
    #expect(error.column == 402)
    let lines = error.excerpt.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2)
    #expect(lines[0].count <= 74)
    #expect(lines[0].first == "…")
    // The caret stands under the 'x'.
    let caret = try #require(lines[1].firstIndex(of: "^"))
    let column = lines[1].distance(from: lines[1].startIndex, to: caret)
    #expect(Array(lines[0])[column] == "x")
  }

  @Test func everyErrorKind() throws {
    let cases: [(String, JSONError.Code, String)] = [
      ("[1,", .unexpectedEnd, "unexpected end of input, expected a value"),
      ("\"abc", .unterminatedString, "unterminated string"),
      ("\"a\\x\"", .invalidEscape, "invalid escape sequence \\x"),
      ("\"\\u12G4\"", .invalidEscape, "invalid escape sequence \\u12G"),
      ("\"\\uD800\"", .loneSurrogate, "lone surrogate \\uD800 in escape"),
      ("\"\\uDC00\\uD800\"", .loneSurrogate, "lone surrogate \\uDC00 in escape"),
      ("01", .invalidNumber, "invalid number '01': leading zeros are not allowed"),
      ("-", .invalidNumber, "invalid number '-': expected a digit"),
      ("1.", .invalidNumber, "invalid number '1.': expected a digit after '.'"),
      ("1e+", .invalidNumber, "invalid number '1e+': expected a digit in the exponent"),
      ("[1] 2", .trailingData, "unexpected '2' after the JSON value"),
      ("\"a\tb\"", .controlCharacter, "unescaped control character 0x09 in string"),
      ("tru", .unexpectedEnd, "unexpected end of input, expected 'true'"),
      ("nul1", .unexpectedCharacter, "unexpected character '1', expected 'null'"),
      ("{\"a\" 1}", .unexpectedCharacter, "unexpected character '1', expected ':'"),
      ("{1: 2}", .unexpectedCharacter, "unexpected character '1', expected a string key"),
      ("", .unexpectedEnd, "unexpected end of input, expected a value"),
    ]
    for (text, code, message) in cases {
      let error = try #require(parseError(text), "\(text)")
      #expect(error.code == code, "\(text)")
      #expect(error.message == message, "\(text)")
    }
  }

  @Test func invalidUTF8IsNamed() throws {
    let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]  // "a\xC3(" — bad continuation
    #expect(throws: JSONError.self) { try JSONDocument(bytes) }
    do {
      _ = try JSONDocument(bytes)
    } catch {
      #expect(error.code == .invalidUTF8)
      #expect(error.message == "invalid UTF-8 byte 0xC3")
      #expect(error.offset == 2)
    }
  }

  @Test func utf16InputIsRecognised() throws {
    let utf16: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]
    do {
      _ = try JSONDocument(utf16)
      Issue.record("UTF-16 accepted")
    } catch {
      #expect(error.message == "input is UTF-16, JSON must be UTF-8")
    }
  }

  @Test func duplicateKeysUseFirstByDefaultAndCanBeRejected() throws {
    let text = #"{"a": 1, "b": 2, "\u0061": 3}"#
    let document = try JSONDocument(text)
    #expect(document.root["a"]?.intValue == 1)
    #expect(document.root.count == 3)
    #expect(JSON(document.root) == ["a": 1, "b": 2])

    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    let error = try #require(parseError(text, options: options))
    #expect(error.code == .duplicateKey)
    #expect(error.message == "duplicate key \"a\"")
    #expect(error.column == 18)
    // Nested objects are checked too; distinct keys pass.
    #expect(parseError(#"{"x": {"k": 1, "k": 2}}"#, options: options)?.code == .duplicateKey)
    #expect(parseError(#"{"x": {"k": 1}, "y": {"k": 2}}"#, options: options) == nil)
  }

  @Test func byteOrderMarkIsSkippedUnlessDisallowed() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8)
    #expect(try JSONDocument(bytes).root["a"]?.intValue == 1)
    var options = JSONParsingOptions()
    options.allowsByteOrderMark = false
    #expect(throws: JSONError.self) { try JSONDocument(bytes, options: options) }
  }
}

@Suite struct RelaxedParsingTests {
  let config = """
    // settings
    {
      "name": "demo", /* inline */
      "list": [1, 2, 3,],
      "nested": {"a": true,},
    }
    """

  @Test func strictRejectsCommentsAndTrailingCommas() {
    #expect(throws: JSONError.self) { try JSONDocument(config) }
    #expect(throws: JSONError.self) { try JSONDocument("[1,]") }
    #expect(throws: JSONError.self) { try JSONDocument("[1] // c") }
  }

  @Test func relaxedAcceptsBoth() throws {
    let document = try JSONDocument(config, options: .relaxed)
    #expect(document.root["name"]?.stringValue == "demo")
    #expect(document.root["list"]?.count == 3)
    #expect(document.root["list"]?[2]?.intValue == 3)
    #expect(document.root["nested"]?["a"]?.boolValue == true)
    #expect(JSON(document.root) == ["name": "demo", "list": [1, 2, 3], "nested": ["a": true]])
  }

  @Test func eachRelaxationIsSeparate() throws {
    var comments = JSONParsingOptions()
    comments.allowsComments = true
    #expect(try JSONDocument("[1, /* two */ 2] // end", options: comments).root.count == 2)
    #expect(throws: JSONError.self) { try JSONDocument("[1,]", options: comments) }

    var commas = JSONParsingOptions()
    commas.allowsTrailingCommas = true
    #expect(try JSONDocument("[1,]", options: commas).root.count == 1)
    let nested = try JSONDocument(#"{"a": [1, 2,], "b": {"c": [],}, "d": [[3,],],}"#, options: commas).root
    #expect(nested.count == 3 && nested["a"]?.count == 2 && nested["b"]?.count == 1)
    #expect(nested["d"]?.count == 1 && nested["d"]?[0]?.count == 1 && nested["d"]?[0]?[0]?.intValue == 3)
    #expect(throws: JSONError.self) { try JSONDocument("[1,,]", options: commas) }
    #expect(throws: JSONError.self) { try JSONDocument("[,]", options: commas) }
    #expect(throws: JSONError.self) { try JSONDocument("[1] // c", options: commas) }
  }

  @Test func unclosedBlockCommentIsAnError() throws {
    do {
      _ = try JSONDocument("[1 /* open", options: .relaxed)
      Issue.record("accepted")
    } catch {
      #expect(error.code == .unexpectedEnd)
      #expect(error.column == 4)
    }
  }
}

/// The parser's UTF-8 validation agrees with the standard library's on every lead byte, every
/// second byte around the continuation range, and representative third and fourth bytes.
@Suite struct UTF8ValidationTests {
  @Test func agreesWithTheStandardLibrary() throws {
    let tails: [[UInt8]] = [[], [0x80], [0xBF], [0x41], [0x80, 0x80], [0xBF, 0xBF], [0x80, 0x41], [0xC0, 0x80]]
    var checked = 0
    for lead in UInt8(0x80)...UInt8(0xFF) {
      for second in UInt8(0x70)...UInt8(0xCF) {
        for tail in tails {
          let content = [lead, second] + tail
          let expected = String(validating: content, as: UTF8.self) != nil
          let accepted = (try? JSONDocument([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])) != nil
          #expect(accepted == expected, "\(content.map { String($0, radix: 16) })")
          checked += 1
        }
      }
    }
    #expect(checked == 128 * 96 * 8)
  }
}
