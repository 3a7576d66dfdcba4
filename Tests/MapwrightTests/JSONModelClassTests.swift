import Foundation
import Mapwright
import Testing

// Class models: subclasses that add properties, and class clusters chosen by a
// discriminator or by a closure.

@JSONModel(keys: .snakeCase)
class MotorVehicle {
  var name: String
  var wheelCount: Int = 4
}

@JSONModel(keys: .snakeCase)
class Truck: MotorVehicle {
  var maxLoad: Double
  @Key("cab.seats") var seats: Int?
}

@JSONModel(keys: .snakeCase)
final class DumpTruck: Truck {
  var tipAngle: Int
}

@JSONModel(discriminator: "kind", subclasses: ["dog": "Dog", "cat": "Cat"])
class Animal: Codable {  // Codable too: CodableDriverTests decodes the cluster through other coders
  var name: String
}

@JSONModel
final class Dog: Animal {
  var barks: Bool
}

@JSONModel
final class Cat: Animal {
  var lives: Int
}

@JSONModel
struct Shelter {
  var animals: [Animal]
  var mascot: Animal?
}

@JSONModel
class FlatShape {
  var label: String

  class func jsonModelClass(for object: JSONValue) -> FlatShape.Type? {
    object["radius"] != nil ? RoundShape.self : nil
  }
}

@JSONModel
final class RoundShape: FlatShape {
  var radius: Double
}

@JSONModel(unknownKeys: .reject)
class StrictBase {
  var id: Int
}

@JSONModel
final class StrictChild: StrictBase {
  var extra: String
}

@Suite struct JSONModelClassTests {
  @Test func subclassesDecodeTheirOwnAndTheirSuperclassesProperties() throws {
    let truck = try DumpTruck(json: #"{"name": "Big", "max_load": 12.5, "cab": {"seats": 2}, "tip_angle": 45}"#)
    #expect(truck.name == "Big")
    #expect(truck.wheelCount == 4)
    #expect(truck.maxLoad == 12.5)
    #expect(truck.seats == 2)
    #expect(truck.tipAngle == 45)
    // Encoding writes the superclass's keys first, then each subclass's.
    let text = try truck.jsonString()
    #expect(text == #"{"name":"Big","wheel_count":4,"max_load":12.5,"cab":{"seats":2},"tip_angle":45}"#)
    #expect(try DumpTruck(json: text).json() == truck.json())
  }

  @Test func aMissingKeyAtAnyLevelIsReportedWithItsPath() throws {
    #expect {
      try DumpTruck(json: #"{"max_load": 1, "tip_angle": 3}"#)
    } throws: { error in
      (error as? MappingError)?.description == "$.name: missing key (line 1, column 1)"
    }
    #expect {
      try DumpTruck(json: #"{"name": "x", "tip_angle": 3}"#)
    } throws: { error in
      (error as? MappingError)?.description == "$.max_load: missing key (line 1, column 1)"
    }
  }

  @Test func unknownKeysAreJudgedAgainstEveryLevelsKeys() throws {
    let child = try StrictChild(json: #"{"id": 1, "extra": "e"}"#)
    #expect(child.id == 1 && child.extra == "e")
    #expect(throws: MappingError.self) { try StrictChild(json: #"{"id": 1, "extra": "e", "other": 0}"#) }
    #expect(throws: MappingError.self) { try StrictBase(json: #"{"id": 1, "extra": "e"}"#) }
  }

  @Test func aDiscriminatorChoosesTheSubclass() throws {
    let shelter = try Shelter(
      json: #"""
        {"animals": [{"kind": "dog", "name": "Rex", "barks": true}, {"kind": "cat", "name": "Tom", "lives": 9},
                     {"name": "Generic"}],
         "mascot": {"kind": "cat", "name": "Mog", "lives": 7}}
        """#)
    #expect(shelter.animals.count == 3)
    let dog = try #require(shelter.animals[0] as? Dog)
    #expect(dog.name == "Rex" && dog.barks)
    let cat = try #require(shelter.animals[1] as? Cat)
    #expect(cat.name == "Tom" && cat.lives == 9)
    #expect(type(of: shelter.animals[2]) == Animal.self)
    #expect((shelter.mascot as? Cat)?.lives == 7)

    // Every entry point goes through the choice.
    let single = try Animal(json: #"{"kind": "dog", "name": "Fido", "barks": false}"#)
    #expect((single as? Dog)?.barks == false)
    let list = try [Animal](json: #"[{"kind": "cat", "name": "A", "lives": 1}]"#)
    #expect(list[0] is Cat)

    // Encoding writes the instance's discriminator and all its levels' keys.
    #expect(dog.json() == ["kind": "dog", "name": "Rex", "barks": true])
    #expect(try Shelter(json: shelter.jsonString()).animals.map { "\(type(of: $0))" } == ["Dog", "Cat", "Animal"])
  }

  @Test func aDiscriminatorThatNamesNoSubclassIsReported() throws {
    let (animal, report) = try Animal.decodeReporting(json: #"{"kind": "cow", "name": "Daisy"}"#)
    #expect(type(of: animal) == Animal.self)
    #expect(animal.name == "Daisy")
    #expect(report.entries.map(\.description) == [#"$.kind: "cow" is not a known case, fallback used"#])
  }

  @Test func theChosenSubclassMustBeTheTypeAskedFor() throws {
    #expect {
      try Dog(json: #"{"kind": "cat", "name": "Tom", "lives": 9}"#)
    } throws: { error in
      "\(error)".contains("chooses Cat, which is not a Dog")
    }
    // A subclass's own errors carry their paths.
    #expect {
      try [Animal](json: #"[{"kind": "dog", "name": "Rex", "barks": "yes"}]"#)
    } throws: { error in
      (error as? MappingError)?.path.description == "$[0].barks"
    }
  }

  @Test func aClosureChoosesTheSubclass() throws {
    let shapes = try [FlatShape](json: #"[{"label": "a", "radius": 2}, {"label": "b"}]"#)
    #expect((shapes[0] as? RoundShape)?.radius == 2)
    #expect(type(of: shapes[1]) == FlatShape.self)
    #expect(shapes[0].json() == ["label": "a", "radius": 2])
  }
}

@JSONModel
class LegacyRecord: NSObject {
  var code: String
}

@JSONModel(tag: "type")
public enum PublicEvent: Equatable {
  case started(at: Int)
  case stopped(reason: String?)
}

private func requireSendable<T: Sendable>(_: T.Type) {}

extension JSONModelClassTests {
  @Test func anNSObjectSubclassIsARootModel() throws {
    let record = try LegacyRecord(json: #"{"code": "A1"}"#)
    #expect(record.code == "A1")
    #expect(record.json() == ["code": "A1"])
  }

  @Test func aPublicTaggedEnumOfSendableValuesIsSendable() throws {
    requireSendable(PublicEvent.self)  // compiles only if the macro declared it
    #expect(try PublicEvent(json: #"{"type": "started", "at": 3}"#) == .started(at: 3))
  }
}
