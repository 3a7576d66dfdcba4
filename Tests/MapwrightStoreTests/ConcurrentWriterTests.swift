import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import Synchronization
import Testing

/// Two writers on one store file (two connections: to SQLite, the same as two processes).
@Suite("A second writer during an import")
struct ConcurrentWriterTests {
  static func cities(_ range: ClosedRange<Int>, label: String) -> String {
    "[" + range.map { #"{"code": "c\#($0)", "label": "\#(label) \#($0)"}"# }.joined(separator: ",") + "]"
  }

  /// Import A writes its first batch; then import B, on another connection, runs whole; A's
  /// next batch finds the store changed and stops with a clear error instead of writing rows
  /// with the ids B took. Nothing of either payload is lost or overwritten.
  @Test func anImportStopsWhenAnotherWriterChangedTheStore() throws {
    let a = try TemporaryModelStore([CanonicalCity.self])
    let b = try SQLiteStore(path: a.place.path, models: [CanonicalCity.self])
    let ranB = Mutex(false)
    let failureInB = Mutex<String?>(nil)
    var options = ImportOptions(batchSize: 10)
    nonisolated(unsafe) let storeB = b
    options.progress = { progress in
      guard progress.written >= 10, !ranB.withLock({ $0 }) else { return }
      ranB.withLock { $0 = true }
      do {
        _ = try storeB.importJSON(
          Array(Self.cities(101...130, label: "b").utf8), sources: [ImportSource("", model: CanonicalCity.self)],
          options: ImportOptions(batchSize: 10))
      } catch {
        failureInB.withLock { $0 = "\(error)" }
      }
    }
    #expect {
      _ = try a.run(Self.cities(1...30, label: "a"), [("", CanonicalCity.self)], options: options)
    } throws: { ($0 as? StoreError)?.code == .changedDuringImport }
    #expect(failureInB.withLock { $0 } == nil)
    // B's thirty, A's first batch of ten, each with its own values.
    #expect(try b.count(CanonicalCity.self) == 40)
    for i in 101...130 { #expect(try b.value(CanonicalCity.self, key: "c\(i)")?.label == "b \(i)") }
    for i in 1...10 { #expect(try b.value(CanonicalCity.self, key: "c\(i)")?.label == "a \(i)") }
    // Run again, A completes: its rows added, B's untouched.
    let again = try a.run(Self.cities(1...30, label: "a"), [("", CanonicalCity.self)])
    #expect(again.inserted == 20 && again.updated == 10)
    #expect(try b.count(CanonicalCity.self) == 60)
    #expect(try b.value(CanonicalCity.self, key: "c101")?.label == "b 101")
  }
}
