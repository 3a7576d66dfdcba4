// Validates JSON against a JSON Schema with Python's `jsonschema` package: a real validator,
// for the tests of the schemas Mapwright writes and reads. .ci/run installs it and sets
// MAPWRIGHT_REQUIRE_JSONSCHEMA=1, which makes its absence a failure rather than a skip.

import Foundation

public enum PythonJSONSchema {
  public static let available: Bool = {
    ProcessInfo.processInfo.environment["MAPWRIGHT_REQUIRE_JSONSCHEMA"] == "1" || (try? run(["-c", "import jsonschema"]).status) == 0
  }()

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// Checks `schema` (JSON text) against its meta-schema (2020-12, or draft-07 when it says
  /// so), then says of each element of `samples` (a JSON array's text) whether it is valid
  /// ("ok") or not ("no"); `problem` is Python's output when it failed.
  public static func validate(schema: String, samples: String) throws -> (verdicts: [String], problem: String?) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let schemaFile = directory.appendingPathComponent("schema.json")
    let samplesFile = directory.appendingPathComponent("samples.json")
    try Data(schema.utf8).write(to: schemaFile)
    try Data(samples.utf8).write(to: samplesFile)
    let script = """
      import json, sys
      from jsonschema import validators
      schema = json.load(open(sys.argv[1]))
      Validator = validators.validator_for(schema, default=validators.Draft202012Validator)
      Validator.check_schema(schema)
      validator = Validator(schema)
      for sample in json.load(open(sys.argv[2])):
          print("ok" if validator.is_valid(sample) else "no")
      """
    let (status, output) = try run(["-c", script, schemaFile.path, samplesFile.path])
    return (output.split(separator: "\n").map(String.init), status == 0 ? nil : output)
  }
}
