// Fuzz target: the Xcode model reader, ModelObject, the import and the JSON Schema validator.
// Each input is read one of five ways, chosen by its length: as the XML of a .xcdatamodel
// (refused with a SchemaError, or a model); as a payload of the Library model's authors,
// decoded into ModelObjects (strict, or lenient); imported into a store in a temporary file;
// or as a JSON Schema (any dialect its `$schema` names) that validates itself, for a verdict,
// the problems and the basic output. Errors are expected; a crash, hang or leak is a finding.

import Foundation
import MapwrightJSONSchema
import MapwrightSQLite
import MapwrightSchema

/// The Library model of the repository's Examples folder (beside Fuzz/).
private let libraryXML: [UInt8] = {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/Library.xcdatamodeld/Library.xcdatamodel/contents")
  return [UInt8]((try? Data(contentsOf: url)) ?? Data())
}()

private let library: ObjectModel = {
  guard let model = try? ObjectModel(xml: libraryXML) else { fatalError("Examples/Library.xcdatamodeld not found") }
  return model
}()

private let storePath = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-fuzz-\(getpid()).sqlite").path

nonisolated(unsafe) private let store: SQLiteStore = {  // one fuzzing thread
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + suffix) }
  guard let store = try? SQLiteStore(path: storePath, model: library) else { fatalError("cannot open \(storePath)") }
  return store
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // One path per input, chosen by its length (the mutator reaches each; a finding replays on
  // the same one): five times fewer store transactions than running all five.
  switch size % 5 {
  case 0:
    if let model = try? ObjectModel(xml: bytes) {
      for entity in model.entities { _ = entity.attributes.count + entity.relationships.count }
    }
  case 1, 2:
    guard let author = library.entity(named: "Author") else { return 0 }
    _ = try? ModelObject(entity: author, json: bytes, options: size % 5 == 1 ? MappingOptions() : .lenient)
  case 3:
    guard let document = try? JSONDocument(bytes),
      let validator = try? JSONSchemaValidator(schema: JSON(document.root), assertFormats: size % 2 == 0)
    else { return 0 }
    _ = validator.isValid(document.root)
    _ = validator.problems(of: document.root).count
    _ = validator.output(of: document.root, format: .basic)
  default:
    guard let author = library.entity(named: "Author") else { return 0 }
    var options = ImportOptions(mapping: .lenient, batchSize: 7)
    options.missingReferences = .report
    _ = try? store.importJSON(bytes, sources: [ImportSource("authors", entity: author)], options: options)
  }
  return 0
}
