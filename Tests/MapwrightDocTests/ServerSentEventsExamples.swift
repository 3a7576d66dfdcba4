// Docs/ServerSentEvents.md's examples (see DocExampleTests): reading, writing, Hummingbird and
// the client; Vapor's route is in ServerSentEventsExamples+Vapor.swift (the two frameworks'
// names clash in one file).

import Foundation
import Mapwright
import MapwrightCodable
import Testing

// At the top level: a model's generated extension cannot see the siblings of a namespace.
@JSONModel
struct Delta: Codable {
  var index: Int
  var text: String
}

enum ServerSentEventsDocExample {
  static func read(body: AsyncStream<[UInt8]>) async throws {
    // Any async sequence of byte chunks: AsyncHTTPClient's response body, URLSession's bytes.
    let deltas = Delta.elements(of: body, format: .serverSentEvents(terminator: "[DONE]"))
    for try await delta in deltas { print(delta.text, terminator: "") }

    // With each event's name, id and retry beside its data.
    for try await event in Delta.elements(of: body, format: .serverSentEvents).events() {
      print(event.name, event.id ?? "-", event.data.text)
    }
  }

  static func file() throws {
    let reader = try JSON.elements(of: .path("deltas.sse"), format: .serverSentEvents(terminator: "[DONE]"))
    while let event = try reader.nextEvent() { print(event.name, event.data) }
  }

  /// The writing example, run into an array of chunks.
  static func write() async throws -> [[UInt8]] {
    let sent = Sent()
    func send(_ chunk: [UInt8]) async throws { sent.chunks.append(chunk) }
    var writer = AsyncJSONStreamWriter(format: .serverSentEvents(terminator: "[DONE]")) { chunk in
      try await send(chunk)
    }
    try await writer.write(ServerSentEvent(Delta(index: 0, text: "Hel"), name: "delta", id: "1"))
    try await writer.write(comment: "keep-alive")
    try await writer.write(Delta(index: 1, text: "lo"))
    try await writer.finish()
    struct Value: Codable { var n: Int }
    let value = Value(n: 1)
    var codable = AsyncJSONStreamWriter(format: .serverSentEvents) { chunk in try await send(chunk) }
    try await codable.write(ServerSentEvent(value), encoder: MapwrightJSONEncoder())
    return sent.chunks
  }

  final class Sent { var chunks: [[UInt8]] = [] }
}

@Suite struct ServerSentEventsDocExampleTests {
  @Test func theWritingExampleWritesWhatItSays() async throws {
    let chunks = try await ServerSentEventsDocExample.write()
    let text = chunks.map { String(decoding: $0, as: UTF8.self) }
    #expect(
      text == [
        "event: delta\nid: 1\ndata: {\"index\":0,\"text\":\"Hel\"}\n\n", ": keep-alive\n\n", "data: {\"index\":1,\"text\":\"lo\"}\n\n",
        "data: [DONE]\n\n", "data: {\"n\":1}\n\n",
      ])
  }
}

#if Hummingbird
import AsyncHTTPClient
import Hummingbird
import MapwrightHummingbird

enum ServerSentEventsHummingbirdDocExample {
  static func routes(_ router: Router<BasicRequestContext>, deltas: AsyncStream<ServerSentEvent<Delta>>) {
    // Hummingbird
    router.get("deltas") { _, _ in
      Response.serverSentEvents(deltas, terminator: "[DONE]")
    }
  }

  static func client(url: String) async throws {
    let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
    for try await event in Delta.elements(of: response.body, format: .serverSentEvents(terminator: "[DONE]")).events() {
      print(event.id ?? "-", event.data.text)
    }
  }
}
#endif
