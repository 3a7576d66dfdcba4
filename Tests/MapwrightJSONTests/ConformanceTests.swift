import MapwrightJSON
import Testing

/// nst/JSONTestSuite: `y_` files parse, `n_` files are rejected, and every `i_` file has a
/// decision recorded here (and in Docs/JSON.md).
@Suite struct ConformanceTests {
  static let accepted = SharedFiles.files(in: SharedFiles.testParsing, prefix: "y_")
  static let rejected = SharedFiles.files(in: SharedFiles.testParsing, prefix: "n_")
  static let implementationDefined = SharedFiles.files(in: SharedFiles.testParsing, prefix: "i_")

  /// Our decision for each `i_` file under the default (strict) options: true = accepted.
  static let decisions: [String: Bool] = [
    // Numbers beyond Double's range are valid grammar: accepted, readable as text and Decimal
    // where it fits; `doubleValue` is nil on overflow and 0 on underflow.
    "i_number_double_huge_neg_exp.json": true,
    "i_number_huge_exp.json": true,
    "i_number_neg_int_huge_exp.json": true,
    "i_number_pos_double_huge_exp.json": true,
    "i_number_real_neg_overflow.json": true,
    "i_number_real_pos_overflow.json": true,
    "i_number_real_underflow.json": true,
    "i_number_too_big_neg_int.json": true,
    "i_number_too_big_pos_int.json": true,
    "i_number_very_big_negative_int.json": true,
    // Lone surrogates and invalid UTF-8: rejected in strict mode.
    "i_object_key_lone_2nd_surrogate.json": false,
    "i_string_1st_surrogate_but_2nd_missing.json": false,
    "i_string_1st_valid_surrogate_2nd_invalid.json": false,
    "i_string_UTF-8_invalid_sequence.json": false,
    "i_string_UTF8_surrogate_U+D800.json": false,
    "i_string_incomplete_surrogate_and_escape_valid.json": false,
    "i_string_incomplete_surrogate_pair.json": false,
    "i_string_incomplete_surrogates_escape_valid.json": false,
    "i_string_invalid_lonely_surrogate.json": false,
    "i_string_invalid_surrogate.json": false,
    "i_string_invalid_utf-8.json": false,
    "i_string_inverted_surrogates_U+1D11E.json": false,
    "i_string_iso_latin_1.json": false,
    "i_string_lone_second_surrogate.json": false,
    "i_string_lone_utf8_continuation_byte.json": false,
    "i_string_not_in_unicode_range.json": false,
    "i_string_overlong_sequence_2_bytes.json": false,
    "i_string_overlong_sequence_6_bytes.json": false,
    "i_string_overlong_sequence_6_bytes_null.json": false,
    "i_string_truncated-utf-8.json": false,
    // UTF-16 input: rejected (JSON exchanged between systems must be UTF-8, RFC 8259 §8.1).
    "i_string_UTF-16LE_with_BOM.json": false,
    "i_string_utf16BE_no_BOM.json": false,
    "i_string_utf16LE_no_BOM.json": false,
    // 500 levels is within the default limit of 512.
    "i_structure_500_nested_arrays.json": true,
    // A UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it).
    "i_structure_UTF-8_BOM_empty_object.json": true,
  ]

  @Test func suiteIsPresent() {
    #expect(Self.accepted.count >= 90)
    #expect(Self.rejected.count >= 180)
    #expect(Self.implementationDefined.count >= 30)
  }

  @Test(arguments: accepted)
  func acceptsValidDocument(_ name: String) throws {
    let bytes = try SharedFiles.bytes(SharedFiles.testParsing, name)
    #expect(throws: Never.self, "\(name)") { try JSONDocument(bytes) }
  }

  @Test(arguments: rejected)
  func rejectsInvalidDocument(_ name: String) throws {
    let bytes = try SharedFiles.bytes(SharedFiles.testParsing, name)
    #expect(throws: JSONError.self, "\(name)") { try JSONDocument(bytes) }
  }

  @Test(arguments: implementationDefined)
  func followsRecordedDecision(_ name: String) throws {
    let decision = try #require(Self.decisions[name] as Bool?, "no decision recorded for \(name)")
    let bytes = try SharedFiles.bytes(SharedFiles.testParsing, name)
    let result = Result { try JSONDocument(bytes) }
    if decision {
      #expect(throws: Never.self) { try result.get() }
    } else {
      #expect(throws: JSONError.self) { try result.get() }
    }
  }

  /// Invalid Unicode that strict mode rejects is accepted with `invalidUnicode: .replace` and
  /// reads as U+FFFD, except UTF-16 input, which is not UTF-8 at all.
  @Test(arguments: implementationDefined.filter { decisions[$0] == false && !$0.lowercased().contains("utf16") && !$0.contains("UTF-16") })
  func repairModeAcceptsInvalidUnicode(_ name: String) throws {
    var options = JSONParsingOptions()
    options.invalidUnicode = .replace
    let bytes = try SharedFiles.bytes(SharedFiles.testParsing, name)
    let document = try JSONDocument(bytes, options: options)
    let json = JSON(document.root)
    #expect(json.description.contains("\u{FFFD}"), "\(name): \(json)")
  }

  /// Every accepted document round-trips: parse → write → parse gives an equal value.
  @Test(arguments: accepted + implementationDefined.filter { decisions[$0] == true })
  func roundTrips(_ name: String) throws {
    let bytes = try SharedFiles.bytes(SharedFiles.testParsing, name)
    let original = try JSON(parsing: bytes)
    let written = try original.jsonBytes()
    let reparsed = try JSON(parsing: written)
    #expect(reparsed == original, "\(name)")
    let pretty = try JSON(parsing: try original.jsonBytes([.prettyPrinted, .sortedKeys, .escapeNonASCII, .escapeSlashes]))
    #expect(pretty == original, "\(name) (pretty, escaped)")
  }
}
