// Escapes written byte by byte: a "/", "~", "." or quote followed by a combining mark is one
// `Character` with it, and an escape written over characters left it bare (found by FuzzPatch:
// a pointer token holding "/\u{311}" printed as text that read back as two tokens).

import MapwrightJSON
import Testing

@Suite struct EscapingTests {
  static let marked = ["/\u{311}", "~\u{301}", "a/b~c", "é/~", "\u{0}/", ".\u{301}", "\\\u{301}", "plain"]

  @Test func pointerTokensWithCombiningMarksReadBack() throws {
    let pointer = JSONPointer(tokens: Self.marked)
    let again = try JSONPointer(parsing: pointer.description)
    #expect(again.tokens.map { Array($0.utf8) } == Self.marked.map { Array($0.utf8) })
    #expect(JSONPointer.escaped("x/\u{311}") == "x~1\u{311}")
    #expect(JSONPointer.escaped("~\u{301}").utf8.elementsEqual("~0\u{301}".utf8))
    // Read through the pointer in a document whose key holds one.
    let json: JSON = ["/\u{311}": ["~\u{301}": 7]]
    #expect(json[pointer: try JSONPointer(parsing: JSONPointer(tokens: ["/\u{311}", "~\u{301}"]).description)] == 7)
  }

  @Test func keyPathComponentsWithCombiningMarksReadBack() {
    let path = JSONKeyPath(components: Self.marked)
    #expect(path.keys.map { Array($0.utf8) } == Self.marked.map { Array($0.utf8) })
    #expect(JSONKeyPath(path.text).keys.map { Array($0.utf8) } == Self.marked.map { Array($0.utf8) })
    // A dot that a combining mark follows still separates components.
    #expect(JSONKeyPath("a.\u{301}b").keys.map { Array($0.utf8) } == [Array("a".utf8), Array("\u{301}b".utf8)])
  }
}
