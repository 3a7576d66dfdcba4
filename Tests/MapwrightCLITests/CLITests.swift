import Mapwright
import Testing

@testable import mapwright

@Suite struct CLITests {
  let files: [String: String] = [
    "good.json": #"{"a": [1, 2]}"#,
    "bad.json": "{\n  \"name\": \"broken\",\n  \"tags\": [\"a\", \"b\",, \"c\"]\n}\n",
    "relaxed.json": "{\"a\": 1, // note\n}",
  ]

  func read(_ name: String) throws -> [UInt8] {
    guard let text = files[name] else { throw CLIError("cannot read '\(name)'") }
    return Array(text.utf8)
  }

  @Test func validFilesPrintASummary() {
    let outcome = Check.check(["good.json"], options: JSONParsingOptions(), read: read)
    #expect(outcome.invalid == 0)
    #expect(outcome.errors.isEmpty)
    #expect(outcome.summary == "1 file valid (13 bytes)")
  }

  @Test func invalidFilesPrintLocationMessageAndCaret() {
    let outcome = Check.check(["good.json", "bad.json", "missing.json"], options: JSONParsingOptions(), read: read)
    #expect(outcome.invalid == 2)
    #expect(outcome.errors == [
      "bad.json:3:21: error: unexpected character ',', expected a value",
      "  \"tags\": [\"a\", \"b\",, \"c\"]\n                    ^",
      "missing.json: error: cannot read 'missing.json'",
      "2 of 3 files invalid",
    ])
  }

  @Test func relaxedFlagAcceptsComments() throws {
    let strict = try ParsingFlags.parse([])
    let relaxed = try ParsingFlags.parse(["--relaxed"])
    #expect(Check.check(["relaxed.json"], options: strict.options, read: read).invalid == 1)
    #expect(Check.check(["relaxed.json"], options: relaxed.options, read: read).invalid == 0)
    let duplicates = try ParsingFlags.parse(["--reject-duplicate-keys", "--max-depth", "4"])
    #expect(duplicates.options.duplicateKeys == .reject)
    #expect(duplicates.options.maximumDepth == 4)
  }

  @Test func formatPrettyPrintsAndCompacts() throws {
    let input = Array(#"{"b": [1, 2.50], "a": "é"}"#.utf8)
    let pretty = try Format.parse(["x.json"])
    #expect(String(decoding: try Format.format(input, parsing: JSONParsingOptions(), writer: pretty.writer), as: UTF8.self)
      == "{\n  \"b\": [\n    1,\n    2.50\n  ],\n  \"a\": \"é\"\n}\n")
    let compact = try Format.parse(["x.json", "--compact", "--sort-keys", "--ascii-only"])
    #expect(String(decoding: try Format.format(input, parsing: JSONParsingOptions(), writer: compact.writer), as: UTF8.self)
      == "{\"a\":\"\\u00e9\",\"b\":[1,2.50]}\n")
    let wide = try Format.parse(["x.json", "--indent", "4"])
    #expect(String(decoding: try Format.format(Array("[1]".utf8), parsing: JSONParsingOptions(), writer: wide.writer), as: UTF8.self)
      == "[\n    1\n]\n")
    #expect(throws: (any Error).self) { try Format.parse(["x.json", "--indent", "40"]) }
  }
}
