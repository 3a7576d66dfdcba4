import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightSQLite

/// `mapwright import` run as a process: killed mid-run, and two at once on one store.
@Suite("mapwright import as processes", .serialized)
struct ImportProcessTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let binary = BuiltProducts.executable(named: "mapwright") ?? "mapwright (not built beside the tests)"
  static let model = root.appendingPathComponent("Examples/Library.xcdatamodeld").path

  let directory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-process-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// A payload of authors with ids in `ids`, each name tagged with `label`.
  func payload(_ ids: ClosedRange<Int>, label: String) throws -> String {
    let authors = ids.map { #"{"author_id": \#($0), "firstName": "\#(label)", "lastName": "L\#($0)"}"# }
    let path = directory.appendingPathComponent("\(label)-\(ids.lowerBound).json").path
    try Data(("{\"authors\": [" + authors.joined(separator: ",\n") + "]}").utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func importProcess(_ payload: String, store: String, batch: Int) throws -> (Process, Pipe) {
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "the CLI is built beside the tests: \(Self.binary)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = [
      "import", payload, "--model", Self.model, "--entity", "Author", "--key-path", "authors", "--store", store,
      "--batch-size", String(batch), "--date-format", "birthDate=yyyy-MM-dd", "--quiet",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, errors)
  }

  /// Every author's id and names, in id order.
  func rows(_ store: String) throws -> [String] {
    let connection = try SQLiteConnection(path: store, readOnly: true)
    let statement = try connection.prepare("SELECT authorId, firstName, lastName FROM Author ORDER BY authorId")
    var rows: [String] = []
    while try statement.step() { rows.append("\(statement.string(0)) \(statement.string(1)) \(statement.string(2))") }
    return rows
  }

  func count(_ store: String) -> Int {
    guard FileManager.default.fileExists(atPath: store), let connection = try? SQLiteConnection(path: store, readOnly: true) else { return 0 }
    return Int((try? connection.scalar("SELECT count(*) FROM Author")) ?? 0)
  }

  /// `mapwright` alone (no `mapwright-postgres` beside it) refuses an import into PostgreSQL
  /// with what to build, before connecting anywhere, and leaves SQLite imports working.
  @Test func postgresImportsNeedMapwrightPostgresBesideIt() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let alone = directory.appendingPathComponent("alone")
    try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
    let copy = alone.appendingPathComponent("mapwright").path
    try FileManager.default.copyItem(atPath: Self.binary, toPath: copy)
    let data = try payload(1...3, label: "solo")
    func run(_ store: String) throws -> (Int32, String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: copy)
      process.arguments = ["import", data, "--model", Self.model, "--entity", "Author", "--key-path", "authors", "--store", store, "--quiet"]
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    let (status, message) = try run("postgres://someone:secret@127.0.0.1:1/nowhere")
    #expect(status == 1)
    #expect(message.contains("swift build --traits Postgres --product mapwright-postgres"))
    #expect(message.contains("someone:***@") && !message.contains("secret"))
    let (sqliteStatus, sqliteMessage) = try run(directory.appendingPathComponent("solo.sqlite").path)
    #expect(sqliteStatus == 0, "\(sqliteMessage)")
  }

  @Test func aKilledImportLeavesWholeBatchesAndARerunCompletesIt() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let batch = 500
    let source = try payload(1...40_000, label: "a")
    let store = directory.appendingPathComponent("killed.sqlite").path
    let (process, _) = try importProcess(source, store: store, batch: batch)
    // Kill it once some batches are in.
    let deadline = Date().addingTimeInterval(20)
    while count(store) < batch * 2, process.isRunning, Date() < deadline { usleep(2_000) }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let connection = try SQLiteConnection(path: store)
    let check = try connection.prepare("PRAGMA integrity_check")
    #expect(try check.step() && check.string(0) == "ok")
    let present = count(store)
    #expect(present % batch == 0, "\(present) rows: only whole batches")
    // Run again: exactly the rows of an uninterrupted import.
    let (again, _) = try importProcess(source, store: store, batch: batch)
    again.waitUntilExit()
    #expect(again.terminationStatus == 0)
    let clean = directory.appendingPathComponent("clean.sqlite").path
    let (whole, _) = try importProcess(source, store: clean, batch: batch)
    whole.waitUntilExit()
    #expect(try rows(store) == rows(clean))
    #expect(count(store) == 40_000)
  }

  @Test func twoImportsAtOnceLoseNothing() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = directory.appendingPathComponent("shared.sqlite").path
    let first = try payload(1...20_000, label: "first")
    let second = try payload(20_001...40_000, label: "second")
    // Create the store first (both processes would otherwise race to create its tables).
    let (setup, _) = try importProcess(try payload(1...1, label: "setup"), store: store, batch: 100)
    setup.waitUntilExit()
    let started = [try importProcess(first, store: store, batch: 200), try importProcess(second, store: store, batch: 200)]
    for (process, errors) in started {
      process.waitUntilExit()
      if process.terminationStatus != 0 {
        // The only acceptable failure: the clear one. Run it again to complete it.
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("changed by another writer"), "\(message)")
      }
    }
    for path in [first, second] {
      let (rerun, _) = try importProcess(path, store: store, batch: 200)
      rerun.waitUntilExit()
      #expect(rerun.terminationStatus == 0)
    }
    let all = try rows(store)
    #expect(all.count == 40_000)
    #expect(all.first == "1 first L1" && all[19_999] == "20000 first L20000" && all.last == "40000 second L40000")
    #expect(
      all.allSatisfy { row in
        let parts = row.split(separator: " ")
        return (Int(parts[0])! <= 20_000) == (parts[1] == "first") && parts[2] == "L\(parts[0])"
      })
  }
}
