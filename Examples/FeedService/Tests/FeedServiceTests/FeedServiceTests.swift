// The example service started on a loopback port and talked to over HTTP: feeds imported as
// JSON Lines and as an array, authors answered from the store, bodies checked against the
// model, and malformed, truncated and oversized feeds refused — two imports at once included.

#if Hummingbird
  import FeedService
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import MapwrightGraph
  import MapwrightJSON
  import MapwrightSQLite
  import MapwrightSchema
  import NIOCore
  import Testing

  @Suite struct FeedServiceTests {
    static let model: ObjectModel = {
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      return try! ObjectModel(contentsOf: root.appendingPathComponent("../Library.xcdatamodeld"))
    }()

    /// A service on a new SQLite store in a temporary folder, feeds of at most `limit` bytes;
    /// the folder, for the test to remove.
    static func service(limit: Int = 1 << 20) throws -> (FeedService, URL) {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-service-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let store = try AsyncStore(readers: 2) { try SQLiteStore(path: folder.appendingPathComponent("feeds.sqlite").path, model: model) }
      return (try FeedService(store: store, maximumFeedSize: limit, spoolDirectory: folder), folder)
    }

    static func author(_ id: Int, born: String = "1850-01-01", books: Int = 2) -> String {
      let list = (0..<books).map {
        #"{"book_id": \#(id * 10 + $0), "title": "T\#(id)-\#($0)", "year": "19\#($0)0", "pricing": {"retailPrice": "9.99"}}"#
      }
      return #"{"author_id": \#(id), "firstName": "F\#(id)", "lastName": "L\#(id)", "born": "\#(born)", "books": [\#(list.joined(separator: ", "))]}"#
    }

    static func json(_ response: TestResponse) throws -> JSON { try JSON(parsing: Array(response.body.readableBytesView)) }

    @Test func feedsInAuthorsOut() async throws {
      let (service, folder) = try Self.service()
      defer { try? FileManager.default.removeItem(at: folder) }
      try await service.application(port: 0).test(.live) { client in
        let lines = (1...40).map { Self.author($0, born: $0 <= 10 ? "1830-05-05" : "1900-02-02") }.joined(separator: "\n")
        var response = try await client.execute(
          uri: "/feeds", method: .post, headers: [.contentType: "application/jsonl"], body: ByteBuffer(string: lines))
        #expect(response.status == .ok)
        var answer = try Self.json(response)
        #expect(answer["elements"] == 40 && answer["inserted"] == 200)
        // The same authors again as an array under "authors": updated, not duplicated.
        let array = #"{"authors": [\#((1...5).map { Self.author($0) }.joined(separator: ","))]}"#
        response = try await client.execute(
          uri: "/feeds?key_path=authors", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: array))
        answer = try Self.json(response)
        // Authors and books updated in place; their prices, which have no key, replaced.
        #expect(answer["updated"] == 15 && answer["inserted"] == 10, "\(answer)")

        response = try await client.execute(uri: "/authors/7", method: .get)
        let seven = try Self.json(response)
        #expect(seven["lastName"] == "L7" && seven["books"]?.arrayValue?.count == 2)
        response = try await client.execute(uri: "/authors/999", method: .get)
        let missing = try Self.json(response)
        #expect(response.status == .notFound && missing["title"] == "Not Found")
        response = try await client.execute(uri: "/authors?born_after=1880-01-01", method: .get)
        #expect(try Self.json(response).arrayValue?.count == 30)
        response = try await client.execute(uri: "/authors?born_after=yesterday", method: .get)
        #expect(response.status == .badRequest)
      }
    }

    @Test func badFeedsAreRefusedWithTheirPlace() async throws {
      let (service, folder) = try Self.service(limit: 4096)
      defer { try? FileManager.default.removeItem(at: folder) }
      try await service.application(port: 0).test(.live) { client in
        // A bad value on line 3 of the feed: 400, its path, line and column in the feed.
        let lines = [Self.author(1), Self.author(2), Self.author(3).replacingOccurrences(of: #""author_id": 3"#, with: #""author_id": "three""#)]
        var response = try await client.execute(
          uri: "/feeds", method: .post, headers: [.contentType: "application/jsonl"], body: ByteBuffer(string: lines.joined(separator: "\n")))
        var problem = try Self.json(response)
        #expect(response.status == .badRequest && problem["path"] == "$[2].author_id" && problem["line"] == 3 && problem["column"] == 15)
        // Truncated in the middle of an element.
        let truncated = Self.author(4) + "\n" + String(Self.author(5).prefix(50))
        response = try await client.execute(
          uri: "/feeds", method: .post, headers: [.contentType: "application/jsonl"], body: ByteBuffer(string: truncated))
        problem = try Self.json(response)
        #expect(response.status == .badRequest && problem["line"] == 2)
        // Over the service's limit: 413, nothing imported.
        let large = (10..<60).map { Self.author($0) }.joined(separator: "\n")
        response = try await client.execute(
          uri: "/feeds", method: .post, headers: [.contentType: "application/jsonl"], body: ByteBuffer(string: large))
        #expect(response.status == .contentTooLarge)
        response = try await client.execute(uri: "/authors", method: .get)
        #expect(try Self.json(response).arrayValue?.count == 0)  // the bad line's batch (the whole feed) is refused whole
      }
    }

    @Test func checkListsEveryProblem() async throws {
      let (service, folder) = try Self.service()
      defer { try? FileManager.default.removeItem(at: folder) }
      try await service.application(port: 0).test(.live) { client in
        let body = #"[{"author_id": 1, "firstName": "A"}, {"author_id": "x", "firstName": "B", "lastName": "C"}]"#
        var response = try await client.execute(uri: "/check", method: .post, body: ByteBuffer(string: body))
        let answer = try Self.json(response)
        let problems = answer["problems"]?.arrayValue ?? []
        #expect(answer["valid"] == false && problems.count == 2)
        #expect(problems.compactMap { $0["path"]?.stringValue } == ["$[0].lastName", "$[1].author_id"])
        #expect(problems[1]["line"] == 1 && problems[1]["column"] != nil)
        response = try await client.execute(uri: "/check", method: .post, body: ByteBuffer(string: #"{"author_id": 1, "#))
        #expect(try Self.json(response)["problems"]?[0]?["line"] == 1)
        response = try await client.execute(
          uri: "/check", method: .post, body: ByteBuffer(string: #"{"author_id": 1, "firstName": "A", "lastName": "B"}"#))
        #expect(try Self.json(response)["valid"] == true)
      }
    }

    @Test func twoImportsAtOnce() async throws {
      let (service, folder) = try Self.service()
      defer { try? FileManager.default.removeItem(at: folder) }
      try await service.application(port: 0).test(.live) { client in
        try await withThrowingTaskGroup(of: Int.self) { group in
          for part in 0..<2 {
            group.addTask {
              let lines = (1...30).map { Self.author(part * 100 + $0) }.joined(separator: "\n")
              let response = try await client.execute(
                uri: "/feeds", method: .post, headers: [.contentType: "application/jsonl"], body: ByteBuffer(string: lines))
              return try Self.json(response)["inserted"]?.numberValue?.intValue ?? -1
            }
          }
          var inserted = 0
          for try await count in group { inserted += count }
          #expect(inserted == 300)
        }
        let response = try await client.execute(uri: "/authors", method: .get)
        #expect(try Self.json(response).arrayValue?.count == 60)
      }
    }
  }
#endif
