import Foundation
import MapwrightTestSupport
import Testing

/// `mapwright check` on streams, run as a process: files read in chunks, standard input, and
/// files far larger than the element limit.
@Suite("mapwright check on streams")
final class StreamCheckProcessTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let binary = BuiltProducts.executable(named: "mapwright") ?? "mapwright (not built beside the tests)"

  let directory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-stream-check-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Runs the CLI with `arguments` (standard input from `input`); its exit status and standard
  /// error lines.
  func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, errors: [String], output: String) {
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "the CLI is built beside the tests: \(Self.binary)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    let errors = Pipe()
    let output = Pipe()
    let stdin = Pipe()
    process.standardError = errors
    process.standardOutput = output
    process.standardInput = stdin
    try process.run()
    if let input {
      DispatchQueue.global().async {
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
      }
    } else {
      try stdin.fileHandleForWriting.close()
    }
    // Both pipes read at once: a process that fills one while the other is read would wait.
    let outputData = LockedData()
    let reading = DispatchGroup()
    reading.enter()
    DispatchQueue.global().async {
      outputData.set(output.fileHandleForReading.readDataToEndOfFile())
      reading.leave()
    }
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    reading.wait()
    let outputText = String(decoding: outputData.get(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, errorText.split(separator: "\n").map(String.init), outputText)
  }

  /// 20,000 lines (about 1 MB, 5,000 times the element limit), two of them bad.
  func jsonLines() -> Data {
    var lines = (0..<20_000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a", "b"]}"# }
    lines[1_234] = #"{"id": 1234, "name": "n1234", "tags": ["a", "b",]}"#
    lines[19_000] = #"{"id": 19000, "name": "\#(String(repeating: "x", count: 300))"}"#
    return Data(lines.joined(separator: "\n").utf8)
  }

  @Test func aJSONLinesFileLargerThanTheLimit() throws {
    let path = directory.appendingPathComponent("big.jsonl").path
    try jsonLines().write(to: URL(fileURLWithPath: path))
    let result = try run(["check", path, "--max-element-size", "200"])
    #expect(result.status == 1)
    #expect(
      result.errors == [
        "\(path):1235:49: error: element 1234: unexpected character ']', expected a value",
        "\(path):19001:1: error: element 19000: element larger than the limit of 200 bytes",
        "2 of 20000 elements invalid in 1 of 1 file",
      ])
  }

  @Test func standardInput() throws {
    let result = try run(["check", "-", "--json-lines", "--max-element-size", "200"], input: jsonLines())
    #expect(result.status == 1 && result.errors.last == "2 of 20000 elements invalid in 1 of 1 file", "\(result.errors)")
    let good = try run(["check", "-", "--json-lines"], input: Data("1\n2\n{\"a\": [3]}\n".utf8))
    #expect(good.status == 0 && good.output == "1 file valid: 3 elements\n")
  }

  /// `format --stream` writes what `format` writes for the whole document, an element at a
  /// time; JSON Lines stay one compact line each.
  @Test func formattingAStreamAsTheWholeDocument() throws {
    let path = directory.appendingPathComponent("array.json").path
    let elements = (0..<2_000).map { #"{"id": \#($0), "tags": ["a", {"b": [1, 2.50, null]}], "name": "éé \#($0)", "empty": {}, "none": []}"# }
    try Data(("[" + elements.joined(separator: ", ") + "]").utf8).write(to: URL(fileURLWithPath: path))
    for extra in [[], ["--compact", "--sort-keys"], ["--indent", "4", "--ascii-only"]] {
      let whole = try run(["format", path] + extra)
      let streamed = try run(["format", path, "--stream", "--max-element-size", "500"] + extra)
      #expect(whole.status == 0 && streamed.status == 0 && streamed.output == whole.output, "\(extra)")
    }
    let lines = try run(["format", "-", "--json-lines", "--sort-keys"], input: Data("{\"b\": 1, \"a\": [1,\n 2]}\n".utf8))
    #expect(lines.status == 1 && lines.errors.first?.hasPrefix("<stdin>:1:") == true, "\(lines)")
    let good = try run(["format", "-", "--json-lines", "--sort-keys"], input: Data("{\"b\": 1, \"a\": [1, 2]}\n\n[ 3 ]\n".utf8))
    #expect(good.output == "{\"a\":[1,2],\"b\":1}\n[3]\n")
  }

  /// `format --stream --key-path` writes what `format` writes for the whole document: the
  /// members before and after the array in place (a repeated one keeps its first value), the
  /// elements at their depth, each element read on its own.
  @Test func formattingAnArrayAtAKeyPathAsTheWholeDocument() throws {
    let path = directory.appendingPathComponent("page.json").path
    let elements = (0..<2_000).map { #"{"id": \#($0), "tags": ["a", {"b": [1, 2.50, null]}], "name": "é \#($0)", "none": []}"# }
    let document =
      #"{"total": 2000, "data": {"page": 1, "results": ["# + elements.joined(separator: ", ")
      + #"], "next": {"cursor": ["x", {}]}, "page": 2}, "links": [], "total": 0}"#
    try Data(document.utf8).write(to: URL(fileURLWithPath: path))
    let empty = directory.appendingPathComponent("empty-page.json").path
    try Data(#"{"data": {"results": [ ]}, "after": "é"}"#.utf8).write(to: URL(fileURLWithPath: empty))
    for (file, keys) in [(path, "data.results"), (empty, "data.results")] {
      for extra in [[], ["--compact"], ["--indent", "4", "--ascii-only"]] {
        let whole = try run(["format", file] + extra)
        let streamed = try run(["format", file, "--stream", "--key-path", keys, "--max-element-size", "500"] + extra)
        #expect(whole.status == 0 && streamed.status == 0 && streamed.output == whole.output, "\(file) \(extra) \(streamed.errors)")
      }
    }
    let piped = try run(["format", "-", "--stream", "--key-path", "items", "--compact"], input: Data(#"{"items": [1, {"a": 2}], "n": 2}"#.utf8))
    #expect(piped.output == #"{"items":[1,{"a":2}],"n":2}"# + "\n", "\(piped)")
    let sorted = try run(["format", path, "--stream", "--key-path", "data.results", "--sort-keys"])
    #expect(sorted.status != 0 && sorted.errors.joined().contains("--sort-keys cannot stream an array at a key path"), "\(sorted)")
    let missing = try run(["format", path, "--stream", "--key-path", "data.nothing"])
    #expect(missing.status == 1 && missing.errors.first?.contains("there is no \"data.nothing\"") == true, "\(missing)")
  }

  /// Each line against an entity of a model file, relationships included.
  @Test func linesAgainstAModel() throws {
    let path = directory.appendingPathComponent("authors.jsonl").path
    let lines = (0..<300).map { i in
      i == 200
        ? #"{"author_id": 200, "firstName": 5, "lastName": "L", "books": [{"book_id": "x", "title": "T"}]}"#
        : #"{"author_id": \#(i), "firstName": "F\#(i)", "lastName": "L", "books": [{"book_id": \#(1000 + i), "title": "T\#(i)"}]}"#
    }
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    let model = Self.root.appendingPathComponent("Examples/Library.xcdatamodeld").path
    let result = try run(["check", path, "--model", model, "--entity", "Author", "--date-format", "birthDate=yyyy-MM-dd"])
    #expect(result.status == 1)
    #expect(
      result.errors == [
        "\(path):201:33: error: element 200: $.firstName: expected string, found number 5",
        "\(path):201:75: error: element 200: $.books[0].book_id: expected integer, found string \"x\"",
        "1 of 300 elements invalid in 1 of 1 file",
      ], "\(result.errors)")
  }

  @Test func theElementsOfAnArrayAtAKeyPath() throws {
    let path = directory.appendingPathComponent("items.json").path
    let items = (0..<5_000).map { #"{"id": \#($0)}"# }.joined(separator: ",\n    ")
    try Data(#"{"total": 5000, "items": [\#n    \#(items), {"id": "x"}\#n], "next": null}"#.utf8).write(to: URL(fileURLWithPath: path))
    let schema = directory.appendingPathComponent("item.schema.json").path
    try Data(#"{"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}"#.utf8).write(to: URL(fileURLWithPath: schema))
    let result = try run(["check", path, "--stream", "--key-path", "items", "--schema", schema, "--max-element-size", "100"])
    #expect(result.status == 1)
    #expect(result.errors.first == "\(path):5001:26: error: element 5000: $.id: expected integer, found string \"x\"", "\(result.errors)")
    let syntax = try run(["check", path, "--stream", "--key-path", "items"])
    #expect(syntax.status == 0 && syntax.output == "1 file valid: 5001 elements\n", "\(syntax)")
    let missing = try run(["check", path, "--stream", "--key-path", "entries"])
    #expect(missing.status == 1 && missing.errors.first?.contains("there is no \"entries\"") == true, "\(missing.errors)")
  }
}

/// Data handed from the thread that reads a pipe.
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
