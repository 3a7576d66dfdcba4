// citm_catalog.json models declared with @JSONModel, the same properties as CitmModels.swift.

import Mapwright

@JSONModel(partial: true)
struct MCitmCatalog: Codable {
  var areaNames: [String: String]
  var audienceSubCategoryNames: [String: String]
  var blockNames: [String: String]
  var events: [String: MCitmEvent]
  var performances: [MCitmPerformance]
  var seatCategoryNames: [String: String]
  var subTopicNames: [String: String]
  var subjectNames: [String: String]
  var topicNames: [String: String]
  var topicSubTopics: [String: [Int]]
  var venueNames: [String: String]
}

@JSONModel(partial: true)
struct MCitmEvent: Codable {
  var description: String?
  var id: Int
  var logo: String?
  var name: String
  var subTopicIds: [Int]
  var subjectCode: String?
  var subtitle: String?
  var topicIds: [Int]
}

@JSONModel(partial: true)
struct MCitmPerformance: Codable {
  var eventId: Int
  var id: Int
  var logo: String?
  var name: String?
  var prices: [MCitmPrice]
  var seatCategories: [MCitmSeatCategory]
  var seatMapImage: String?
  var start: Int
  var venueCode: String
}

@JSONModel(partial: true)
struct MCitmPrice: Codable {
  var amount: Int
  var audienceSubCategoryId: Int
  var seatCategoryId: Int
}

@JSONModel(partial: true)
struct MCitmSeatCategory: Codable {
  var areas: [MCitmArea]
  var seatCategoryId: Int
}

@JSONModel(partial: true)
struct MCitmArea: Codable {
  var areaId: Int
  var blockIds: [Int]
}
