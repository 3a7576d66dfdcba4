// Applies and makes JSON Patches with Python's `jsonpatch` package (an independent
// implementation of RFC 6902), for the differential tests of Mapwright's. .ci/run installs it
// and sets MAPWRIGHT_REQUIRE_JSONPATCH=1, which makes its absence a failure rather than a skip.

import Foundation

public enum PythonJSONPatch {
  public static let available: Bool = {
    ProcessInfo.processInfo.environment["MAPWRIGHT_REQUIRE_JSONPATCH"] == "1"
      || (try? PythonJSONSchema.run(["-c", "import jsonpatch"]).status) == 0
  }()

  /// `cases` is a JSON array of `{"source", "target", "patch"}`; for each, Python applies
  /// `patch` to `source` and makes its own patch from `source` to `target`. Returns the JSON
  /// array of `{"applied", "theirs"}`, or Python's output as `problem` when it failed.
  public static func run(cases: String) throws -> (results: String, problem: String?) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-patch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("cases.json")
    let output = directory.appendingPathComponent("results.json")
    try Data(cases.utf8).write(to: input)
    let script = """
      import json, sys, jsonpatch
      results = []
      for case in json.load(open(sys.argv[1])):
          applied = jsonpatch.apply_patch(case["source"], case["patch"])
          theirs = jsonpatch.make_patch(case["source"], case["target"]).patch
          results.append({"applied": applied, "theirs": theirs})
      json.dump(results, open(sys.argv[2], "w"))
      """
    let (status, text) = try PythonJSONSchema.run(["-c", script, input.path, output.path])
    guard status == 0 else { return ("", text) }
    return (String(decoding: try Data(contentsOf: output), as: UTF8.self), nil)
  }
}
