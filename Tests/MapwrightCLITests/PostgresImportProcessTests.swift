#if Postgres
  import Foundation
  import MapwrightPostgres
  import Testing

  /// `mapwright import --store postgres://…` run as processes: two at once with overlapping
  /// keys, and one killed mid-run. Needs a server (MAPWRIGHT_POSTGRES_URL, see StoreKinds.swift
  /// of the store tests).
  @Suite(
    "mapwright import into PostgreSQL as processes", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["MAPWRIGHT_POSTGRES_URL"] != nil))
  struct PostgresImportProcessTests {
    let base = ProcessInfo.processInfo.environment["MAPWRIGHT_POSTGRES_URL"] ?? ""
    let helper = ImportProcessTests()

    func url(_ schema: String) -> String { base + (base.contains("?") ? "&" : "?") + "schema=\(schema)" }

    /// Every author's id and names, in author id order (row order depends on which import
    /// went first).
    func rows(_ url: String) throws -> [String] {
      let model = try ObjectModel(contentsOf: URL(fileURLWithPath: ImportProcessTests.model))
      let store = try PostgresStore(url: url, model: model)
      return try store.objects(model.entity(named: "Author")!, loadingRelationships: false)
        .sorted { $0.int64("authorId")! < $1.int64("authorId")! }
        .map { "\($0.int64("authorId")!) \($0.string("firstName")!) \($0.string("lastName")!)" }
    }

    @Test func twoOverlappingImportsAtOnceEndAsOneAfterTheOther() throws {
      defer { try? FileManager.default.removeItem(at: helper.directory) }
      let schema = "cli_\(UUID().uuidString.prefix(8).lowercased())"
      let shared = url(schema)
      defer { try? PostgresStore.remove(url: shared) }
      let first = try helper.payload(1...6_000, label: "first")
      let second = try helper.payload(3_001...9_000, label: "second")
      let started = [try helper.importProcess(first, store: shared, batch: 500), try helper.importProcess(second, store: shared, batch: 500)]
      for (process, errors) in started {
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
      }
      let all = try rows(shared)
      #expect(all.count == 9_000)
      // The overlap holds one import's values whole: all "first" or all "second".
      let overlap = Set(all[3_000..<6_000].map { $0.split(separator: " ")[1] })
      #expect(overlap.count == 1)
      #expect(all.first == "1 first L1" && all.last == "9000 second L9000")
    }

    @Test func aKilledImportLeavesWholeBatchesAndARerunCompletesIt() throws {
      defer { try? FileManager.default.removeItem(at: helper.directory) }
      let schema = "cli_\(UUID().uuidString.prefix(8).lowercased())"
      let store = url(schema)
      defer { try? PostgresStore.remove(url: store) }
      let batch = 200
      let source = try helper.payload(1...8_000, label: "a")
      // The store exists before the import starts, so that it can be watched.
      let model = try ObjectModel(contentsOf: URL(fileURLWithPath: ImportProcessTests.model))
      let watcher = try PostgresStore(url: store, model: model)
      let author = model.entity(named: "Author")!
      let (process, _) = try helper.importProcess(source, store: store, batch: batch)
      let deadline = Date().addingTimeInterval(20)
      while (try? watcher.count(author)) ?? 0 < batch * 2, process.isRunning, Date() < deadline { usleep(5_000) }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let present = try rows(store).count
      #expect(present % batch == 0, "\(present) rows: only whole batches")
      let (again, errors) = try helper.importProcess(source, store: store, batch: batch)
      again.waitUntilExit()
      #expect(again.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
      let all = try rows(store)
      #expect(all.count == 8_000 && all.first == "1 a L1" && all.last == "8000 a L8000")
    }
  }
#endif
