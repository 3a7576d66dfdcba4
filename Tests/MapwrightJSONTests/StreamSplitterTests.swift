import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightJSON

/// What a splitter gave, in a form two runs can be compared by.
enum SplitOutcome: Equatable, CustomStringConvertible {
  case element(bytes: [UInt8], index: Int, offset: Int, line: Int, column: Int, atEnd: Bool)
  case error(code: String, index: Int?, offset: Int, line: Int, column: Int, resume: Int, message: String)

  var description: String {
    switch self {
    case .element(let bytes, let index, let offset, let line, let column, _):
      "element \(index) at \(offset) (\(line):\(column)): \(String(decoding: bytes.prefix(40), as: UTF8.self))"
    case .error(let code, let index, let offset, let line, let column, let resume, let message):
      "error \(code) element \(index.map(String.init) ?? "-") at \(offset) (\(line):\(column)) resume \(resume): \(message)"
    }
  }
}

/// Splits `bytes` fed in chunks of the sizes `chunkSize` gives, going on after errors that
/// leave the stream readable.
func split(
  _ bytes: [UInt8], _ format: JSONStreamFormat, maximumElementSize: Int = 64 << 20, parsing: JSONParsingOptions = JSONParsingOptions(),
  chunkSize: (Int) -> Int
) -> (outcomes: [SplitOutcome], surroundings: JSON) {
  var splitter = JSONElementSplitter(format: format, maximumElementSize: maximumElementSize, parsing: parsing)
  var outcomes: [SplitOutcome] = []
  var over = false
  func drain() {
    while !over {
      do {
        guard let element = try splitter.next() else { return }
        outcomes.append(
          .element(
            bytes: element.bytes, index: element.index, offset: element.offset, line: element.line, column: element.column,
            atEnd: element.atEndOfStream))
      } catch {
        outcomes.append(
          .error(
            code: error.code.description, index: error.elementIndex, offset: error.elementOffset, line: error.line, column: error.column,
            resume: error.resumeOffset, message: error.message))
        if error.code != .elementTooLarge { over = true }
      }
    }
  }
  var position = 0
  var chunkIndex = 0
  while position < bytes.count {
    let size = max(1, chunkSize(chunkIndex))
    let end = min(bytes.count, position + size)
    splitter.append(bytes[position..<end])
    position = end
    chunkIndex += 1
    drain()
  }
  splitter.finish()
  drain()
  return (outcomes, splitter.surroundings)
}

@Suite("The stream splitter")
struct StreamSplitterTests {
  static func whole(_ text: String, _ format: JSONStreamFormat, maximumElementSize: Int = 64 << 20) -> [SplitOutcome] {
    split(Array(text.utf8), format, maximumElementSize: maximumElementSize) { _ in Int.max }.outcomes
  }

  static func texts(_ outcomes: [SplitOutcome]) -> [String] {
    outcomes.map {
      if case .element(let bytes, _, _, _, _, _) = $0 { return String(decoding: bytes, as: UTF8.self) }
      return "\($0)"
    }
  }

  /// A value that grows past the size limit and then past the depth limit gets both errors,
  /// the size's first, in whatever chunks it arrives (found by FuzzParser: in one chunk the
  /// depth's error came alone).
  @Test func aValueTooLargeBeforeItIsTooDeepGetsBothErrorsInAnyChunks() {
    let bytes: [UInt8] =
      Array("[1e.5\n\n[[[".utf8) + [0x00, 0xFE] + Array("//".utf8) + [0xB8] + Array("e8d".utf8) + [UInt8](repeating: 0x0D, count: 50)
      + Array("[]".utf8)
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = 4
    let whole = split(bytes, .concatenated, maximumElementSize: 64, parsing: parsing) { _ in Int.max }.outcomes
    for chunk in [1, 5, 13, 64] {
      #expect(split(bytes, .concatenated, maximumElementSize: 64, parsing: parsing) { _ in chunk }.outcomes == whole, "chunks of \(chunk)")
    }
    guard whole.count == 2, case .error(let first, 0, 0, _, _, _, _) = whole[0], case .error(_, 1, let offset, _, _, _, let message) = whole[1]
    else {
      Issue.record("\(whole)")
      return
    }
    #expect(first == JSONStreamError.Code.elementTooLarge.description)
    #expect(offset == bytes.count - 2 && message.contains("deeper than 4"))
  }

