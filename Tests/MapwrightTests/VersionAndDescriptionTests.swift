import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

// Versions with migrations, descriptions, and equality of class models.

@JSONModel(version: 3)
struct StoredSettings: Equatable {
  var fontSize: Int
  var theme: String = "light"

  static func migrate(_ json: inout JSON, from version: Int) throws {
    guard case .object(var object) = json else { return }
    if version < 2 {  // 1 → 2: "size" became "fontSize"
      object["fontSize"] = object.removeValue(forKey: "size")
    }
    if version < 3, let font = object["fontSize"]?.intValue {  // 2 → 3: points instead of pixels
      object["fontSize"] = JSON(font * 3 / 4)
    }
    json = .object(object)
  }
}

struct MappableSettings: Mappable, Equatable {
  static let jsonVersioning: JSONVersioning? = JSONVersioning(version: 2, key: "v") { json, version in
    if version < 2, case .object(var object) = json {
      object["name"] = object.removeValue(forKey: "title")
      json = .object(object)
    }
  }
  var name = ""
  init?(map: Map) {}
  mutating func mapping(map: Map) { name <- map["name"] }
}

@JSONModel(keys: .snakeCase)
struct Shelf {
  var title: String
  var note: String?
  var capacity: Int = 10
  @Default([]) var books: [ShelfBook]
  var owner: ShelfOwner?
}

@JSONModel
struct ShelfBook { var title: String }

@JSONModel
struct ShelfOwner { var name: String }

@JSONModel
final class Point: Hashable {
  var x: Int
  var y: Int
  var label: ShelfOwner?
}

@Suite struct VersionAndDescriptionTests {
  @Test func olderVersionsAreMigratedBeforeMapping() throws {
    let fromV1 = try StoredSettings(json: #"{"_version": 1, "size": 16}"#)
    #expect(fromV1 == StoredSettings(fontSize: 12, theme: "light"))
    let fromV2 = try StoredSettings(json: #"{"_version": 2, "fontSize": 16, "theme": "dark"}"#)
    #expect(fromV2 == StoredSettings(fontSize: 12, theme: "dark"))
    // Current version, or no version at all: as is.
    #expect(try StoredSettings(json: #"{"_version": 3, "fontSize": 16}"#).fontSize == 16)
    #expect(try StoredSettings(json: #"{"fontSize": 16}"#).fontSize == 16)
    // Nested in an array, each element migrates on its own.
    let list = try [StoredSettings](json: #"[{"_version": 1, "size": 8}, {"fontSize": 9}]"#)
    #expect(list.map(\.fontSize) == [6, 9])
  }

  @Test func versionProblemsAreErrors() throws {
    #expect {
      try StoredSettings(json: #"{"_version": 4, "fontSize": 1}"#)
    } throws: { error in
      "\(error)".contains("written by version 4, newer than this model's 3")
    }
    #expect {
      try [StoredSettings](json: #"[{"_version": 1, "fontSize": 1}]"#)
    } throws: { error in
      // After migration from 1, "size" was missing: reported under the element's path.
      (error as? MappingError)?.path.description == "$[0].fontSize"
    }
  }

  @Test func encodingRecordsTheVersionWhenAsked() throws {
    let settings = StoredSettings(fontSize: 12, theme: "dark")
    #expect(try settings.jsonString() == #"{"fontSize":12,"theme":"dark"}"#)
    let recorded = try settings.jsonString(recordingVersions: true)
    #expect(recorded == #"{"_version":3,"fontSize":12,"theme":"dark"}"#)
    #expect(try StoredSettings(json: recorded) == settings)
  }

  @Test func mappableModelsMigrateToo() throws {
    #expect(try MappableSettings(json: #"{"v": 1, "title": "old"}"#).name == "old")
    #expect(try MappableSettings(json: #"{"v": 2, "name": "new"}"#).name == "new")
    let settings = try MappableSettings(json: #"{"name": "x"}"#)
    #expect(settings.json(recordingVersions: true) == ["v": 2, "name": "x"])
  }

  @Test func descriptionsShowNonDefaultValues() throws {
    let shelf = try Shelf(json: #"{"title": "Fiction", "books": [{"title": "Emma"}, {"title": "Dune"}], "owner": {"name": "Ana"}}"#)
    #expect(shelf.description == #"Shelf(title: "Fiction", books: [2 × ShelfBook], owner: ShelfOwner(…))"#)
    #expect(
      shelf.fullDescription
        == #"Shelf(title: "Fiction", books: [ShelfBook(title: "Emma"), ShelfBook(title: "Dune")], owner: ShelfOwner(name: "Ana"))"#)
    let bare = try Shelf(json: #"{"title": "Empty", "capacity": 12, "note": "n"}"#)
    #expect("\(bare)" == #"Shelf(title: "Empty", note: "n", capacity: 12)"#)
  }

  @Test func classesAskingForHashableCompareMappedProperties() throws {
    let a = try Point(json: #"{"x": 1, "y": 2, "label": {"name": "p"}}"#)
    let b = try Point(json: #"{"x": 1, "y": 2, "label": {"name": "p"}}"#)
    let c = try Point(json: #"{"x": 1, "y": 3}"#)
    #expect(a == b && a !== b)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
  }

  @Test func subclassesCompareEveryLevel() throws {
    let one = try MotorVehicleTruckPair.make(load: 1)
    let same = try MotorVehicleTruckPair.make(load: 1)
    let other = try MotorVehicleTruckPair.make(load: 2)
    #expect(one._jsonModelIsEqual(to: same))
    #expect(!one._jsonModelIsEqual(to: other))
    #expect(one.description == #"Truck(name: "T", maxLoad: \#(1.0))"#)
  }
}

enum MotorVehicleTruckPair {
  static func make(load: Int) throws -> Truck { try Truck(json: #"{"name": "T", "max_load": \#(load)}"#) }
}
