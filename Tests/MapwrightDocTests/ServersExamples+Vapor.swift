// Docs/Servers.md's Vapor examples (see ServersExamples.swift).

#if Vapor
import MapwrightCodable
import MapwrightVapor
import Vapor

enum ServersVaporDocExample {
  static func vapor(_ app: Application) {
    ContentConfiguration.global.use(decoder: MapwrightJSONDecoder(), for: .json)
    ContentConfiguration.global.use(encoder: MapwrightJSONEncoder(), for: .json)
    app.middleware.use(ProblemDetailsMiddleware())
    app.on(.POST, "orders", "import", body: .stream) { request async throws -> String in
      var count = 0
      for try await order in request.decodeElements(Order.self) { count += order.items.count }
      return "\(count) items"
    }
  }
}
#endif
