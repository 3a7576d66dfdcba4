import Foundation
import Testing

/// `mapwright patch` and `mapwright diff` as processes: a patch applied, a failing one
/// reported with nothing written, the diff of two files applied back giving the second, and
/// merge patches both ways.
@Suite("mapwright patch and diff")
struct PatchProcessTests {
  let cli = StreamCheckProcessTests()

  func file(_ name: String, _ text: String) throws -> String {
    let path = cli.directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func patchThenDiffBothWays() throws {
    let book = try file("book.json", #"{"title": "Dune", "tags": ["sf"], "year": 1965}"#)
    let patch = try file(
      "patch.json", #"[{"op": "replace", "path": "/title", "value": "Dune Messiah"}, {"op": "add", "path": "/tags/-", "value": "classic"}]"#)
    let patched = try cli.run(["patch", book, patch])
    #expect(patched.status == 0 && patched.output == #"{"title":"Dune Messiah","tags":["sf","classic"],"year":1965}"# + "\n", "\(patched)")

    let failing = try file("failing.json", #"[{"op": "test", "path": "/year", "value": 1969}]"#)
    let failed = try cli.run(["patch", book, failing])
    let expectedError = "\(failing): error: operation 0 (test /year): found 1965"
    #expect(failed.status == 1 && failed.output.isEmpty && failed.errors.first == expectedError, "\(failed)")

    let target = try file("target.json", #"{"title": "Dune", "tags": [], "author": {"name": "Frank Herbert"}}"#)
    let diff = try cli.run(["diff", book, target])
    #expect(diff.status == 0, "\(diff)")
    let diffFile = try file("diff.json", diff.output)
    let back = try cli.run(["patch", book, diffFile])
    let compactTarget = try cli.run(["format", "--compact", target]).output
    #expect(back.status == 0 && back.output == compactTarget, "\(back)")

    let merge = try cli.run(["diff", "--merge", book, target])
    #expect(merge.status == 0 && merge.output == #"{"year":null,"tags":[],"author":{"name":"Frank Herbert"}}"# + "\n", "\(merge)")
    let mergeFile = try file("merge.json", merge.output)
    let merged = try cli.run(["patch", "--merge", book, mergeFile])
    #expect(merged.status == 0 && merged.output == #"{"title":"Dune","tags":[],"author":{"name":"Frank Herbert"}}"# + "\n", "\(merged)")

    let broken = try file("broken.json", "[{")
    let unreadable = try cli.run(["patch", book, broken])
    #expect(unreadable.status == 1 && unreadable.errors.first?.hasPrefix("\(broken):1:") == true, "\(unreadable)")
  }
}
