// `mapwright check --json-lines | --json-seq | --sse | --stream FILE…`: the file (or standard input)
// read in chunks as a stream of elements, each checked on its own — as JSON, against an
// entity of a model file or against a JSON Schema — so memory holds a chunk and an element
// whatever the size of the file. Every bad element is listed with its line and column in the
// file (the first thousand per file; the count is always whole).

import ArgumentParser
import Foundation
import MapwrightEngine
import MapwrightJSONSchema
import MapwrightSchema

struct StreamFlags: ParsableArguments {
  @Flag(help: "Read JSON Lines: one value per line (the default for .jsonl and .ndjson files).")
  var jsonLines = false

  @Flag(help: "Read an RFC 7464 JSON text sequence (each value after an RS byte).")
  var jsonSeq = false

  @Flag(help: "Read server-sent events (text/event-stream): each event's data is an element (the default for .sse files).")
  var sse = false

  @Option(help: "With --sse, the data of the event that ends the stream (such as [DONE]).")
  var sseTerminator: String?

  @Flag(help: "Read the file in chunks, checking the elements of the top-level array (or of the array at --key-path) one at a time.")
  var stream = false

  @Option(help: "With a stream, the largest element held in memory, in bytes (a larger one is an error).")
  var maxElementSize = 64 << 20

  /// The stream format for `file`, or nil to read it whole.
  func format(for file: String, keyPath: String) -> JSONStreamFormat? {
    if jsonLines || file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson") { return .jsonLines }
    if jsonSeq { return .jsonTextSequence }
    if sse || sseTerminator != nil || file.hasSuffix(".sse") { return .serverSentEvents(terminator: sseTerminator) }
    if stream { return .array(at: keyPath) }
    return nil
  }

  var isSet: Bool { jsonLines || jsonSeq || sse || sseTerminator != nil || stream }
}

extension Check {
  /// What each element is checked against.
  enum StreamCheck {
    case syntax
    /// The model is kept while its entity is used.
    case entity(ObjectModel, EntityDescription, MappingOptions)
    case schema(JSONSchemaValidator)
  }

  /// Checks the elements of each file, read as a stream.
  static func checkStreams(_ files: [String], flags: StreamFlags, keyPath: String, check: StreamCheck, parsing: JSONParsingOptions) -> Outcome {
    var outcome = Outcome()
    var elements = 0
    var badElements = 0
    for file in files {
      let name = file == "-" ? "<stdin>" : file
      let format = flags.format(for: file, keyPath: keyPath) ?? .array(at: keyPath)  // (callers pass streams only)
      var options = JSONStreamOptions(maximumElementSize: flags.maxElementSize, errors: .skip, parsing: parsing)
      options.reportLimit = ModelCheckFlags.listed
      let target = streamTarget(check, parsing: parsing)
      let reader: JSONElementReader<Void>
      do {
        reader = try target.elements(of: file == "-" ? .standardInput : .path(file), format: format, options: options)
      } catch {
        outcome.errors.append("\(name): error: \(error)")
        outcome.invalid += 1
        continue
      }
      // A file that cannot be read to its end is invalid, whatever its elements.
      var unreadable = false
      do {
        try reader.forEach { _ in }
      } catch {
        outcome.errors.append("\(name): error: \(error)")
        unreadable = true
      }
      let report = reader.report
      elements += report.decoded + report.failedElements
      badElements += report.failedElements
      if unreadable || report.skippedCount > 0 { outcome.invalid += 1 }
      for error in report.skipped {
        let place = error.elementIndex.map { "element \($0): " } ?? ""
        // Every problem of an element on a line of its own, placed in the file.
        if let problems = (error.underlyingError as? MappingErrors)?.errors {
          for problem in problems {
            let (line, column) = error.streamLocation(lineInElement: problem.line ?? 1, columnInElement: problem.column ?? 1)
            outcome.errors.append("\(name):\(line):\(column): error: \(place)\(problem.path): \(problem.message)")
          }
          continue
        }
        outcome.errors.append("\(name):\(error.line):\(error.column): error: \(place)\(error.path.map { "\($0): " } ?? "")\(error.message)")
      }
      if report.skippedCount > report.skipped.count {
        outcome.errors.append("\(name): … and \(report.skippedCount - report.skipped.count) more errors")
      }
    }
    let noun = files.count == 1 ? "file" : "files"
    if outcome.invalid > 0 {
      outcome.errors.append(
        badElements > 0
          ? "\(badElements) of \(elements) elements invalid in \(outcome.invalid) of \(files.count) \(noun)"
          : "\(outcome.invalid) of \(files.count) \(noun) invalid, no element invalid of the \(elements) read")
    } else {
      outcome.summary = "\(files.count) \(noun) valid: \(elements) \(elements == 1 ? "element" : "elements")"
    }
    return outcome
  }

  /// Each element parsed, then checked as `check` says; a failure is thrown for the stream
  /// to place and list.
  private static func streamTarget(_ check: StreamCheck, parsing: JSONParsingOptions) -> JSONStreamTarget<Void> {
    JSONStreamTarget { element in
      let document = try JSONDocument(element.bytes, options: parsing)
      switch check {
      case .syntax:
        return
      case .entity(_, let entity, let mapping):
        let session = DecodingSession(document: document, options: mapping)
        do {
          _ = try ModelObject(entity: entity, json: document.root, session: session)
        } catch let error as MappingError {
          session.record(error)
        }
        try session.throwIfFailed()
      case .schema(let validator):
        let problems = validator.problems(of: document.root)
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw MappingErrors(problems) }
      }
    }
  }
}
