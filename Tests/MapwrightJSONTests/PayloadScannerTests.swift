import MapwrightJSON
import Testing

@Suite struct PayloadScannerTests {
  static let payload = #"{"skip": {"a": [1, "]"]}, "items": [ {"a":1}, 2, "x,]", [3,[4]], {"b":"}\""} ,null, 7 ]}"#

  func text(_ scanner: PayloadScanner, _ bytes: Range<Int>) -> String {
    String(decoding: scanner.bytes[bytes], as: UTF8.self)
  }

  @Test func runsEndAtTheirLengthAndAtEveryBatch() throws {
    let scanner = PayloadScanner(bytes: Array(Self.payload.utf8))
    let found = try scanner.elements(at: ["items"], batchSize: 3, runLength: 2)
    #expect(found.count == 7)
    // Runs end after 2 (length), 3 (batch), 4 (length), 6 (both), and the last element.
    #expect(found.runs.map(\.elements) == [0..<2, 2..<3, 3..<4, 4..<6, 6..<7])
    #expect(found.batches.map(\.elements) == [0..<3, 3..<6, 6..<7])
    #expect(found.batches.map { text(scanner, $0.bytes) } == [#"{"a":1}, 2, "x,]""#, #"[3,[4]], {"b":"}\""} ,null"#, "7"])
    #expect(found.runs.map { text(scanner, $0.bytes) }.first == #"{"a":1}, 2"#)
  }

  @Test func aBatchLargerThanTheArrayIsOneBatch() throws {
    let scanner = PayloadScanner(bytes: Array(Self.payload.utf8))
    let found = try scanner.elements(at: ["items"], batchSize: 100, runLength: 3)
    #expect(found.runs.map(\.elements) == [0..<3, 3..<6, 6..<7])
    #expect(found.batches.map(\.elements) == [0..<7])
    let empty = try PayloadScanner(bytes: Array(#"{"items": [ ]}"#.utf8)).elements(at: ["items"], batchSize: 2, runLength: 2)
    #expect(empty.count == 0 && empty.runs.isEmpty && empty.batches.isEmpty)
  }

  @Test func badPunctuationIsAnErrorWithItsOffset() {
    for (text, message) in [
      (#"[1, 2"#, "unterminated array"), (#"[1 2]"#, "expected ',' or ']' between elements"), (#"{"a": 1}"#, "the payload is not an array"),
    ] {
      #expect(throws: PayloadScanner.ScanError.self) { try PayloadScanner(bytes: Array(text.utf8)).elements(at: [], batchSize: 2, runLength: 2) }
      do {
        _ = try PayloadScanner(bytes: Array(text.utf8)).elements(at: [], batchSize: 2, runLength: 2)
      } catch {
        #expect(error.message == message)
      }
    }
  }

  @Test func theArrayHoldingMostOfTheDocumentIsFound() {
    let padding = String(repeating: "x", count: 40)
    for (text, path) in [
      (#"[1, 2, 3]"#, [String]?.some([])),
      ("{\"meta\": {\"n\": 1}, \"statuses\": [{\"t\": \"\(padding)\"}, {\"t\": \"\(padding)\"}]}", ["statuses"]),
      ("{\"data\": {\"items\": [\"\(padding)\", \"\(padding)\"], \"n\": 2}}", ["data", "items"]),
      ("{\"text\": \"\(padding)\", \"items\": [1]}", nil),  // the largest member is not an array
      ("{\"a\": [1], \"b\": [2]}", nil),  // no member holds half the document
      ("{\"a\\u0062\": [\"\(padding)\"]}", nil),  // an escaped key is left to the full parse
      (#"{"a": [1, "#, nil),
    ] {
      #expect(PayloadScanner(bytes: Array(text.utf8)).largestArray() == path, "\(text)")
    }
  }
}

/// The one scan of where a value ends, under the stream splitter and the payload scanner.
@Suite struct ValueEndScannerTests {
  static let values: [(text: String, end: Int?)] = [
    (#""a\"b\\" tail"#, 8), (#"{"a": ["}", {"b": "]\\"}]} ,"#, 26), ("[[[]], []]]", 10), ("123, 4", 3), ("true}", 4),
    ("-1.5e3\"x\"", 6), (#"{"unclosed": [1, 2"#, nil), (#""never closed \"#, nil), ("12345678901234567890", nil),
  ]

  /// The end (or "more is needed") is the same whether the bytes come whole or cut in two at
  /// any place, and the same as the payload scanner's.
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
      let scanned = try? PayloadScanner(bytes: bytes).skipValue(from: 0)
      #expect(scanned == expected ?? (whole.isScalar ? bytes.count : nil), "\(text)")
    }
  }
}
