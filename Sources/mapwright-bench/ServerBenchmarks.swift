// The server benchmark: two Hummingbird applications in one process, the same routes on each,
// one with Hummingbird's default coders (Foundation's JSONDecoder and JSONEncoder, Codable
// models) and one with Mapwright's (`MapwrightRequestContext`, `@JSONModel` models declared
// Codable), over the same twitter.json fields. `Scripts/server-bench.sh` drives them with wrk,
// alternating.
//
//   POST /twitter   a twitter.json body (617 KB) decoded into models; a summary encoded
//   POST /user      one user (about 1 KB) decoded and echoed
//   GET  /users     1,000 users encoded from memory
//
// A body that does not decode is answered 400 on both (Foundation's with Hummingbird's plain
// error, Mapwright's with problem details).
//
// Built with the `BenchmarkServers` trait (on by default).

#if BenchmarkServers
  import Foundation
  import Hummingbird
  import Mapwright
  import MapwrightCodable
  import MapwrightHummingbird

  /// What the twitter route answers: a few numbers read from every status.
  struct TwitterSummary: Codable, ResponseEncodable {
    var statuses: Int
    var idSum: Int64
    var followers: Int
    var longestText: Int
  }

  /// A value answered through the context's encoder.
  struct Encoded<Value: Encodable & Sendable>: ResponseEncodable {
    let value: Value
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
  }

  enum ServerBenchmarks {
    /// Serves Foundation's side on `port` and Mapwright's on `port + 1` until the process ends.
    static func serve(port: Int, dataDirectory: String) async throws {
      let twitter = try Data(contentsOf: URL(fileURLWithPath: "\(dataDirectory)/twitter.json"))
      let users = try TwitterSearch.decodeFoundation(twitter).statuses.map(\.user)
      let modelUsers = try MTwitterSearch(json: twitter).statuses.map(\.user)
      // 1,000 users of each kind, from the file's.
      let foundationUsers = (0..<1_000).map { users[$0 % users.count] }
      let mapwrightUsers = (0..<1_000).map { modelUsers[$0 % modelUsers.count] }

      let foundation = Router(context: BasicRequestContext.self)
      addRoutes(to: foundation, search: TwitterSearch.self, user: TwitterUser.self, users: foundationUsers) { search in
        search.statuses.map { (id: $0.id, followers: $0.user.followersCount, text: $0.text) }
      }
      let mapwright = Router(context: MapwrightRequestContext.self)
      addRoutes(to: mapwright, search: MTwitterSearch.self, user: MTwitterUser.self, users: mapwrightUsers) { search in
        search.statuses.map { (id: $0.id, followers: $0.user.followersCount, text: $0.text) }
      }

      let address = { (port: Int) in ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil) }
      let apps = (
        Application(router: foundation, configuration: address(port)),
        Application(router: mapwright, configuration: address(port + 1))
      )
      print("Foundation's coders on 127.0.0.1:\(port), Mapwright's on 127.0.0.1:\(port + 1)")
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await apps.0.runService(gracefulShutdownSignals: [.sigterm, .sigint]) }
        group.addTask { try await apps.1.runService(gracefulShutdownSignals: [.sigterm, .sigint]) }
        try await group.waitForAll()
      }
    }

    /// The three routes on `router`, for one side's models: `facts` reads what the summary needs.
    static func addRoutes<Context: RequestContext, Search: Decodable, User: Codable & Sendable>(
      to router: Router<Context>, search: Search.Type, user: User.Type, users: [User],
      facts: @escaping @Sendable (Search) -> [(id: Int64, followers: Int, text: String)]
    ) {
      router.post("twitter") { request, context -> TwitterSummary in
        let statuses = facts(try await request.decode(as: Search.self, context: context))
        return TwitterSummary(
          statuses: statuses.count, idSum: statuses.reduce(0) { $0 &+ $1.id }, followers: statuses.reduce(0) { $0 + $1.followers },
          longestText: statuses.map(\.text.count).max() ?? 0)
      }
      router.post("user") { request, context -> Encoded<User> in
        Encoded(value: try await request.decode(as: User.self, context: context))
      }
      router.get("users") { _, _ in Encoded(value: users) }
    }
  }

  extension TwitterSearch: @unchecked Sendable {}
  extension TwitterUser: @unchecked Sendable {}
  extension MTwitterUser: @unchecked Sendable {}

  extension TwitterSearch {
    static func decodeFoundation(_ data: Data) throws -> TwitterSearch { try JSONDecoder().decode(TwitterSearch.self, from: data) }
  }
#endif
