import MapwrightJSON
import MapwrightTestSupport
import Testing

/// The runs of an array's elements, found by the stream splitter, for imports and sample
/// inference (which read each run's bytes again).
@Suite struct JSONElementRunsTests {
  static let payload = #"{"skip": {"a": [1, "]"]}, "items": [ {"a":1}, 2, "x,]", [3,[4]], {"b":"}\""} ,null, 7 ]}"#

  func runs(_ text: String, at keys: [String], batchSize: Int, runLength: Int) throws(JSONStreamError) -> JSONElementRuns {
    try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(JSONStreamError) in
      try JSONElementRuns.scan(buffer, format: .array(atKeys: keys), batchSize: batchSize, runLength: runLength)
    }
  }

  func text(_ bytes: Range<Int>) -> String {
    String(decoding: Array(Self.payload.utf8)[bytes], as: UTF8.self)
  }

  @Test func runsEndAtTheirLengthAndAtEveryBatch() throws {
    let found = try runs(Self.payload, at: ["items"], batchSize: 3, runLength: 2)
    #expect(found.count == 7)
    // Runs end after 2 (length), 3 (batch), 4 (length), 6 (both), and the last element.
    #expect(found.runs.map(\.elements) == [0..<2, 2..<3, 3..<4, 4..<6, 6..<7])
    #expect(found.batches.map(\.elements) == [0..<3, 3..<6, 6..<7])
    #expect(found.batches.map { text($0.bytes) } == [#"{"a":1}, 2, "x,]""#, #"[3,[4]], {"b":"}\""} ,null"#, "7"])
    #expect(found.runs.map { text($0.bytes) }.first == #"{"a":1}, 2"#)
    #expect(found.runs.map(\.column) == [38, 50, 57, 66, 85])
  }

  @Test func aBatchLargerThanTheArrayIsOneBatch() throws {
    let found = try runs(Self.payload, at: ["items"], batchSize: 100, runLength: 3)
    #expect(found.runs.map(\.elements) == [0..<3, 3..<6, 6..<7])
    #expect(found.batches.map(\.elements) == [0..<7])
    let empty = try runs(#"{"items": [ ]}"#, at: ["items"], batchSize: 2, runLength: 2)
    #expect(empty.count == 0 && empty.runs.isEmpty && empty.batches.isEmpty)
  }

  /// The runs are the same however large the payload is beside the splitter's chunks: a
  /// payload of several megabytes, elements across every chunk boundary, lines counted.
  @Test func aLargePayloadIsReadInChunks() throws {
    var generator = SeededGenerator(seed: 7)
    var elements: [String] = []
    for index in 0..<40_000 {
      let padding = String(repeating: "é", count: Int.random(in: 0..<60, using: &generator))
      elements.append("{\"id\": \(index), \"text\": \"\(padding)\"}")
    }
    let text = "{\"head\": 1,\n\"items\": [\n" + elements.joined(separator: ",\n") + "\n]}"
    let found = try runs(text, at: ["items"], batchSize: 1000, runLength: 300)
    #expect(found.count == elements.count)
    let bytes = Array(text.utf8)
    for run in found.batches {
      let parsed = try JSONDocument([UInt8(ascii: "[")] + bytes[run.bytes] + [UInt8(ascii: "]")])
      #expect(parsed.root.elements.map { $0["id"]?.intValue } == run.elements.map { $0 })
      // Element i is on line i + 3, column 1.
      #expect(run.line == run.elements.lowerBound + 3 && run.column == 1)
    }
  }

  /// Bad structure is the splitter's error, at its place.
  @Test func badPunctuationIsAnErrorAtItsPlace() {
    for (text, message, column) in [
      (#"[1, 2"#, "the stream ends inside an element", 5), (#"[1 2]"#, "unexpected character '2', expected ',' or ']'", 4),
      (#"{"a": 1}"#, "the stream is not an array", 1),
    ] {
      do {
        _ = try runs(text, at: [], batchSize: 2, runLength: 2)
        Issue.record("no error for \(text)")
      } catch {
        #expect(error.message.contains(message), "\(text): \(error.message)")
        #expect(error.column == column, "\(text)")
      }
    }
  }
}

/// The one scan of where a value ends, under the stream splitter and the largest-array search.
@Suite struct ValueEndScannerTests {
  static let values: [(text: String, end: Int?)] = [
    (#""a\"b\\" tail"#, 8), (#"{"a": ["}", {"b": "]\\"}]} ,"#, 26), ("[[[]], []]]", 10), ("123, 4", 3), ("true}", 4),
    ("-1.5e3\"x\"", 6), (#"{"unclosed": [1, 2"#, nil), (#""never closed \"#, nil), ("12345678901234567890", nil),
  ]

  /// The end (or "more is needed") is the same whether the bytes come whole or cut in two at
  /// any place.
  @Test func theEndIsTheSameHoweverTheBytesAreCut() throws {
    for (text, expected) in Self.values {
      let bytes = Array(text.utf8)
      var whole = ValueEndScanner(first: bytes[0])
      #expect(bytes.withUnsafeBufferPointer { whole.end(in: $0, from: 1) } == expected, "\(text)")
      for cut in 1...bytes.count {
        var scanner = ValueEndScanner(first: bytes[0])
        let head = Array(bytes[..<cut])
        var end = head.withUnsafeBufferPointer { scanner.end(in: $0, from: 1) }
        if end == nil { end = bytes.withUnsafeBufferPointer { scanner.end(in: $0, from: cut) } }
        #expect(end == expected, "\(text) cut at \(cut)")
      }
    }
  }
}
