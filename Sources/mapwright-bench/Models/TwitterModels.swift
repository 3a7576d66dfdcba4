// twitter.json models. Each type is both Codable (for Foundation's JSONDecoder/JSONEncoder)
// and Mappable (for Mapwright's Mapper), over the same properties, so both sides decode and
// encode exactly the same data.

import Mapwright
import MapwrightObjectMapper

final class TwitterSearch: Codable, Mappable {
  var statuses: [Status] = []
  var searchMetadata = SearchMetadata()

  enum CodingKeys: String, CodingKey {
    case statuses
    case searchMetadata = "search_metadata"
  }

  required init?(map: Map) {}

  func mapping(map: Map) {
    statuses <- map["statuses"]
    searchMetadata <- map["search_metadata"]
  }
}

struct SearchMetadata: Codable, Mappable {
  var completedIn = 0.0
  var maxID: Int64 = 0
  var maxIDStr = ""
  var nextResults = ""
  var query = ""
  var refreshURL = ""
  var count = 0
  var sinceID: Int64 = 0
  var sinceIDStr = ""

  enum CodingKeys: String, CodingKey {
    case completedIn = "completed_in", maxID = "max_id", maxIDStr = "max_id_str"
    case nextResults = "next_results", query, refreshURL = "refresh_url", count
    case sinceID = "since_id", sinceIDStr = "since_id_str"
  }

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    completedIn <- map["completed_in"]
    maxID <- map["max_id"]
    maxIDStr <- map["max_id_str"]
    nextResults <- map["next_results"]
    query <- map["query"]
    refreshURL <- map["refresh_url"]
    count <- map["count"]
    sinceID <- map["since_id"]
    sinceIDStr <- map["since_id_str"]
  }
}

final class Status: Codable, Mappable {
  var metadata = StatusMetadata()
  var createdAt = ""
  var id: Int64 = 0
  var idStr = ""
  var text = ""
  var source = ""
  var truncated = false
  var inReplyToStatusID: Int64?
  var inReplyToStatusIDStr: String?
  var inReplyToUserID: Int64?
  var inReplyToUserIDStr: String?
  var inReplyToScreenName: String?
  var user = TwitterUser()
  var retweetCount = 0
  var favoriteCount = 0
  var entities = Entities()
  var favorited = false
  var retweeted = false
  var possiblySensitive: Bool?
  var lang = ""
  var retweetedStatus: Status?

  enum CodingKeys: String, CodingKey {
    case metadata, createdAt = "created_at", id, idStr = "id_str", text, source, truncated
    case inReplyToStatusID = "in_reply_to_status_id", inReplyToStatusIDStr = "in_reply_to_status_id_str"
    case inReplyToUserID = "in_reply_to_user_id", inReplyToUserIDStr = "in_reply_to_user_id_str"
    case inReplyToScreenName = "in_reply_to_screen_name", user
    case retweetCount = "retweet_count", favoriteCount = "favorite_count", entities, favorited, retweeted
    case possiblySensitive = "possibly_sensitive", lang, retweetedStatus = "retweeted_status"
  }

  required init?(map: Map) {}

  func mapping(map: Map) {
    metadata <- map["metadata"]
    createdAt <- map["created_at"]
    id <- map["id"]
    idStr <- map["id_str"]
    text <- map["text"]
    source <- map["source"]
    truncated <- map["truncated"]
    inReplyToStatusID <- map["in_reply_to_status_id"]
    inReplyToStatusIDStr <- map["in_reply_to_status_id_str"]
    inReplyToUserID <- map["in_reply_to_user_id"]
    inReplyToUserIDStr <- map["in_reply_to_user_id_str"]
    inReplyToScreenName <- map["in_reply_to_screen_name"]
    user <- map["user"]
    retweetCount <- map["retweet_count"]
    favoriteCount <- map["favorite_count"]
    entities <- map["entities"]
    favorited <- map["favorited"]
    retweeted <- map["retweeted"]
    possiblySensitive <- map["possibly_sensitive"]
    lang <- map["lang"]
    retweetedStatus <- map["retweeted_status"]
  }
}