  /// Columns count characters, not bytes, on a long line of multi-byte text: each element's
  /// column is the number of Unicode scalars before it, plus one.
  @Test func columnsCountCharactersOnALongLine() {
    let texts = [
      #""\#(String(repeating: "é", count: 40))""#, #"{"名前": "\#(String(repeating: "日本語", count: 30))"}"#,
      #""\#(String(repeating: "😀a", count: 25))""#, "[1, 2]", #""plain ascii that is longer than sixteen bytes""#, "3",
    ]
    let text = "[" + texts.joined(separator: ", ") + "]"
    for chunk in [1, 7, 64, Int.max] {
      let outcomes = split(Array(text.utf8), .array) { _ in chunk }.outcomes
      #expect(outcomes.count == texts.count)
      for (i, outcome) in outcomes.enumerated() {
        guard case .element(_, _, let offset, let line, let column, _) = outcome else {
          Issue.record("\(outcome)")
          continue
        }
        let before = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
        #expect(line == 1 && column == before.unicodeScalars.count + 1, "element \(i), chunks of \(chunk)")
      }
    }
  }

  @Test func jsonLines() {
    let text = "\u{FEFF}{\"a\": 1}\r\n\n   \n[1, 2]  \n\"x\"\n  7"
    let outcomes = Self.whole(text, .jsonLines)
    #expect(Self.texts(outcomes) == ["{\"a\": 1}", "[1, 2]", "\"x\"", "7"])
    #expect(outcomes[1] == .element(bytes: Array("[1, 2]".utf8), index: 1, offset: 18, line: 4, column: 1, atEnd: false))
    #expect(outcomes[3] == .element(bytes: Array("7".utf8), index: 3, offset: 33, line: 6, column: 3, atEnd: true))
    #expect(Self.whole("", .jsonLines).isEmpty && Self.whole("\n\n \r\n", .jsonLines).isEmpty)
  }

  @Test func textSequencesAndConcatenatedValues() {
    let sequence = "\u{1E}{\"a\": 1}\n\u{1E}[2]\n\u{1E}\n\u{1E}\"x\"\n"
    #expect(Self.texts(Self.whole(sequence, .jsonTextSequence)) == ["{\"a\": 1}", "[2]", "\"x\""])
    let concatenated = #"{"a": "}{"}[1,[2]]"x\"y" 12 -3.5e1 true null{}"#
    #expect(Self.texts(Self.whole(concatenated, .concatenated)) == [#"{"a": "}{"}"#, "[1,[2]]", #""x\"y""#, "12", "-3.5e1", "true", "null", "{}"])
  }

  @Test func arrayElementsAndWhatSurroundsThem() {
    let text = #"{"total": 3, "data": {"page": 1, "results": [ {"id": 1} , "two",3,[4] ], "next": null}, "ok": true}"#
    let (outcomes, surroundings) = split(Array(text.utf8), .array(at: "data.results")) { _ in Int.max }
    #expect(Self.texts(outcomes) == [#"{"id": 1}"#, #""two""#, "3", "[4]"])
    #expect(surroundings == ["total": 3, "data": ["page": 1, "next": nil], "ok": true])
    #expect(Self.texts(Self.whole(" [ ] ", .array)) == [])
    #expect(Self.texts(Self.whole("[1,\n 2]", .array)) == ["1", "2"])
    #expect(Self.whole("[1,\n 2]", .array)[1] == .element(bytes: [0x32], index: 1, offset: 5, line: 2, column: 2, atEnd: false))
  }

