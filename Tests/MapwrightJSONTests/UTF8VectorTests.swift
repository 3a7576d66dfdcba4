import CMapwrightSIMD
import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// The vector check of UTF-8 inside strings (`mw_utf8_until_stop_vector`: SSSE3 or NEON)
/// gives the answers of its portable build, which is written from the rules of UTF-8 rather
/// than from the vector build's tables: at windows of every input of the corpus, on every
/// short sequence of the bytes where the rules change, and on seeded random text. Through the
/// parser, strings are accepted exactly when the standard library finds their bytes valid,
/// and rejected at the byte it names.
@Suite struct UTF8VectorTests {
  /// The bytes at which the rules of UTF-8 change.
  static let edges: [UInt8] = [
    0x00, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF,
  ]

  static func vector(_ bytes: [UInt8], from start: Int = 0, available: Int? = nil) -> Int {
    bytes.withUnsafeBufferPointer { mw_utf8_until_stop_vector($0.baseAddress! + start, available ?? $0.count - start) }
  }

  static func portable(_ bytes: [UInt8], from start: Int = 0, available: Int? = nil) -> Int {
    bytes.withUnsafeBufferPointer { mw_utf8_until_stop_portable($0.baseAddress! + start, available ?? $0.count - start) }
  }

  /// Seeded random string contents: well-formed text of one- to four-byte characters, with
  /// a byte changed in every other one. No quotes, backslashes or control bytes are made on
  /// purpose, but a changed byte may be one.
  static func texts(count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    let scalars: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
    return (0..<count).map { index in
      var bytes: [UInt8] = []
      let length = Int.random(in: 0...90, using: &random)
      while bytes.count < length {
        let range = scalars.randomElement(using: &random)!
        var scalar = Unicode.Scalar(UInt32.random(in: range, using: &random))!
        if scalar == "\"" || scalar == "\\" { scalar = "a" }
        bytes.append(contentsOf: String(scalar).utf8)
      }
      if index % 2 == 1, !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = Self.edges.randomElement(using: &random)!
      }
      return bytes
    }
  }

  @Test func theVectorCheckRunsHere() {
    #if arch(x86_64) || arch(arm64)
      #expect(mw_utf8_vector_supported() == 1)
    #endif
  }

  @Test func agreesOnEveryShortSequenceOfEdgeBytes() {
    // Three edge bytes at each place around the end of the first block, then text, then a quote.
    var checked = 0
    for place in 11...17 {
      for a in Self.edges {
        for b in Self.edges {
          for c in Self.edges {
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 48)
            bytes[place] = a
            bytes[place + 1] = b
            bytes[place + 2] = c
            bytes[place + 3 + (Int(a ^ b) % 20)] = UInt8(ascii: "\"")
            for available in [15, 16, 31, 32, 48] {
              let expected = Self.portable(bytes, available: available)
              let found = Self.vector(bytes, available: available)
              if found != expected {
                Issue.record("\(bytes[place...place + 2]) at \(place), \(available) bytes: \(found), expected \(expected)")
                return
              }
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked == 7 * 30 * 30 * 30 * 5)
  }

  @Test func agreesOnTheCorpus() {
    var checked = 0
    for (name, bytes) in VectorPathTests.corpus where !bytes.isEmpty {
      // Every place of small inputs; of the benchmark files, every thirteenth.
      let stride = bytes.count > 100_000 ? 13 : 1
      for start in Swift.stride(from: 0, to: bytes.count, by: stride) {
        let available = min(bytes.count - start, 16 + start % 97)
        let expected = Self.portable(bytes, from: start, available: available)
        let found = Self.vector(bytes, from: start, available: available)
        if found != expected {
          Issue.record("\(name) at \(start), \(available) bytes: \(found), expected \(expected)")
          return
        }
        checked += 1
      }
    }
    #expect(checked > 300_000)
  }

  /// The portable build, against the standard library: a stop is reported exactly when the
  /// bytes before it are valid UTF-8.
  @Test func theReferenceAgreesWithTheStandardLibrary() {
    for text in Self.texts(count: 4_000, seed: 0x5EED_0008) {
      let bytes = text + [UInt8(ascii: "\"")] + [UInt8](repeating: 0x20, count: 16)
      let result = Self.portable(bytes)
      let stop = bytes.firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }!
      let valid = String(validating: bytes[..<stop], as: UTF8.self) != nil
      #expect((result >= 0) == valid, "\(text)")
      if result >= 0 { #expect(result == stop) }
      #expect(Self.vector(bytes) == result)
    }
  }

  /// Through the parser, which checks long runs with the vector build and the rest byte by
  /// byte: each string is accepted when its bytes are valid UTF-8, with the standard
  /// library's text, and otherwise rejected at the first byte that the standard library's
  /// decoder cannot take; with invalid Unicode replaced, the text is the standard library's
  /// repair.
  @Test func theParserAcceptsWhatTheStandardLibraryAccepts() throws {
    var replacing = JSONParsingOptions()
    replacing.invalidUnicode = .replace
    for text in Self.texts(count: 4_000, seed: 0x5EED_0009) {
      let input = Array(#"{"s": ""#.utf8) + text + Array(#"", "n": 1}"#.utf8)
      let stop = text.firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
      if stop != nil { continue }  // a changed byte that ends or escapes the string: not this test's subject
      let expected = String(validating: text, as: UTF8.self)
      do throws(JSONError) {
        let document = try JSONDocument(input)
        #expect(document.root["s"]?.stringValue == expected, "\(text)")
        #expect(document.root["n"]?.intValue == 1)
      } catch {
        #expect(expected == nil, "\(text): \(error)")
        #expect(error.code == .invalidUTF8)
        #expect(error.offset == 7 + Self.firstInvalidByte(text), "\(text): \(error)")
      }
      let repaired = try JSONDocument(input, options: replacing)
      #expect(repaired.root["s"]?.stringValue == String(decoding: text, as: UTF8.self), "\(text)")
    }
  }

  /// Where the standard library's UTF-8 decoder first meets an ill-formed sequence.
  static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return offset
      }
    }
  }

  /// A vector check that fails is not started again before the bytes it covered are checked
  /// one by one: a long string of short runs of non-ASCII characters (each starts a vector
  /// check) with a bad byte at its end costs time linear in its length, with invalid Unicode
  /// replaced and rejected.
  @Test func aLateProblemCostsLinearTime() throws {
    var replacing = JSONParsingOptions()
    replacing.invalidUnicode = .replace
    func input(_ runs: Int) -> [UInt8] {
      Array("[\"".utf8) + Array(String(repeating: "éé a ", count: runs).utf8) + [0xFF] + Array("\"]".utf8)
    }
    let (small, large) = (input(4_000), input(40_000))
    #expect(throws: JSONError.self) { try JSONDocument(small) }
    #expect(try JSONDocument(small, options: replacing).root[0]?.stringValue?.hasSuffix(" \u{FFFD}") == true)
    let clock = ContinuousClock()
    for options in [JSONParsingOptions(), replacing] {
      // The best of five runs of each: one run can lose its core to another process.
      func best(_ input: [UInt8]) -> Duration {
        (0..<5).map { _ in clock.measure { _ = try? JSONDocument(input, options: options) } }.min()!
      }
      let smallTime = best(small)
      let largeTime = best(large)
      #expect(largeTime / smallTime < 40, "ten times the runs took \(largeTime / smallTime)× the time")
    }
  }
}
