// feed-service: the example service (see Examples/FeedService/README.md).
//
//   swift run feed-service [--store FILE|postgres://…] [--port 8080] [--model Examples/Library.xcdatamodeld]

#if Hummingbird && Postgres
  import FeedService
  import Foundation
  import Hummingbird
  import MapwrightGraph
  import MapwrightPostgres
  import MapwrightSQLite
  import MapwrightSchema
  import PostgresNIO

  let arguments = Array(CommandLine.arguments.dropFirst())
  func option(_ name: String, _ fallback: String) -> String {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return fallback }
    return arguments[i + 1]
  }
  let storeLocation = option("--store", "feeds.sqlite")
  let port = Int(option("--port", "8080")) ?? 8080
  let model = try ObjectModel(contentsOf: URL(fileURLWithPath: option("--model", "Examples/Library.xcdatamodeld")))
  let store: AsyncStore
  var client: Task<Void, Never>?
  if storeLocation.hasPrefix("postgres://") || storeLocation.hasPrefix("postgresql://") {
    // PostgreSQL: a connection pool shared by the requests; fetches are awaited on it.
    let location = try PostgresLocation(url: storeLocation)
    let pool = PostgresClient(configuration: try location.clientConfiguration())
    client = Task { await pool.run() }
    store = try await AsyncStore(postgres: pool, at: location, model: model)
  } else {
    // SQLite: connections on threads of their own, one importing and three reading.
    store = try AsyncStore(readers: 3) { try SQLiteStore(path: storeLocation, model: model) }
  }
  let service = try FeedService(store: store)
  print("feed-service on http://127.0.0.1:\(port), store \(storeLocation)")
  try await service.application(port: port).runService()
  client?.cancel()
#endif
