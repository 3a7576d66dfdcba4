// feed-service: the example service (see Examples/FeedService/README.md).
//
//   swift run feed-service [--store FILE|postgres://…] [--port 8080] [--model Examples/Library.xcdatamodeld]

import FeedService
import Foundation
import Hummingbird
import MapwrightGraph
import MapwrightPostgres
import MapwrightSQLite
import MapwrightSchema

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: String) -> String {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return fallback }
  return arguments[i + 1]
}
let storeLocation = option("--store", "feeds.sqlite")
let port = Int(option("--port", "8080")) ?? 8080
let model = try ObjectModel(contentsOf: URL(fileURLWithPath: option("--model", "Examples/Library.xcdatamodeld")))
let store = try AsyncStore(readers: 3) { () throws -> any RelationalStore in
  if storeLocation.hasPrefix("postgres://") || storeLocation.hasPrefix("postgresql://") {
    return try PostgresStore(url: storeLocation, model: model)
  }
  return try SQLiteStore(path: storeLocation, model: model)
}
let service = try FeedService(store: store)
print("feed-service on http://127.0.0.1:\(port), store \(storeLocation)")
try await service.application(port: port).runService()
