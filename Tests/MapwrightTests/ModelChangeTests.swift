import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

// Immutable models changed by copy (mutate), merged, and patched with partial JSON.

@JSONModel(keys: .snakeCase)
struct Profile: Equatable, JSONModelCopyable {
  let id: Int
  let name: String
  let nickname: String?
  let age: Int
  @Transform(.iso8601) let joinedAt: Date
  @Key("address.city") let city: String
  let tags: [String]
  let settings: Settings
  @Ignore var cachedAt: Int = 7
}

@JSONModel(keys: .snakeCase)
struct Settings: Equatable {
  let theme: String
  let fontSize: Int
}

@JSONModel
final class Counter: Sendable, JSONModelCopyable {
  let name: String
  let value: Int
}

struct MappableNote: Mappable, Equatable {
  var title = ""
  var body: String?
  var stars = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    title <- map["title"]
    body <- map["body"]
    stars <- map["stars"]
  }
}

let profileJSON = #"""
  {"id": 1, "name": "Ana", "nickname": "an", "age": 20, "joined_at": "2024-05-01T10:00:00Z",
   "address": {"city": "Lyon", "zip": "69001"}, "tags": ["a"], "settings": {"theme": "dark", "font_size": 12}}
  """#

@Suite struct ModelChangeTests {
  @Test func mutateChangesLetPropertiesInACopy() throws {
    let profile = try Profile(json: profileJSON)
    let older = profile.mutate {
      $0.age = 21
      $0.tags.append("b")
    }
    #expect(older.age == 21 && older.tags == ["a", "b"])
    #expect(profile.age == 20 && profile.tags == ["a"])
    #expect(older.name == "Ana" && older.settings == profile.settings && older.cachedAt == 7)

    let counter = try Counter(json: #"{"name": "hits", "value": 1}"#)
    let next = counter.mutate { $0.value += 1 }
    #expect(next.value == 2 && counter.value == 1 && next !== counter)
  }

  @Test func patchChangesOnlyThePresentKeys() throws {
    let profile = try Profile(json: profileJSON)
    let patched = try profile.patched(json: #"{"name": "Bea", "nickname": null, "address": {"city": "Paris"}, "settings": {"font_size": 14}}"#)
    #expect(patched.name == "Bea")
    #expect(patched.nickname == nil)
    #expect(patched.city == "Paris")
    #expect(patched.settings == Settings(theme: "dark", fontSize: 14))
    // Everything else is the same value (not a re-decoded copy).
    #expect(patched.id == 1 && patched.age == 20 && patched.joinedAt == profile.joinedAt && patched.tags == ["a"])
    var mutable = profile
    try mutable.patch(json: #"{"age": 30}"#)
    #expect(mutable == profile.mutate { $0.age = 30 })
  }

  @Test func patchErrorsPointIntoThePatch() throws {
    let profile = try Profile(json: profileJSON)
    #expect {
      try profile.patched(json: "{\n  \"age\": null\n}")
    } throws: { error in
      (error as? MappingError)?.description == "$.age: expected integer, found null (line 2, column 10)"
    }
    #expect {
      try profile.patched(json: #"{"settings": {"font_size": "big"}}"#)
    } throws: { error in
      (error as? MappingError)?.path.description == "$.settings.font_size"
    }
    #expect(throws: MappingError.self) { try profile.patched(json: "[1]") }
    #expect(throws: (any Error).self) { try profile.patched(json: "{") }
    // Lenient patches coerce as decoding does.
    #expect(try profile.patched(json: #"{"age": "31"}"#, options: .lenient).age == 31)
  }

  @Test func mergeFollowsThePolicyAndCallsTheHook() throws {
    let ours = try Profile(json: profileJSON)
    let theirs = ours.mutate {
      $0.name = "Remote"
      $0.age = 40
      $0.tags = ["x"]
    }
    #expect(ours.merging(theirs) == theirs)
    var differences: [String] = []
    let merged = ours.merging(
      theirs,
      policy: .theirs.keeping(\.age).resolving(\.tags) { $0 + $1 }.onEachDifference { name, _, _ in differences.append(name) })
    #expect(merged.name == "Remote" && merged.age == 20 && merged.tags == ["a", "x"])
    #expect(differences == ["name", "age", "tags"])
    let mostlyOurs = ours.merging(theirs, policy: .ours.taking(\.name))
    #expect(mostlyOurs == ours.mutate { $0.name = "Remote" })
  }

  @Test func mappablePatchMapsOnlyThePresentKeys() throws {
    let note = try MappableNote(json: #"{"title": "a", "body": "b", "stars": 2}"#)
    let patched = try note.patched(json: #"{"body": null, "stars": 3}"#)
    #expect(patched.title == "a" && patched.body == nil && patched.stars == 3)
    #expect(throws: MappingError.self) { try note.patched(json: #"{"stars": null}"#) }
  }

  @Test func immutableClassInstancesAreSharedAcrossThreads() async throws {
    let counter = try Counter(json: #"{"name": "hits", "value": 41}"#)
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 { group.addTask { (0..<1000).reduce(0) { total, _ in total + counter.value } } }
      return await group.reduce(0, +)
    }
    #expect(sums == 8 * 1000 * 41)
  }
}

@JSONModel
final class Account: JSONModelCopyable {
  let id: Int
  var owner: String
  var balance: Double
  var note: String?
}

extension ModelChangeTests {
  @Test func classesMergeAndUpdateInPlace() throws {
    let account = try Account(json: #"{"id": 1, "owner": "Ana", "balance": 10, "note": "x"}"#)
    let remote = try Account(json: #"{"id": 1, "owner": "Ana B.", "balance": 12}"#)
    try account.merge(from: remote, policy: .theirs.keeping(\.balance))
    #expect(account.owner == "Ana B." && account.balance == 10 && account.note == nil)

    try account.update(json: #"{"balance": 20, "note": "paid"}"#)
    #expect(account.balance == 20 && account.note == "paid" && account.owner == "Ana B.")
    // A let cannot change in place: nothing changes, and the error says why.
    #expect {
      try account.update(json: #"{"id": 2, "balance": 30}"#)
    } throws: { error in
      "\(error)".contains("'id' is a let of Account")
    }
    #expect(account.balance == 20 && account.id == 1)
    let other = try Account(json: #"{"id": 9, "owner": "Z", "balance": 0}"#)
    #expect(throws: MappingError.self) { try account.merge(from: other) }
    // The same id in the patch is not a change.
    try account.update(json: #"{"id": 1, "owner": "Ana"}"#)
    #expect(account.owner == "Ana")
  }
}

extension ModelChangeTests {
  @Test func mappableMergeTakesTheirValues() throws {
    let ours = try MappableNote(json: #"{"title": "a", "body": "b", "stars": 2}"#)
    let theirs = try MappableNote(json: #"{"title": "c", "stars": 5}"#)
    let merged = try ours.merging(theirs)
    #expect(merged == theirs)
  }
}

extension ModelChangeTests {
  @Test func mappableMergeFollowsAPolicyByKey() throws {
    let ours = try MappableNote(json: #"{"title": "a", "body": "b", "stars": 2}"#)
    let theirs = try MappableNote(json: #"{"title": "c", "stars": 5}"#)
    var differences: [String] = []
    let merged = try ours.merging(
      theirs,
      policy: .theirs.keeping("body").resolving("stars") { o, t in JSON((o?.intValue ?? 0) + (t?.intValue ?? 0)) }
        .onEachDifference { key, _, _ in differences.append(key) })
    #expect(merged.title == "c" && merged.body == "b" && merged.stars == 7)
    #expect(differences == ["title", "body", "stars"])
    #expect(merged.fullDescription == #"MappableNote(title: "c", body: "b", stars: 7)"#)
  }
}
