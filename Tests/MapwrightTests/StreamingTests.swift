import Foundation
import Mapwright
import MapwrightObjectMapper
import MapwrightSchema
import MapwrightTestSupport
import Testing

/// The bytes in chunks of `size`, as an async sequence.
func chunked(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
  AsyncStream { continuation in
    var position = 0
    while position < bytes.count {
      let end = min(bytes.count, position + size)
      continuation.yield(Array(bytes[position..<end]))
      position = end
    }
    continuation.finish()
  }
}

/// The bytes one at a time, as `URLSession.AsyncBytes` gives them.
func byteByByte(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
  AsyncStream { continuation in
    for byte in bytes { continuation.yield(byte) }
    continuation.finish()
  }
}

@JSONModel
struct StreamedEvent: Equatable {
  var id: Int
  var kind: String
  var tags: [String]?
}

final class StreamedUser: Mappable {
  var name = ""
  var age: Int?
  init?(map: Map) {}
  func mapping(map: Map) {
    name <- map["name"]
    age <- map["age"]
  }
}

@Suite("Streams of elements, every target")
struct StreamingTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func twitter() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repository.deletingLastPathComponent().appendingPathComponent("shared/bench-data/twitter.json")))
  }

  /// The statuses of twitter.json, streamed from the array at "statuses" and as JSON Lines,
  /// in chunks of several sizes, are the document's own.
  @Test func modelsFromAnArrayAndFromJSONLines() async throws {
    let bytes = try Self.twitter()
    let whole = try GenTwitterSearch(json: bytes).statuses.map { $0.json() }
    for size in [7, 4096, 1 << 20] {
      var streamed: [JSON] = []
      for try await status in GenTwitterStatus.elements(of: chunked(bytes, size: size), format: .array(at: "statuses")) {
        streamed.append(status.json())
      }
      #expect(streamed == whole, "chunks of \(size)")
    }
    let lines = try whole.map { try $0.jsonBytes() }.joined(separator: [0x0A])
    let sequence = GenTwitterStatus.elements(of: chunked(Array(lines), size: 1000), format: .jsonLines)
    var count = 0
    for try await status in sequence {
      #expect(status.json() == whole[count])
      count += 1
    }
    #expect(count == whole.count && sequence.report.decoded == whole.count && sequence.report.skipped.isEmpty)
  }

  /// What surrounds the array is in the report once the stream is over.
  @Test func theMembersAroundTheArray() async throws {
    let text = #"{"total": 2, "items": [{"id": 1, "kind": "a"}, {"id": 2, "kind": "b", "tags": ["x"]}], "next": "/page/2"}"#
    let sequence = StreamedEvent.elements(of: chunked(Array(text.utf8), size: 5), format: .array(at: "items"))
    var events: [StreamedEvent] = []
    for try await event in sequence { events.append(event) }
    #expect(events == [StreamedEvent(id: 1, kind: "a"), StreamedEvent(id: 2, kind: "b", tags: ["x"])])
    #expect(sequence.report.surroundings == ["total": 2, "next": "/page/2"])
  }

  static let dirtyLines = """
    {"id": 1, "kind": "a"}
    {"id": 2, "kind": "b"}
    {"id": "three", "kind": "c"}
    {"id": 4, "kind": "d"
    {"id": 5, "kind": "e"}
    {"id": 6}

    """

  /// Stop (the default): the first error, placed in the whole stream.
  @Test func theFirstErrorStopsTheStream() async throws {
    var seen: [Int] = []
    do {
      for try await event in StreamedEvent.elements(of: chunked(Array(Self.dirtyLines.utf8), size: 3), format: .jsonLines) {
        seen.append(event.id)
      }
      Issue.record("no error")
    } catch let error as JSONStreamError {
      #expect(seen == [1, 2])
      #expect(error.code == .element && error.elementIndex == 2 && error.elementOffset == 46)
      #expect(error.line == 3 && error.column == 8 && error.path == "$.id", "\(error)")
      #expect(error.underlyingError is MappingError)
      #expect("\(error)" == #"element 2 (line 3, column 8, byte 46): $.id: expected integer, found string "three""#)
    }
  }

  /// Skip: bad elements are reported with their places; the good ones come through.
  @Test func badElementsSkippedAndReported() async throws {
    let sequence = StreamedEvent.elements(
      of: chunked(Array(Self.dirtyLines.utf8), size: 11), format: .jsonLines, options: .skippingBadElements)
    var seen: [Int] = []
    for try await event in sequence { seen.append(event.id) }
    #expect(seen == [1, 2, 5])
    let skipped = sequence.report.skipped
    #expect(skipped.map(\.code) == [.element, .syntax, .element])
    #expect(skipped.map(\.elementIndex) == [2, 3, 5])
    #expect(skipped.map(\.line) == [3, 4, 6])
    #expect(skipped[1].column == 22 && skipped[1].message == "unexpected end of input, expected ',' or '}'", "\(skipped[1])")
    #expect(skipped[2].path == "$.kind" && skipped[2].message == "missing key", "\(skipped[2])")
  }

  /// Collect: every error at the end, or at the limit.
  @Test func errorsCollectedUpToALimit() async throws {
    var seen: [Int] = []
    do {
      let all = StreamedEvent.elements(
        of: chunked(Array(Self.dirtyLines.utf8), size: 64), format: .jsonLines, options: JSONStreamOptions(errors: .collect(limit: 10)))
      for try await event in all { seen.append(event.id) }
      Issue.record("no error")
    } catch let errors as JSONStreamErrors {
      #expect(seen == [1, 2, 5] && errors.errors.count == 3 && !errors.reachedLimit)
    }
    seen = []
    do {
      let capped = StreamedEvent.elements(
        of: chunked(Array(Self.dirtyLines.utf8), size: 64), format: .jsonLines, options: JSONStreamOptions(errors: .collect(limit: 2)))
      for try await event in capped { seen.append(event.id) }
      Issue.record("no error")
    } catch let errors as JSONStreamErrors {
      #expect(seen == [1, 2] && errors.errors.map(\.elementIndex) == [2, 3] && errors.reachedLimit)
    }
  }

  /// A last line cut short is a truncation, with the offset to resume from.
  @Test func aStreamCutShort() async throws {
    let text = "{\"id\": 1, \"kind\": \"a\"}\n{\"id\": 2, \"ki"
    do {
      for try await _ in StreamedEvent.elements(of: byteByByte(Array(text.utf8)), format: .jsonLines) {}
      Issue.record("no error")
    } catch let error as JSONStreamError {
      #expect(error.code == .truncated && error.elementIndex == 1 && error.resumeOffset == 23, "\(error)")
    }
  }

  /// Lenient mapping per element, and elements over the size limit.
  @Test func mappingOptionsAndTheSizeLimit() async throws {
    let text = #"[{"id": "7", "kind": "a"}, {"id": 8, "kind": "\#(String(repeating: "x", count: 200))"}, {"id": 9, "kind": "c"}]"#
    let sequence = StreamedEvent.elements(
      of: chunked(Array(text.utf8), size: 16), format: .array,
      options: JSONStreamOptions(maximumElementSize: 100, errors: .skip), mapping: .lenient)
    var ids: [Int] = []
    for try await event in sequence { ids.append(event.id) }
    #expect(ids == [7, 9])
    #expect(sequence.report.skipped.map(\.code) == [.elementTooLarge] && sequence.report.skipped.first?.elementOffset == 27)
  }

  /// Files and descriptors, read synchronously in chunks.
  @Test func filesReadInChunks() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-stream-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let lines = (0..<500).map { #"{"id": \#($0), "kind": "k\#($0 % 3)"}"# }.joined(separator: "\n")
    try Data(lines.utf8).write(to: url)
    var options = JSONStreamOptions()
    options.readSize = 100
    let reader = try StreamedEvent.elements(of: .path(url.path), format: .jsonLines, options: options)
    var ids: [Int] = []
    try reader.forEach { ids.append($0.id) }
    #expect(ids == Array(0..<500))
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    let values = try JSON.elements(of: .descriptor(descriptor), format: .jsonLines)
    var count = 0
    while let value = try values.next() {
      #expect(value["id"] == JSON(count))
      count += 1
    }
    #expect(count == 500)
    #expect(throws: JSONStreamFileError.self) { try JSON.elements(of: .path("/no/such/file.jsonl"), format: .jsonLines) }
  }

  @Test func mappableModels() async throws {
    let text = "{\"name\": \"Ana\", \"age\": 31}\u{1E}{\"name\": \"Bo\"}"
    var names: [String] = []
    for try await user in Mapper<StreamedUser>().elements(of: chunked(Array(text.utf8), size: 4), format: .jsonTextSequence) {
      names.append(user.name + (user.age.map { " \($0)" } ?? ""))
    }
    #expect(names == ["Ana 31", "Bo"])
  }

  @Test func modelObjectsOfAModelFile() async throws {
    let registry = TransformerRegistry(fallback: .shared)
    registry.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let model = try ObjectModel(contentsOf: Self.repository.appendingPathComponent("Examples/Library.xcdatamodeld"), transformers: registry)
    let bytes = [UInt8](try Data(contentsOf: Self.repository.appendingPathComponent("Examples/library.json")))
    var names: [String] = []
    let sequence = ModelObject.elements(
      of: chunked(bytes, size: 50), entity: try #require(model.entity(named: "Author")), format: .array(at: "authors"), mapping: .lenient)
    for try await author in sequence { names.append(author["lastName"] as? String ?? "?") }
    #expect(names.first == "Twain" && names.count >= 2)
    #expect(sequence.report.surroundings["version"] == "2")
  }

  @Test func untypedValues() async throws {
    let text = #"1 "two" [3] {"four": 4} null"#
    var values: [JSON] = []
    for try await value in JSON.elements(of: chunked(Array(text.utf8), size: 2), format: .concatenated) { values.append(value) }
    #expect(values == [1, "two", [3], ["four": 4], nil])
    var kinds: [JSONKind] = []
    for try await value in JSONDocument.elements(of: byteByByte(Array(text.utf8)), format: .concatenated) { kinds.append(value.kind) }
    #expect(kinds == [.number, .string, .array, .object, .null])
  }
}
