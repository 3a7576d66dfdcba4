import Foundation
import MapwrightTestSupport
import Testing

/// The stream forms of `check` and `format` give the answers of the whole-document path: a
/// stream that cannot be read is invalid, each file is read in its own form, what came before
/// an error is written, the rules around the elements are the document's, and a file whose
/// first byte is wrong is not read on.
@Suite("mapwright stream forms agree with whole documents")
struct StreamFormsProcessTests {
  let cli = StreamCheckProcessTests()

  func file(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
    let path = cli.directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

  @Test func aStreamThatCannotBeReadIsInvalid() throws {
    let folder = cli.directory.appendingPathComponent("d.jsonl")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for arguments in [["--stream"], ["--json-lines"], ["--json-seq"], ["--stream", "--key-path", "a"], []] {
      let result = try cli.run(["check", folder.path] + arguments)
      #expect(result.status == 1 && result.errors.first?.contains("Is a directory") == true && result.output.isEmpty, "\(arguments) \(result)")
    }
    let missing = try cli.run(["check", "/nonexistent/none.json"])
    #expect(missing.status == 1 && missing.errors.first?.hasSuffix("No such file or directory") == true, "\(missing)")
    let formatted = try cli.run(["format", folder.path])
    #expect(formatted.status == 1 && formatted.errors.first == "\(folder.path): error: cannot read \(folder.path): Is a directory", "\(formatted)")
    let empty = try cli.run(["check", "--stream", try file("empty.json", "")])
    #expect(empty.status == 1 && empty.errors.last == "1 of 1 file invalid, no element invalid of the 0 read", "\(empty)")
  }

  /// `--key-path` reads one grammar (JSONKeyPath) whether the file is streamed or read whole:
  /// an escaped dot, an empty component, digits, unicode keys.
  @Test func keyPathsReadOneWay() throws {
    let document = try file(
      "paths.json", #"{"a": {"b": [1, 2], "": {"b": [7, 8, 9]}}, "a.b": [3], "labels": {"0": [4, 5]}, "ключ": {"ü": [6]}}"#)
    let wholeFormat = try cli.run(["format", document])
    for (text, count) in [("a.b", 2), (#"a\.b"#, 1), ("labels.0", 2), ("a..b", 3), ("ключ.ü", 1)] {
      let streamed = try cli.run(["check", "--stream", "--key-path", text, document])
      #expect(streamed.status == 0 && streamed.output == "1 file valid: \(count) element\(count == 1 ? "" : "s")\n", "\(text) \(streamed)")
      let schema = try file("n\(count).schema.json", #"{"type": "array", "minItems": \#(count), "maxItems": \#(count)}"#)
      let whole = try cli.run(["check", document, "--schema", schema, "--key-path", text])
      #expect(whole.status == 0, "\(text) \(whole)")
      // Streamed at the key path, the document is written as it is written whole.
      let formatted = try cli.run(["format", "--stream", "--key-path", text, document])
      #expect(formatted.status == 0 && formatted.output == wholeFormat.output, "\(text) \(formatted)")
    }
  }

  /// Server-sent events: each event's data checked, a bad one placed on its `data:` line; the
  /// terminator ends the file; `format` writes the events back, names and ids kept.
  @Test func serverSentEvents() throws {
    let text = "event: a\nid: 1\ndata: {\"x\": 1}\n\n: ping\n\ndata: {\"x\":\ndata:   ]\n\ndata: [DONE]\n\ndata: cut"
    let events = try file("deltas.sse", text)
    let checked = try cli.run(["check", events])
    #expect(checked.status == 1, "\(checked)")
    #expect(checked.errors.first?.hasPrefix("\(events):8:9: error: element 1: ") == true, "\(checked)")
    #expect(checked.errors.contains { $0.contains("the stream ends inside an event") }, "\(checked)")
    let ended = try cli.run(["check", events, "--sse-terminator", "[DONE]"])
    #expect(ended.status == 1 && ended.errors.count == 2 && ended.errors.last == "1 of 2 elements invalid in 1 of 1 file", "\(ended)")
    let good = try file("good.sse", "retry: 10\ndata: {\"x\": [1,\ndata:  2]}\n\nevent: b\ndata: 3\n\ndata: [DONE]\n\n")
    let valid = try cli.run(["check", "--sse-terminator", "[DONE]", good])
    #expect(valid.status == 0 && valid.output == "1 file valid: 2 elements\n", "\(valid)")
    let formatted = try cli.run(["format", "--sse", "--sse-terminator", "[DONE]", good])
    #expect(formatted.status == 0 && formatted.output == "retry: 10\ndata: {\"x\":[1,2]}\n\nevent: b\ndata: 3\n\ndata: [DONE]\n\n", "\(formatted)")
  }

  @Test func eachFileIsReadInItsOwnForm() throws {
    let object = try file("obj.json", #"{"x":1}"#)
    let array = try file("arr.json", "[1,2]")
    let lines = try file("ok.jsonl", "{\"a\":1}\n{\"a\":2}\n")
    let mixed = try cli.run(["check", object, lines])
    #expect(mixed.status == 0 && mixed.output == "1 file valid (7 bytes); 1 file valid: 2 elements\n", "\(mixed)")
    let arrays = try cli.run(["check", array, lines])
    #expect(arrays.status == 0 && arrays.output == "1 file valid (5 bytes); 1 file valid: 2 elements\n", "\(arrays)")
    let bad = try cli.run(["check", try file("bad.json", "{"), lines])
    #expect(bad.status == 1 && bad.errors.contains("1 file valid: 2 elements"), "\(bad)")
  }

  @Test func formatWritesWhatCameBeforeAnError() throws {
    let short = try cli.run(["format", try file("short.jsonl", "{\"a\":1}\n{\"a\":2}\n{\"a\":\n")])
    #expect(short.status == 1 && short.output == "{\"a\":1}\n{\"a\":2}\n", "\(short)")
    // More than the 64 KiB the writer holds, then invalid UTF-8.
    let count = 20_000
    var text = (0..<count).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: "\n") + "\n"
    let long = try cli.run(["format", try file("long.jsonl", Array(text.utf8) + [0x22, 0xFF, 0x22, 0x0A])])
    #expect(long.status == 1 && long.output == text, "\(long.output.count) of \(text.count) bytes; \(long.errors)")
    // An array stream: everything before the bad element, as the valid prefix formats.
    text = "[" + (0..<count).map { #"{"id":\#($0)}"# }.joined(separator: ",")
    let valid = try cli.run(["format", "--stream", try file("prefix.json", text + "]")])
    let cut = try cli.run(["format", "--stream", try file("cut.json", Array((text + ",").utf8) + [0xFF, 0x5D])])
    #expect(cut.status == 1 && valid.output.hasPrefix(cut.output) && cut.output.count > 64 << 10, "\(cut.output.count) bytes; \(cut.errors)")
  }

  @Test func theRulesAroundTheElementsAreTheDocuments() throws {
    let duplicate = try file("dup.json", #"{"x":1,"d":[1],"x":2}"#)
    let nested = try file("dup2.json", #"{"y":{"a":1,"a":2},"d":[1]}"#)
    for path in [duplicate, nested] {
      let whole = try cli.run(["check", "--reject-duplicate-keys", path])
      let streamed = try cli.run(["check", "--stream", "--key-path", "d", "--reject-duplicate-keys", path])
      #expect(whole.status == 1 && streamed.status == 1, "\(streamed)")
      #expect(streamed.errors.first == whole.errors.first, "\(streamed.errors) \(whole.errors)")
    }
    let deep = try file("deep.json", "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]")
    let whole = try cli.run(["check", deep])
    let streamed = try cli.run(["check", "--stream", deep])
    #expect(whole.status == 1 && streamed.status == 1 && streamed.errors.first == "\(deep):1:513: error: element 0: nesting deeper than 512 levels")
    #expect(whole.errors.first == "\(deep):1:513: error: nesting deeper than 512 levels")
    let formatted = try cli.run(["format", "--stream", deep])
    #expect(formatted.status == 1 && formatted.output.count < 1 << 10, "\(formatted.errors)")
  }

  @Test func aByteOrderMarkPastTheStartIsNamedAndCROnlyLinesAreSaid() throws {
    let lines = try cli.run(["check", try file("bom.jsonl", Array("{\"a\":1}\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("{\"a\":2}\n".utf8))])
    #expect(
      lines.status == 1 && lines.errors.first?.hasPrefix("\(cli.directory.path)/bom.jsonl:2:1: error: element 1: unexpected byte order mark") == true,
      "\(lines)")
    let array = try file("bom.json", Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8))
    let whole = try cli.run(["check", array])
    let streamed = try cli.run(["check", "--stream", array])
    #expect(
      whole.errors.first == "\(array):1:4: error: unexpected byte order mark (U+FEFF) where a value was expected: one is allowed only at the start")
    #expect(streamed.errors.first == whole.errors.first, "\(streamed.errors)")
    let carriage = try cli.run(["check", try file("cr.jsonl", "{\"a\":1}\r{\"a\":2}\r")])
    #expect(carriage.status == 1 && carriage.errors.first?.contains("carriage return alone") == true, "\(carriage)")
  }

  /// A file whose first byte cannot begin JSON is not read on (a sparse gigabyte of zeros).
  @Test func aWrongFirstByteIsReportedWithoutReadingTheFile() throws {
    let path = cli.directory.appendingPathComponent("zeros.json").path
    FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let started = Date()
    for arguments in [["check", path], ["format", path], ["check", "--stream", path], ["format", "--stream", path]] {
      let result = try cli.run(arguments)
      #expect(result.status == 1 && result.errors.first?.hasPrefix("\(path):1:1: error:") == true, "\(arguments) \(result.errors)")
    }
    #expect(Date().timeIntervalSince(started) < 5, "a gigabyte was read")
  }

  /// `{"items": {"$ref": "#"}}` follows the data's depth, not a fixed count of references.
  @Test func schemaReferencesFollowTheDataDepth() throws {
    let schema = try file("recursive.schema.json", ##"{"items": {"$ref": "#"}}"##)
    let data = try file("forty.json", String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
    let result = try cli.run(["check", data, "--schema", schema])
    #expect(result.status == 0, "\(result.errors)")
  }
}
