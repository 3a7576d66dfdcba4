// A model owns its transformers: a model of types registers what they declare in its own
// registry, never in the shared one; a model read from a file is given a registry.

import Foundation
import Mapwright
import MapwrightSQLite
import Testing

@JSONModel(primaryKey: "id")
struct Stamp {
  var id: Int
  @Transform(.epochSeconds) var at: Date
}

@Suite struct ModelOwnershipTests {
  @Test func aModelOfTypesKeepsItsTransformersToItself() throws {
    let before = TransformerRegistry.shared.names
    let model = try ObjectModel(models: [Stamp.self])
    #expect(TransformerRegistry.shared.names == before)
    #expect(model.transformers !== TransformerRegistry.shared)
    #expect(model.transformers["Stamp.at"] != nil)
    #expect(model.transformers["iso8601"] != nil)  // falls back to the shared built-ins
    let stamp = try ModelObject(entity: model.entity(named: "Stamp")!, json: #"{"id": 1, "at": 60}"#)
    #expect(stamp["at"] as? Date == Date(timeIntervalSince1970: 60))
  }

  @Test func aModelFromAFileLooksUpTheRegistryItIsGiven() throws {
    let registry = TransformerRegistry(fallback: .shared)
    registry.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/Library.xcdatamodeld")
    let model = try ObjectModel(contentsOf: url, transformers: registry)
    #expect(model.transformers === registry)
    let author = try ModelObject(
      entity: model.entity(named: "Author")!, json: #"{"author_id": 1, "firstName": "Mark", "lastName": "Twain", "born": "1835-11-30"}"#)
    #expect(author["dateOfBirth"] is Date)
  }
}
