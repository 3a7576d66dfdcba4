// A stream and the whole document agree: every file of the JSONTestSuite and of the parser's
// fuzz corpus is read whole and as a stream (the elements of its top-level array; as JSON
// Lines when it is one line), under the default rules, with repeated keys refused and with a
// small depth limit, and the verdicts are the same. The rules around the elements (depth from
// the root, repeated keys on the way to the array, a byte order mark past the start) live in
// the splitter, so every stream target gets them.

import Foundation
import Testing

@testable import MapwrightJSON

@Suite struct StreamAgreementTests {
  static let fuzzCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/FuzzParser")

  static var corpus: [(name: String, bytes: [UInt8])] {
    var files = SharedFiles.files(in: SharedFiles.testParsing).compactMap { name in
      (try? SharedFiles.bytes(SharedFiles.testParsing, name)).map { (name, $0) }
    }
    let fuzz = (try? FileManager.default.contentsOfDirectory(atPath: fuzzCorpus.path)) ?? []
    for name in fuzz.sorted() {
      if let data = FileManager.default.contents(atPath: fuzzCorpus.appendingPathComponent(name).path) { files.append((name, [UInt8](data))) }
    }
    return files
  }

  static var ruleSets: [JSONParsingOptions] {
    var rejecting = JSONParsingOptions()
    rejecting.duplicateKeys = .reject
    var shallow = JSONParsingOptions()
    shallow.maximumDepth = 3
    return [JSONParsingOptions(), rejecting, shallow]
  }

  /// Whether the stream reads to its end without an error.
  static func streamVerdict(_ bytes: [UInt8], format: JSONStreamFormat, parsing: JSONParsingOptions) -> Bool {
    var decoder = JSONStreamDecoder<Void>(format: format, options: JSONStreamOptions(parsing: parsing)) { element in
      _ = try JSONDocument(element.bytes, options: parsing)
    }
    do {
      bytes.withUnsafeBytes { decoder.append($0) }
      decoder.finish()
      while try decoder.next() != nil {}
      return true
    } catch {
      return false
    }
  }

  static func firstSignificant(_ bytes: [UInt8]) -> UInt8? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return body.first { !ValueEndScanner.isWhitespace($0) }
  }

  /// Compares the verdicts on every corpus file `applies` to, under each rule set; how many.
  static func compare(_ format: JSONStreamFormat, where applies: ([UInt8]) -> Bool) -> Int {
    var compared = 0
    for (name, bytes) in corpus where applies(bytes) {
      for parsing in ruleSets {
        let whole = (try? JSONDocument(bytes, options: parsing)) != nil
        let streamed = streamVerdict(bytes, format: format, parsing: parsing)
        #expect(whole == streamed, "\(name) \(format) depth \(parsing.maximumDepth) \(parsing.duplicateKeys): whole \(whole), stream \(streamed)")
        compared += 1
      }
    }
    return compared
  }

  @Test func arrayStreamsAndWholeDocumentsAgree() {
    #expect(Self.corpus.count > 300, "the JSONTestSuite is beside the repository")
    #expect(Self.compare(.array) { Self.firstSignificant($0) == UInt8(ascii: "[") } > 400)
  }

  @Test func oneLineJSONLinesAndWholeDocumentsAgree() {
    #expect(Self.compare(.jsonLines) { !$0.contains(0x0A) && !$0.contains(0x1E) && Self.firstSignificant($0) != nil } > 400)
  }

  /// The rules around the array at a key path: depth from the root, repeated keys in the
  /// objects on the way and in the members kept, as the whole document has them.
  @Test func theMembersAroundAnArrayFollowTheDocumentsRules() {
    var rejecting = JSONParsingOptions()
    rejecting.duplicateKeys = .reject
    var shallow = JSONParsingOptions()
    shallow.maximumDepth = 4
    let cases: [(String, JSONParsingOptions)] = [
      (#"{"x":1,"d":[1],"x":2}"#, rejecting),
      (#"{"x":{"a":1,"a":2},"d":[1]}"#, rejecting),
      (#"{"e":{"d":[1]},"e":{}}"#, rejecting),
      (#"{"d":[1],"d":[2]}"#, rejecting),
      (#"{"x":1,"d":[1],"y":2}"#, rejecting),
      (#"{"e":{"d":[[[1]]]}}"#, shallow),
      (#"{"e":{"d":[[1]]}}"#, shallow),
      (#"{"x":[[[[1]]]],"e":{"d":[]}}"#, shallow),
      (#"{"x":[[[1]]],"e":{"d":[]}}"#, shallow),
    ]
    for (text, parsing) in cases {
      let bytes = Array(text.utf8)
      let whole = (try? JSONDocument(bytes, options: parsing)) != nil
      let path: JSONStreamFormat = text.contains(#""e":{"d""#) ? .array(at: "e.d") : .array(at: "d")
      #expect(whole == Self.streamVerdict(bytes, format: path, parsing: parsing), "\(text)")
    }
  }

  @Test func aByteOrderMarkPastTheStartIsNamed() throws {
    let mark = "\u{FEFF}"
    let error = #expect(throws: JSONError.self) { try JSONDocument("[1, \(mark)2]") }
    #expect(error?.message.contains("byte order mark") == true && error?.column == 5, "\(String(describing: error))")
    var decoder = JSONStreamDecoder<JSON>(format: .jsonLines, options: .skippingBadElements) { try JSON(parsing: $0.bytes) }
    Array("\(mark){\"a\":1}\n\(mark){\"a\":2}\n{\"a\":3}\n".utf8).withUnsafeBytes { decoder.append($0) }
    decoder.finish()
    var values: [JSON] = []
    while let value = try decoder.next() { values.append(value) }
    #expect(values == [["a": 1], ["a": 3]])
    #expect(decoder.report.skipped.map(\.line) == [2] && decoder.report.skipped.first?.message.contains("byte order mark") == true)
  }

  /// Nesting deeper than the limit inside an element is refused at its bracket, counted from
  /// the root, and the element's bytes are not all kept.
  @Test func depthCountsFromTheRoot() throws {
    let text = "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]"
    var decoder = JSONStreamDecoder<JSON>(format: .array) { try JSON(parsing: $0.bytes) }
    Array(text.utf8).withUnsafeBytes { decoder.append($0) }
    decoder.finish()
    #expect {
      while try decoder.next() != nil {}
    } throws: { error in
      guard let error = error as? JSONStreamError else { return false }
      return error.column == 513 && error.elementIndex == 0 && error.message == "nesting deeper than 512 levels"
    }
  }
}
