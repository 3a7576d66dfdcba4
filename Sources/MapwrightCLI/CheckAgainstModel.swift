// `mapwright check FILE --model M --entity E`: the file's objects decoded as `ModelObject`s of
// the entity with every error collected (`.collectAll`), each printed with its file, line,
// column and JSON path; with `--lenient`, what lenient mapping forgave is listed as notes.
// (`--schema` is CheckAgainstSchema.swift.)

import ArgumentParser
import Foundation
import MapwrightEngine
import MapwrightSchema

struct ModelCheckFlags: ParsableArguments {
  @Option(help: "Check the data against an entity of this Xcode model (.xcdatamodeld).")
  var model: String?

  @Option(help: "The entity the data's objects are (with --model).")
  var entity: String?

  @Option(help: "Dot-separated keys leading to the objects (with --model or --schema; default: the whole file).")
  var keyPath = ""

  @Flag(help: "Accept what lenient mapping accepts (numbers as strings…), listing each as a note (with --model).")
  var lenient = false

  @Flag(help: "Unknown keys are errors (with --model; by default they are allowed).")
  var rejectUnknownKeys = false

  @OptionGroup var transformers: TransformerFlags

  /// Most problems listed per file; the count is always whole.
  static let listed = 1_000

  /// The first `listed` problems of a file, one line each.
  static func append(_ errors: [MappingError], file name: String, to outcome: inout Check.Outcome) {
    for error in errors.prefix(Self.listed) {
      outcome.errors.append("\(name):\(error.line ?? 1):\(error.column ?? 1): error: \(error.path): \(error.message)")
    }
    if errors.count > Self.listed { outcome.errors.append("\(name): … and \(errors.count - Self.listed) more errors") }
  }

  /// The model at `modelPath` (to keep while its entity is used), the entity `--entity` names
  /// and the mapping options the flags ask for (every error collected).
  func entity(modelPath: String) throws -> (ObjectModel, EntityDescription, MappingOptions) {
    let objectModel: ObjectModel
    do {
      objectModel = try ObjectModel(contentsOf: URL(fileURLWithPath: modelPath), transformers: transformers.registry())
    } catch let error as ValidationError {
      throw error
    } catch {
      throw ValidationError("\(error)")
    }
    guard let entity else { throw ValidationError("--model needs --entity (one of \(objectModel.entities.map(\.name).joined(separator: ", ")))") }
    guard let description = objectModel.entity(named: entity) else {
      throw ValidationError("the model has no entity \(entity) (it has \(objectModel.entities.map(\.name).joined(separator: ", ")))")
    }
    var options = lenient ? MappingOptions.lenient : MappingOptions()
    options.errorMode = .collectAll
    options.unknownKeys = rejectUnknownKeys ? .reject : .ignore
    return (objectModel, description, options)
  }

  func check(_ files: [String], modelPath: String, parsing: JSONParsingOptions, read: (String) throws -> [UInt8]) throws -> Check.Outcome {
    let (objectModel, description, options) = try entity(modelPath: modelPath)
    defer { withExtendedLifetime(objectModel) {} }
    let entity = description.name
    var outcome = Check.Outcome()
    var problems = 0
    var notes = 0
    var objects = 0
    for file in files {
      let name = file == "-" ? "<stdin>" : file
      guard let document = Check.document(file, options: parsing, read: read, outcome: &outcome) else {
        problems += 1
        continue
      }
      let session = DecodingSession(document: document, options: options)
      var errors: [MappingError] = []
      let root = session.document.root
      if let target = keyPath.isEmpty ? root : root.value(at: JSONKeyPath(keyPath)) {
        objects += target.kind == .array ? target.count : 1
        errors = ModelObject.problems(of: description, in: target, session: session)
      } else {
        errors = [
          MappingError(invalidValue: "no value at the key path \(keyPath)").moved(
            to: JSONPath(keyPath: JSONKeyPath(keyPath).components.map(\.key)), line: nil, column: nil)
        ]
      }
      if !errors.isEmpty { outcome.invalid += 1 }
      problems += errors.count
      Self.append(errors, file: name, to: &outcome)
      let report = session.report
      notes += report.count
      if lenient {
        for entry in report.entries.prefix(Self.listed) {
          outcome.errors.append("\(name):\(entry.place.line ?? 1):\(entry.place.column ?? 1): note: \(entry.description)")
        }
        if report.count > Self.listed { outcome.errors.append("\(name): … and \(report.count - Self.listed) more notes") }
      }
    }
    let noun = files.count == 1 ? "file" : "files"
    let forgiven = lenient ? ", \(notes) forgiven" : ""
    if outcome.invalid > 0 {
      outcome.errors.append(
        "\(problems) \(problems == 1 ? "problem" : "problems") in \(outcome.invalid) of \(files.count) \(noun) (\(objects) \(entity) objects checked\(forgiven))"
      )
    } else {
      outcome.summary = "\(files.count) \(noun) valid: \(objects) \(entity) objects\(forgiven)"
    }
    return outcome
  }
}
