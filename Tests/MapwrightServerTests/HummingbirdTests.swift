// A Hummingbird server with Mapwright's coders, started on a loopback port and talked to over
// HTTP (HummingbirdTesting's live client): models in and out, bodies malformed, of the wrong
// types, truncated and too large answered with problem details, streamed bodies both ways.

#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import Mapwright
  import MapwrightCodable
  import MapwrightHummingbird
  import NIOCore
  import Testing

  extension OrderSummary: ResponseEncodable {}

  /// Mapwright's coders with a small upload limit, so that 413 is cheap to reach.
  struct SmallUploadContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var maxUploadSize: Int { 4096 }
    var requestDecoder: MapwrightRequestDecoder { MapwrightRequestDecoder() }
    var responseEncoder: MapwrightResponseEncoder { MapwrightResponseEncoder() }
  }

  @Suite struct HummingbirdTests {
    static func application() -> some ApplicationProtocol {
      let router = Router(context: SmallUploadContext.self)
      router.post("orders") { request, context -> OrderSummary in
        let order = try await request.decode(as: Order.self, context: context)
        return OrderSummary(id: order.id, total: order.total, order: order)
      }
      router.post("orders/lines") { request, _ -> String in
        var ids: [String] = []
        for try await order in request.decodeElements(Order.self) { ids.append(String(order.id)) }
        return ids.joined(separator: ",")
      }
      router.post("orders/array") { request, _ -> String in
        var total = 0.0
        for try await order in request.decodeElements(Order.self, format: .array(at: "orders")) { total += order.total }
        return String(total)
      }
      router.get("orders/export") { request, _ -> Response in
        let count = request.uri.queryParameters.get("count", as: Int.self) ?? 3
        let orders = AsyncStream<Order> { continuation in
          for id in 0..<count { continuation.yield(try! Order(json: Order.json(id: id))) }
          continuation.finish()
        }
        return Response.jsonElements(orders, format: request.uri.queryParameters.get("array") == nil ? .jsonLines : .array)
      }
      return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    static func problem(_ response: TestResponse) throws -> Problem {
      #expect(response.headers[.contentType] == "application/problem+json")
      return try JSONDecoder().decode(Problem.self, from: Data(response.body.readableBytesView))
    }

    @Test func modelsInAndOut() async throws {
      try await Self.application().test(.live) { client in
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: Order.json(id: 7, items: 3)))
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "application/json; charset=utf-8")
          let summary = try MapwrightJSONDecoder().decode(OrderSummary.self, from: Data(response.body.readableBytesView))
          #expect(summary.id == 7 && summary.total == 15 && summary.order.customer == "C7" && summary.order.items.count == 3)
          // The nested model is written by its own writer: its keys, not Codable's.
          let json = try JSON(parsing: Data(response.body.readableBytesView))
          #expect(json["order"]?["customer"]?["name"] == "C7" && json["order"]?["placed_at"] == "2026-11-27T10:00:00Z")
        }
      }
    }

    @Test func badBodiesAreProblemsWithTheirPlace() async throws {
      try await Self.application().test(.live) { client in
        // Malformed JSON: the parse error's line and column.
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: "{\"id\": 1,\n \"customer\": }"))
          #expect(response.status == .badRequest)
          let problem = try Self.problem(response)
          #expect(problem.status == 400 && problem.title == "Bad Request" && problem.line == 2 && problem.column == 14)
        }
        // A value of the wrong type: its path, line and column.
        let wrong = Order.json(id: 1).replacingOccurrences(of: #""quantity": 2"#, with: #""quantity": "two""#)
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: wrong))
          let problem = try Self.problem(response)
          #expect(response.status == .badRequest && problem.path == "$.items[1].quantity" && problem.line == 1)
          #expect(problem.column == wrong.distance(from: wrong.startIndex, to: wrong.range(of: #""two""#)!.lowerBound) + 1)
          #expect(problem.detail.contains("expected") && !problem.detail.contains("Mapwright"))
        }
        // A missing key, and a truncated body.
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: #"{"id": 1, "items": []}"#))
          #expect(try response.status == .badRequest && (Self.problem(response)).path == "$.customer.name")
        }
        let cut = String(Order.json(id: 1).prefix(40))
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: cut))
          let problem = try Self.problem(response)
          #expect(response.status == .badRequest && problem.detail == "unterminated string" && problem.column == 39, "\(problem)")
        }
        // Over the context's 4,096 bytes: 413, before the body is decoded.
        let large = Order.json(id: 1, items: 200)
        do {
          let response = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: large))
          #expect(try response.status == .contentTooLarge && (Self.problem(response)).status == 413)
        }
      }
    }

    @Test func streamedBodiesAreDecodedAsTheyArrive() async throws {
      try await Self.application().test(.live) { client in
        // 300 orders as JSON Lines, far over the upload limit: a stream holds an element at a time.
        let lines = (0..<300).map { Order.json(id: $0) }.joined(separator: "\n")
        do {
          let response = try await client.execute(uri: "/orders/lines", method: .post, body: ByteBuffer(string: lines))
          #expect(response.status == .ok && String(buffer: response.body) == (0..<300).map(String.init).joined(separator: ","))
        }
        let array = #"{"count": 2, "orders": [\#(Order.json(id: 1)), \#(Order.json(id: 2, items: 3))]}"#
        do {
          let response = try await client.execute(uri: "/orders/array", method: .post, body: ByteBuffer(string: array))
          #expect(String(buffer: response.body) == "22.5")
        }
        // A bad element: 400 naming it, its line and column in the whole body.
        let bad = [Order.json(id: 1), Order.json(id: 2).replacingOccurrences(of: #""id": 2"#, with: #""id": "x""#)].joined(separator: "\n")
        do {
          let response = try await client.execute(uri: "/orders/lines", method: .post, body: ByteBuffer(string: bad))
          let problem = try Self.problem(response)
          #expect(response.status == .badRequest && problem.element == 1 && problem.line == 2 && problem.path == "$.id")
        }
        // Truncated inside the second element.
        let truncated = Order.json(id: 1) + "\n" + String(Order.json(id: 2).prefix(30))
        do {
          let response = try await client.execute(uri: "/orders/lines", method: .post, body: ByteBuffer(string: truncated))
          let problem = try Self.problem(response)
          #expect(response.status == .badRequest && problem.detail.contains("truncated") || problem.detail.contains("end"))
        }
      }
    }

    @Test func responsesStreamTheirElements() async throws {
      try await Self.application().test(.live) { client in
        do {
          let response = try await client.execute(uri: "/orders/export?count=500", method: .get)
          #expect(response.status == .ok && response.headers[.contentType] == "application/jsonl")
          let lines = String(buffer: response.body).split(separator: "\n")
          #expect(lines.count == 500)
          #expect(try Order(json: String(lines[499])) == Order(json: Order.json(id: 499)))
        }
        do {
          let response = try await client.execute(uri: "/orders/export?count=3&array=1", method: .get)
          #expect(try [Order](json: Data(response.body.readableBytesView)).map(\.id) == [0, 1, 2])
        }
      }
    }
  }
#endif