struct StatusMetadata: Codable, Mappable {
  var resultType = ""
  var isoLanguageCode = ""

  enum CodingKeys: String, CodingKey {
    case resultType = "result_type", isoLanguageCode = "iso_language_code"
  }

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    resultType <- map["result_type"]
    isoLanguageCode <- map["iso_language_code"]
  }
}

struct TwitterUser: Codable, Mappable {
  var id: Int64 = 0
  var idStr = ""
  var name = ""
  var screenName = ""
  var location = ""
  var description = ""
  var url: String?
  var entities = UserEntities()
  var protected = false
  var followersCount = 0
  var friendsCount = 0
  var listedCount = 0
  var createdAt = ""
  var favouritesCount = 0
  var utcOffset: Int?
  var timeZone: String?
  var geoEnabled = false
  var verified = false
  var statusesCount = 0
  var lang = ""
  var contributorsEnabled = false
  var isTranslator = false
  var isTranslationEnabled = false
  var profileBackgroundColor = ""
  var profileBackgroundImageURL = ""
  var profileBackgroundImageURLHTTPS = ""
  var profileBackgroundTile = false
  var profileImageURL = ""
  var profileImageURLHTTPS = ""
  var profileBannerURL: String?
  var profileLinkColor = ""
  var profileSidebarBorderColor = ""
  var profileSidebarFillColor = ""
  var profileTextColor = ""
  var profileUseBackgroundImage = false
  var defaultProfile = false
  var defaultProfileImage = false
  var following = false
  var followRequestSent = false
  var notifications = false

  enum CodingKeys: String, CodingKey {
    case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, entities
    case protected, followersCount = "followers_count", friendsCount = "friends_count"
    case listedCount = "listed_count", createdAt = "created_at", favouritesCount = "favourites_count"
    case utcOffset = "utc_offset", timeZone = "time_zone", geoEnabled = "geo_enabled", verified
    case statusesCount = "statuses_count", lang, contributorsEnabled = "contributors_enabled"
    case isTranslator = "is_translator", isTranslationEnabled = "is_translation_enabled"
    case profileBackgroundColor = "profile_background_color"
    case profileBackgroundImageURL = "profile_background_image_url"
    case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
    case profileBackgroundTile = "profile_background_tile", profileImageURL = "profile_image_url"
    case profileImageURLHTTPS = "profile_image_url_https", profileBannerURL = "profile_banner_url"
    case profileLinkColor = "profile_link_color", profileSidebarBorderColor = "profile_sidebar_border_color"
    case profileSidebarFillColor = "profile_sidebar_fill_color", profileTextColor = "profile_text_color"
    case profileUseBackgroundImage = "profile_use_background_image", defaultProfile = "default_profile"
    case defaultProfileImage = "default_profile_image", following
    case followRequestSent = "follow_request_sent", notifications
  }

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    idStr <- map["id_str"]
    name <- map["name"]
    screenName <- map["screen_name"]
    location <- map["location"]
    description <- map["description"]
    url <- map["url"]
    entities <- map["entities"]
    protected <- map["protected"]
    followersCount <- map["followers_count"]
    friendsCount <- map["friends_count"]
    listedCount <- map["listed_count"]
    createdAt <- map["created_at"]
    favouritesCount <- map["favourites_count"]
    utcOffset <- map["utc_offset"]
    timeZone <- map["time_zone"]
    geoEnabled <- map["geo_enabled"]
    verified <- map["verified"]
    statusesCount <- map["statuses_count"]
    lang <- map["lang"]
    contributorsEnabled <- map["contributors_enabled"]
    isTranslator <- map["is_translator"]
    isTranslationEnabled <- map["is_translation_enabled"]
    profileBackgroundColor <- map["profile_background_color"]
    profileBackgroundImageURL <- map["profile_background_image_url"]
    profileBackgroundImageURLHTTPS <- map["profile_background_image_url_https"]
    profileBackgroundTile <- map["profile_background_tile"]
    profileImageURL <- map["profile_image_url"]
    profileImageURLHTTPS <- map["profile_image_url_https"]
    profileBannerURL <- map["profile_banner_url"]
    profileLinkColor <- map["profile_link_color"]
    profileSidebarBorderColor <- map["profile_sidebar_border_color"]
    profileSidebarFillColor <- map["profile_sidebar_fill_color"]
    profileTextColor <- map["profile_text_color"]
    profileUseBackgroundImage <- map["profile_use_background_image"]
    defaultProfile <- map["default_profile"]
    defaultProfileImage <- map["default_profile_image"]
    following <- map["following"]
    followRequestSent <- map["follow_request_sent"]
    notifications <- map["notifications"]
  }
}

