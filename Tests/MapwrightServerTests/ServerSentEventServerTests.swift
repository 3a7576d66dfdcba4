// Server-sent events over a real connection: a Hummingbird and a Vapor route answer with an
// `AsyncSequence` of models as `text/event-stream`, and AsyncHTTPClient reads the body into
// models as it arrives. The test hands the route one event at a time and reads each back
// before handing the next, so an event held in a buffer would stall it (and fail it on time).

#if Hummingbird || Vapor
  import AsyncHTTPClient
  import Foundation
  import Mapwright
  import MapwrightCodable
  import NIOCore
  import Testing

  /// The events a route answers with, handed over by the test one at a time.
  final class EventFeed: Sendable {
    let stream: AsyncStream<ServerSentEvent<Order>>
    let continuation: AsyncStream<ServerSentEvent<Order>>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream() }
  }

  /// Reads `url`'s events, handing `feed` the next one only once the last has arrived; the
  /// orders, names and ids read, in order (nil when an event did not arrive in 20 seconds).
  func readEventsOneByOne(from url: String, feed: EventFeed, count: Int) async throws -> [ServerSentEvent<Order>]? {
    let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
    #expect(response.status == .ok)
    #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
    #expect(response.headers.first(name: "Cache-Control") == "no-cache")
    let body = response.body
    @Sendable func makeEvent(_ id: Int) throws -> ServerSentEvent<Order> {
      ServerSentEvent(try Order(json: Order.json(id: id)), name: id.isMultiple(of: 2) ? "order" : "message", id: "\(id)")
    }
    return try await withThrowingTaskGroup(of: [ServerSentEvent<Order>]?.self) { group in
      group.addTask {
        var seen: [ServerSentEvent<Order>] = []
        feed.continuation.yield(try makeEvent(0))
        for try await event in Order.elements(of: body, format: .serverSentEvents(terminator: "[DONE]")).events() {
          seen.append(event)
          if seen.count == count { feed.continuation.finish() } else { feed.continuation.yield(try makeEvent(seen.count)) }
        }
        return seen
      }
      group.addTask {
        try await Task.sleep(for: .seconds(20))
        return nil
      }
      let first = try await group.next()!
      group.cancelAll()
      return first
    }
  }

  func expectOrders(_ seen: [ServerSentEvent<Order>]?, count: Int) throws {
    guard let seen else {
      Issue.record("an event did not arrive while the stream stayed open")
      return
    }
    #expect(seen.count == count)
    for (index, event) in seen.enumerated() {
      #expect(event.data == (try Order(json: Order.json(id: index))))
      #expect(event.name == (index.isMultiple(of: 2) ? "order" : "message") && event.id == "\(index)")
    }
  }
#endif

#if Hummingbird
  import Hummingbird
  import HummingbirdTesting
  import MapwrightHummingbird

  @Suite struct HummingbirdServerSentEventTests {
    @Test func modelsAsEventsReadByAClient() async throws {
      let feed = EventFeed()
      let router = Router()
      router.get("events") { _, _ in Hummingbird.Response.serverSentEvents(feed.stream, terminator: "[DONE]") }
      let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
      try await app.test(.live) { client in
        let port = try #require(client.port)
        let seen = try await readEventsOneByOne(from: "http://127.0.0.1:\(port)/events", feed: feed, count: 5)
        try expectOrders(seen, count: 5)
      }
    }
  }
#endif

#if Vapor
  import MapwrightVapor
  import Vapor

  @Suite(.serialized) struct VaporServerSentEventTests {
    @Test func modelsAsEventsReadByAClient() async throws {
      let feed = EventFeed()
      let app = try await Application.make(.testing)
      app.get("events") { _ async throws -> Vapor.Response in Vapor.Response.serverSentEvents(feed.stream, terminator: "[DONE]") }
      try await app.server.start(address: .hostname("127.0.0.1", port: 0))
      do {
        let port = try #require(app.http.server.shared.localAddress?.port)
        let seen = try await readEventsOneByOne(from: "http://127.0.0.1:\(port)/events", feed: feed, count: 5)
        try expectOrders(seen, count: 5)
      } catch {
        await app.server.shutdown()
        try await app.asyncShutdown()
        throw error
      }
      await app.server.shutdown()
      try await app.asyncShutdown()
    }
  }
#endif
