import CMapwrightSIMD
import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

/// The indexed parse (`JSONParsingOptions.usesStructuralIndex`). Its first stage: every vector
/// kernel this processor runs gives the portable kernel's index, entry for entry, on the corpus,
/// on mutations of it and on seeded random bytes, whatever the window; and the portable kernel
/// gives the index its definition says on hand-made texts. Its second stage: with every kernel,
/// the tape of every corpus and JSONTestSuite file is the one-pass parser's, and every text the
/// one-pass parser rejects is rejected, with the same error through the public API.
@Suite struct StructuralIndexTests {
  /// The kernels this processor runs, the portable one first.
  static let kernels: [Int32] = (0..<5).filter { mw_stage1_kernels() & (1 << $0) != 0 }.map { Int32($0) }

  /// The index of `bytes` by `kernel`, `blocks` blocks a window, and whether the text failed.
  static func index(_ bytes: [UInt8], kernel: Int32, blocks: Int = 64) -> (entries: [UInt32], failed: Bool) {
    bytes.withUnsafeBufferPointer { buffer in
      var state = mw_stage1()
      mw_stage1_start(&state, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, kernel)
      let room = UnsafeMutablePointer<UInt32>.allocate(capacity: 64 * (blocks + 1))
      defer { room.deallocate() }
      var entries: [UInt32] = []
      repeat {
        let filled = mw_stage1_fill(&state, room, blocks)
        entries.append(contentsOf: UnsafeBufferPointer(start: room, count: filled))
      } while state.position < state.count
      return (entries, state.failed != 0)
    }
  }

  /// Where every kernel agrees with the portable one on `bytes` (the entries only where the
  /// text did not fail: a failed index is never read).
  static func expectKernelsAgree(_ bytes: [UInt8], _ what: @autoclosure () -> String, windows: [Int] = [64]) {
    let reference = index(bytes, kernel: MW_KERNEL_PORTABLE, blocks: 1)
    for kernel in kernels {
      for blocks in windows {
        let found = index(bytes, kernel: kernel, blocks: blocks)
        #expect(found.failed == reference.failed, "kernel \(kernel), \(blocks) blocks: \(what())")
        if !reference.failed, found.entries != reference.entries {
          let first =
            zip(found.entries, reference.entries).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(found.entries.count, reference.entries.count)
          Issue.record("kernel \(kernel), \(blocks) blocks: \(what()): entries differ from entry \(first)")
        }
      }
    }
  }

  static func corpus() throws -> [(String, [UInt8])] {
    try SharedFiles.files(in: SharedFiles.benchData).map { ($0, try SharedFiles.bytes(SharedFiles.benchData, $0)) }
  }

  // MARK: First stage

  @Test func thePortableKernelIndexesAsDefined() {
    let text = Array(#"{"a":[1,"x\"y",tru],"b\u00e9":"é" , "c\\":-2.5e3}"#.utf8)
    let (entries, failed) = Self.index(text, kernel: MW_KERNEL_PORTABLE)
    #expect(!failed)
    let offset = { (entry: UInt32) in Int(entry & MW_INDEX_OFFSET) }
    // Operators, both quotes of each string, and the first byte of each scalar run.
    #expect(entries.map { Character(UnicodeScalar(text[offset($0)])) } == Array(#"{"":[1,"",t],"":"","":-}"#))
    // The closing quotes: "x\"y" holds a backslash, "b\u00e9" a \u escape, "é" a high byte,
    // "c\\" a backslash; the others nothing.
    let closing = entries.filter { $0 & ~MW_INDEX_OFFSET != 0 }
    #expect(
      closing.map { $0 & ~MW_INDEX_OFFSET } == [
        MW_INDEX_ESCAPES, MW_INDEX_ESCAPES | MW_INDEX_UNICODE, MW_INDEX_NON_ASCII, MW_INDEX_ESCAPES,
      ])
  }

