// Docs/Servers.md's examples (see DocExampleTests): the models and Hummingbird; Vapor's are in
// ServersExamples+Vapor.swift (the two frameworks' names clash in one file).

#if Hummingbird
import Foundation
import Hummingbird
import Mapwright
import MapwrightCodable
import MapwrightHummingbird
import MapwrightNIO
import Testing

// At the top level: a model's generated extension cannot see the siblings of a namespace.
@JSONModel(keys: .snakeCase)
struct Order: Codable {
  var id: Int
  @Key("customer.name") var customer: String
  @Transform(.iso8601) var placedAt: Date
  var items: [Item]
}

@JSONModel
struct Item: Codable {
  var sku: String
  var quantity: Int
}

enum ServersDocExample {
  struct OrderReceipt: Codable, ResponseEncodable {
    var id: Int
    var items: Int
  }

  struct AppContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var maxUploadSize: Int { 16 << 20 }
    var requestDecoder: MapwrightRequestDecoder { MapwrightRequestDecoder() }
    var responseEncoder: MapwrightResponseEncoder { MapwrightResponseEncoder() }
  }

  static func orders() -> AsyncStream<Order> { AsyncStream { $0.finish() } }

  static func hummingbird() -> Router<MapwrightRequestContext> {
    let router = Router(context: MapwrightRequestContext.self)
    router.post("orders") { request, context -> OrderReceipt in
      let order = try await request.decode(as: Order.self, context: context)
      return OrderReceipt(id: order.id, items: order.items.count)
    }
    router.post("orders/import") { request, context -> String in
      var count = 0
      for try await order in request.decodeElements(Order.self, format: .jsonLines) { count += order.items.count }
      return "\(count) items"
    }
    router.get("orders/export") { request, context -> Response in
      Response.jsonElements(orders(), format: .jsonLines)
    }
    return router
  }
}

@Suite struct ServersDocExampleTests {
  /// The problem details Docs/Servers.md shows are what this body gets.
  @Test func theProblemOfTheDocIsReal() throws {
    let body = #"{"id": 1, "customer": {"name": "Ada"}, "placed_at": "2026-11-27T10:00:00Z", "items": [{"sku": "A", "quantity": 2}, {"sku": "B", "quantity": "two"}]}"#
    var thrown: (any Error)?
    do { _ = try MapwrightJSONDecoder().decode(Order.self, from: Data(body.utf8)) } catch { thrown = error }
    let problem = try #require(thrown.flatMap { ProblemDetails(decodingError: $0) })
    let markdown = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Servers.md"), encoding: .utf8)
    let shown = try #require(markdown.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(problem.json == (try JSON(parsing: shown)))
  }

  @Test func theOrderOfTheDocDecodesThroughBothCoders() throws {
    let text = #"{"id": 1, "customer": {"name": "Ada"}, "placed_at": "2026-11-27T10:00:00Z", "items": [{"sku": "A", "quantity": 2}]}"#
    let ours = try MapwrightJSONDecoder().decode(Order.self, from: Data(text.utf8))
    let theirs = try JSONDecoder().decode(Order.self, from: Data(text.utf8))
    #expect(ours.customer == "Ada" && theirs.customer == "Ada" && ours.items[0].quantity == 2 && theirs.placedAt == ours.placedAt)
  }
}
#endif
