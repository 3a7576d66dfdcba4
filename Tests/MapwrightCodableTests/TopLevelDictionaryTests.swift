import Foundation
import MapwrightCodable
import Testing

/// `assumesTopLevelDictionary` reads a document without its outer braces as an object, with
/// or without JSON5, as Foundation does.
@Suite("A top-level dictionary without braces")
struct TopLevelDictionaryTests {
  let topLevel: (MapwrightJSONDecoder) -> Void = { $0.assumesTopLevelDictionary = true }
  let foundationTopLevel: (Foundation.JSONDecoder) -> Void = { $0.assumesTopLevelDictionary = true }

  @Test func plainJSONMembersAsFoundationReadsThem() {
    for text in [
      #""a": 1, "b": 2"#, "", "  \n", #"{"a": 1}"#, #" {"a": 1} "#, #""a": 1, "a": 2"#, "\u{FEFF}\"a\": 1",
      // Neither reads these.
      "a: 1", "[1]", #""a": 1 "b": 2"#, #""a": 1, }"#, #"{"a": 1}, "b": 2"#, #""a": 1}"#, "// c\n\"a\": 1", #""a": 0x10"#,
    ] {
      expectSameDecoding([String: Int].self, text, mapwright: topLevel, foundation: foundationTopLevel)
    }
    // Nested values, through generic Codable code.
    expectSameDecoding(AnyJSON.self, #""list": [1, {"x": null}], "name": "é", "flag": true"#, mapwright: topLevel, foundation: foundationTopLevel)
  }

  @Test func aTrailingCommaIsRefusedUnlessFoundationsReadingIsAsked() throws {
    // Foundation accepts trailing commas everywhere; the standard decoder does not (as for
    // `[1,2,]`), compatibility .foundation does.
    #expect(decodingError([String: Int].self, #""a": 1,"#, topLevel) != nil)
    expectSameDecoding(
      [String: Int].self, #""a": 1,"#,
      mapwright: {
        $0.assumesTopLevelDictionary = true
        $0.compatibility = .foundation
      },
      foundation: foundationTopLevel)
  }

  @Test func errorsPointIntoTheTextAsWritten() throws {
    struct Pair: Decodable {
      var a: Int
      var b: Int
    }
    let syntax = try #require(decodingError(Pair.self, "\"a\": 1,\n\"b\": x", topLevel))
    #expect("\(syntax)".contains("line 2, column 6"), "\(syntax)")
    let type = try #require(decodingError(Pair.self, "\"a\": 1,\n  \"b\": \"two\"", topLevel))
    guard case .typeMismatch(_, let context) = type else {
      Issue.record("\(type)")
      return
    }
    #expect(context.debugDescription.contains("line 2, column 8"), "\(context.debugDescription)")
    #expect(context.codingPath.map(\.stringValue) == ["b"])
  }
}
