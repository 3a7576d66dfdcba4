import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import Testing

/// Importing from a file without holding it: an array at a key path and JSON Lines, read a
/// run at a time, end as the same import from memory does — rows, summary, and errors at the
/// same line and column.
@Suite("Imports read from files")
struct FileImportTests {
  static func authors(_ count: Int, bad: Int? = nil) -> [String] {
    (0..<count).map { i in
      let id = i == bad ? #""x\#(i)""# : "\(1000 + i)"
      return
        #"{"author_id": \#(id), "firstName": "F\#(i)", "lastName": "L\#(i)", "books": [{"book_id": \#(50_000 + 2 * i), "title": "T\#(i)", "year": "19\#(i % 90 + 10)"}, {"book_id": \#(50_001 + 2 * i), "title": "U\#(i)"}]}"#
    }
  }

  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-file-import-\(UUID().uuidString).json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every author with its books, as rows to compare.
  static func rows(_ t: TemporaryStore) throws -> [String] {
    try t.store.objects(t.entity("Author")).map { author in
      "\(author.int64("authorId") ?? -1) \(author.string("firstName") ?? "") "
        + author.objects("books").map { "\($0.int64("bookId") ?? -1)" }.joined(separator: ",")
    }
  }

  @Test(arguments: StoreKind.all) func fromAFileAsFromMemory(_ kind: StoreKind) throws {
    let authors = Self.authors(1_200)
    let array = #"{"total": 1200, "authors": [\#n"# + authors.joined(separator: ",\n") + "\n]}"
    let lines = authors.joined(separator: "\n") + "\n\n"
    var options = ImportOptions(mapping: .lenient)
    options.batchSize = 250
    let memory = try TemporaryStore(kind)
    let expected = try memory.store.importJSON(
      Array(array.utf8), sources: [ImportSource("authors", entity: memory.entity("Author"))], options: options)
    let fromArray = try TemporaryStore(kind)
    let arrayPath = try Self.write(array)
    defer { try? FileManager.default.removeItem(atPath: arrayPath) }
    let arraySummary = try fromArray.store.importJSON(
      contentsOfFile: arrayPath, sources: [ImportSource("authors", entity: fromArray.entity("Author"))], options: options)
    let fromLines = try TemporaryStore(kind)
    let linesPath = try Self.write(lines)
    defer { try? FileManager.default.removeItem(atPath: linesPath) }
    let linesSummary = try fromLines.store.importJSON(
      contentsOfFile: linesPath, jsonLines: true, sources: [ImportSource("", entity: fromLines.entity("Author"))], options: options)
    for summary in [arraySummary, linesSummary] {
      #expect(summary.elements == expected.elements && summary.inserted == expected.inserted && summary.batches == expected.batches)
      #expect(summary.elements == 1_200 && summary.inserted == 3_600)
    }
    let reference = try Self.rows(memory)
    #expect(try Self.rows(fromArray) == reference)
    #expect(try Self.rows(fromLines) == reference)
  }

  /// The scan of a file for one source's array skips the payload's other members without
  /// holding them: a sibling array far larger than the element limit (another source's, say)
  /// is no error, and the runs are the ones the scan of the same bytes in memory finds.
  @Test func otherMembersAreSkippedNotHeld() throws {
    let books = (0..<2_000).map { #"{"book_id": \#($0), "title": "T\#($0)"}"# }.joined(separator: ", ")
    let authors = Self.authors(30)
    let text = #"{"books": [\#(books)], "authors": [\#(authors.joined(separator: ", "))], "more": {"x": [\#(books)]}}"#
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try FileImportPayload(path: path, jsonLines: false)
    file.maximumElementSize = 1_000
    let found = try file.elements(at: ["authors"], batchSize: 8, runLength: 4)
    let expected = try MemoryImportPayload(bytes: Array(text.utf8)).elements(at: ["authors"], batchSize: 8, runLength: 4)
    #expect(found.count == 30 && found.runs.map(\.elements) == expected.runs.map(\.elements))
    #expect(found.runs.map(\.bytes) == expected.runs.map(\.bytes))
    // The limit still holds for the elements themselves.
    let tight = try FileImportPayload(path: path, jsonLines: false)
    tight.maximumElementSize = 100
    #expect(throws: JSONStreamError.self) { try tight.elements(at: ["authors"], batchSize: 8, runLength: 4) }
  }

  /// A bad element fails at the line and column of the file, as the same bytes in memory do.
  @Test func errorsPointIntoTheFile() throws {
    let authors = Self.authors(40, bad: 33)
    let array = #"{"authors": [\#n"# + authors.joined(separator: ",\n") + "\n]}"
    func failure(_ body: (TemporaryStore) throws -> Void) throws -> String {
      let t = try TemporaryStore()
      do {
        try body(t)
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    var options = ImportOptions()
    options.batchSize = 8
    let inMemory = try failure { t in
      _ = try t.store.importJSON(Array(array.utf8), sources: [ImportSource("authors", entity: t.entity("Author"))], options: options)
    }
    let path = try Self.write(array)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let inFile = try failure { t in
      _ = try t.store.importJSON(contentsOfFile: path, sources: [ImportSource("authors", entity: t.entity("Author"))], options: options)
    }
    #expect(inFile == inMemory && inMemory.contains("$.authors[33].author_id") && inMemory.contains("line 35, column 15"), "\(inMemory) / \(inFile)")

    let linesPath = try Self.write(authors.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: linesPath) }
    let inLines = try failure { t in
      _ = try t.store.importJSON(
        contentsOfFile: linesPath, jsonLines: true, sources: [ImportSource("", entity: t.entity("Author"))], options: options)
    }
    #expect(inLines.contains("$[33].author_id") && inLines.contains("line 34, column 15"), "\(inLines)")
    let broken = try Self.write(authors.prefix(3).joined(separator: "\n") + "\n{\"author_id\": 7,")
    defer { try? FileManager.default.removeItem(atPath: broken) }
    let truncated = try failure { t in
      _ = try t.store.importJSON(contentsOfFile: broken, jsonLines: true, sources: [ImportSource("", entity: t.entity("Author"))], options: options)
    }
    #expect(truncated.contains("line 4"), "\(truncated)")
  }
}
