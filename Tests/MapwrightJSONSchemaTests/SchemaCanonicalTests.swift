// `enum`, `const` and `uniqueItems` compare values by their canonical form. The integer
// fast path must write what the exact decimal writes; numbers equal as numbers, strings equal
// only by code points, objects regardless of member order.

import MapwrightJSON
import Testing

@testable import MapwrightJSONSchema

@Suite struct SchemaCanonicalTests {
  func form(_ text: String) throws -> [UInt8] {
    let document = try JSONDocument(text)
    return SchemaCanonical.form(SchemaInstance(document), document.root.index)
  }

  func valid(_ schema: String, _ data: String) throws -> Bool {
    try JSONSchemaValidator(schema: JSON(parsing: schema)).isValid(JSONDocument(data).root)
  }

  @Test func integerFastPathWritesTheExactForm() throws {
    var random = SchemaPatternTests.Seeded(state: 57)
    var cases = ["0", "-0", "10", "-100", "7", "1000000000000000000000000"]
    for _ in 0..<500 {
      var text = Bool.random(using: &random) ? "-" : ""
      text += String(Int.random(in: 1...9, using: &random))
      for _ in 0..<Int.random(in: 0...25, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
      text += String(repeating: "0", count: Int.random(in: 0...4, using: &random))
      cases.append(text)
    }
    for text in cases {
      var fast: [UInt8] = []
      var exact: [UInt8] = []
      Array(text.utf8).withUnsafeBufferPointer { buffer in
        SchemaCanonical.appendNumber(buffer, into: &fast)
        SchemaCanonical.appendExact(SchemaDecimal(text: buffer), into: &exact)
      }
      #expect(fast == exact, "\(text)")
    }
  }

  @Test func numbersAreEqualAsNumbers() throws {
    let one = try form("1")
    for text in ["1.0", "1e0", "10e-1", "0.1e1", "1.000", "100e-2"] { #expect(try form(text) == one, "\(text)") }
    #expect(try form("0.1") == form("0.10"))
    #expect(try form("0") == form("-0.0"))
    #expect(try form("0") == form("0e10"))
    #expect(try form("1") != form("-1"))
    #expect(try form("9007199254740993") != form("9007199254740992"))
    #expect(try form("1e400") != form("1e401"))
    #expect(try valid(#"{"const": 1}"#, "1.0"))
    #expect(try valid(#"{"enum": [100]}"#, "1e2"))
    #expect(try !valid(#"{"const": 9007199254740992}"#, "9007199254740993"))
  }

  @Test func stringsAreEqualOnlyByCodePoints() throws {
    #expect(try form(#""\u00e9""#) == form("\"\u{e9}\""))
    #expect(try form(#""\u00e9""#) != form(#""e\u0301""#))
    #expect(try !valid(#"{"const": "\u00e9"}"#, #""e\u0301""#))
    #expect(try valid(#"{"enum": ["a", "\u00e9"]}"#, #""\u00e9""#))
    // A count before the bytes keeps concatenations apart.
    #expect(try form(#"["ab", "c"]"#) != form(#"["a", "bc"]"#))
  }

  @Test func objectsAreEqualRegardlessOfMemberOrder() throws {
    #expect(try form(#"{"a": 1, "b": [true, null]}"#) == form(#"{"b": [true, null], "a": 1.0}"#))
    #expect(try form(#"{"a": 1}"#) != form(#"{"a": 1, "b": 2}"#))
    #expect(try form(#"{"a": {"x": 1, "y": 2}}"#) == form(#"{"a": {"y": 2, "x": 1}}"#))
    #expect(try form("[1, 2]") != form("[2, 1]"))
    #expect(try form("{}") != form("[]"))
    #expect(try valid(#"{"const": {"a": 1, "b": 2}}"#, #"{"b": 2, "a": 1}"#))
  }

  @Test func uniqueItemsFindsRepeatsByValue() throws {
    #expect(try !valid(#"{"uniqueItems": true}"#, #"[1, 2, 1.0]"#))
    #expect(try !valid(#"{"uniqueItems": true}"#, #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#))
    #expect(try valid(#"{"uniqueItems": true}"#, #"["\u00e9", "e\u0301", 1, "1", true, [1], {"1": 1}]"#))
    let document = try JSONDocument(#"[1, "x", 1.0, [2], "x", [2.0], 3]"#)
    let instance = SchemaInstance(document)
    var set = SchemaCanonicalSet()
    var element = instance.first(document.root.index)
    for _ in 0..<instance.count(document.root.index) {
      set.append(instance, element)
      element = instance.next(element)
    }
    #expect(set.repeats() == [2, 4, 5])
  }
}
