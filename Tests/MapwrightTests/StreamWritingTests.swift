import Foundation
import Mapwright
import MapwrightTestSupport
import Testing

/// Writing streams, then reading them back.
@Suite("Writing streams")
struct StreamWritingTests {
  static let events = (0..<300).map { StreamedEvent(id: $0, kind: "k\($0 % 7)", tags: $0 % 3 == 0 ? nil : ["t\($0)", "é\"\n"]) }

  @Test(arguments: [JSONStreamFormat.jsonLines, .jsonTextSequence, .concatenated, .array, .array(at: "data.items")])
  func whatIsWrittenReadsBackEqual(_ format: JSONStreamFormat) async throws {
    var chunks: [[UInt8]] = []
    var writer = AsyncJSONStreamWriter(format: format, surroundings: ["total": 300, "data": ["page": 1]], flushSize: 500) { chunk in
      await Task.yield()
      chunks.append(chunk)
    }
    for event in Self.events { try await writer.write(event) }
    try await writer.finish()
    #expect(writer.count == 300)
    // Chunks of about the flush size, each handed over before the next element was taken.
    #expect(chunks.count > 15 && chunks.dropLast().allSatisfy { $0.count >= 500 && $0.count < 600 }, "\(chunks.map(\.count))")
    let bytes = Array(chunks.joined())
    let sequence = StreamedEvent.elements(of: chunked(bytes, size: 333), format: format)
    var read: [StreamedEvent] = []
    for try await event in sequence { read.append(event) }
    #expect(read == Self.events)
    if case .array(let keys) = format, !keys.isEmpty {
      #expect(sequence.report.surroundings == ["total": 300, "data": ["page": 1]])
      #expect(try JSON(parsing: bytes)["data"]?["items"]?.arrayValue?.count == 300)
    }
  }

  @Test func anEmptyArrayIsStillADocument() throws {
    var writer = JSONStreamWriter(format: .array(at: "items"), surroundings: ["total": 0])
    writer.finish()
    #expect(String(decoding: writer.takeAll(), as: UTF8.self) == #"{"total":0,"items":[]}"#)
  }

  @Test func elementsThatCannotBeFramedAreRefused() throws {
    var lines = JSONStreamWriter(format: .jsonLines)
    #expect(throws: JSONStreamWriteError.self) { try lines.append(element: Array("{\n}".utf8)) }
    var sequence = JSONStreamWriter(format: .jsonTextSequence)
    #expect(throws: JSONStreamWriteError.self) { try sequence.append(element: [0x22, 0x1E, 0x22]) }
    var finished = JSONStreamWriter(format: .array)
    finished.finish()
    #expect(throws: JSONStreamWriteError.self) { try finished.append(element: [0x31]) }
  }

  @Test func filesWrittenInChunks() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-write-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let writer = try JSONStreamFileWriter(file: .path(url.path), format: .array, flushSize: 512)
    for event in Self.events { try writer.write(event) }
    try writer.write(JSON(["id": 300, "kind": "json"]))
    try writer.finish()
    let read = try [StreamedEvent](json: try Data(contentsOf: url))
    #expect(read.count == 301 && Array(read.prefix(300)) == Self.events && read.last == StreamedEvent(id: 300, kind: "json"))
  }
}
