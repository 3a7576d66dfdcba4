// The example service: a Hummingbird application over an `AsyncStore` of the library model
// (Examples/Library.xcdatamodeld) — authors with their books and prices.
//
//   POST /feeds              import a JSON Lines body (Content-Type application/jsonl or
//                            application/x-ndjson) or a JSON array (at ?key_path=…); answers
//                            the import's summary. The body is spooled to a file as it arrives
//                            and imported from there, so memory holds a run, not the feed.
//   GET  /authors/{id}       one author, with its books
//   GET  /authors?born_after=YYYY-MM-DD   the authors born after a date
//   POST /check              every problem of a body against the Author entity: path, line,
//                            column and message of each

#if Hummingbird
  import Foundation
  import Hummingbird
  import Mapwright
  import MapwrightStore
  import MapwrightHummingbird
  import MapwrightNIO
  import MapwrightSchema
  import NIOCore

  public struct FeedService: Sendable {
    public let store: AsyncStore
    public let author: EntityDescription
    /// The largest feed accepted, in bytes (413 past it).
    public var maximumFeedSize: Int
    /// Where feeds are spooled while they arrive.
    public var spoolDirectory: URL

    /// The service over `store` (whose model has an `Author` entity).
    public init(store: AsyncStore, maximumFeedSize: Int = 8 << 30, spoolDirectory: URL = FileManager.default.temporaryDirectory) throws {
      guard let author = store.model.entity(named: "Author") else { throw ProblemDetails(status: 500, detail: "the model has no Author entity") }
      self.store = store
      self.author = author
      self.maximumFeedSize = maximumFeedSize
      self.spoolDirectory = spoolDirectory
      // The library model's dates are written as "1835-11-30".
      TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    }

    /// The service's routes on a router with Mapwright's coders.
    public func router() -> Router<MapwrightRequestContext> {
      let router = Router(context: MapwrightRequestContext.self)
      router.post("feeds") { request, context in try await importFeed(request) }
      router.get("authors/{id}") { request, context in try await author(id: context.parameters.require("id", as: Int64.self)) }
      router.get("authors") { request, context in try await authors(bornAfter: request.uri.queryParameters.get("born_after")) }
      router.post("check") { request, context in try await check(request, context: context) }
      return router
    }

    /// The application on `host`:`port` (0: any free port).
    public func application(host: String = "127.0.0.1", port: Int = 8080) -> some ApplicationProtocol {
      Application(router: router(), configuration: .init(address: .hostname(host, port: port)))
    }
  }
#endif
