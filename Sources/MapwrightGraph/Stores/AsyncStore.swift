// Stores for async code — a server's handlers, on the cooperative pool or a NIO event loop.
// The synchronous store is the one implementation; `AsyncStore` runs it on threads of its own:
// one connection imports (imports are serialised, as a store serialises its writers), and a
// few more answer fetches, each on its own thread, so that reads go on while an import runs
// (SQLite's WAL and PostgreSQL's MVCC show them the state before or after each batch). No
// caller's thread ever waits for the database.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import MapwrightSchema

/// A store with an `async` API over connections of its own.
///
/// ```swift
/// let store = try AsyncStore(readers: 2) { try SQLiteStore(path: "library.sqlite", model: model) }
/// let summary = try await store.importJSON(data, sources: [ImportSource("authors", entity: author)])
/// let recent = try await store.objects(book, where: .greater("year", 1900))
/// ```
public final class AsyncStore: Sendable {
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
  public let model: ObjectModel

  /// Opens `readers + 1` connections by calling `open` (each call opens one store, on the
  /// caller's thread, before any is used): one for imports, the others for fetches.
  public init(readers: Int = 2, open: () throws -> any RelationalStore) throws {
    let first = try open()
    model = first.model
    writer = Lane(first, name: "mapwright-store-writer")
    self.readers = try (0..<max(readers, 1)).map { Lane(try open(), name: "mapwright-store-reader-\($0)") }
  }

  deinit {
    writer.thread.stop()
    for reader in readers { reader.thread.stop() }
  }

  /// The reader with the fewest calls waiting.
  var reader: Lane { readers.min { $0.thread.load < $1.thread.load }! }

  // MARK: Imports

  /// Imports a payload (see `RelationalStore.importJSON`). Cancelling the calling task stops
  /// the import at the next run of elements: the batch under way is rolled back, the batches
  /// before it stay, and the call throws `CancellationError`.
  public func importJSON(_ payload: [UInt8], sources: [ImportSource], options: ImportOptions = ImportOptions()) async throws -> ImportSummary {
    try await cancellable(options) { store, options in try store.importJSON(payload, sources: sources, options: options) }
  }

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
      try await writer.run { store in try job.value.1(store, job.value.0) }
    } onCancel: {
      cancelled.set()
    }
  }

  // MARK: Fetching

  /// The object of `entity` with primary key `key`, or nil.
  public func object(_ entity: EntityDescription, key: some StoreKey) async throws -> ModelObject? {
    let key = UncheckedBox(key)
    return try await reader.run { try $0.object(entity, key: key.value) }
  }

  /// The objects of `entity` matching `predicate` (see `RelationalStore.objects(_:where:)`).
  public func objects(_ entity: EntityDescription, where predicate: StorePredicate? = nil) async throws -> [ModelObject] {
    let condition = UncheckedBox(predicate)
    return try await reader.run { try $0.objects(entity, where: condition.value) }
  }

  /// How many objects of `entity` match `predicate`.
  public func count(_ entity: EntityDescription, where predicate: StorePredicate? = nil) async throws -> Int {
    let condition = UncheckedBox(predicate)
    return try await reader.run { try $0.count(entity, where: condition.value) }
  }

  /// The objects of `entity` matching `predicate`, decoded as `T` (a `@JSONModel`, a `Mappable`).
  public func values<T: JSONConvertible>(
    _ type: T.Type, of entity: EntityDescription, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()
  ) async throws -> [T] {
    let condition = UncheckedBox(predicate)
    return try await reader.run { try $0.values(type, of: entity, where: condition.value, options: options) }
  }

  /// Runs `body` with a reader's store in one read transaction: every query in it sees the same
  /// state, even while an import runs. `body` runs on the reader's thread; use the store only
  /// inside it.
  public func read<T>(_ body: @escaping (any RelationalStore) throws -> T) async throws -> T {
    try await reader.run { store in try store.read { try body(store) } }
  }
}

/// Set once, read from the import's thread.
final class CancellationFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}
