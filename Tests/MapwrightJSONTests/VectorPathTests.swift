import CMapwrightSIMD
import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// The vector build of the byte classifiers (SSE2 or NEON), their portable C build and the
/// word-at-a-time Swift scans give the same results on the same inputs: JSONTestSuite, the
/// fuzz corpora, the benchmark files and seeded random bytes rich in quotes, backslashes,
/// brackets and digits. The parser's vector steps are the first string stop and the first
/// non-digit of sixteen bytes, and the writer's the first byte to escape, compared here at
/// every window of every input; the value-end scan runs whole with each classifier.
@Suite struct VectorPathTests {
  /// Every input of the corpus, with its name.
  static let corpus: [(name: String, bytes: [UInt8])] = {
    var files: [(String, [UInt8])] = []
    for name in SharedFiles.files(in: SharedFiles.testParsing) {
      if let bytes = try? SharedFiles.bytes(SharedFiles.testParsing, name) { files.append((name, bytes)) }
    }
    let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: fuzz.path)) ?? []
    for target in targets.sorted() {
      let directory = fuzz.appendingPathComponent(target)
      for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() {
        if let data = try? Data(contentsOf: directory.appendingPathComponent(name)) {
          files.append(("\(target)/\(name)", [UInt8](data)))
        }
      }
    }
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
      if let bytes = try? SharedFiles.bytes(SharedFiles.benchData, name) { files.append((name, bytes)) }
    }
    return files
  }()

  /// Seeded random inputs, mostly JSON's special bytes, so that runs of backslashes, quotes
  /// and brackets fall across every place of a 64-byte block.
  static func hostile(count: Int, length: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    let alphabet = Array(#""\\{}[]"\\ a:,é0123456789.-e"#.utf8) + [0x1F, 0x80, 0xBF, 0xC3, 0xFF]
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...length, using: &random)).map { _ in
        Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
      }
    }
  }

  @Test func theCorpusIsPresent() {
    #expect(Self.corpus.count > 300)
    #expect(Self.corpus.contains { $0.name == "twitter.json" })
    #expect(Self.corpus.contains { $0.name.hasPrefix("FuzzParser/") })
  }

  /// On x86-64 and arm64 the vector build is compiled in, so the comparisons below compare
  /// two different builds.
  @Test func theVectorBuildIsInUse() {
    #if arch(x86_64)
      #expect(mw_vector_build() == 1)
    #elseif arch(arm64)
      #expect(mw_vector_build() == 2)
    #endif
  }

  @Test func blockClassesAgreeWithThePortableBuild() {
    var inputs = Self.corpus.map(\.bytes)
    inputs += Self.hostile(count: 200, length: 300, seed: 11)
    for bytes in inputs where bytes.count >= 64 {
      bytes.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        // Blocks: every start in small inputs, a stride through large ones. Sixteen-byte
        // windows (the parser's string and digit scans call only these three): every start.
        let blockStride = buffer.count > 20_000 ? 61 : 1
        for start in Swift.stride(from: 0, through: buffer.count - 64, by: blockStride) {
          let vector = mw_classify64(base + start)
          let portable = mw_classify64_portable(base + start)
          #expect(vector.quotes == portable.quotes && vector.backslashes == portable.backslashes)
          #expect(vector.opens == portable.opens && vector.closes == portable.closes)
        }
        let shift = Int(mw_mask16_shift())
        var mismatches = 0
        for start in 0...(buffer.count - 16) {
          let stops = mw_string_stops16(base + start)
          let expectedStops = mw_string_stops16_portable(base + start)
          if (stops == 0 ? 16 : stops.trailingZeroBitCount >> shift) != (expectedStops == 0 ? 16 : expectedStops.trailingZeroBitCount) {
            mismatches += 1
          }
          let quotes = mw_quotes16(base + start)
          let expectedQuotes = mw_quotes16_portable(base + start)
          if (quotes == 0 ? 16 : quotes.trailingZeroBitCount >> shift) != (expectedQuotes == 0 ? 16 : expectedQuotes.trailingZeroBitCount) {
            mismatches += 1
          }
          // The writer's classifier: every window of small inputs, every seventh of large ones.
          for (slashes, nonASCII) in [(0, 0), (1, 0), (0, 1), (1, 1)] as [(Int32, Int32)] where blockStride == 1 || start % 7 == 0 {
            let escapes = mw_escape_stops16(base + start, slashes, nonASCII)
            let expectedEscapes = mw_escape_stops16_portable(base + start, slashes, nonASCII)
            if (escapes == 0 ? 16 : escapes.trailingZeroBitCount >> shift) != (expectedEscapes == 0 ? 16 : expectedEscapes.trailingZeroBitCount) {
              mismatches += 1
            }
          }
          let others = mw_non_digits16(base + start)
          let expectedOthers = mw_non_digits16_portable(base + start)
          if (others == 0 ? 16 : others.trailingZeroBitCount >> shift) != (expectedOthers == 0 ? 16 : expectedOthers.trailingZeroBitCount) {
            mismatches += 1
          }
        }
        #expect(mismatches == 0)
        for start in Swift.stride(from: 0, to: buffer.count, by: max(1, buffer.count / 50)) {
          let length = buffer.count - start
          #expect(mw_count_continuations(base + start, length) == mw_count_continuations_portable(base + start, length))
        }
      }
    }
  }

  /// Escapes and strings found 64 bytes at a time match a reading of the bytes one by one.
  @Test func escapesAndStringsMatchAByteByByteReading() {
    for bytes in Self.hostile(count: 3_000, length: 64, seed: 12) {
      let block = bytes + [UInt8](repeating: 0x20, count: 64 - min(64, bytes.count))
      for startsInString in [false, true] {
        for startsEscaped in [false, true] {
          var escaped = startsEscaped
          var inString = startsInString
          let classes = block.withUnsafeBufferPointer {
            StructuralBlock($0.baseAddress!, classifier: .portable, escaped: &escaped, inString: &inString)
          }
          // The reference: every backslash escapes the next byte, quotes toggle.
          var expectedMask: UInt64 = 0
          var within = startsInString
          var pending = startsEscaped
          for (i, byte) in block.prefix(64).enumerated() {
            if pending {
              pending = false
            } else if byte == UInt8(ascii: "\\") {
              pending = true
            } else if byte == UInt8(ascii: "\"") {
              within.toggle()
            }
            if within { expectedMask |= 1 << UInt64(i) }
          }
          #expect(classes.inString == expectedMask, "\(block) \(startsInString) \(startsEscaped)")
          #expect(escaped == pending && inString == within)
        }
      }
    }
  }

  /// Where a value ends is the same with either classifier or none, whole or cut in two.
  @Test func valueEndsAgreeWhateverTheClassifier() {
    var inputs = Self.corpus.map(\.bytes)
    inputs += Self.hostile(count: 400, length: 400, seed: 13).map { Array("[".utf8) + $0 }
    var random = SeededGenerator(seed: 14)
    for bytes in inputs where !bytes.isEmpty {
      bytes.withUnsafeBufferPointer { buffer in
        let starts =
          buffer.count > 20_000 ? [0] + (0..<40).map { _ in Int.random(in: 0..<buffer.count, using: &random) } : Array(0..<min(buffer.count, 200))
        for start in starts {
          var results: [Int?] = []
          for classifier in [ByteClassifier.none, .portable, .vector] {
            var whole = ValueEndScanner(first: buffer[start])
            whole.classifier = classifier
            results.append(whole.end(in: buffer, from: start + 1))
            let cut = Int.random(in: (start + 1)...buffer.count, using: &random)
            var parts = ValueEndScanner(first: buffer[start])
            parts.classifier = classifier
            var end = parts.end(in: UnsafeBufferPointer(rebasing: buffer[..<cut]), from: start + 1)
            if end == nil { end = parts.end(in: buffer, from: cut) }
            results.append(end)
          }
          #expect(Set(results.map { $0 ?? -1 }).count == 1, "start \(start): \(results)")
        }
      }
    }
  }

  /// Numbers of every length, the digits falling anywhere in a sixteen-byte window, keep
  /// their exact text: the parser's digit scan stops at the first non-digit.
  @Test func numbersOfEveryLengthKeepTheirText() throws {
    var random = SeededGenerator(seed: 15)
    for _ in 0..<2_000 {
      let digits = { (count: Int) in String((0..<count).map { _ in "0123456789".randomElement(using: &random)! }) }
      var number = Bool.random(using: &random) ? "-" : ""
      number += "123456789".randomElement(using: &random).map(String.init)! + digits(Int.random(in: 0...40, using: &random))
      if Bool.random(using: &random) { number += "." + digits(Int.random(in: 1...40, using: &random)) }
      if Bool.random(using: &random) { number += "e-" + digits(Int.random(in: 1...3, using: &random)) }
      let padding = String(repeating: " ", count: Int.random(in: 0...17, using: &random))
      let text = "[" + padding + number + "," + number + "]" + padding
      let document = try JSONDocument(text)
      #expect(document.root.elements.map(\.numberText) == [number, number], "\(text)")
    }
    for bad in ["[1.]", "[01]", "[1e]", "[-]", "[12345678901234567a]", "[1234567890123456789.e5]"] {
      #expect(throws: JSONError.self) { try JSONDocument(bad) }
    }
  }
}
