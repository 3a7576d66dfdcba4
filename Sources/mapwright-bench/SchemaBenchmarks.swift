// JSON Schema validation, bytes on disk to verdict: `--schema-validate DATA --schema SCHEMA`
// reads the file, parses it (each line of JSON Lines, or the whole document) and validates it
// — for the verdict alone (`isValid`) or, with `--errors`, every problem (`problems(of:)`).
// It prints one TSV line: mode, elements, invalid elements, problems, median ms over the runs.
// `--schema-make FILE` writes the schema `generate schema` would write for the benchmark's
// twitter status model (MStatus). Scripts/schema-bench.py runs both beside jsonschema-rs.

import Foundation
import MapwrightJSON
import MapwrightJSONSchema
import MapwrightSchema

enum SchemaBenchmarks {
  static func make(at path: String) throws {
    let schema = try MStatus.jsonSchema
    try Data(try schema.jsonBytes([.prettyPrinted, .sortedKeys])).write(to: URL(fileURLWithPath: path))
    print("\(path): the JSON Schema of MStatus")
  }

  static func run(data path: String, schema schemaPath: String, jsonLines: Bool, errors: Bool, runs: Int) throws {
    let schema = try JSON(parsing: Data(contentsOf: URL(fileURLWithPath: schemaPath)))
    let validator = try JSONSchemaValidator(schema: schema)
    var times: [Double] = []
    var outcome = (elements: 0, invalid: 0, problems: 0)
    for _ in 0..<max(1, runs) {
      let start = DispatchTime.now().uptimeNanoseconds
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      outcome = (0, 0, 0)
      func check(_ value: JSONValue) {
        outcome.elements += 1
        if errors {
          let found = validator.problems(of: value).count
          outcome.problems += found
          if found > 0 { outcome.invalid += 1 }
        } else if !validator.isValid(value) {
          outcome.invalid += 1
        }
      }
      if jsonLines {
        // Each line copied out of the file's bytes into its own document (as a reader of
        // lines would hand them over).
        try data.withUnsafeBytes { raw in
          let bytes = raw.bindMemory(to: UInt8.self)
          var lineStart = 0
          while lineStart < bytes.count {
            let rest = bytes.count - lineStart
            let newline = memchr(bytes.baseAddress! + lineStart, 0x0A, rest)
            let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? bytes.count
            if end > lineStart { check(try JSONDocument(Array(UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))).root) }
            lineStart = end + 1
          }
        }
      } else {
        check(try JSONDocument(data).root)
      }
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let median = times.sorted()[times.count / 2]
    print(
      "mapwright\t\(errors ? "errors" : "verdict")\t\(outcome.elements)\t\(outcome.invalid)\t\(outcome.problems)\t\(String(format: "%.1f", median))")
  }
}
