// import.bucketed and import.naive: importing a generated payload into a SQLite store that
// already holds about half of its objects.
//
// The model has three entities — Author (authorId), Book (bookId, to-one author by id, and
// Author.favorites, a to-many of book ids), Review (reviewId, to-one book by id). The payload
// holds `count` objects (10% authors, 45% books, 45% reviews) in three arrays; the store is
// first filled with the objects of even ids, so about half of the import updates stored
// objects and half inserts. Each timed run starts from a copy of that store. The bucketed
// import (the default) against the naive one (one lookup query per object and per id),
// both in batches of 10,000 in one transaction each. "import MB" is the resident memory the
// import added at its peak, above what the process held before it (the payload included);
// "peak MB" is the process's peak resident memory during the import, payload and runtime
// included. The initial store is made by a child process, so it leaves nothing behind here.

import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema

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

  /// The store the timed imports start from: the objects of even ids.
  static func makeSeed(at path: String, count: Int) throws {
    let model = try ObjectModel(xml: Array(modelXML.utf8), file: "Bench.xcdatamodel")
    let store = try SQLiteStore(path: path, model: model)
    _ = try store.importJSON(payload(count: count, evenOnly: true), sources: sources(model))
    try store.checkpoint()
  }

  static func run(count: Int, naiveCount: Int) throws {
    let model = try ObjectModel(xml: Array(modelXML.utf8), file: "Bench.xcdatamodel")
    let sources = sources(model)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-import-bench-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    print("import: \(count) objects (bucketed), \(naiveCount) (naive); store first holds the even ids")
    print("measurement      objects   payload MB   seconds   objects/s   lookups   import MB   peak MB")
    for (name, size, strategy) in [("import.bucketed", count, LookupStrategy.bucketed), ("import.naive", naiveCount, LookupStrategy.perObject)] where size > 0 {
      let seed = directory.appendingPathComponent("seed-\(size).sqlite")
      if !FileManager.default.fileExists(atPath: seed.path) {
        // In a process of its own, so that this one holds only the payload and the import.
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        maker.arguments = ["--make-seed", seed.path, "--count", "\(size)"]
        try maker.run()
        maker.waitUntilExit()
        guard maker.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
      }
      let payload = payload(count: size, evenOnly: false)
      let target = directory.appendingPathComponent("\(name).sqlite")
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.copyItem(at: seed, to: target)
      resetPeak()
      let before = status("VmRSS") ?? peakMemory()
      let store = try SQLiteStore(path: target.path, model: model)
      var options = ImportOptions()
      options.lookups = strategy
      let summary = try store.importJSON(payload, sources: sources, options: options)
      let objects = summary.inserted + summary.updated
      // Memory the import added at its peak, above what the process held (the payload included).
      let highWater = status("VmHWM") ?? peakMemory()
      let peak = highWater - before
      print(
        Bench.pad(name, 17) + Bench.lpad("\(objects)", 8) + Bench.lpad(Bench.fixed(Double(payload.count) / 1e6, 1), 13)
          + Bench.lpad(Bench.fixed(summary.seconds, 2), 10) + Bench.lpad("\(Int(Double(objects) / summary.seconds))", 12)
          + Bench.lpad("\(summary.lookups)", 10) + Bench.lpad(Bench.fixed(Double(max(peak, 0)) / 1e6, 0), 10)
          + Bench.lpad(Bench.fixed(Double(highWater) / 1e6, 0), 10))
    }
  }
}
