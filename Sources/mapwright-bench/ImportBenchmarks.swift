// import.bucketed and import.naive: importing a generated payload into a SQLite store (or a
// PostgreSQL one, `--store postgres://…`) that already holds about half of its objects; with
// `--concurrent`, two importers of the payload at once.
//
// The model has three entities — Author (authorId), Book (bookId, to-one author by id, and
// Author.favorites, a to-many of book ids), Review (reviewId, to-one book by id). The payload
// holds `count` objects (10% authors, 45% books, 45% reviews) in three arrays; the store is
// first filled with the objects of even ids, so about half of the import updates stored
// objects and half inserts. Each timed run starts from a copy of that store. The bucketed
// import (the default) against the naive one (one lookup query per object and per id),
// both in batches of 10,000 in one transaction each. Before each timed run the store is seeded
// anew by a child process (SQLite: a file; PostgreSQL: a schema `bench_…`, dropped after). "import MB" is the resident memory the
// import added at its peak, above what the process held before it (the payload included);
// "peak MB" is the process's peak resident memory during the import, payload and runtime

import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import Synchronization

#if BenchmarkServers
  import MapwrightPostgres
#endif

enum ImportBenchmarks {
  static let modelXML = #"""
    <model>
      <entity name="Author">
        <attribute name="authorId" attributeType="Integer 64"/>
        <attribute name="name" attributeType="String"/>
        <attribute name="born" optional="YES" attributeType="Integer 32"/>
        <relationship name="books" optional="YES" toMany="YES" destinationEntity="Book" inverseName="author"/>
        <relationship name="favorites" optional="YES" toMany="YES" destinationEntity="Book"/>
        <userInfo><entry key="primaryKey" value="authorId"/></userInfo>
      </entity>
      <entity name="Book">
        <attribute name="bookId" attributeType="Integer 64"/>
        <attribute name="title" attributeType="String"/>
        <attribute name="year" optional="YES" attributeType="Integer 32"/>
        <attribute name="price" optional="YES" attributeType="Double"/>
        <relationship name="author" optional="YES" maxCount="1" destinationEntity="Author" inverseName="books"/>
        <relationship name="reviews" optional="YES" toMany="YES" destinationEntity="Review" inverseName="book"/>
        <userInfo><entry key="primaryKey" value="bookId"/></userInfo>
      </entity>
      <entity name="Review">
        <attribute name="reviewId" attributeType="Integer 64"/>
        <attribute name="stars" attributeType="Integer 16"/>
        <attribute name="text" attributeType="String"/>
        <relationship name="book" optional="YES" maxCount="1" destinationEntity="Book" inverseName="reviews"/>
        <userInfo><entry key="primaryKey" value="reviewId"/></userInfo>
      </entity>
    </model>
    """#

  /// The payload: `count` objects; `evenOnly` keeps those of even ids (the initial store).
  static func payload(count: Int, evenOnly: Bool) -> [UInt8] {
    let authors = max(count / 10, 1)
    let books = count * 45 / 100
    let reviews = count - authors - books
    var out = [UInt8]()
    out.reserveCapacity(count * 90)
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    /// One array member: `"name": [object(id), …]` for the ids kept.
    func array(_ name: String, _ count: Int, _ object: (Int) -> String) {
      append("\"\(name)\":[")
      var first = true
      for id in 1...count where !evenOnly || id % 2 == 0 {
        if !first { append(",") }
        first = false
        append(object(id))
      }
      append("]")
    }
    append("{")
    array("authors", authors) { id in
      let favorites = (0..<3).map { String(($0 * 7919 + id * 31) % books + 1) }.joined(separator: ",")
      return "{\"authorId\":\(id),\"name\":\"Author \(id)\",\"born\":\(1900 + id % 100),\"favorites\":[\(favorites)]}"
    }
    append(",")
    array("books", books) { id in
      "{\"bookId\":\(id),\"title\":\"Book number \(id)\",\"year\":\(1950 + id % 70),\"price\":\(Double(id % 5000) / 100),\"author\":\(id % authors + 1)}"
    }
    append(",")
    array("reviews", reviews) { id in
      "{\"reviewId\":\(id),\"stars\":\(id % 5 + 1),\"text\":\"Review \(id) says it is fine\",\"book\":\(id % books + 1)}"
    }
    append("}")
    return out
  }

  /// A field of /proc/self/status in bytes (`VmRSS`, `VmHWM`), or nil off Linux.
  static func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "").map { $0 * 1024 }
    }
    return nil
  }

  /// Resets the peak resident size (Linux: writing 5 to clear_refs), so that `VmHWM` then
  /// measures the import alone.
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// Peak resident memory so far, in bytes.
  static func peakMemory() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return usage.ru_maxrss * 1024  // kilobytes on Linux
    #else
      getrusage(RUSAGE_SELF, &usage)
      return usage.ru_maxrss  // bytes on Apple platforms
    #endif
  }

  static func sources(_ model: ObjectModel) -> [ImportSource] {
    ["authors", "books", "reviews"].map { key in
      ImportSource(key, entity: model.entity(named: key == "authors" ? "Author" : key == "books" ? "Book" : "Review")!)
    }
  }

  /// Where the benchmark's stores live: SQLite files in a temporary folder, or schemas of
  /// one PostgreSQL database (`--store postgres://…`).
  enum Home {
    case sqlite(URL)
    case postgres(String)

    var name: String {
      switch self {
      case .sqlite: "SQLite"
      case .postgres: "PostgreSQL"
      }
    }

    /// A store's file path or URL.
    func location(_ name: String) -> String {
      switch self {
      case .sqlite(let directory): directory.appendingPathComponent("\(name).sqlite").path
      case .postgres(let url): url + (url.contains("?") ? "&" : "?") + "schema=bench_\(name)"
      }
    }

    func remove(_ name: String) throws {
      switch self {
      case .sqlite: for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: location(name) + suffix) }
      case .postgres:
        #if BenchmarkServers
          try PostgresStore.remove(url: location(name))
        #endif
      }
    }

    static func open(_ location: String, _ model: ObjectModel) throws -> any RelationalStore {
      #if BenchmarkServers
        if location.hasPrefix("postgres") { return try PostgresStore(url: location, model: model) }
      #endif
      return try SQLiteStore(path: location, model: model)
    }
  }

  /// The store the timed imports start from: the objects of even ids.
  static func makeSeed(at location: String, count: Int) throws {
    let model = try ObjectModel(xml: Array(modelXML.utf8), file: "Bench.xcdatamodel")
    let store = try Home.open(location, model)
    _ = try store.importJSON(payload(count: count, evenOnly: true), sources: sources(model))
    try (store as? SQLiteStore)?.checkpoint()
  }

  /// Seeds `name` with the even ids of a `size`-object payload, in a child process (so that
  /// this one holds only the payload and the import).
  static func seed(_ home: Home, _ name: String, size: Int) throws {
    let maker = Process()
    maker.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    maker.arguments = ["--make-seed", home.location(name), "--count", "\(size)"]
    try maker.run()
    maker.waitUntilExit()
    guard maker.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  static let header = "measurement        objects   payload MB   seconds   objects/s   lookups   import MB   peak MB"

  static func report(_ name: String, objects: Int, payload: Int, seconds: Double, lookups: Int, added: Int, peak: Int) {
    print(
      Bench.pad(name, 18) + Bench.lpad("\(objects)", 8) + Bench.lpad(Bench.fixed(Double(payload) / 1e6, 1), 13)
        + Bench.lpad(Bench.fixed(seconds, 2), 10) + Bench.lpad("\(Int(Double(objects) / seconds))", 12)
        + Bench.lpad("\(lookups)", 10) + Bench.lpad(Bench.fixed(Double(max(added, 0)) / 1e6, 0), 10)
        + Bench.lpad(Bench.fixed(Double(peak) / 1e6, 0), 10))
  }

  static func home(_ store: String?) throws -> Home {
    if let store {
      #if BenchmarkServers
        return .postgres(store)
      #else
        throw BenchError("--store \(store): this mapwright-bench was built without the BenchmarkServers trait (PostgreSQL)")
      #endif
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-import-bench-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return .sqlite(directory)
  }

  static func cleanUp(_ home: Home) {
    if case .sqlite(let directory) = home { try? FileManager.default.removeItem(at: directory) }
  }

  static func run(count: Int, naiveCount: Int, store: String?, concurrent: Bool) throws {
    let model = try ObjectModel(xml: Array(modelXML.utf8), file: "Bench.xcdatamodel")
    let sources = sources(model)
    let home = try home(store)
    defer { cleanUp(home) }

    print("import into \(home.name): \(count) objects (bucketed), \(naiveCount) (naive); the store first holds the even ids")
    print(header)
    for (name, size, strategy) in [("import.bucketed", count, LookupStrategy.bucketed), ("import.naive", naiveCount, LookupStrategy.perObject)]
    where size > 0 {
      let place = name.replacingOccurrences(of: ".", with: "_")
      try home.remove(place)
      try seed(home, place, size: size)
      let payload = payload(count: size, evenOnly: false)
      resetPeak()
      let before = status("VmRSS") ?? peakMemory()
      let store = try Home.open(home.location(place), model)
      var options = ImportOptions()
      options.lookups = strategy
      let summary = try store.importJSON(payload, sources: sources, options: options)
      // Memory the import added at its peak, above what the process held (the payload included).
      let highWater = status("VmHWM") ?? peakMemory()
      report(
        name, objects: summary.inserted + summary.updated, payload: payload.count, seconds: summary.seconds, lookups: summary.lookups,
        added: highWater - before, peak: highWater)
      try home.remove(place)
    }
    if concurrent { try runConcurrent(count: count, home: home, model: model) }
  }

  /// Two importers of the same payload at once, each on its own connection (PostgreSQL: they
  /// take turns; SQLite: the second is refused with `changedDuringImport` or waits for the
  /// write lock). Total objects written per second of wall time, then a check of the result.
  static func runConcurrent(count: Int, home: Home, model: ObjectModel) throws {
    let place = "import_concurrent"
    try home.remove(place)
    try seed(home, place, size: count)
    let payload = payload(count: count, evenOnly: false)
    let stores = [try Home.open(home.location(place), model), try Home.open(home.location(place), model)]
    nonisolated(unsafe) let shared = stores
    nonisolated(unsafe) let sources = sources(model)
    let results = Mutex<[String]>([])
    let started = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: 2) { i in
      do {
        let summary = try shared[i].importJSON(payload, sources: sources)
        results.withLock {
          $0.append("importer \(i + 1): \(summary.inserted) inserted, \(summary.updated) updated in \(Bench.fixed(summary.seconds, 2)) s")
        }
      } catch {
        results.withLock { $0.append("importer \(i + 1) failed: \(error)") }
      }
    }
    let wall = (ContinuousClock.now - started) / .seconds(1)
    let authors = max(count / 10, 1)
    let books = count * 45 / 100
    let expected = ["Author": authors, "Book": books, "Review": count - authors - books]
    var counts: [String: Int] = [:]
    for entity in ["Author", "Book", "Review"] { counts[entity] = try stores[0].count(model.entity(named: entity)!) }
    // Every book written by both imports, each once, still linked to its author.
    let linked = try stores[0].objects(model.entity(named: "Book")!, where: .lessOrEqual("bookId", 20)).allSatisfy { $0.object("author") != nil }
    print("two importers at once, \(count) objects each: \(Bench.fixed(wall, 2)) s wall, \(Int(Double(2 * count) / wall)) objects/s in total")
    for line in results.withLock({ $0 }) { print("  " + line) }
    print(
      "  result: \(counts == expected && linked ? "correct" : "WRONG") (rows \(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); expected \(expected.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: ", ")))"
    )
    try home.remove(place)
  }
}
