// Docs/Streaming.md's examples (see DocExampleTests).

import Foundation
import Mapwright
import MapwrightCodable
import MapwrightObjectMapper
import MapwrightSQLite
import Testing

enum StreamingDocExample {
  @JSONModel
  struct Event {
    var id: Int
    var kind: String
  }

  struct User: Codable { var id: Int; var fullName: String }

  final class Person: Mappable {
    var name = ""
    init?(map: Map) {}
    func mapping(map: Map) { name <- map["name"] }
  }

  static func read(body: AsyncStream<[UInt8]>, bytes: AsyncStream<UInt8>) async throws {
    // An async sequence of byte chunks ([UInt8], ArraySlice<UInt8>, Data), or of single bytes
    // (URLSession.AsyncBytes): elements come out as they arrive.
    for try await event in Event.elements(of: body, format: .jsonLines) {
      print(event.id, event.kind)
    }
    for try await event in Event.elements(of: bytes, format: .jsonLines) { print(event.id) }

    // A file or standard input, read in 64 KiB chunks.
    let reader = try Event.elements(of: .path("events.jsonl"), format: .jsonLines)
    while let event = try reader.next() { print(event.id) }
  }

  static func targets(body: AsyncStream<[UInt8]>, source: AsyncStream<[UInt8]>, author: EntityDescription) async throws {
    let decoder = MapwrightJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let users = decoder.elements(User.self, of: body, format: .array(at: "users"))
    for try await user in users { print(user.fullName) }
    print(users.report.surroundings)                 // {"page": 1, "total": 2}, the members around the array

    _ = Event.elements(of: source, format: .jsonLines, mapping: .lenient)
    _ = decoder.elements(User.self, of: source, format: .array(at: "users"))
    _ = Mapper<Person>().elements(of: source, format: .jsonLines)
    _ = ModelObject.elements(of: source, entity: author, format: .array(at: "authors"))
    _ = JSON.elements(of: source, format: .concatenated)
    _ = JSONDocument.elements(of: source, format: .jsonLines)
  }

  static func limits(body: AsyncStream<[UInt8]>) async throws {
    var options = JSONStreamOptions(maximumElementSize: 1 << 20, errors: .skip)
    let events = Event.elements(of: body, format: .jsonLines, options: options)
    for try await event in events { print(event.id) }
    for skipped in events.report.skipped { print(skipped) }
    options.reportLimit = 100
  }

  static func write(send: @escaping ([UInt8]) async throws -> Void) async throws {
    var writer = AsyncJSONStreamWriter(format: .array(at: "items"), surroundings: ["total": 2]) { chunk in
      try await send(chunk)
    }
    try await writer.write(Event(id: 1, kind: "push"))
    try await writer.write(Event(id: 2, kind: "star"))
    try await writer.finish()                        // {"total":2,"items":[{"id":1,…},{"id":2,…}]}

    let file = try JSONStreamFileWriter(file: .path("events.jsonl"), format: .jsonLines)
    try file.write(Event(id: 3, kind: "fork"))
    try file.finish()
  }
}

@Suite struct StreamingDocExampleTests {
  typealias Event = StreamingDocExample.Event

  /// The writing example, run: what it writes reads back.
  @Test func theWritingExampleWritesWhatItSays() async throws {
    var chunks: [[UInt8]] = []
    var writer = AsyncJSONStreamWriter(format: .array(at: "items"), surroundings: ["total": 2]) { chunk in chunks.append(chunk) }
    try await writer.write(Event(id: 1, kind: "push"))
    try await writer.write(Event(id: 2, kind: "star"))
    try await writer.finish()
    #expect(String(decoding: Array(chunks.joined()), as: UTF8.self) == #"{"total":2,"items":[{"id":1,"kind":"push"},{"id":2,"kind":"star"}]}"#)
  }
}
