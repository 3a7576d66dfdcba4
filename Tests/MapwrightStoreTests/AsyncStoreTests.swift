// The async API of the stores (`AsyncStore`), on both stores: many concurrent tasks, calls
// from a NIO event loop, reads answered while an import is held mid-way, and a cancelled
// import that leaves whole batches only.

import Dispatch
import Foundation
import MapwrightGraph
import MapwrightSchema
import NIOCore
import NIOPosix
import Synchronization
import Testing

@Suite struct AsyncStoreTests {
  static func authors(_ range: Range<Int>) -> [UInt8] {
    Array(("[" + range.map { #"{"author_id": \#($0), "firstName": "F\#($0)", "lastName": "L\#($0)"}"# }.joined(separator: ",") + "]").utf8)
  }

  static func open(_ place: StorePlace, _ model: ObjectModel, readers: Int = 2) throws -> AsyncStore {
    try AsyncStore(readers: readers) { try place.open(model) }
  }

  @Test(arguments: StoreKind.all) func manyTasksAtOnce(_ kind: StoreKind) async throws {
    let t = try TemporaryStore(kind)
    let store = try Self.open(t.place, t.model, readers: 3)
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
          try await store.importJSON(Self.authors((1_000 + part * 100)..<(1_100 + part * 100)), sources: [ImportSource("", entity: author)]).inserted
        }
      }
      var total = 0
      for try await value in group { total += value }
      #expect(total == 50 * 300 + 200)
    }
    #expect(try await store.count(author) == 500)
    #expect(try await store.object(author, key: 1_150)?.string("lastName") == "L1150")
  }

  @Test(arguments: StoreKind.all) func calledFromAnEventLoop(_ kind: StoreKind) async throws {
    let t = try TemporaryStore(kind)
    let store = try Self.open(t.place, t.model)
    let author = t.entity("Author")
    let loop = MultiThreadedEventLoopGroup.singleton.next()
    // A task started on the event loop: the store's work runs on its own threads, so the loop
    // is never blocked and nothing waits on it.
    let count = try await loop.makeFutureWithTask {
      _ = try await store.importJSON(Self.authors(0..<20), sources: [ImportSource("", entity: author)])
      return try await store.count(author)
    }.get()
    #expect(count == 20)
    let onLoop = try await loop.submit { loop.inEventLoop }.get()
    #expect(onLoop)
  }

  /// An import of `count` authors in batches of `batchSize` that holds after its second batch
  /// until `release` is signalled; returns once it holds.
  static func heldImport(
    _ store: AsyncStore, _ author: EntityDescription, count: Int, batchSize: Int, release: DispatchSemaphore
  ) async -> Task<ImportSummary, any Error> {
    let held = DispatchSemaphore(value: 0)
    var options = ImportOptions(batchSize: batchSize)
    options.progress = { progress in
      if progress.written == 2 * batchSize {
        held.signal()
        release.wait()
      }
    }
    let importing = Task { try await store.importJSON(Self.authors(0..<count), sources: [ImportSource("", entity: author)], options: options) }
    await Task.detached { held.wait() }.value
    return importing
  }

  @Test(arguments: StoreKind.all) func readsGoOnWhileAnImportIsUnderWay(_ kind: StoreKind) async throws {
    let t = try TemporaryStore(kind)
    let store = try Self.open(t.place, t.model)
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

  @Test(arguments: StoreKind.all) func aCancelledImportLeavesWholeBatches(_ kind: StoreKind) async throws {
    let t = try TemporaryStore(kind)
    let store = try Self.open(t.place, t.model)
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
