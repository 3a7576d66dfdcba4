import Foundation
import Mapwright
import MapwrightSQLite
import MapwrightSchema
import MapwrightTestSupport
import Testing

@testable import MapwrightGraph

/// A store that forwards to a real one but fails its `failing`-th batch write.
final class FailingStore: GraphStore {
  let base: any RelationalStore
  let failing: Int
  var writes = 0
  struct WriteFailure: Error {}

  init(_ base: any RelationalStore, failing: Int) {
    self.base = base
    self.failing = failing
  }

  var layout: RelationalLayout { base.layout }
  func storedIDs(of entity: String, keys: [PrimaryKeyValue]) throws -> [PrimaryKeyValue: Int64] {
    try base.storedIDs(of: entity, keys: keys)
  }
  func largestID(of entity: String) throws -> Int64 { try base.largestID(of: entity) }
  func beginImport() throws { try base.beginImport() }
  func endImport() { base.endImport() }
  func beginBatch() throws {
    writes += 1
    if writes == failing { throw WriteFailure() }
    try base.beginBatch()
  }
  func writePart(_ part: ImportBatch) throws { try base.writePart(part) }
  func endBatch() throws { try base.endBatch() }
  func abandonBatch() { base.abandonBatch() }
}

@Suite struct ImportPipelineTests {
  @Test func theWorkerRunsJobsInOrderAndStopsAtTheFirstError() throws {
    let worker = SerialWorker(capacity: 2)
    let log = FoundKeys()  // any class the jobs can write to
    struct Stop: Error {}
    for i in 1...5 {
      try worker.submit { log.integers.append((Int64(i), Int64(i))) }
    }
    try worker.drain()
    #expect(log.integers.map(\.key) == [1, 2, 3, 4, 5])
    try worker.submit { throw Stop() }
    // The error comes back from a later call, and later jobs do not run.
    #expect(throws: Stop.self) {
      for i in 6...100 { try worker.submit { log.integers.append((Int64(i), Int64(i))) } }
      try worker.finish()
    }
    #expect(log.integers.count < 100)
  }

  @Test(arguments: StoreKind.all) func aFailedWriteStopsTheImportAndKeepsEarlierBatches(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let authors = (1...9).map { #"{"author_id": \#($0), "firstName": "F", "lastName": "L"}"# }
    var options = ImportOptions()
    options.batchSize = 2
    let progress = WrittenCounts()
    options.progress = { progress.append($0.written) }
    let store = FailingStore(t.store, failing: 3)
    #expect(throws: FailingStore.WriteFailure.self) {
      try GraphImporter(store: store).run(
        Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8), sources: [ImportSource("authors", entity: t.entity("Author"))],
        options: options)
    }
    // Batches 1 and 2 were written (and reported); the third failed and nothing after it ran.
    #expect(try t.store.objects(t.entity("Author")).map { $0.int("authorId") } == [1, 2, 3, 4])
    #expect(progress.values == [2, 4])
    #expect(store.writes == 3)
  }

  @Test(arguments: StoreKind.all) func progressIsReportedForEveryBatchInOrder(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let authors = (1...7).map { #"{"author_id": \#($0), "firstName": "F", "lastName": "L"}"# }
    var options = ImportOptions()
    options.batchSize = 3
    let progress = WrittenCounts()
    options.progress = { progress.append($0.written) }
    let summary = try t.store.importJSON(
      Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8), sources: [ImportSource("authors", entity: t.entity("Author"))],
      options: options)
    #expect(progress.values == [3, 6, 7])
    #expect(summary.inserted == 7 && summary.batches == 3)
  }

  @Test(arguments: StoreKind.all) func keysScannedInParallelFailAtTheFirstBadElementInPayloadOrder(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    let authors = (0..<9).map { i in
      i == 3 || i == 4 || i == 8
        ? #"{"author_id": "x\#(i)", "firstName": "F", "lastName": "L"}"# : #"{"author_id": \#(i), "firstName": "F", "lastName": "L"}"#
    }
    var options = ImportOptions()
    options.batchSize = 2
    #expect {
      try t.store.importJSON(
        Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8), sources: [ImportSource("authors", entity: t.entity("Author"))],
        options: options)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.authors[3].author_id"
    }
    // Nothing was written: keys are read before any batch is.
    #expect(try t.store.objects(t.entity("Author")).isEmpty)
  }

  @Test(arguments: StoreKind.all) func largeArraysAreScannedInRunsAndWrittenInWholeBatches(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    func authors(bad: Int?) -> [UInt8] {
      let list = (0..<7_001).map { (i: Int) -> String in
        i == bad ? #"{"author_id": "x", "firstName": "F", "lastName": "L"}"# : #"{"author_id": \#(i), "firstName": "F\#(i)", "lastName": "L"}"#
      }
      return Array("{\"authors\": [\(list.joined(separator: ","))]}".utf8)
    }
    var options = ImportOptions()
    options.batchSize = 3_000  // not a multiple of the scan's runs
    let progress = WrittenCounts()
    options.progress = { progress.append($0.written) }
    let sources = [ImportSource("authors", entity: t.entity("Author"))]
    // A bad key in a later run is reported at its index in the whole array.
    #expect {
      try t.store.importJSON(authors(bad: 4_500), sources: sources, options: options)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.authors[4500].author_id"
    }
    let summary = try t.store.importJSON(authors(bad: nil), sources: sources, options: options)
    #expect(progress.values == [3_000, 6_000, 7_001])
    #expect(summary.inserted == 7_001 && summary.batches == 3)
    #expect(try t.store.object(t.entity("Author"), key: 6_999)?.string("firstName") == "F6999")
  }
}

