// `mapwright check FILE --schema S`: each file (the value at `--key-path`) validated by
// `JSONSchemaValidator`. The schema is a file, or the URI of a registered document (the five
// dialects' meta-schemas are built in, so `--schema https://json-schema.org/draft/2020-12/schema`
// checks a schema offline). `--register` adds the documents its `$ref`s name; `--dialect`
// applies to a schema without `$schema`; `--assert-formats` asserts `format` everywhere.
// What the schema uses that is not applied is printed as warnings, before any verdict.
// `--output json` prints the specification's basic output, one object per file, on stdout.

import ArgumentParser
import Foundation
import MapwrightEngine
import MapwrightJSONSchema
import MapwrightSchema

/// How `check --schema` reports.
enum SchemaOutputStyle: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

struct SchemaCheckFlags: ParsableArguments {
  @Option(
    help: """
      Check the data against this JSON Schema: a file, or the URI of a registered document (the \
      meta-schemas of draft-04 to 2020-12 are built in).
      """)
  var schema: String?

  @Option(help: "The dialect of a schema without $schema: 2020-12 (the default), 2019-09, draft-07, draft-06, draft-04.")
  var dialect: String?

  @Option(
    name: .customLong("register"),
    help: """
      Schema documents the schema's $refs may name: a file or a folder of .json files, each under its \
      $id; or PATH=URI, served under that URI (a folder's files under it by their relative paths). \
      Repeatable. Nothing is ever fetched.
      """)
  var registered: [String] = []

  @Flag(help: "Assert format (date, email, uri…) in every dialect; by default 2019-09 and 2020-12 treat it as an annotation.")
  var assertFormats = false

  @Option(help: "text: FILE:LINE:COLUMN lines (the default); json: the specification's basic output, one object per file.")
  var output: SchemaOutputStyle = .text

  /// The registry: the built-in meta-schemas and every `--register`.
  func registry() throws -> JSONSchemaRegistry {
    var registry = JSONSchemaRegistry()
    for entry in registered {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      do {
        try registry.registerFiles(at: parts[0], baseURI: parts.count == 2 ? parts[1] : nil)
      } catch {
        throw ValidationError("--register \(entry): \(error)")
      }
    }
    return registry
  }

  /// The validator for `--schema`: a registered document by its URI, else the file.
  func validator(read: (String) throws -> [UInt8]) throws -> JSONSchemaValidator {
    guard let schemaPath = schema else { throw ValidationError("--schema is missing") }
    var chosen = JSONSchemaDialect.draft2020_12
    if let dialect {
      guard let named = JSONSchemaDialect(name: dialect) else {
        throw ValidationError("--dialect \(dialect): one of 2020-12, 2019-09, draft-07, draft-06, draft-04")
      }
      chosen = named
    }
    let registry = try registry()
    let schema: JSON
    let baseURI: String
    if let registered = registry.document(at: schemaPath) {
      (schema, baseURI) = (registered, schemaPath)
    } else {
      do {
        schema = try JSON(parsing: read(schemaPath))
      } catch {
        throw ValidationError("\(schemaPath): \(error)")
      }
      baseURI = schemaPath == "-" ? "mapwright:/schema.json" : URL(fileURLWithPath: schemaPath).standardizedFileURL.absoluteString
    }
    do {
      return try JSONSchemaValidator(
        schema: schema, dialect: chosen, registry: registry, baseURI: baseURI, assertFormats: assertFormats ? true : nil)
    } catch {
      throw ValidationError("\(schemaPath): \(error)")
    }
  }

  /// Checks each file (the value at `keyPath`) against the schema.
  func check(
    _ files: [String], keyPath: String, parsing: JSONParsingOptions, read: (String) throws -> [UInt8]
  ) throws -> Check.Outcome {
    let validator = try validator(read: read)
    let schemaPath = schema ?? ""
    var outcome = Check.Outcome()
    outcome.errors = validator.warnings.map { "\(schemaPath): warning: \($0)" }
    var problems = 0
    var lines: [String] = []
    for file in files {
      let name = file == "-" ? "<stdin>" : file
      guard let document = Check.document(file, options: parsing, read: read, outcome: &outcome) else {
        problems += 1
        continue
      }
      guard let target = keyPath.isEmpty ? document.root : document.root.value(at: JSONKeyPath(keyPath)) else {
        outcome.invalid += 1
        problems += 1
        ModelCheckFlags.append([MappingError(invalidValue: "no value at the key path \(keyPath)")], file: name, to: &outcome)
        continue
      }
      if output == .json {
        let basic = validator.output(of: target, format: .basic)
        if basic["valid"] == false { outcome.invalid += 1 }
        problems += basic["errors"]?.arrayValue?.count ?? 0
        lines.append((try? basic.jsonString()) ?? "{}")
        continue
      }
      let found = validator.problems(of: target)
      if !found.isEmpty { outcome.invalid += 1 }
      problems += found.count
      ModelCheckFlags.append(found, file: name, to: &outcome)
    }
    let noun = files.count == 1 ? "file" : "files"
    if output == .json {
      outcome.summary = lines.joined(separator: "\n")
    } else if outcome.invalid > 0 {
      outcome.errors.append("\(problems) \(problems == 1 ? "problem" : "problems") in \(outcome.invalid) of \(files.count) \(noun)")
    } else {
      outcome.summary = "\(files.count) \(noun) valid against \(schemaPath)"
    }
    return outcome
  }
}
