// `mapwright import DATA --model MODEL --entity NAME --store FILE|URL`: JSON into a SQLite
// store, or a PostgreSQL one when the store is a postgres:// URL.

import ArgumentParser
import Foundation
import MapwrightEngine
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Import JSON objects into a SQLite or PostgreSQL store, updating objects with the same primary key.",
    usage: "mapwright import [<options>] <data> --model <model> --entity <entity> \\\n    --store <store>",
    discussion: """
      Examples:
        mapwright import Examples/library.json \\
          --model Examples/Library.xcdatamodeld --entity Author \\
          --key-path authors --store library.sqlite --lenient \\
          --date-format birthDate=yyyy-MM-dd
        mapwright import Examples/library.json \\
          --model Examples/Library.xcdatamodeld --entity Author \\
          --key-path authors --lenient --date-format birthDate=yyyy-MM-dd \\
          --store postgres://mapwright:secret@127.0.0.1:5432/library
      """
  )

  @Argument(help: "The JSON payload: an array of objects, or an object holding one (see --key-path).")
  var data: String

  @Option(help: "The Xcode model (.xcdatamodeld or .xcdatamodel).")
  var model: String

  @Option(help: "The entity of the payload's objects.")
  var entity: String

  @Option(help: "The SQLite file (created if missing), or a postgres://user:password@host:port/database URL.")
  var store: String

  @Option(help: "Dot-separated keys leading to the array in the payload (default: the payload is the array).")
  var keyPath = ""

  @Option(help: "Objects mapped and written per transaction.")
  var batchSize = 10_000

  @Flag(help: "Accept numbers written as strings and the like (each noted).")
  var lenient = false

  @Option(help: "What an id that matches no object becomes: report, error or placeholder.")
  var missingReferences = "report"

  @OptionGroup var transformerFlags: TransformerFlags

  @Flag(help: "The payload is JSON Lines, one object per line (the default for .jsonl and .ndjson files).")
  var jsonLines = false

  @Flag(help: "Print nothing but errors.")
  var quiet = false

  @Flag(help: "Add the model's tables to an existing database that is not a Mapwright store (refused otherwise).")
  var addToExisting = false

  func run() throws {
    let transformers = try transformerFlags.registry()
    let objectModel: ObjectModel
    do {
      objectModel = try ObjectModel(contentsOf: URL(fileURLWithPath: model), transformers: transformers)
    } catch {
      throw ValidationError("\(error)")
    }
    guard let entityDescription = objectModel.entity(named: entity) else {
      throw ValidationError("the model has no entity \(entity) (it has \(objectModel.entities.map(\.name).joined(separator: ", ")))")
    }
    var options = ImportOptions(mapping: lenient ? .lenient : MappingOptions(), batchSize: batchSize)
    switch missingReferences {
    case "report": options.missingReferences = .report
    case "error": options.missingReferences = .error
    case "placeholder": options.missingReferences = .placeholder
    default: throw ValidationError("--missing-references takes report, error or placeholder")
    }
    let quiet = quiet
    options.progress = { progress in
      guard !quiet, progress.total > progress.written || progress.written > 10_000 else { return }
      FileHandle.standardError.write(Data("imported \(progress.written) of \(progress.total)\n".utf8))
    }
    let target: any RelationalStore =
      if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
        try StoreOpeners.postgres(store, objectModel, addToExisting)
      } else {
        try SQLiteStore(path: store, model: objectModel, addingToExistingDatabase: addToExisting)
      }
    // The payload is read from its file a run at a time (standard input is first spooled to
    // a temporary file), so memory holds a run of elements, not the payload.
    let lines = jsonLines || data.hasSuffix(".jsonl") || data.hasSuffix(".ndjson")
    let path = data == "-" ? try spoolStandardInput() : data
    defer { if data == "-" { unlink(path) } }
    let summary = try target.importJSON(
      contentsOfFile: path, jsonLines: lines, sources: [ImportSource(keyPath, entity: entityDescription)], options: options)
    if !quiet {
      print(summary)
      for unresolved in summary.unresolved.prefix(20) { print("  unresolved: \(unresolved)") }
      if summary.unresolvedCount > 20 { print("  … and \(summary.unresolvedCount - 20) more") }
    }
  }
}

/// Standard input copied to a temporary file, in chunks; its path.
func spoolStandardInput() throws -> String {
  var template = Array((FileManager.default.temporaryDirectory.path + "/mapwright-stdin-XXXXXX").utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  guard descriptor >= 0 else { throw CLIError("cannot create a temporary file for standard input") }
  defer { close(descriptor) }
  let path = String(cString: template)
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    if count < 0 { throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))") }
    if count == 0 { break }
    var written = 0
    while written < count {
      let result = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, count - written) }
      guard result > 0 else { throw CLIError("cannot write a temporary file for standard input") }
      written += result
    }
  }
  return path
}
