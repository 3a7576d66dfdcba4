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

@Suite struct StoreKeyTests {
  @Test func keysAreTypedAndBoundNeverInterpolated() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let store = try SQLiteStore(path: path, models: [Stamp.self])
    _ = try store.importJSON(Array(#"[{"id": 7, "at": 60}]"#.utf8), sources: [ImportSource("", model: Stamp.self)])
    #expect(try store.value(Stamp.self, key: 7)?.at == Date(timeIntervalSince1970: 60))
    #expect(try store.value(Stamp.self, key: Int64(7)) != nil)
    #expect(try store.value(Stamp.self, key: PrimaryKeyValue.integer(7)) != nil)
    #expect(try store.value(Stamp.self, key: 8) == nil)
    // A text key that looks like SQL is a value like any other: for an integer key, one of
    // the wrong kind, refused with the attribute's name (never run, never an empty answer).
    let refused = #expect(throws: StoreError.self) { try store.value(Stamp.self, key: "7; DROP TABLE Stamp") }
    #expect(refused?.code == .invalidValue && refused?.message.hasPrefix("Stamp.id is of type Integer 64") == true)
    #expect(try store.count(Stamp.self) == 1)
  }

  @Test func storeFailuresHaveCodes() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("codes-\(UUID().uuidString).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let store = try SQLiteStore(path: path, models: [Stamp.self])
    let entity = try ObjectModel(models: [Stamp.self]).entity(named: "Stamp")!
    #expect { try store.objects(entity, where: .equal("nope", 1)) } throws: { ($0 as? StoreError)?.code == .unknownAttribute }
    #expect { try store.value(Assignment.self, key: 1) } throws: { ($0 as? StoreError)?.code == .unknownEntity }
  }
}

@JSONModel(primaryKey: "id")
struct Assignment {
  var id: Int
}

@Suite struct ModelLifetimeTests {
  @Test func aModelIsFreedWhenNothingHoldsIt() throws {
    weak var released: ObjectModel?
    weak var releasedFromFile: ObjectModel?
    do {
      let model = try ObjectModel(models: [Stamp.self])
      released = model
      let object = try ModelObject(entity: model.entity(named: "Stamp")!, json: #"{"id": 1, "at": 2}"#)
      let source = try ImportSource("", model: Stamp.self)
      #expect(object["id"] as? Int64 == 1 && source.entity.name == "Stamp")
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Library.xcdatamodeld")
      let library = try ObjectModel(contentsOf: url)
      releasedFromFile = library
      #expect(library.entity(named: "Book")?.destination(of: library.entity(named: "Book")!.relationship(named: "author")!).name == "Author")
    }
    #expect(released == nil)
    #expect(releasedFromFile == nil)
  }

  @Test func anObjectKeepsItsModel() throws {
    weak var released: ObjectModel?
    let object: ModelObject
    do {
      let model = try ObjectModel(models: [Stamp.self])
      released = model
      object = try ModelObject(entity: model.entity(named: "Stamp")!, json: #"{"id": 1, "at": 2}"#)
    }
    #expect(released != nil)
    #expect(try object.jsonObject["id"] == 1)
  }
}
