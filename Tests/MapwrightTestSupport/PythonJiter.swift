// Reads JSON prefixes with Python's `jiter` in its partial mode (`partial_mode=
// "trailing-strings"`: what has arrived, an open string's text included), an independent
// implementation for the differential test of Mapwright's partial decoding. .ci/run installs it
// and sets MAPWRIGHT_REQUIRE_JITER=1, which makes its absence a failure rather than a skip.

import Foundation

public enum PythonJiter {
  public static let available: Bool = {
    ProcessInfo.processInfo.environment["MAPWRIGHT_REQUIRE_JITER"] == "1"
      || (try? PythonJSONSchema.run(["-c", "import jiter"]).status) == 0
  }()

  /// For each length in `cuts`, what jiter reads from the first that many bytes of the file
  /// at `path`, as JSON text (`"error: …"` when it refuses them); `problem` is Python's output
  /// when it failed.
  public static func read(path: String, cuts: [Int]) throws -> (values: [String], problem: String?) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-jiter-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("values.json")
    let script = """
      import json, sys, jiter
      data = open(sys.argv[1], "rb").read()
      values = []
      for cut in json.loads(sys.argv[2]):
          try:
              values.append(json.dumps(jiter.from_json(data[:cut], partial_mode="trailing-strings"), ensure_ascii=False))
          except ValueError as error:
              values.append("error: " + str(error))
      json.dump(values, open(sys.argv[3], "w"))
      """
    let cutsText = "[" + cuts.map(String.init).joined(separator: ",") + "]"
    let (status, text) = try PythonJSONSchema.run(["-c", script, path, cutsText, output.path])
    guard status == 0 else { return ([], text) }
    let values = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String] ?? []
    return (values, nil)
  }
}