/// Batches written in parts inside their transaction: the same store as whole batches, and a
/// batch that fails after some of its parts were written leaves nothing of itself.
@Suite struct BatchPartTests {
  static func payload(_ ids: ClosedRange<Int>, bad: Int? = nil, title: String = "T") -> [UInt8] {
    let authors = ids.map { id in
      let books = (0..<2).map { n in
        #"{"book_id": \#(id * 10 + n), "title": "\#(title)\#(id)", "pricing": {"retailPrice": \#(id == bad && n == 1 ? #""x""# : "\(id).5")}}"#
      }
      return #"{"author_id": \#(id), "firstName": "F\#(id)", "lastName": "L", "books": [\#(books.joined(separator: ","))]}"#
    }
    return Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8)
  }

  static func contents(_ t: TemporaryStore) throws -> [String] {
    try t.store.objects(t.entity("Book")).map { book in
      "\(book.int("bookId") ?? -1) \(book.string("title") ?? "") \(book.object("author")?.int("authorId") ?? -1) \(book.object("pricing")?.decimal("retailPrice") ?? -1)"
    }.sorted() + ["pricings \(try t.store.count(t.entity("Pricing")))"]
  }

  @Test(arguments: StoreKind.all) func partsWriteWhatWholeBatchesWrite(_ kind: StoreKind) throws {
    var results: [[String]] = []
    for rowsPerPart in [3, 7, 10_000] {
      let t = try TemporaryStore(kind)
      var options = ImportOptions(batchSize: 6)
      options.rowsPerPart = rowsPerPart
      let progress = WrittenCounts()
      options.progress = { progress.append($0.written) }
      let sources = [ImportSource("authors", entity: t.entity("Author"))]
      _ = try t.store.importJSON(Self.payload(1...20), sources: sources, options: options)
      // Again with changes (updates, children replaced), overlapping new objects.
      let summary = try t.store.importJSON(Self.payload(11...25, title: "U"), sources: sources, options: options)
      #expect(summary.inserted == 5 * 5 + 5 * 2 * 2 && summary.batches == 3)
      #expect(progress.values == [6, 12, 18, 20, 6, 12, 15])
      results.append(try Self.contents(t))
    }
    #expect(results[0].count == 50 + 1 && results[0].last == "pricings 50")
    #expect(results[0] == results[2] && results[1] == results[2])
  }

  @Test(arguments: StoreKind.all) func aBatchThatFailsAfterSomePartsLeavesNothingOfItself(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind)
    var options = ImportOptions(batchSize: 6)
    options.rowsPerPart = 4
    let sources = [ImportSource("authors", entity: t.entity("Author"))]
    // Author 10 (the fourth of the second batch) has a bad price: parts of that batch were
    // already written when it is met.
    #expect {
      try t.store.importJSON(Self.payload(1...12, bad: 10), sources: sources, options: options)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.authors[9].books[1].pricing.retailPrice"
    }
    #expect(try t.store.count(t.entity("Author")) == 6)
    #expect(try t.store.count(t.entity("Book")) == 12 && t.store.count(t.entity("Pricing")) == 12)
    // The store takes the next import normally (no transaction left open).
    _ = try t.store.importJSON(Self.payload(1...12), sources: sources, options: options)
    #expect(try t.store.count(t.entity("Author")) == 12 && t.store.count(t.entity("Pricing")) == 24)
  }
}