struct UserEntities: Codable, Mappable {
  var description = URLList()
  var url: URLList?

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    description <- map["description"]
    url <- map["url"]
  }
}

struct URLList: Codable, Mappable {
  var urls: [URLEntity] = []

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    urls <- map["urls"]
  }
}

struct Entities: Codable, Mappable {
  var hashtags: [Hashtag] = []
  var symbols: [Hashtag] = []
  var urls: [URLEntity] = []
  var userMentions: [UserMention] = []
  var media: [Media]?

  enum CodingKeys: String, CodingKey {
    case hashtags, symbols, urls, userMentions = "user_mentions", media
  }

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    hashtags <- map["hashtags"]
    symbols <- map["symbols"]
    urls <- map["urls"]
    userMentions <- map["user_mentions"]
    media <- map["media"]
  }
}

struct Hashtag: Codable, Mappable {
  var text = ""
  var indices: [Int] = []

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    text <- map["text"]
    indices <- map["indices"]
  }
}

struct URLEntity: Codable, Mappable {
  var url = ""
  var expandedURL = ""
  var displayURL = ""
  var indices: [Int] = []

  enum CodingKeys: String, CodingKey {
    case url, expandedURL = "expanded_url", displayURL = "display_url", indices
  }

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    url <- map["url"]
    expandedURL <- map["expanded_url"]
    displayURL <- map["display_url"]
    indices <- map["indices"]
  }
}

struct UserMention: Codable, Mappable {
  var screenName = ""
  var name = ""
  var id: Int64 = 0
  var idStr = ""
  var indices: [Int] = []

  enum CodingKeys: String, CodingKey {
    case screenName = "screen_name", name, id, idStr = "id_str", indices
  }

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    screenName <- map["screen_name"]
    name <- map["name"]
    id <- map["id"]
    idStr <- map["id_str"]
    indices <- map["indices"]
  }
}

struct Media: Codable, Mappable {
  var id: Int64 = 0
  var idStr = ""
  var indices: [Int] = []
  var mediaURL = ""
  var mediaURLHTTPS = ""
  var url = ""
  var displayURL = ""
  var expandedURL = ""
  var type = ""
  var sizes: [String: MediaSize] = [:]
  var sourceStatusID: Int64?
  var sourceStatusIDStr: String?

  enum CodingKeys: String, CodingKey {
    case id, idStr = "id_str", indices, mediaURL = "media_url", mediaURLHTTPS = "media_url_https"
    case url, displayURL = "display_url", expandedURL = "expanded_url", type, sizes
    case sourceStatusID = "source_status_id", sourceStatusIDStr = "source_status_id_str"
  }

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    idStr <- map["id_str"]
    indices <- map["indices"]
    mediaURL <- map["media_url"]
    mediaURLHTTPS <- map["media_url_https"]
    url <- map["url"]
    displayURL <- map["display_url"]
    expandedURL <- map["expanded_url"]
    type <- map["type"]
    sizes <- map["sizes"]
    sourceStatusID <- map["source_status_id"]
    sourceStatusIDStr <- map["source_status_id_str"]
  }
}

struct MediaSize: Codable, Mappable {
  var w = 0
  var h = 0
  var resize = ""

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    w <- map["w"]
    h <- map["h"]
    resize <- map["resize"]
  }
}
