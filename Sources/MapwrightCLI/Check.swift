// `mapwright check FILE…`: is it JSON? With `--model M --entity E`: does it decode as that
// entity's objects? Every problem is reported, not the first (CheckAgainstModel.swift).

import ArgumentParser
import MapwrightEngine

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that files are valid JSON, or valid objects of a model's entity.",
    discussion: """
      Prints a one-line summary when every file is valid and exits 0. For each invalid file \
      prints FILE:LINE:COLUMN: error: MESSAGE with the line and a caret, and exits 1. \
      Use - to read standard input.

      With --schema, each file (the value at --key-path) must be valid against a JSON Schema \
      (draft-04, -06, -07, 2019-09 or 2020-12, by its $schema or --dialect): every problem is \
      listed the same way, or with --output json as the specification's basic output. \
      --register names the documents its $refs refer to (nothing is fetched); what the schema \
      uses that is not applied is printed as a warning.

      With --model and --entity, each file must also decode as objects of the entity (an \
      object, or an array of them; --key-path leads to it): every problem is listed as \
      FILE:LINE:COLUMN: error: PATH: MESSAGE, then a summary. --lenient accepts what lenient \
      mapping does and lists what it forgave as notes.

      Streams (--json-lines, the default for .jsonl and .ndjson files; --json-seq; --stream for \
      the elements of the top-level array or of the array at --key-path) are read in chunks \
      and checked an element at a time, in bounded memory whatever the file's size; each bad \
      element is listed as FILE:LINE:COLUMN: error: element N: PATH: MESSAGE.

      Example:
        mapwright check Examples/library.json \\
          --model Examples/Library.xcdatamodeld --entity Author --key-path authors --lenient \\
          --date-format birthDate=yyyy-MM-dd
      """
  )

  @Argument(help: "JSON files to check, or - for standard input.")
  var files: [String]

  @OptionGroup var parsing: ParsingFlags

  @Flag(name: .shortAndLong, help: "Print nothing when every file is valid.")
  var quiet = false

  @OptionGroup var model: ModelCheckFlags

  @OptionGroup var schema: SchemaCheckFlags

  @OptionGroup var streaming: StreamFlags

  /// Each file is read in its own form: a stream (`--json-lines`, `--json-seq`, `--stream`, or
  /// a `.jsonl` or `.ndjson` name) or a whole document; the two groups are checked apart and
  /// reported together.
  func run() throws {
    guard schema.schema == nil || model.model == nil else { throw ValidationError("choose one of --schema and --model") }
    let streamed = files.filter { streaming.format(for: $0, keyPath: model.keyPath) != nil }
    let whole = files.filter { streaming.format(for: $0, keyPath: model.keyPath) == nil }
    var outcomes: [Outcome] = []
    if !whole.isEmpty {
      let outcome = try checkWhole(whole)
      if schema.output == .json {
        outcome.errors.forEach(printError)
        print(outcome.summary)
        if outcome.invalid > 0 { throw ExitCode(1) }
        if streamed.isEmpty { return }
      } else {
        outcomes.append(outcome)
      }
    }
    if !streamed.isEmpty { outcomes.append(try checkStreamed(streamed, warn: whole.isEmpty)) }
    outcomes.flatMap(\.errors).forEach(printError)
    let invalid = outcomes.contains { $0.invalid > 0 }
    // With both groups, the valid one's summary too, so that every file is accounted for.
    if invalid {
      if outcomes.count > 1 { outcomes.filter { $0.invalid == 0 }.forEach { printError($0.summary) } }
      throw ExitCode(1)
    }
    if !quiet { print(outcomes.map(\.summary).joined(separator: "; ")) }
  }

  /// The streams' elements, each checked as the options say.
  private func checkStreamed(_ files: [String], warn: Bool) throws -> Outcome {
    let check: StreamCheck
    if schema.schema != nil {
      let validator = try schema.validator(read: readInput)
      if warn { validator.warnings.forEach { printError("\(schema.schema ?? ""): warning: \($0)") } }
      check = .schema(validator)
    } else if let path = model.model {
      let (objectModel, entity, options) = try model.entity(modelPath: path)
      check = .entity(objectModel, entity, options)
    } else {
      check = .syntax
    }
    return Self.checkStreams(files, flags: streaming, keyPath: model.keyPath, check: check, parsing: parsing.options)
  }

  /// Whole documents, as JSON, against the schema or against the model.
  private func checkWhole(_ files: [String]) throws -> Outcome {
    if schema.schema != nil { return try schema.check(files, keyPath: model.keyPath, parsing: parsing.options, read: readInput) }
    if let path = model.model { return try model.check(files, modelPath: path, parsing: parsing.options, read: readInput) }
    return Self.check(files, options: parsing.options, read: readInput)
  }

  struct Outcome {
    /// Diagnostics for standard error, in order.
    var errors: [String] = []
    var invalid = 0
    var summary = ""
  }

  /// Reads and parses `file`, or records why it could not (`FILE:LINE:COLUMN: error: MESSAGE`
  /// and the excerpt) and returns nil. Every form of `check` reads its files through this.
  static func document(_ file: String, options: JSONParsingOptions, read: (String) throws -> [UInt8], outcome: inout Outcome) -> JSONDocument? {
    let name = file == "-" ? "<stdin>" : file
    let bytes: [UInt8]
    do {
      bytes = try read(file)
    } catch {
      outcome.errors.append("\(name): error: \(error)")
      outcome.invalid += 1
      return nil
    }
    do {
      return try JSONDocument(bytes, options: options)
    } catch {
      outcome.invalid += 1
      outcome.errors.append(contentsOf: parseErrorLines(error, in: name))
      return nil
    }
  }

  /// Checks each file; diagnostics read `FILE:LINE:COLUMN: error: MESSAGE` plus the excerpt.
  static func check(_ files: [String], options: JSONParsingOptions, read: (String) throws -> [UInt8]) -> Outcome {
    var outcome = Outcome()
    var bytesChecked = 0
    for file in files {
      guard let document = document(file, options: options, read: read, outcome: &outcome) else { continue }
      bytesChecked += document.byteCount
    }
    let noun = files.count == 1 ? "file" : "files"
    if outcome.invalid > 0 {
      outcome.errors.append("\(outcome.invalid) of \(files.count) \(noun) invalid")
    } else {
      outcome.summary = "\(files.count) \(noun) valid (\(bytesChecked) bytes)"
    }
    return outcome
  }
}
