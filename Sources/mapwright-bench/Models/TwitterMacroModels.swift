// twitter.json models declared with @JSONModel: the same properties as TwitterModels.swift
// (whose Codable conformance is Foundation's side of the benchmark), mapped by the macro.

import Foundation
import Mapwright

@JSONModel(keys: .snakeCase)
final class MTwitterSearch: Codable {
  var statuses: [MStatus]
  var searchMetadata: MSearchMetadata
}

@JSONModel(keys: .snakeCase)
struct MSearchMetadata: Codable {
  var completedIn: Double
  var maxId: Int64
  var maxIdStr: String
  var nextResults: String
  var query: String
  var refreshUrl: String
  var count: Int
  var sinceId: Int64
  var sinceIdStr: String
}

@JSONModel(keys: .snakeCase)
final class MStatus: Codable {
  var metadata: MStatusMetadata
  var createdAt: String
  var id: Int64
  var idStr: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusId: Int64?
  var inReplyToStatusIdStr: String?
  var inReplyToUserId: Int64?
  var inReplyToUserIdStr: String?
  var inReplyToScreenName: String?
  var user: MTwitterUser
  var retweetCount: Int
  var favoriteCount: Int
  var entities: MEntities
  var favorited: Bool
  var retweeted: Bool
  var possiblySensitive: Bool?
  var lang: String
  var retweetedStatus: MStatus?
}

@JSONModel(keys: .snakeCase)
struct MStatusMetadata: Codable {
  var resultType: String
  var isoLanguageCode: String
}

@JSONModel(keys: .snakeCase)
struct MTwitterUser: Codable {
  var id: Int64
  var idStr: String
  var name: String
  var screenName: String
  var location: String
  var description: String
  var url: String?
  var entities: MUserEntities
  var protected: Bool
  var followersCount: Int
  var friendsCount: Int
  var listedCount: Int
  var createdAt: String
  var favouritesCount: Int
  var utcOffset: Int?
  var timeZone: String?
  var geoEnabled: Bool
  var verified: Bool
  var statusesCount: Int
  var lang: String
  var contributorsEnabled: Bool
  var isTranslator: Bool
  var isTranslationEnabled: Bool
  var profileBackgroundColor: String
  var profileBackgroundImageUrl: String
  var profileBackgroundImageUrlHttps: String
  var profileBackgroundTile: Bool
  var profileImageUrl: String
  var profileImageUrlHttps: String
  var profileBannerUrl: String?
  var profileLinkColor: String
  var profileSidebarBorderColor: String
  var profileSidebarFillColor: String
  var profileTextColor: String
  var profileUseBackgroundImage: Bool
  var defaultProfile: Bool
  var defaultProfileImage: Bool
  var following: Bool
  var followRequestSent: Bool
  var notifications: Bool
}

@JSONModel(keys: .snakeCase)
struct MUserEntities: Codable {
  var description: MURLList
  var url: MURLList?
}

@JSONModel(keys: .snakeCase)
struct MURLList: Codable {
  var urls: [MURLEntity]
}

@JSONModel(keys: .snakeCase)
struct MEntities: Codable {
  var hashtags: [MHashtag]
  var symbols: [MHashtag]
  var urls: [MURLEntity]
  var userMentions: [MUserMention]
  var media: [MMedia]?
}

@JSONModel(keys: .snakeCase)
struct MHashtag: Codable {
  var text: String
  var indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct MURLEntity: Codable {
  var url: String
  var expandedUrl: String
  var displayUrl: String
  var indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct MUserMention: Codable {
  var screenName: String
  var name: String
  var id: Int64
  var idStr: String
  var indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct MMedia: Codable {
  var id: Int64
  var idStr: String
  var indices: [Int]
  var mediaUrl: String
  var mediaUrlHttps: String
  var url: String
  var displayUrl: String
  var expandedUrl: String
  var type: String
  var sizes: [String: MMediaSize]
  var sourceStatusId: Int64?
  var sourceStatusIdStr: String?
}

@JSONModel(keys: .snakeCase)
struct MMediaSize: Codable {
  var w: Int
  var h: Int
  var resize: String
}