  @Test func punctuationAroundElementsIsChecked() {
    for (text, expected) in [
      ("[1 2]", "unexpected character '2', expected ',' or ']'"),
      ("[1,]", "unexpected character ']', expected a value"),
      ("[,1]", "unexpected character ',', expected a value or ']'"),
      ("[1] x", "unexpected 'x' after the JSON value"),
      (#"{"items" [1]}"#, "unexpected character '[', expected ':'"),
      (#"{"a": 1 "items": []}"#, "unexpected character '\"', expected ',' or '}'"),
      (#"{"a": 1,}"#, "unexpected character '}', expected a member name"),
      (#"{"a": tru, "items": []}"#, "unexpected end of input, expected 'true'"),
    ] {
      let outcomes = Self.whole(text, text.hasPrefix("{") ? .array(at: "items") : .array)
      guard case .error(let code, _, _, _, _, _, let message)? = outcomes.last else {
        Issue.record("\(text): \(outcomes)")
        continue
      }
      #expect(code == "syntax" && message == expected, "\(text): \(message)")
    }
  }

  @Test func anArrayThatIsNotThereIsSaidSo() {
    for (text, path, expected) in [
      (#"{"a": []}"#, "items", "there is no \"items\""),
      (#"{"items": {}}"#, "items", "\"items\" is not an array"),
      (#"{"data": []}"#, "data.items", "\"data\" is not an object"),
      ("[1]", "items", "the stream is not an object, so it has no \"items\""),
      (#"{"items": []}"#, "", "the stream is not an array"),
    ] {
      let outcomes = Self.whole(text, .array(at: path))
      guard case .error(let code, _, _, _, _, _, let message)? = outcomes.last else {
        Issue.record("\(text): \(outcomes)")
        continue
      }
      #expect(code == "arrayNotFound" && message == expected, "\(text): \(message)")
    }
  }

  /// A stream cut inside an element says where the last complete element ended.
  @Test func truncationSaysWhereToResume() {
    let outcomes = Self.whole(#"{"items": [{"id": 1}, {"id": 2}, {"id""#, .array(at: "items"))
    #expect(Self.texts(outcomes).prefix(2) == [#"{"id": 1}"#, #"{"id": 2}"#])
    #expect(
      outcomes.last == .error(code: "truncated", index: 2, offset: 33, line: 1, column: 34, resume: 31, message: "the stream ends inside an element"))
    // A number at the end is not known to be whole ("2" may go on as "25").
    let afterElements = Self.whole(#"{"items": [1, 2"#, .array(at: "items"))
    #expect(Self.texts(afterElements).first == "1")
    guard case .error("truncated", 1, 14, _, _, 12, _)? = afterElements.last else {
      Issue.record("\(afterElements)")
      return
    }
    let lines = Self.whole("{\"a\": 1}\n{\"a\": ", .jsonLines)
    #expect(lines.last == .element(bytes: Array("{\"a\":".utf8), index: 1, offset: 9, line: 2, column: 1, atEnd: true))
    #expect(Self.whole("[1, 2", .concatenated).last.map { "\($0)" }?.contains("truncated") == true)
    #expect(Self.whole("", .array).last.map { "\($0)" }?.contains("the stream is empty") == true)
  }

  /// A stream cut anywhere, then read again from `resumeOffset`, gives every element once
  /// (serde_json's `byte_offset()` contract), for the forms whose elements stand alone.
  @Test(arguments: [JSONStreamFormat.jsonLines, .jsonTextSequence, .concatenated])
  func resumingWhereTheCutStreamSays(_ format: JSONStreamFormat) {
    let values = (0..<60).map { #"{"id": \#($0), "text": "a b\\n \#(String(repeating: "é", count: $0 % 5))"}"# }
    var writer = JSONStreamWriter(format: format)
    for value in values { try? writer.append(element: Array(value.utf8)) }
    writer.finish()
    let bytes = writer.takeAll()
    let all = Self.texts(split(bytes, format) { _ in Int.max }.outcomes)
    #expect(all == values)
    var random = SeededGenerator(seed: 12)
    for _ in 0..<40 {
      let cut = Int.random(in: 1..<bytes.count, using: &random)
      let first = split(Array(bytes[..<cut]), format) { _ in 64 }.outcomes
      var texts = Self.texts(first.filter { if case .element(_, _, _, _, _, let atEnd) = $0 { !atEnd } else { false } })
      // The resume point: the truncation's, or past the last element known complete (a last
      // line at the cut may go on in the bytes after it, so it is read again).
      var resume = 0
      for outcome in first {
        if case .element(let element, _, let offset, _, _, let atEnd) = outcome, !atEnd { resume = offset + element.count }
        if case .error(_, _, _, _, _, let at, _) = outcome { resume = at }
      }
      texts += Self.texts(split(Array(bytes[resume...]), format) { _ in 64 }.outcomes)
      #expect(texts == values, "cut at \(cut), resumed at \(resume)")
    }
  }

  /// An element over the limit is an error at its offset; the stream goes on after it.
  @Test func elementsOverTheLimitAreSkippedAndReported() {
    let big = "[" + String(repeating: "1,", count: 50) + "1]"
    for format: JSONStreamFormat in [.array, .jsonLines, .concatenated] {
      let text =
        switch format {
        case .array: "[1, \(big), \"after\"]"
        case .jsonLines: "1\n\(big)\n\"after\"\n"
        default: "1 \(big) \"after\""
        }
      for chunk in [1, 7, 4096] {
        let outcomes = split(Array(text.utf8), format, maximumElementSize: 40) { _ in chunk }.outcomes
        #expect(outcomes.count == 3, "\(format) \(chunk): \(outcomes)")
        guard outcomes.count == 3, case .error("elementTooLarge", 1, let offset, _, _, _, _) = outcomes[1] else { continue }
        #expect(offset == (format == .array ? 4 : 2), "\(format)")
        #expect(Self.texts([outcomes[2]]) == ["\"after\""])
      }
    }
  }

  /// The same bytes give the same elements, errors and offsets however they are cut.
  @Test(arguments: [UInt64(1), 7, 2026])
  func chunkingChangesNothing(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let names = SharedFiles.files(in: SharedFiles.testParsing)
    let documents = try names.map { try SharedFiles.bytes(SharedFiles.testParsing, $0) }
    let valid = zip(names, documents).filter { $0.0.hasPrefix("y_") }.map(\.1)
    var streams: [([UInt8], JSONStreamFormat)] = [
      (Array(documents.joined(separator: [0x0A])), .jsonLines),
      (Array(documents.joined(separator: [0x1E])), .jsonTextSequence),
      (Array(valid.joined(separator: [0x20])), .concatenated),
      ([UInt8]("[".utf8) + Array(valid.joined(separator: Array(",\n".utf8))) + [UInt8]("]".utf8), .array),
      (
        [UInt8](#"{"a": "[", "data": {"x": [1, {"]": 2}], "items": ["#.utf8) + Array(valid.joined(separator: [0x2C]))
          + [UInt8](#"], "z": "é"}, "b": [true]}"#.utf8), .array(at: "data.items")
      ),
    ]
    streams.append((try SharedFiles.bytes(SharedFiles.benchData, "twitter.json"), .array(at: "statuses")))
    // Documents cut short and malformed ones: errors must fall at the same places too.
    streams.append((Array(streams[3].0.prefix(streams[3].0.count * 2 / 3)), .array))
    for (bytes, format) in streams {
      let reference = split(bytes, format) { _ in Int.max }
      #expect(!reference.outcomes.isEmpty)
      for sizes in [{ (_: Int) in 1 }, { _ in 7 }, { _ in 4096 }, { _ in 65536 }] as [(Int) -> Int] {
        let other = split(bytes, format, chunkSize: sizes)
        #expect(other.outcomes == reference.outcomes, "\(format)")
        #expect(other.surroundings == reference.surroundings)
      }
      var chunks = random
      let randomCut = split(bytes, format) { _ in Int.random(in: 1...300, using: &chunks) }
      random = chunks
      #expect(randomCut.outcomes == reference.outcomes, "\(format), random chunks")
    }
  }

  /// Inputs the fuzzer found: cut into chunks, the same outcomes as whole.
  @Test func fuzzerFindings() throws {
    let findings: [[UInt8]] = [
      [
        0x5B, 0x31, 0x65, 0x34, 0x2C, 0x20, 0x30, 0x2E, 0x31, 0x2C, 0x20, 0x2D, 0x32, 0x29, 0x29, 0x30, 0x65, 0x39, 0x3A, 0x20, 0x22,
        0xC8, 0x2A, 0x2F, 0xC7, 0xC6, 0xCF, 0x30, 0x43, 0x68, 0x61, 0x72, 0x61, 0x63, 0x78, 0xCE, 0xCD, 0xCC, 0x34, 0x35, 0x36, 0x37,
        0x38, 0x39, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x35, 0x36, 0x37, 0x38, 0x2C, 0x20, 0x22, 0x33, 0x75, 0x5C, 0x64, 0x75,
        0x0A, 0x5C, 0x5D, 0x5D,
      ]
    ]
    for bytes in findings {
      for format in [JSONStreamFormat.jsonLines, .jsonTextSequence, .concatenated, .array, .array(at: "a.b")] {
        let whole = split(bytes, format, maximumElementSize: 64) { _ in Int.max }
        for chunk in [1, 2, 3, 5, 13] {
          let cut = split(bytes, format, maximumElementSize: 64) { _ in chunk }
          #expect(cut.outcomes == whole.outcomes, "\(format), chunks of \(chunk):\n\(cut.outcomes)\n\(whole.outcomes)")
        }
      }
    }
  }

  /// The elements of twitter.json's statuses are the document's own, and what surrounds them
  /// is the document without them.
  @Test func twitterStatusesAreTheDocumentsOwn() throws {
    let bytes = try SharedFiles.bytes(SharedFiles.benchData, "twitter.json")
    let (outcomes, surroundings) = split(bytes, .array(at: "statuses")) { _ in 5000 }
    let document = try JSON(parsing: bytes)
    let statuses = try #require(document["statuses"]?.arrayValue)
    #expect(outcomes.count == statuses.count)
    for (outcome, status) in zip(outcomes, statuses) {
      guard case .element(let element, _, _, _, _, _) = outcome else {
        Issue.record("\(outcome)")
        continue
      }
      #expect(try JSON(parsing: element) == status)
    }
    var rest = try #require(document.objectValue)
    _ = rest.removeValue(forKey: "statuses")
    #expect(surroundings == .object(rest))
  }
}
