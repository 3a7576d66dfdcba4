// citm_catalog.json models, Codable and Mappable over the same properties.

import Mapwright
import MapwrightObjectMapper

struct CitmCatalog: Codable, Mappable {
  var areaNames: [String: String] = [:]
  var audienceSubCategoryNames: [String: String] = [:]
  var blockNames: [String: String] = [:]
  var events: [String: CitmEvent] = [:]
  var performances: [CitmPerformance] = []
  var seatCategoryNames: [String: String] = [:]
  var subTopicNames: [String: String] = [:]
  var subjectNames: [String: String] = [:]
  var topicNames: [String: String] = [:]
  var topicSubTopics: [String: [Int]] = [:]
  var venueNames: [String: String] = [:]

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    areaNames <- map["areaNames"]
    audienceSubCategoryNames <- map["audienceSubCategoryNames"]
    blockNames <- map["blockNames"]
    events <- map["events"]
    performances <- map["performances"]
    seatCategoryNames <- map["seatCategoryNames"]
    subTopicNames <- map["subTopicNames"]
    subjectNames <- map["subjectNames"]
    topicNames <- map["topicNames"]
    topicSubTopics <- map["topicSubTopics"]
    venueNames <- map["venueNames"]
  }
}

struct CitmEvent: Codable, Mappable {
  var description: String?
  var id = 0
  var logo: String?
  var name = ""
  var subTopicIds: [Int] = []
  var subjectCode: String?
  var subtitle: String?
  var topicIds: [Int] = []

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    description <- map["description"]
    id <- map["id"]
    logo <- map["logo"]
    name <- map["name"]
    subTopicIds <- map["subTopicIds"]
    subjectCode <- map["subjectCode"]
    subtitle <- map["subtitle"]
    topicIds <- map["topicIds"]
  }
}

struct CitmPerformance: Codable, Mappable {
  var eventId = 0
  var id = 0
  var logo: String?
  var name: String?
  var prices: [CitmPrice] = []
  var seatCategories: [CitmSeatCategory] = []
  var seatMapImage: String?
  var start = 0
  var venueCode = ""

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    eventId <- map["eventId"]
    id <- map["id"]
    logo <- map["logo"]
    name <- map["name"]
    prices <- map["prices"]
    seatCategories <- map["seatCategories"]
    seatMapImage <- map["seatMapImage"]
    start <- map["start"]
    venueCode <- map["venueCode"]
  }
}

struct CitmPrice: Codable, Mappable {
  var amount = 0
  var audienceSubCategoryId = 0
  var seatCategoryId = 0

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    amount <- map["amount"]
    audienceSubCategoryId <- map["audienceSubCategoryId"]
    seatCategoryId <- map["seatCategoryId"]
  }
}

struct CitmSeatCategory: Codable, Mappable {
  var areas: [CitmArea] = []
  var seatCategoryId = 0

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    areas <- map["areas"]
    seatCategoryId <- map["seatCategoryId"]
  }
}

struct CitmArea: Codable, Mappable {
  var areaId = 0
  var blockIds: [Int] = []

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    areaId <- map["areaId"]
    blockIds <- map["blockIds"]
  }
}
