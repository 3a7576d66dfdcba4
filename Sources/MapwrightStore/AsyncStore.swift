// Stores for async code — a server's handlers, on the cooperative pool or a NIO event loop.
// No caller's thread ever waits for the database. Where the work runs is an
// `AsyncStoreConnections`:
// - `StoreLanes` (here), for any synchronous store (SQLite's): the synchronous store runs on
//   threads of its own — one connection imports (imports are serialised, as a store
//   serialises its writers), a few more answer fetches, each on its own thread, so that reads
//   go on while an import runs (SQLite's WAL shows them the state before or after each batch);
// - a PostgreSQL connection pool (MapwrightPostgres, `AsyncStore(postgres:at:model:)`): fetches
//   are queries on the pool, awaited; an import leases its connections and runs on a thread
//   of its own.
// The import and the fetches are each one implementation (GraphImporter, ObjectFetch).

import MapwrightGraph
import MapwrightSchema
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store with an `async` API over connections of its own.
///
/// ```swift
/// let store = try AsyncStore(readers: 2) { try SQLiteStore(path: "library.sqlite", model: model) }
/// let summary = try await store.importJSON(data, sources: [ImportSource("authors", entity: author)])
/// let recent = try await store.objects(book, where: .greater("year", 1900))
/// ```
public final class AsyncStore: Sendable {
  let connections: any AsyncStoreConnections
  /// The model of the store's objects.
  public let model: ObjectModel

  /// Opens `readers + 1` connections by calling `open` (each call opens one store, on the
  /// caller's thread, before any is used): one for imports, the others for fetches.
  public convenience init(readers: Int = 2, open: () throws -> any RelationalStore) throws {
    let lanes = try StoreLanes(readers: readers, open: open)
    self.init(connections: lanes, model: lanes.model)
  }

  package init(connections: any AsyncStoreConnections, model: ObjectModel) {
    self.connections = connections
    self.model = model
  }

  deinit {
    connections.close()
  }

  // MARK: Imports

  /// Imports a payload (see `RelationalStore.importJSON`). Cancelling the calling task stops
  /// the import at the next run of elements: the batch under way is rolled back, the batches
  /// before it stay, and the call throws `CancellationError`.
  public func importJSON(_ payload: [UInt8], sources: [ImportSource], options: ImportOptions = ImportOptions()) async throws -> ImportSummary {
    try await cancellable(options) { store, options in try store.importJSON(payload, sources: sources, options: options) }
  }

  /// Imports a payload (see `RelationalStore.importJSON`); cancellable as the `[UInt8]` form.
  public func importJSON(_ payload: Data, sources: [ImportSource], options: ImportOptions = ImportOptions()) async throws -> ImportSummary {
    try await importJSON(payload.byteArray, sources: sources, options: options)
  }

  /// Imports from a file without holding it (see `RelationalStore.importJSON(contentsOfFile:)`).
  public func importJSON(
    contentsOfFile path: String, jsonLines: Bool = false, sources: [ImportSource], options: ImportOptions = ImportOptions()
  ) async throws -> ImportSummary {
    try await cancellable(options) { store, options in
      try store.importJSON(contentsOfFile: path, jsonLines: jsonLines, sources: sources, options: options)
    }
  }

  private func cancellable(
    _ options: ImportOptions, _ body: @escaping (any RelationalStore, ImportOptions) throws -> ImportSummary
  ) async throws -> ImportSummary {
    let cancelled = CancellationFlag()
    var options = options
    options.isCancelled = { cancelled.isSet }
    let job = UncheckedBox((options, body))
    return try await withTaskCancellationHandler {
      try await connections.importing { store in try job.value.1(store, job.value.0) }
    } onCancel: {
      cancelled.set()
    }
  }

  // MARK: Fetching

  /// The object of `entity` with primary key `key`, or nil.
  public func object(_ entity: EntityDescription, key: some StoreKey) async throws -> ModelObject? {
    try await objects(entity, where: primaryKeyCondition(entity, key)).first
  }

  /// The objects of `entity` matching `predicate` (see `RelationalStore.objects(_:where:)`).
  public func objects(_ entity: EntityDescription, where predicate: StorePredicate? = nil) async throws -> [ModelObject] {
    try await connections.objects(entity, where: predicate)
  }

  /// How many objects of `entity` match `predicate`.
  public func count(_ entity: EntityDescription, where predicate: StorePredicate? = nil) async throws -> Int {
    try await connections.count(entity, where: predicate)
  }

  /// The objects of `entity` matching `predicate`, decoded as `T` (a `@JSONModel`, a `Mappable`).
  public func values<T: JSONConvertible>(
    _ type: T.Type, of entity: EntityDescription, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()
  ) async throws -> [T] {
    try await objects(entity, where: predicate).map { try T(json: $0.jsonObject, options: options) }
  }

  /// Runs `body` with a store in one read transaction: every query in it sees the same state,
  /// even while an import runs. `body` runs on a thread of the store's (it is synchronous);
  /// use the store only inside it.
  public func read<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T {
    try await connections.read(body)
  }
}

/// Where an `AsyncStore`'s work runs.
package protocol AsyncStoreConnections: Sendable {
  /// Runs an import with the store it writes to; imports run one at a time.
  func importing(_ body: @escaping (any RelationalStore) throws -> ImportSummary) async throws -> ImportSummary
  func objects(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> [ModelObject]
  func count(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> Int
  /// Runs `body` in one read transaction.
  func read<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T
  /// Ends the threads and connections once the calls queued have run.
  func close()
}

/// Synchronous stores on threads of their own: one that imports, a few that fetch.
final class StoreLanes: AsyncStoreConnections {
  /// A connection and the thread that uses it.
  final class Lane: Sendable {
    let store: UncheckedBox<any RelationalStore>
    let thread: StoreThread

    init(_ store: any RelationalStore, name: String) {
      self.store = UncheckedBox(store)
      thread = StoreThread(name: name)
    }

    /// Runs `body` with the store on the lane's thread.
    func run<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T {
      let job = UncheckedBox((store.value, body))
      return try await thread.run { UncheckedBox(try job.value.1(job.value.0)) }.value
    }
  }

  let writer: Lane
  let readers: [Lane]
  let model: ObjectModel

  init(readers: Int, open: () throws -> any RelationalStore) throws {
    let first = try open()
    model = first.model
    writer = Lane(first, name: "mapwright-store-writer")
    self.readers = try (0..<max(readers, 1)).map { Lane(try open(), name: "mapwright-store-reader-\($0)") }
  }

  func close() {
    writer.thread.stop()
    for reader in readers { reader.thread.stop() }
  }

  /// The reader with the fewest calls waiting.
  var reader: Lane { readers.min { $0.thread.load < $1.thread.load }! }

  func importing(_ body: @escaping (any RelationalStore) throws -> ImportSummary) async throws -> ImportSummary {
    try await writer.run(body)
  }

  func objects(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> [ModelObject] {
    let condition = UncheckedBox(predicate)
    return try await reader.run { try $0.objects(entity, where: condition.value) }
  }

  func count(_ entity: EntityDescription, where predicate: StorePredicate?) async throws -> Int {
    let condition = UncheckedBox(predicate)
    return try await reader.run { try $0.count(entity, where: condition.value) }
  }

  func read<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T {
    try await reader.run { store in try store.read { try body(store) } }
  }
}

/// Set once, read from the import's thread.
final class CancellationFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}