/// Progress reports, appended from the import's store thread (`ImportOptions.progress` is
/// `@Sendable`), read by the test afterwards.
final class WrittenCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [Int] = []
  func append(_ count: Int) { lock.withLock { counts.append(count) } }
  var values: [Int] { lock.withLock { counts } }
}

/// `ImportBatch.rowGroups` against its definition, on seeded random batches: rows grouped by
/// table, column set, newness and occurrence (the n-th write of a row), groups ordered by
/// occurrence and then by first appearance, rows in payload order within a group.
@Suite struct RowGroupTests {
  @Test func groupsMatchTheirDefinitionOnRandomBatches() {
    var random = SeededGenerator(seed: 0x5EED_0021)
    let tables = ["Author", "Book", "Pricing"]
    let columnSets = [["a"], ["a", "b"], ["b", "link"]]
    for _ in 0..<200 {
      var batch = ImportBatch()
      // Runs of one table and column set (as an import makes them), ids repeating.
      while batch.rows.count < 300 {
        let (table, columns) = (tables[Int(random.next() % 3)], columnSets[Int(random.next() % 3)])
        let isNew = random.next() % 2 == 0
        for _ in 0..<(1 + Int(random.next() % 20)) {
          batch.rows.append(
            ImportBatch.Row(
              table: table, id: Int64(random.next() % 60), columns: columns, values: columns.map { _ in .integer(1) }, isNew: isNew))
        }
      }
      // The definition, written plainly.
      struct Key: Hashable {
        let table: String
        let columns: [String]
        let occurrence: Int
        let isNew: Bool
      }
      var seen: [String: Int] = [:]
      var order: [Key] = []
      var expected: [Key: [Int64]] = [:]
      for row in batch.rows {
        let occurrence = seen["\(row.table) \(row.id)", default: 0]
        seen["\(row.table) \(row.id)"] = occurrence + 1
        let key = Key(table: row.table, columns: row.columns, occurrence: occurrence, isNew: row.isNew)
        if expected[key] == nil { order.append(key) }
        expected[key, default: []].append(row.id)
      }
      let sorted = order.enumerated().sorted { ($0.element.occurrence, $0.offset) < ($1.element.occurrence, $1.offset) }.map(\.element)
      let groups = batch.rowGroups()
      #expect(groups.map { $0.map(\.id) } == sorted.map { expected[$0]! })
      #expect(
        groups.map { Key(table: $0[0].table, columns: $0[0].columns, occurrence: 0, isNew: $0[0].isNew) }
          == sorted.map { Key(table: $0.table, columns: $0.columns, occurrence: 0, isNew: $0.isNew) })
    }
  }
}
