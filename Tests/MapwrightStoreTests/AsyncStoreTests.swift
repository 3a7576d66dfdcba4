// The async API of the stores (`AsyncStore`), on SQLite and on PostgreSQL through threads of
// its own, and on a PostgreSQL connection pool (`PostgresClient`): many concurrent tasks,
// calls from a NIO event loop, reads answered while an import is held mid-way, and a
// cancelled import that leaves whole batches only.

#if Postgres
  import Dispatch
  import Foundation
  import Logging
  import Mapwright
  import MapwrightGraph
  import MapwrightPostgres
  import MapwrightSchema
  import NIOCore
  import NIOPosix
  import PostgresNIO
  import Synchronization
  import Testing

  @Suite struct AsyncStoreTests {
    static func authors(_ range: Range<Int>) -> [UInt8] {
      Array(("[" + range.map { #"{"author_id": \#($0), "firstName": "F\#($0)", "lastName": "L\#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    static func open(_ t: AsyncTemporaryStore, readers: Int = 2) async throws -> AsyncStore {
      switch t.kind {
      case .sqlite, .postgres: try AsyncStore(readers: readers) { try t.place.open(t.model) }
      case .postgresPool: try await AsyncStore(postgres: t.client!, at: PostgresLocation(url: t.place.url), model: t.model, readers: readers)
      }
    }

    @Test(arguments: AsyncStoreKind.all) func manyTasksAtOnce(_ kind: AsyncStoreKind) async throws {
      let t = try AsyncTemporaryStore(kind)
      let store = try await Self.open(t, readers: 3)
      let author = t.entity("Author")
      let summary = try await store.importJSON(Self.authors(0..<300), sources: [ImportSource("", entity: author)])
      #expect(summary.inserted == 300)
      // Fifty fetches and two imports of new authors at once.
      try await withThrowingTaskGroup(of: Int.self) { group in
        for i in 0..<50 {
          group.addTask {
            let found = try await store.objects(author, where: .equal("authorId", i * 3))
            #expect(found.first?.string("firstName") == "F\(i * 3)")
            return try await store.count(author, where: .less("authorId", 300))
          }
        }
        for part in 0..<2 {
          group.addTask {
            try await store.importJSON(Self.authors((1_000 + part * 100)..<(1_100 + part * 100)), sources: [ImportSource("", entity: author)])
              .inserted
          }
        }
        var total = 0
        for try await value in group { total += value }
        #expect(total == 50 * 300 + 200)
      }
      #expect(try await store.count(author) == 500)
      #expect(try await store.object(author, key: 1_150)?.string("lastName") == "L1150")
    }

    @Test(arguments: AsyncStoreKind.all) func calledFromAnEventLoop(_ kind: AsyncStoreKind) async throws {
      let t = try AsyncTemporaryStore(kind)
      let store = try await Self.open(t)
      let author = t.entity("Author")
      // An actor whose executor is the event loop: its code runs on the loop's thread, where
      // waiting for a future would trap. The store's work never waits there.
      let caller = OnEventLoop(MultiThreadedEventLoopGroup.singleton.next())
      let (count, onLoop) = try await caller.importAndCount(store, Self.authors(0..<20), author)
      #expect(count == 20)
      #expect(onLoop)
    }

    /// An import of `count` authors in batches of `batchSize` that holds after its second batch
    /// until `release` is signalled; returns once it holds.
    static func heldImport(
      _ store: AsyncStore, _ author: EntityDescription, count: Int, batchSize: Int, release: DispatchSemaphore
    ) async -> Task<ImportSummary, any Error> {
      // The import's thread waits for `release`; this task waits for the import to hold
      // without blocking a thread of the cooperative pool.
      let (held, holding) = AsyncStream<Void>.makeStream()
      var options = ImportOptions(batchSize: batchSize)
      options.progress = { progress in
        if progress.written == 2 * batchSize {
          holding.yield()
          release.wait()
        }
      }
      let importing = Task { try await store.importJSON(Self.authors(0..<count), sources: [ImportSource("", entity: author)], options: options) }
      for await _ in held { break }
      return importing
    }

    @Test(arguments: AsyncStoreKind.all) func readsGoOnWhileAnImportIsUnderWay(_ kind: AsyncStoreKind) async throws {
      let t = try AsyncTemporaryStore(kind)
      let store = try await Self.open(t)
      let author = t.entity("Author")
      let release = DispatchSemaphore(value: 0)
      let importing = await Self.heldImport(store, author, count: 100, batchSize: 10, release: release)
      // Two whole batches are committed; a reader answers while the import waits.
      #expect(try await store.count(author) == 20)
      #expect(try await store.read { try $0.count(author, where: .greaterOrEqual("authorId", 10)) } == 10)
      release.signal()
      #expect(try await importing.value.inserted == 100)
      #expect(try await store.count(author) == 100)
    }

    @Test(arguments: AsyncStoreKind.all) func aCancelledImportLeavesWholeBatches(_ kind: AsyncStoreKind) async throws {
      let t = try AsyncTemporaryStore(kind)
      let store = try await Self.open(t)
      let author = t.entity("Author")
      let release = DispatchSemaphore(value: 0)
      let importing = await Self.heldImport(store, author, count: 700, batchSize: 7, release: release)
      importing.cancel()
      release.signal()
      await #expect(throws: CancellationError.self) { try await importing.value }
      let stored = try await store.count(author)
      #expect(stored >= 14 && stored < 700 && stored % 7 == 0, "\(stored) authors")
      // The store takes the next import as usual, and the rest of the payload completes it.
      let rest = try await store.importJSON(Self.authors(0..<700), sources: [ImportSource("", entity: author)])
      #expect(rest.inserted == 700 - stored && rest.updated == stored)
    }
  }

  /// Calls the store from code running on a NIO event loop.
  actor OnEventLoop {
    let loop: any EventLoop
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.executor.asUnownedSerialExecutor() }

    init(_ loop: any EventLoop) { self.loop = loop }

    func importAndCount(_ store: AsyncStore, _ payload: [UInt8], _ author: EntityDescription) async throws -> (Int, Bool) {
      _ = try await store.importJSON(payload, sources: [ImportSource("", entity: author)])
      let found = try await store.objects(author, where: .less("authorId", 5))
      return (try await store.count(author) + found.count - 5, loop.inEventLoop)
    }
  }

  /// The ways an `AsyncStore` reaches its database in these tests.
  enum AsyncStoreKind: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres, postgresPool

    var testDescription: String { rawValue }

    static let all: [AsyncStoreKind] = StoreKind.all.contains(.postgres) ? [.sqlite, .postgres, .postgresPool] : [.sqlite]
  }

  /// A test's store and, for a pool, a running `PostgresClient` that stops with it.
  final class AsyncTemporaryStore: @unchecked Sendable {
    let kind: AsyncStoreKind
    let place: StorePlace
    let model: ObjectModel
    let client: PostgresClient?
    let running: Task<Void, Never>?

    init(_ kind: AsyncStoreKind) throws {
      self.kind = kind
      if kind == .postgresPool {
        // A schema that does not exist yet: the pool's store creates it.
        TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
        place = StorePlace(.postgres)
        model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
      } else {
        let stored = try TemporaryStore(kind == .sqlite ? .sqlite : .postgres)
        place = stored.place
        model = stored.model
      }
      if kind == .postgresPool {
        let client = PostgresClient(configuration: try PostgresLocation(url: place.url).clientConfiguration())
        self.client = client
        running = Task { await client.run() }
      } else {
        client = nil
        running = nil
      }
    }

    deinit { running?.cancel() }

    func entity(_ name: String) -> EntityDescription { model.entity(named: name)! }
  }

  @Suite struct PostgresPoolStoreTests {
    /// Connections go back to the pool as they came, after an import that succeeds and one that
    /// fails in a batch: no transaction left open, no setting of the import's left behind.
    @Test(.enabled(if: StoreKind.all.contains(.postgres))) func leasedConnectionsGoBackClean() async throws {
      let t = try AsyncTemporaryStore(.postgresPool)
      let store = try await AsyncStoreTests.open(t)
      let author = t.entity("Author")
      _ = try await store.importJSON(AsyncStoreTests.authors(0..<50), sources: [ImportSource("", entity: author)])
      let bad = Array(#"[{"author_id": 1, "firstName": "A"}, {"author_id": "x"}]"#.utf8)
      await #expect(throws: (any Error).self) { try await store.importJSON(bad, sources: [ImportSource("", entity: author)]) }
      // Every connection of the pool (it never has more than two here) answers as a fresh one.
      try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<4 {
          group.addTask {
            try await t.client!.withConnection { connection in
              var settings: [String] = []
              for name in ["enable_seqscan", "enable_hashjoin", "client_min_messages"] {
                for try await (value) in try await connection.query("SELECT current_setting(\(name))", logger: PostgresPoolStoreTests.logger).decode(
                  String.self)
                {
                  settings.append(value)
                }
              }
              for try await (open) in try await connection.query(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()", logger: PostgresPoolStoreTests.logger
              ).decode(Int64.self) {
                settings.append("advisory locks \(open)")
              }
              return settings
            }
          }
        }
        for try await settings in group { #expect(settings == ["on", "on", "notice", "advisory locks 0"]) }
      }
      #expect(try await store.count(author) == 50)
    }

    @Test(.enabled(if: StoreKind.all.contains(.postgres))) func aClientOnAnotherSchemaIsAClearError() async throws {
      let t = try AsyncTemporaryStore(.postgresPool)
      var location = try PostgresLocation(url: t.place.url)
      location.schema = nil
      let client = PostgresClient(configuration: try location.clientConfiguration())
      let running = Task { await client.run() }
      defer { running.cancel() }
      let error = await #expect(throws: StoreError.self) {
        try await AsyncStore(postgres: client, at: PostgresLocation(url: t.place.url), model: t.model)
      }
      #expect(error?.message.contains("location.clientConfiguration()") == true)
    }

    @Test(.enabled(if: StoreKind.all.contains(.postgres))) func fetchErrorsNameTheAttributeOrTheStatement() async throws {
      let t = try AsyncTemporaryStore(.postgresPool)
      let store = try await AsyncStoreTests.open(t)
      let author = t.entity("Author")
      let wrongKind = await #expect(throws: StoreError.self) { try await store.objects(author, where: .equal("authorId", "seven")) }
      #expect(wrongKind?.message.contains("authorId") == true)
      #expect(try await store.object(author, key: 7) == nil)
    }

    static let logger = Logger(label: "test")
  }
#endif