  @Test(arguments: [
    ("control byte in a string", Array("[\"a\u{1}b\"]".utf8)),
    ("unknown escape", Array(#"["a\xb"]"#.utf8)),
    ("unterminated string", Array(#"["abc"#.utf8)),
    ("invalid UTF-8 in a string", [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]),
    ("invalid UTF-8 outside strings", [0x5B, 0xFF, 0x5D]),
    ("a sequence cut short at the end", [0x5B, 0x31, 0x5D, 0xE2, 0x82]),
  ])
  func theFirstStageFailsOn(_ what: String, _ text: [UInt8]) {
    for kernel in Self.kernels {
      #expect(Self.index(text, kernel: kernel).failed, "kernel \(kernel): \(what)")
    }
  }

  @Test func everyKernelAgreesOnTheCorpus() throws {
    for (name, bytes) in try Self.corpus() {
      Self.expectKernelsAgree(bytes, name, windows: name == "twitter.json" ? [1, 3, 64] : [64])
    }
  }

  @Test func everyKernelAgreesOnMutationsOfTheCorpus() throws {
    var random = SeededGenerator(seed: 0x5_7A6E_1)
    let sources = try Self.corpus().map(\.1)
    try #require(!sources.isEmpty, "the benchmark corpus (\(SharedFiles.benchData)) is missing")
    let replacements = Array("\"\\{}[]:, \n\u{1}unx/".utf8) + [0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
    for round in 0..<1500 {
      let source = sources[round % sources.count]
      let length = Int.random(in: 1...400, using: &random)
      let start = Int.random(in: 0...(source.count - length), using: &random)
      var text = Array(source[start..<start + length])
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        text[Int.random(in: 0..<text.count, using: &random)] = replacements.randomElement(using: &random)!
      }
      Self.expectKernelsAgree(text, "mutation \(round)", windows: [1, 64])
    }
  }

  @Test func everyKernelAgreesOnRandomBytes() {
    var random = SeededGenerator(seed: 0xB17E5)
    let pool = Array("\"\\\\{}[]:, a1unx/\té€😀".utf8)
    for round in 0..<3000 {
      let text = (0..<Int.random(in: 0...260, using: &random)).map { _ in
        Int.random(in: 0..<5, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : pool.randomElement(using: &random)!
      }
      Self.expectKernelsAgree(text, "random text \(round)", windows: [1, 64])
    }
  }

  // MARK: Second stage

  /// The entries of a tape, as four words each.
  static func words(_ tape: Tape) -> [UInt32] {
    (0..<tape.count).flatMap { [tape[$0].header, tape[$0].offset, tape[$0].length, tape[$0].next] }
  }

  /// With every kernel: the indexed tape of `bytes` is the one-pass parser's, or nil where the
  /// one-pass parser throws.
  static func expectSameTape(_ bytes: [UInt8], _ what: String, options: JSONParsingOptions = JSONParsingOptions()) {
    // A leading byte order mark is left to the one-pass parser.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return }
    let onePass = try? JSONDocument(bytes, options: options)
    for kernel in kernels {
      let indexed = bytes.withUnsafeBufferPointer { indexedTape($0, options: options, kernel: kernel) }
      if let onePass {
        guard let indexed else {
          Issue.record("kernel \(kernel): \(what): the indexed parse gave up on a valid text")
          continue
        }
        #expect(words(indexed) == words(onePass.tape), "kernel \(kernel): \(what)")
      } else {
        #expect(indexed == nil, "kernel \(kernel): \(what): the indexed parse accepted an invalid text")
      }
    }
  }

  @Test func theIndexedTapeIsTheOnePassTapeOnTheCorpus() throws {
    for (name, bytes) in try Self.corpus() { Self.expectSameTape(bytes, name) }
  }

  @Test func theIndexedParseAcceptsAndRejectsAsJSONTestSuite() throws {
    let names = SharedFiles.files(in: SharedFiles.testParsing)
    #expect(names.count > 300)
    for name in names {
      Self.expectSameTape(try SharedFiles.bytes(SharedFiles.testParsing, name), name)
    }
  }

  /// A value somewhere inside `json`: a random walk down its arrays and objects.
  static func someValue(of json: JSON, using random: inout SeededGenerator) -> JSON {
    var value = json
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch value {
      case .array(let elements) where !elements.isEmpty: value = elements.randomElement(using: &random)!
      case .object(let object) where !object.isEmpty: value = object.values.randomElement(using: &random)!
      default: return value
      }
    }
    return value
  }

  @Test func theIndexedParseAgreesOnMutationsOfTheCorpus() throws {
    var random = SeededGenerator(seed: 0x2_57A6E)
    let sources = try ["twitter.json", "citm_catalog.json", "github_events.json", "apache_builds.json", "canada.json"].map {
      try JSON(parsing: SharedFiles.bytes(SharedFiles.benchData, $0))
    }
    let replacements = Array("\"\\{}[]:, \n\u{1}0-.eE+tfnu/x".utf8) + [0x80, 0xC3, 0xE2, 0xFF]
    var strict = JSONParsingOptions()
    strict.duplicateKeys = .reject
    strict.maximumDepth = 3
    for round in 0..<400 {
      // A value of a corpus file, written compact or pretty, so that unchanged texts are valid.
      let value = Self.someValue(of: sources[round % sources.count], using: &random)
      var text = try value.jsonBytes(round % 3 == 0 ? [.prettyPrinted] : [])
      if text.count > 4000 { text = Array(text.prefix(4000)) }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        text[Int.random(in: 0..<text.count, using: &random)] = replacements.randomElement(using: &random)!
      }
      Self.expectSameTape(text, "mutation \(round)")
      Self.expectSameTape(text, "mutation \(round), duplicate keys rejected, depth 3", options: strict)
    }
  }

  @Test(arguments: [
    #"[1x]"#, #"{"a"::1}"#, #"[1 2]"#, #"[truex]"#, #"{"a":1,}"#, #"["a\u12G4"]"#, #"["\uD800"]"#, #"{"a" "b"}"#,
    #"[1,]"#, #"{"a":1 "b":2}"#, #"[01]"#, #"[-]"#, #"[1.]"#, #"["a"]]"#, #"[[["#, #"{"a":1}{"#, "[\"\u{1}\"]",
  ])
  func theSameErrorThroughThePublicAPI(_ shortText: String) {
    // Padded past the length the indexed parse starts at, with the error inside.
    let text = Array(("[" + String(repeating: "0,", count: 300) + shortText + "]").utf8)
    var indexed = JSONParsingOptions()
    indexed.usesStructuralIndex = true
    #expect(text.count >= 512)
    let expected = #expect(throws: JSONError.self) { try JSONDocument(text) }
    let found = #expect(throws: JSONError.self) { try JSONDocument(text, options: indexed) }
    #expect(found?.description == expected?.description)
    #expect(found?.offset == expected?.offset)
  }

  @Test func theOptionGivesTheSameValues() throws {
    var indexed = JSONParsingOptions()
    indexed.usesStructuralIndex = true
    for name in ["twitter.json", "citm_catalog.json", "github_events.json"] {
      let bytes = try SharedFiles.bytes(SharedFiles.benchData, name)
      #expect(try JSON(JSONDocument(bytes, options: indexed).root) == JSON(JSONDocument(bytes).root), "\(name)")
    }
  }
}
