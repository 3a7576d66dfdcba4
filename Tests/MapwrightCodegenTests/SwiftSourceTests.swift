// One escaper for every generator's string literals (SwiftSource.swift): each literal reads
// back as the string it was made from — checked by a reader of Swift's escapes on seeded
// random strings of every kind of scalar — and a model file's default values with tabs,
// carriage returns and control characters come out as literals that say the same.

import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightCodegen

@Suite struct SwiftSourceTests {
  /// Reads a Swift string literal as Swift does (the escapes `stringLiteral` writes); nil for
  /// text Swift would not take as one literal: a raw quote, backslash or line break, a bad escape.
  static func read(_ literal: String) -> String? {
    var scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.removeFirst() == "\"", scalars.removeLast() == "\"" else { return nil }
    var text = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if scalar == "\"" || scalar == "\n" || scalar == "\r" || (scalar.value < 0x20 && scalar != "\t") { return nil }
      guard scalar == "\\" else {
        text.append(scalar)
        continue
      }
      guard index < scalars.count else { return nil }
      let escape = scalars[index]
      index += 1
      switch escape {
      case "\"", "\\": text.append(escape)
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "0": text.append("\0")
      case "u":
        guard index < scalars.count, scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}") else { return nil }
        let hex = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
        text.append(decoded)
        index = close + 1
      default: return nil
      }
    }
    return String(text)
  }

  @Test func literalsReadBackAsTheirStrings() {
    for (text, literal) in [
      ("plain", #""plain""#), (#"a"b"#, #""a\"b""#), (#"back\slash"#, #""back\\slash""#), ("tab\there", #""tab\there""#),
      ("cr\r", #""cr\r""#), ("nul\0", #""nul\u{0}""#), ("del\u{7F}", #""del\u{7F}""#), ("line\u{2028}", #""line\u{2028}""#),
      ("é e\u{301} 🇫🇷", "\"é e\u{301} 🇫🇷\""), ("#{x}", "\"#{x}\""),
    ] {
      #expect(SwiftSource.stringLiteral(text) == literal)
      #expect(Self.read(literal) == text)
    }
    var generator = SeededGenerator(seed: 0x5_11F7)
    let pools: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x9F, 0xA0...0x2FF, 0x300...0x36F, 0x2000...0x206F, 0x1F300...0x1F6FF]
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let pool = pools.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { text.append(scalar) }
      }
      let string = String(text)
      let literal = SwiftSource.stringLiteral(string)
      #expect(Self.read(literal) == string, "\(literal.debugDescription)")
      // Scalar for scalar, not merely equal as Swift strings compare.
      #expect(Self.read(literal).map { Array($0.unicodeScalars) } == Array(string.unicodeScalars))
    }
  }

  @Test func keywordsAreOneListForEveryGenerator() {
    #expect(SwiftSource.identifier("class") == "`class`")
    #expect(SwiftSource.identifier("await") == "`await`")
    #expect(SwiftSource.identifier("name") == "name")
    #expect(SwiftNames.propertyName(forKey: "operator") == "`operator`")
    #expect(SwiftNames.keywords == SwiftSource.keywords)
  }

  @Test func modelDefaultsWithControlCharactersGenerateTheSameText() throws {
    let xml = #"""
      <model>
        <entity name="Note">
          <attribute name="separator" attributeType="String" defaultValueString="a&#9;b&#13;c&#10;d\e&quot;f"/>
          <attribute name="await" attributeType="String" defaultValueString="x"/>
        </entity>
      </model>
      """#
    let model = try ObjectModel(xml: Array(xml.utf8))
    let source = SwiftModelGenerator(model: model, origin: "Notes.xcdatamodel").source()
    #expect(source.contains(#"var separator: String = "a\tb\rc\nd\\e\"f""#), "\(source)")
    #expect(source.contains("var `await`: String = \"x\""))
  }
}
