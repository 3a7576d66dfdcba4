import Foundation
import Mapwright
import MapwrightObjectMapper

// Mantle's GitHub issue model, written with Mapwright's typed transformers.
struct GitHubIssue: Mappable, Equatable {
  enum State: Equatable { case open, closed }

  var url: URL?
  var htmlURL: URL?
  var number = 0
  var state: State = .open
  var reporterLogin = ""
  var firstLabel: String?
  var assignee: GitHubUser?
  var updatedAt = Date(timeIntervalSince1970: 0)
  var body = ""

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    url <- map["url"]
    htmlURL <- map["html_url"]
    number <- map["number"]
    state <- (map["state"], .valueMap(["open": State.open, "closed": .closed], default: .open))
    reporterLogin <- map["user.login"]
    firstLabel <- map["labels.0.name"]
    assignee <- map["assignee"]
    updatedAt <- (map["updated_at"], .iso8601)
    body <- map["body"]
  }
}

struct GitHubUser: Mappable, Equatable {
  var login = ""
  var id = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    login <- map["login"]
    id <- map["id"]
  }
}

struct Author: Mappable {
  var id = 0
  var name = ""
  var books: [Book] = []
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["author_id"]
    name <- map["name"]
    books <- map["books"]
  }
}

struct Book: Mappable {
  var title = ""
  var year = 0
  var inPrint = false
  var price: Decimal?
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    title <- map["title"]
    year <- map["year"]
    inPrint <- map["in_print"]
    price <- map["price"]
  }
}

struct Widths: Mappable {
  var tiny: UInt8 = 0
  var small: Int16 = 0
  var big: UInt64 = 0
  var ratio: Float = 0
  var names: Set<String> = []
  var grid: [[Int]] = []
  var tags: [String: [String]] = [:]
  var extra: JSON = .null
  var id: UUID?
  var nested: [String: Int]?
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    tiny <- map["tiny"]
    small <- map["small"]
    big <- map["big"]
    ratio <- map["ratio"]
    names <- map["names"]
    grid <- map["grid"]
    tags <- map["tags"]
    extra <- map["extra"]
    id <- map["id"]
    nested <- map["nested"]
  }
}
