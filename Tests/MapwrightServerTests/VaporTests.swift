// A Vapor server with Mapwright's content coders and problem details, started on a loopback
// port and talked to over HTTP (AsyncHTTPClient): a `@JSONModel` type as `Content`, bad bodies,
// bodies over the limit, streamed bodies both ways.

#if Vapor
  import AsyncHTTPClient
  import Foundation
  import Mapwright
  import MapwrightCodable
  import MapwrightVapor
  import NIOCore
  import NIOHTTP1
  import Testing
  import Vapor

  extension Order: Content {}
  extension OrderSummary: Content {}

  @Suite(.serialized) struct VaporTests {
    /// Starts the server, runs `body` with its base URL, and stops it.
    static func withServer(_ body: (String) async throws -> Void) async throws {
      let app = try await Application.make(.testing)
      // The set-up Docs/Servers.md shows.
      ContentConfiguration.global.use(decoder: MapwrightJSONDecoder(), for: .json)
      ContentConfiguration.global.use(encoder: MapwrightJSONEncoder(), for: .json)
      app.middleware.use(ProblemDetailsMiddleware())
      app.routes.defaultMaxBodySize = "4kb"
      app.post("orders") { request async throws -> OrderSummary in
        let order = try request.content.decode(Order.self)
        return OrderSummary(id: order.id, total: order.total, order: order)
      }
      app.post("orders", "echo") { request async throws -> Order in try request.content.decode(Order.self) }
      app.on(.POST, "orders", "lines", body: .stream) { request async throws -> String in
        var ids: [String] = []
        for try await order in request.decodeElements(Order.self) { ids.append(String(order.id)) }
        return ids.joined(separator: ",")
      }
      // Elements of a collected body, and of a request without one.
      app.post("orders", "collected") { request async throws -> String in
        var ids: [String] = []
        for try await order in request.decodeElements(Order.self) { ids.append(String(order.id)) }
        return ids.joined(separator: ",")
      }
      app.get("orders", "none") { request async throws -> String in
        var count = 0
        for try await _ in request.decodeElements(Order.self) { count += 1 }
        return "\(count)"
      }
      app.get("orders", "export") { request async throws -> Response in
        let count = (try? request.query.get(Int.self, at: "count")) ?? 3
        let orders = AsyncStream<Order> { continuation in
          for id in 0..<count { continuation.yield(try! Order(json: Order.json(id: id))) }
          continuation.finish()
        }
        return Response.jsonElements(orders)
      }
      try await app.server.start(address: .hostname("127.0.0.1", port: 0))
      do {
        let port = try #require(app.http.server.shared.localAddress?.port)
        try await body("http://127.0.0.1:\(port)")
      } catch {
        await app.server.shutdown()
        try await app.asyncShutdown()
        throw error
      }
      await app.server.shutdown()
      try await app.asyncShutdown()
    }

    static func post(_ url: String, _ body: String, chunked: Bool = false) async throws -> (HTTPResponseStatus, HTTPHeaders, [UInt8]) {
      var request = HTTPClientRequest(url: url)
      request.method = .POST
      request.headers.add(name: "Content-Type", value: "application/json")
      let bytes = ByteBuffer(string: body)
      request.body =
        chunked
        ? .stream(
          AsyncStream {
            $0.yield(bytes)
            $0.finish()
          }, length: .unknown) : .bytes(bytes)
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
      let collected = try await response.body.collect(upTo: 1 << 24)
      return (response.status, response.headers, Array(collected.readableBytesView))
    }

    static func problem(_ headers: HTTPHeaders, _ body: [UInt8]) throws -> Problem {
      #expect(headers.first(name: "Content-Type") == "application/problem+json")
      return try JSONDecoder().decode(Problem.self, from: Data(body))
    }

    @Test func aModelIsContent() async throws {
      try await Self.withServer { base in
        let (status, _, body) = try await Self.post(base + "/orders", Order.json(id: 9, items: 2))
        #expect(status == .ok)
        let summary = try MapwrightJSONDecoder().decode(OrderSummary.self, from: body)
        #expect(summary.total == 7.5 && summary.order.customer == "C9")
        let (_, headers, echoed) = try await Self.post(base + "/orders/echo", Order.json(id: 3))
        #expect(headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(try Order(json: echoed) == Order(json: Order.json(id: 3)))
      }
    }

    /// Vapor's default set-up (Foundation's coders, its own error middleware): a `@JSONModel`
    /// model's bad body is a 400 naming the key, as for synthesised Codable. (The suite runs
    /// serially: the coders are Vapor's global configuration.)
    @Test func theDefaultCodersAnswerBadRequest() async throws {
      let app = try await Application.make(.testing)
      ContentConfiguration.global.use(decoder: JSONDecoder(), for: .json)
      ContentConfiguration.global.use(encoder: JSONEncoder(), for: .json)
      app.post("orders") { request async throws -> String in "\(try request.content.decode(Order.self).total)" }
      try await app.server.start(address: .hostname("127.0.0.1", port: 0))
      do {
        let base = "http://127.0.0.1:\(try #require(app.http.server.shared.localAddress?.port))"
        let (status, _, body) = try await Self.post(base + "/orders", Order.json(id: 9, items: 2))
        #expect(status == .ok && String(decoding: body, as: UTF8.self) == "7.5")
        let wrong = Order.json(id: 9).replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "one""#)
        let (wrongStatus, _, wrongBody) = try await Self.post(base + "/orders", wrong)
        #expect(wrongStatus == .badRequest && String(decoding: wrongBody, as: UTF8.self).contains("quantity"))
        let missing = Order.json(id: 9).replacingOccurrences(of: #""id": 9, "#, with: "")
        let (missingStatus, _, missingBody) = try await Self.post(base + "/orders", missing)
        #expect(missingStatus == .badRequest && String(decoding: missingBody, as: UTF8.self).contains("id"))
      } catch {
        Issue.record(error)
      }
      await app.server.shutdown()
      try await app.asyncShutdown()
    }

    @Test func badBodiesAreProblemsWithTheirPlace() async throws {
      try await Self.withServer { base in
        let wrong = Order.json(id: 1).replacingOccurrences(of: #""price": 2.5}]"#, with: #""price": true}]"#)
        var (status, headers, body) = try await Self.post(base + "/orders", wrong)
        var problem = try Self.problem(headers, body)
        #expect(status == .badRequest && problem.path == "$.items[1].price" && problem.line == 1 && problem.column != nil)
        (status, headers, body) = try await Self.post(base + "/orders", "[1, 2,")
        problem = try Self.problem(headers, body)
        #expect(status == .badRequest && problem.line == 1 && problem.column == 7)
        (status, headers, body) = try await Self.post(base + "/orders", Order.json(id: 1, items: 200))
        #expect(try status == .payloadTooLarge && (Self.problem(headers, body)).status == 413)
      }
    }

    @Test func streamedBodiesBothWays() async throws {
      try await Self.withServer { base in
        let lines = (0..<250).map { Order.json(id: $0) }.joined(separator: "\n")
        var (status, headers, body) = try await Self.post(base + "/orders/lines", lines, chunked: true)
        #expect(status == .ok && String(decoding: body, as: UTF8.self) == (0..<250).map(String.init).joined(separator: ","))
        let bad = Order.json(id: 1) + "\n" + Order.json(id: 2).replacingOccurrences(of: #""C2""#, with: "7")
        (status, headers, body) = try await Self.post(base + "/orders/lines", bad, chunked: true)
        let problem = try Self.problem(headers, body)
        #expect(status == .badRequest && problem.element == 1 && problem.line == 2 && problem.path == "$.customer.name")

        (status, _, body) = try await Self.post(base + "/orders/collected", Order.json(id: 5) + "\n" + Order.json(id: 6))
        #expect(status == .ok && String(decoding: body, as: UTF8.self) == "5,6")
        let none = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + "/orders/none"), timeout: .seconds(30))
        let noneBody = String(buffer: try await none.body.collect(upTo: 1024))
        #expect(none.status == .ok && noneBody == "0")

        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + "/orders/export?count=400"), timeout: .seconds(30))
        #expect(response.headers.first(name: "Content-Type") == "application/jsonl")
        let text = String(buffer: try await response.body.collect(upTo: 1 << 24))
        let orders = try text.split(separator: "\n").map { try Order(json: String($0)) }
        #expect(orders.count == 400 && orders[399].id == 399)
      }
    }
  }
#endif
