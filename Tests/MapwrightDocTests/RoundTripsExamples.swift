// Docs/RoundTrips.md's examples (see DocExampleTests).

import Foundation
import Mapwright
import Testing

// Macro-declared types at file scope (see MacrosExamples.swift, which declares `User`).
@JSONModel(keys: .snakeCase, unknownKeys: .preserve)
struct Status { var id: Int; var text: String; var user: User }

@JSONModel struct Profile: JSONModelCopyable { let name: String; let age: Int; let tags: [String] }

@JSONModel(version: 3)
struct Settings {
  var fontSize: Int
  static func migrate(_ json: inout JSON, from version: Int) throws {
    if version < 2 { json["fontSize"] = json["size"] }   // object members, edited as JSON
  }
}

enum RoundTripsDocExample {
  static func preserve(_ data: Data) throws -> Data {
    var status = try Status(json: data)   // a tweet with 25 members
    status.text = "edited"
    let back = try status.jsonData()      // all 25 members, in their order; only "text" changed
    return back
  }

  static func copies(_ profile: Profile, local: Profile, remote: Profile) throws -> (Profile, Profile, Profile) {
    let older = profile.mutate { $0.age += 1 }                 // a changed copy; lets included
    let renamed = try profile.patched(json: #"{"name": "Bea"}"#)
    let merged = local.merging(remote, policy: .theirs.keeping(\.age).resolving(\.tags) { $0 + $1 })
    return (older, renamed, merged)
  }

  static func lazy(_ data: Data) throws {
    let statuses = try JSONArray<LazyModel<Status>>(json: data)   // parses; decodes nothing yet
    for status in statuses { print(try status.get().text) }       // decodes `text` of each, once
  }

  static func versions(_ settings: Settings) throws -> Data {
    let stored = try settings.jsonData(recordingVersions: true)   // {"_version": 3, …}
    return stored
  }
}

@Test func roundTripsDocExamplesRun() throws {
  let tweet = #"{"id": 1, "lang": "en", "text": "hi", "user": {"name": "ana"}, "retweets": 0}"#
  let back = try JSON(parsing: try RoundTripsDocExample.preserve(Data(tweet.utf8)))
  #expect(back == ["id": 1, "lang": "en", "text": "edited", "user": ["name": "ana"], "retweets": 0])
  let profile = try Profile(json: #"{"name": "Ana", "age": 30, "tags": ["a"]}"#)
  let remote = try Profile(json: #"{"name": "Bo", "age": 40, "tags": ["b"]}"#)
  let (older, renamed, merged) = try RoundTripsDocExample.copies(profile, local: profile, remote: remote)
  #expect(older.age == 31 && renamed.name == "Bea" && merged.name == "Bo" && merged.age == 30 && merged.tags == ["a", "b"])
  try RoundTripsDocExample.lazy(Data("[\(tweet)]".utf8))
  let settings = try Settings(json: #"{"_version": 1, "size": 12}"#)
  #expect(settings.fontSize == 12)
  #expect(try JSON(parsing: try RoundTripsDocExample.versions(settings))["_version"] == 3)
}
