import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightJSON

/// Strings of up to fifteen bytes are built in place (SmallStrings.swift); they must be the
/// very strings the standard library makes of the same text, bit for bit.
@Suite struct SmallStringTests {
  @Test func theStandardLibrarysLayoutIsFound() {
    #if (arch(x86_64) || arch(arm64)) && _endian(little)
      #expect(smallStringLayoutHolds)
    #endif
  }

  /// Seeded random strings of 0 to 20 bytes (ASCII, control characters, two-, three- and
  /// four-byte sequences, escapes), read from a document: each equals the text written, and
  /// up to fifteen bytes it is the standard library's own small string.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func shortStringsAreTheStandardLibrarysStrings(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let pool = ["a", "Z", "0", " ", "é", "ñ", "日", "€", "🙂", "\u{7F}", "\u{1}", "\n", "\"", "\\", "/"]
    var texts: [String] = []
    for _ in 0..<2_000 {
      var text = ""
      let target = Int.random(in: 0...20, using: &generator)
      while text.utf8.count < target {
        let piece = pool.randomElement(using: &generator)!
        if text.utf8.count + piece.utf8.count > target { break }
        text += piece
      }
      texts.append(text)
    }
    // Written as JSON by the writer (escapes included); the last string ends the input.
    let json = try JSONWriter().string(JSON.array(texts.map(JSON.string)))
    let document = try JSONDocument(json)
    let last = try JSONDocument(try JSONWriter().string(JSON.string(texts[texts.count - 1])))
    #expect(last.root.stringValue == texts[texts.count - 1])
    for (index, text) in texts.enumerated() {
      let read = try #require(document.root[index]?.stringValue)
      #expect(read == text)
      #expect(read.count == text.count && read.unicodeScalars.elementsEqual(text.unicodeScalars))
      let standard = String(decoding: Array(text.utf8), as: UTF8.self)
      if text.utf8.count <= 15 {
        #expect(unsafeBitCast(read, to: (UInt64, UInt64).self) == unsafeBitCast(standard, to: (UInt64, UInt64).self), "\(text.debugDescription)")
      }
      #expect(read.hashValue == standard.hashValue)
    }
  }
}
