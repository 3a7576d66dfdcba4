// The one line/column rule in its forms: the checkpointed index, which errors made one at a
// time use, gives the batch scan's answer at every offset of seeded random text (newlines,
// carriage returns, two-, three- and four-byte characters, offsets at and around the 512-byte
// checkpoints and past the end), and the count over a span (memchr and eight bytes at a time,
// what streams use) is the byte-at-a-time rule on every span of such text.

import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct LocationIndexTests {
  static func randomText(_ generator: inout SeededGenerator, length: Int) -> [UInt8] {
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array(" ".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("é".utf8), Array("ключ".utf8),
      Array("日本".utf8), Array("🎉".utf8), Array("{\"k\": 1}".utf8),
    ]
    var bytes: [UInt8] = []
    while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
    return bytes
  }

  @Test func theIndexAgreesWithTheScanEverywhere() {
    var generator = SeededGenerator(seed: 0x10CA7)
    for length in [0, 1, 511, 512, 513, 1_024, 3_000] {
      let bytes = Self.randomText(&generator, length: length)
      let offsets = Array(0...bytes.count + 2)
      let expected = bytes.withUnsafeBufferPointer { linesAndColumns(ofOffsets: offsets, in: $0) }
      let index = LocationIndex()
      // In random order, as errors come.
      for offset in offsets.shuffled(using: &generator) {
        let found = bytes.withUnsafeBufferPointer { index.location(of: offset, in: $0) }
        #expect(found == expected[offset], "length \(length), offset \(offset)")
      }
    }
  }

  @Test func placesFollowTheRule() {
    let bytes = Array("ab\nкл\r\n🎉x".utf8)
    let index = LocationIndex()
    let at = { (offset: Int) in bytes.withUnsafeBufferPointer { index.location(of: offset, in: $0) } }
    #expect(at(0) == (1, 1) && at(2) == (1, 3))  // before the newline
    #expect(at(3) == (2, 1) && at(5) == (2, 2))  // after it; a two-byte letter is one column
    #expect(at(8) == (2, 4))  // the carriage return is a column
    #expect(at(9) == (3, 1) && at(13) == (3, 2))  // a four-byte emoji is one column
  }

  @Test func theCountOverASpanIsTheRuleByteByByte() {
    var generator = SeededGenerator(seed: 0x5BA9)
    for length in [0, 1, 7, 8, 9, 63, 64, 65, 700] {
      let bytes = Self.randomText(&generator, length: length)
      for _ in 0..<50 {
        let start = Int.random(in: 0...bytes.count, using: &generator)
        let end = Int.random(in: start...bytes.count, using: &generator)
        var (line, column) = (3, 5)
        var (byteLine, byteColumn) = (3, 5)
        bytes.withUnsafeBufferPointer { advancePlace(over: UnsafeBufferPointer(rebasing: $0[start..<end]), line: &line, column: &column) }
        for byte in bytes[start..<end] { advancePlace(past: byte, line: &byteLine, column: &byteColumn) }
        #expect(line == byteLine && column == byteColumn, "length \(length), \(start)..<\(end)")
      }
    }
  }
}
