import CMapwrightSIMD
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// The parser skips a pretty-printed line's indentation at once when it is the predicted
/// length (the nesting level times the document's step). These tests show that the check is
/// the same in its vector and portable builds, and that a document parses to the same values,
/// or fails at the same byte, whether its indentation matches the prediction or not.
@Suite struct IndentationTests {
  /// The reference reading: `length` spaces, then a byte that is not a space.
  static func isIndentation(_ bytes: ArraySlice<UInt8>, length: Int) -> Bool {
    bytes.prefix(length).allSatisfy { $0 == 0x20 } && bytes[bytes.startIndex + length] != 0x20
  }

  @Test func theCheckAgreesWithThePortableBuildAndAByteByByteReading() {
    var random = SeededGenerator(seed: 21)
    var inputs = VectorPathTests.corpus.map(\.bytes).filter { $0.count >= 32 }
    // Runs of spaces broken by one other byte (a tab, a line break, a token) anywhere.
    for _ in 0..<3_000 {
      var bytes = [UInt8](repeating: 0x20, count: 40)
      let broken = Int.random(in: 0..<40, using: &random)
      bytes[broken] = [0x09, 0x0A, 0x0D, 0x22, 0x7D, 0x00, 0x80, 0x21].randomElement(using: &random)!
      inputs.append(bytes)
    }
    for bytes in inputs {
      bytes.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        let starts =
          buffer.count > 1_000 ? (0..<40).map { _ in Int.random(in: 0...(buffer.count - 32), using: &random) } : Array(0...(buffer.count - 32))
        for start in starts {
          for length in 1...31 {
            let expected = Self.isIndentation(bytes[start...], length: length)
            #expect((mw_indentation_is(base + start, length) != 0) == expected, "\(start) \(length)")
            #expect((mw_indentation_is_portable(base + start, length) != 0) == expected, "\(start) \(length)")
          }
        }
      }
    }
  }

  /// A nested document, seeded.
  static func document(depth: Int, random: inout SeededGenerator) -> JSON {
    if depth == 0 || Int.random(in: 0..<5, using: &random) == 0 {
      return [JSON.string("text"), 12.5, true, .null, "é\u{1F600}"].randomElement(using: &random)!
    }
    let count = Int.random(in: 0...4, using: &random)
    if Bool.random(using: &random) {
      return .array((0..<count).map { _ in document(depth: depth - 1, random: &random) })
    }
    var object = JSONObject()
    for index in 0..<count { object["key\(index)"] = document(depth: depth - 1, random: &random) }
    return .object(object)
  }

  /// Pretty-printed with steps of 1 to 9 spaces (so levels reach past the 31-byte check),
  /// then lines re-indented deeper or shallower, with tabs or CRLF: the values are those of
  /// the compact text.
  @Test func reindentedDocumentsKeepTheirValues() throws {
    var random = SeededGenerator(seed: 22)
    for _ in 0..<300 {
      let value = Self.document(depth: 7, random: &random)
      let step = Int.random(in: 1...9, using: &random)
      let pretty = try JSONWriter(options: [.prettyPrinted], indent: step).bytes(value)
      #expect(try JSON(parsing: pretty) == value)
      var lines = pretty.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      for index in lines.indices where Int.random(in: 0..<4, using: &random) == 0 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: lines[index].insert(contentsOf: [UInt8](repeating: 0x20, count: Int.random(in: 1...3, using: &random)), at: 0)
        case 1: lines[index].removeFirst(min(lines[index].prefix { $0 == 0x20 }.count, Int.random(in: 1...3, using: &random)))
        case 2: lines[index].insert(0x09, at: Int.random(in: 0...lines[index].prefix { $0 == 0x20 }.count, using: &random))
        default: lines[index].append(0x0D)
        }
      }
      let reindented = Array(lines.joined(separator: [0x0A]))
      #expect(try JSON(parsing: reindented) == value, "\(String(decoding: reindented, as: UTF8.self))")
    }
  }

  /// A part cut from a deeper document keeps the indentation it had there (every line but the
  /// first indented by the same extra spaces, as a partial decoding's pieces are), and parts
  /// of different depths follow each other in one text: the values are those of the compact
  /// text.
  @Test func partsCutFromDeeperPlacesKeepTheirValues() throws {
    var random = SeededGenerator(seed: 24)
    for _ in 0..<200 {
      let step = Int.random(in: 1...8, using: &random)
      let parts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.document(depth: 6, random: &random) }
      var text: [UInt8] = [UInt8(ascii: "[")]
      for (index, part) in parts.enumerated() {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        let base = [UInt8](repeating: 0x20, count: step * Int.random(in: 0...5, using: &random))
        let pretty = try JSONWriter(options: [.prettyPrinted], indent: step).bytes(part)
        for byte in pretty {
          text.append(byte)
          if byte == 0x0A { text += base }
        }
      }
      text.append(UInt8(ascii: "]"))
      #expect(try JSON(parsing: text) == .array(parts), "\(String(decoding: text, as: UTF8.self))")
    }
  }

  /// A byte that is not whitespace, put in a line's indentation or just after it, is reported
  /// at its own offset, predicted line or not.
  @Test func aStrayByteInIndentationFailsWhereItIs() throws {
    var random = SeededGenerator(seed: 23)
    var checked = 0
    for _ in 0..<300 {
      let value = Self.document(depth: 6, random: &random)
      var bytes = try JSONWriter(options: [.prettyPrinted], indent: Int.random(in: 1...6, using: &random)).bytes(value)
      // The spaces that begin a line.
      var spaces: [Int] = []
      for index in bytes.indices.dropFirst() where bytes[index] == 0x20 {
        var start = index
        while bytes[start - 1] == 0x20 { start -= 1 }
        if bytes[start - 1] == 0x0A { spaces.append(index) }
      }
      guard let offset = spaces.randomElement(using: &random) else { continue }
      bytes[offset] = [UInt8(ascii: "x"), 0x0B, 0x00, 0x7F, 0xC3].randomElement(using: &random)!
      #expect {
        try JSONDocument(bytes)
      } throws: { error in
        (error as? JSONError)?.offset == offset
      }
      checked += 1
    }
    #expect(checked > 150)
  }
}
