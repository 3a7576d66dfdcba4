// One key-path grammar (MapwrightJSON's JSONKeyPath) read the same way by every place that
// takes a key path: reading a value (`value(at:)`), `@Key` on a `@JSONModel`, the stream
// format of an array at a key path, and the CLI (MapwrightCLITests' KeyPathProcessTests).
// Texts: nesting, an escaped dot, a component of digits, an empty component, unicode keys.
// `@Key` refuses an empty component at compile time (a likely typo: the macro's diagnostic),
// so that text is read here by every reader but the macro.

import Foundation
import Mapwright
import Testing

@JSONModel struct KeyPathNested {
  @Key("a.b") var items: [Int]
}

@JSONModel struct KeyPathEscaped {
  @Key(#"a\.b"#) var items: [Int]
}

@JSONModel struct KeyPathDigits {
  @Key("labels.0") var items: [Int]
}

@JSONModel struct KeyPathUnicode {
  @Key("ключ.ü") var items: [Int]
}

@Suite struct KeyPathGrammarTests {
  static let document = #"""
    {"a": {"b": [1, 2], "": {"b": [7, 8, 9]}}, "a.b": [3], "labels": {"0": [4, 5]}, "ключ": {"ü": [6]}}
    """#

  /// Each text, its components, and the array it reaches in `document`.
  static let cases: [(text: String, keys: [String], items: [Int])] = [
    ("a.b", ["a", "b"], [1, 2]), (#"a\.b"#, ["a.b"], [3]), ("labels.0", ["labels", "0"], [4, 5]),
    ("a..b", ["a", "", "b"], [7, 8, 9]), ("ключ.ü", ["ключ", "ü"], [6]),
  ]

  func streamed(_ text: String) throws -> [Int] {
    var decoder = JSONStreamDecoder<JSON>(format: .array(at: text)) { try JSON(parsing: $0.bytes) }
    Array(Self.document.utf8).withUnsafeBytes { decoder.append($0) }
    decoder.finish()
    var items: [Int] = []
    while let element = try decoder.next() { items.append(Int(try #require(element.int64Value))) }
    return items
  }

  @Test func everyReaderGetsOneReading() throws {
    let root = try JSONDocument(Self.document).root
    let decoded: [[Int]?] = [
      try KeyPathNested(json: Self.document).items, try KeyPathEscaped(json: Self.document).items,
      try KeyPathDigits(json: Self.document).items, nil, try KeyPathUnicode(json: Self.document).items,
    ]
    for (position, (text, keys, items)) in Self.cases.enumerated() {
      #expect(JSONKeyPath(text).keys == keys, "\(text)")
      #expect(JSONStreamFormat.array(at: text) == .array(atKeys: keys), "\(text)")
      let value = try #require(root.value(at: JSONKeyPath(text)), "\(text)")
      #expect(JSON(value).arrayValue?.compactMap(\.int64Value).map { Int($0) } == items, "\(text)")
      #expect(try streamed(text) == items, "\(text)")
      if let models = decoded[position] { #expect(models == items, "\(text)") }
    }
  }
}

/// `@Key(pointer:)`: an RFC 6901 pointer read as the key path of its tokens, so a dot in a
/// token is part of its key and `~1`, `~0` are `/` and `~`.
@JSONModel struct PointerKeyed: Equatable {
  @Key(pointer: "/user/login") var login: String
  @Key(pointer: "/labels/0/name") var firstLabel: String?
  @Key(pointer: "/a~1b/c.d") var slashDot: Int
  @Key(pointer: "/m~0n") var tilde: Int
}

@Suite struct PointerKeyTests {
  @Test func pointersReadAndWriteTheirMembers() throws {
    let text = #"{"user": {"login": "ada"}, "labels": [{"name": "bug"}], "a/b": {"c.d": 1, "c": {"d": 9}}, "m~n": 2}"#
    let model = try PointerKeyed(json: text)
    #expect(model == PointerKeyed(login: "ada", firstLabel: "bug", slashDot: 1, tilde: 2))
    // Each pointer read through the document gives the same values.
    let json = try JSON(parsing: text)
    let slashDot = try JSONPointer(parsing: "/a~1b/c.d")
    let tilde = try JSONPointer(parsing: "/m~0n")
    #expect(json[pointer: slashDot] == 1 && json[pointer: tilde] == 2)
    let written = model.json()
    #expect(written["user"]?["login"] == "ada" && written["a/b"]?["c.d"] == 1 && written["m~n"] == 2)
    #expect(try PointerKeyed(json: written) == model)
    let missing = try #require(throws: MappingError.self) { try PointerKeyed(json: #"{"user": {}, "a/b": {"c.d": 1}, "m~n": 2}"#) }
    #expect(missing.path.description == "$.user.login" && missing.code == .missingKey)
  }
}
