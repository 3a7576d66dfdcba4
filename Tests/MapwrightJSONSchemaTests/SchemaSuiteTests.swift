// The official JSON-Schema-Test-Suite (../shared/json-schema-test-suite, beside the
// repository; never copied in): every required test of draft-04, draft-06, draft-07, 2019-09
// and 2020-12 through the public API, with the suite's `remotes/` registered as
// `http://localhost:1234/`, for the verdict (`isValid`), for the verdict of the keywords as
// written (without the verdict's plan) and for the list of problems (empty exactly when valid). Nothing is skipped. The `optional/` tests (formats asserted)
// report their count. Absent shared files, the tests say so and pass nothing.

import Foundation
import MapwrightJSON
import Testing

@testable import MapwrightJSONSchema

enum SchemaSuite {
  static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/json-schema-test-suite")

  static let dialects: [(folder: String, dialect: JSONSchemaDialect)] = [
    ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft2019_09), ("draft2020-12", .draft2020_12),
  ]

  static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("tests").path) }

  static let registry: JSONSchemaRegistry = {
    var registry = JSONSchemaRegistry()
    try? registry.registerFiles(at: root.appendingPathComponent("remotes").path, baseURI: "http://localhost:1234/")
    return registry
  }()

  struct Outcome {
    var passed = 0
    var failed: [String] = []
  }

  /// Runs every test of the `.json` files of `folder`.
  static func run(_ folder: URL, dialect: JSONSchemaDialect, assertFormats: Bool? = nil, only: Set<String>? = nil) throws -> Outcome {
    var outcome = Outcome()
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".json") && only?.contains($0) != false }
      .sorted() ?? []
    for file in files {
      let groups = try JSON(parsing: Data(contentsOf: folder.appendingPathComponent(file)))
      for group in groups.arrayValue ?? [] {
        let name = "\(folder.lastPathComponent)/\(file): \(group["description"]?.stringValue ?? "")"
        let validator: JSONSchemaValidator
        do {
          validator = try JSONSchemaValidator(schema: group["schema"]!, dialect: dialect, registry: registry, assertFormats: assertFormats)
        } catch {
          outcome.failed.append("\(name): \(error)")
          continue
        }
        for test in group["tests"]?.arrayValue ?? [] {
          let expected = test["valid"]?.boolValue ?? true
          let document = try JSONDocument(test["data"]!.jsonString())
          let verdict = validator.isValid(document.root)
          let problems = validator.problems(of: document.root)
          let asWritten = validator.verdictAsWritten(document.root)
          if verdict == expected, asWritten == expected, problems.isEmpty == expected {
            outcome.passed += 1
          } else {
            outcome.failed.append(
              "\(name) — \(test["description"]?.stringValue ?? ""): expected \(expected), isValid \(verdict), as written \(asWritten), \(problems.count) problems \(problems.prefix(2))"
            )
          }
        }
      }
    }
    return outcome
  }
}

@Suite struct SchemaSuiteTests {
  @Test(arguments: SchemaSuite.dialects.map(\.folder))
  func everyRequiredTestPasses(_ folder: String) throws {
    guard SchemaSuite.isPresent else {
      print("JSON-Schema-Test-Suite not found at \(SchemaSuite.root.path): skipped")
      return
    }
    let dialect = SchemaSuite.dialects.first { $0.folder == folder }!.dialect
    let outcome = try SchemaSuite.run(SchemaSuite.root.appendingPathComponent("tests/\(folder)"), dialect: dialect)
    print("JSON-Schema-Test-Suite \(folder) required: \(outcome.passed) of \(outcome.passed + outcome.failed.count) passed")
    #expect(outcome.passed > 500)
    #expect(
      outcome.failed.isEmpty,
      "\(folder): \(outcome.failed.count) failed, \(outcome.passed) passed:\n\(outcome.failed.prefix(40).joined(separator: "\n"))")
  }

  @Test(arguments: SchemaSuite.dialects.map(\.folder))
  func optionalTestsAreCounted(_ folder: String) throws {
    guard SchemaSuite.isPresent else { return }
    let dialect = SchemaSuite.dialects.first { $0.folder == folder }!.dialect
    let optional = SchemaSuite.root.appendingPathComponent("tests/\(folder)/optional")
    let plain = try SchemaSuite.run(optional, dialect: dialect)
    let formats = try SchemaSuite.run(optional.appendingPathComponent("format"), dialect: dialect, assertFormats: true)
    print(
      "JSON-Schema-Test-Suite \(folder) optional: \(plain.passed) of \(plain.passed + plain.failed.count); formats asserted: \(formats.passed) of \(formats.passed + formats.failed.count)"
    )
    #expect(plain.passed + formats.passed > 0)
  }

  /// The formats Docs/CLI.md claims are asserted pass the suite's `optional/format` tests
  /// whole, in every dialect that has them.
  @Test(arguments: SchemaSuite.dialects.map(\.folder))
  func claimedFormatsPassWholeUnderAssertion(_ folder: String) throws {
    guard SchemaSuite.isPresent else { return }
    let dialect = SchemaSuite.dialects.first { $0.folder == folder }!.dialect
    let formats = SchemaSuite.root.appendingPathComponent("tests/\(folder)/optional/format")
    let claimed: Set<String> = ["date.json", "date-time.json", "time.json", "uri.json", "email.json", "uuid.json"]
    let outcome = try SchemaSuite.run(formats, dialect: dialect, assertFormats: true, only: claimed)
    #expect(outcome.passed > 40)
    #expect(outcome.failed.isEmpty, "\(folder): \(outcome.failed.count) failed:\n\(outcome.failed.prefix(40).joined(separator: "\n"))")
  }
}
