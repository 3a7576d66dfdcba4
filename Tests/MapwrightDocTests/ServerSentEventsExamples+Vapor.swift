// Docs/ServerSentEvents.md's Vapor example (see ServerSentEventsExamples.swift).

#if Vapor
import Mapwright
import MapwrightVapor
import Vapor

enum ServerSentEventsVaporDocExample {
  static func routes(_ app: Application, deltas: AsyncStream<ServerSentEvent<Delta>>) {
    // Vapor
    app.get("deltas") { _ async throws -> Response in
      Response.serverSentEvents(deltas, terminator: "[DONE]")
    }
  }
}
#endif
