import Foundation
import Mapwright
import MapwrightObjectMapper

// Models written exactly as ObjectMapper's README and test suite write them.

final class User: Mappable {
  var username: String = ""
  var age: Int?
  var weight: Double!
  var array: [Any]?
  var dictionary: [String: Any] = [:]
  var bestFriend: User?
  var friends: [User]?
  var birthday: Date?

  required init?(map: Map) {}

  func mapping(map: Map) {
    username <- map["username"]
    age <- map["age"]
    weight <- map["weight"]
    array <- map["arr"]
    dictionary <- map["dict"]
    bestFriend <- map["best_friend"]
    friends <- map["friends"]
    birthday <- (map["birthday"], DateTransform())
  }
}

struct Temperature: Mappable {
  var celsius: Double?
  var fahrenheit: Double?

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    celsius <- map["celsius"]
    fahrenheit <- map["fahrenheit"]
  }
}

struct Distance: Mappable {
  var text = ""
  var value = 0
  var firstValue: Int?
  var identifier = ""
  var appName = ""

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    text <- map["distance.text"]
    value <- map["distance.value"]
    firstValue <- map["distances.0.value"]
    identifier <- map["app.identifier", nested: false]
    appName <- map["com.myapp.info->com.myapp.name", delimiter: "->"]
  }
}

class Base: Mappable {
  var base: String?
  required init?(map: Map) {}
  func mapping(map: Map) {
    base <- map["base"]
  }
}

class Subclass: Base {
  var sub: String?
  required init?(map: Map) { super.init(map: map) }
  override func mapping(map: Map) {
    super.mapping(map: map)
    sub <- map["sub"]
  }
}

class Result<T: Mappable>: Mappable {
  var result: T?
  var count = 0
  required init?(map: Map) {}
  func mapping(map: Map) {
    result <- map["result"]
    count <- map["count"]
  }
}

struct ImportantContext: MapContext {
  var shouldMapName: Bool
}

struct ContextualPerson: Mappable {
  var name: String?
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    if let context = map.context as? ImportantContext, context.shouldMapName {
      name <- map["name"]
    }
  }
}

// A class cluster: the "type" key picks the subclass.
class Vehicle: StaticMappable {
  var type: String?
  class func objectForMapping(map: Map) -> BaseMappable? {
    if let type: String = map["type"].value() {
      switch type {
      case "car": return Car()
      case "bus": return Bus()
      default: return nil
      }
    }
    return nil
  }
  init() {}
  func mapping(map: Map) {
    type <- map["type"]
  }
}

class Car: Vehicle {
  var name: String?
  override func mapping(map: Map) {
    super.mapping(map: map)
    name <- map["name"]
  }
}

class Bus: Vehicle {
  var seats = 0
  override func mapping(map: Map) {
    super.mapping(map: map)
    seats <- map["seats"]
  }
}

struct Repo: ImmutableMappable {
  let id: Int
  let name: String
  let stars: Int
  let topics: [String]?
  let createdAt: Date?
  var note: String?

  init(map: Map) throws {
    id = try map.value("id")
    name = try map.value("name")
    stars = try map.value("stars", default: 0)
    topics = try? map.value("topics")
    createdAt = try? map.value("created_at", using: ISO8601DateTransform())
  }

  mutating func mapping(map: Map) {
    id >>> map["id"]
    name >>> map["name"]
    stars >>> map["stars"]
    topics >>> map["topics"]
    createdAt >>> (map["created_at"], ISO8601DateTransform())
    note <- map["note"]
  }
}

enum Color: String {
  case red, green, blue
}

enum Priority: Int {
  case low = 1, high = 2
}

struct Palette: Mappable {
  var main: Color = .red
  var accent: Color?
  var all: [Color] = []
  var byName: [String: Color] = [:]
  var priority: Priority = .low
  var viaTransform: Color?

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    main <- map["main"]
    accent <- map["accent"]
    all <- map["all"]
    byName <- map["by_name"]
    priority <- map["priority"]
    viaTransform <- (map["via_transform"], EnumTransform<Color>())
  }
}
