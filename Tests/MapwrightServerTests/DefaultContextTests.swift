// `@JSONModel` models declared Codable on the servers' default set-ups — Foundation's
// JSONDecoder and JSONEncoder, what every service has before it switches to Mapwright's coders:
// a good body decodes by the model's mapping, and a body of the wrong type or without a key
// the model needs is the framework's 400 (a `DecodingError`, as for synthesised Codable), not a
// 500. Real servers on loopback ports.

#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import Mapwright
  import Testing

  extension OrderItem: ResponseEncodable {}

  @Suite struct HummingbirdDefaultContextTests {
    static func application() -> some ApplicationProtocol {
      let router = Router()  // BasicRequestContext: Foundation's coders
      router.post("orders") { request, context -> OrderItem in
        let order = try await request.decode(as: Order.self, context: context)
        return order.items[0]
      }
      return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    @Test func badBodiesAreBadRequests() async throws {
      try await Self.application().test(.live) { client in
        let good = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: Order.json(id: 4)))
        #expect(good.status == .ok)
        #expect(try JSON(parsing: String(buffer: good.body)) == ["sku": "S4-0", "quantity": 1, "price": 2.5])
        let wrong = Order.json(id: 4).replacingOccurrences(of: #""id": 4"#, with: #""id": "four""#)
        let wrongResponse = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: wrong))
        #expect(wrongResponse.status == .badRequest && String(buffer: wrongResponse.body).contains("id"), "\(String(buffer: wrongResponse.body))")
        let missing = Order.json(id: 4).replacingOccurrences(of: #""id": 4, "#, with: "")
        let missingResponse = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: missing))
        #expect(
          missingResponse.status == .badRequest && String(buffer: missingResponse.body).contains("id"),
          "\(String(buffer: missingResponse.body))")
        let nested = Order.json(id: 4).replacingOccurrences(of: #""customer": {"name": "C4"}"#, with: #""customer": {}"#)
        let nestedResponse = try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: nested))
        #expect(
          nestedResponse.status == .badRequest && String(buffer: nestedResponse.body).contains("name"), "\(String(buffer: nestedResponse.body))")
      }
    }
  }
#endif
