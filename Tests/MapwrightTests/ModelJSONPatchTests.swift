// JSON Patch and Merge Patch on models: applied to the encoding (unknown keys of a
// `.preserve` model kept), decoded again with the usual errors; the diff of two models,
// applied, gives the second.

import Foundation
import Mapwright
import Testing

@JSONModel(keys: .snakeCase, unknownKeys: .preserve)
struct PatchedProfile: Equatable {
  var name: String
  var age: Int
  var nickname: String?
  var tags: [String]
}

@Suite struct ModelJSONPatchTests {
  let source = #"{"name": "Ana", "age": 30, "tags": ["a", "b"], "theme": "dark"}"#

  @Test func patchAppliesToTheEncodingAndKeepsUnknownKeys() throws {
    let profile = try PatchedProfile(json: source)
    let patch = try JSONPatch(json: [
      ["op": "replace", "path": "/name", "value": "Bea"],
      ["op": "add", "path": "/tags/0", "value": "z"],
      ["op": "add", "path": "/nickname", "value": "B"],
    ])
    let patched = try profile.applying(patch: patch)
    #expect(patched.name == "Bea" && patched.tags == ["z", "a", "b"] && patched.nickname == "B" && patched.age == 30)
    #expect(patched.json()["theme"] == "dark")
    // A patch that leaves the model invalid fails as decoding does, with the path.
    let invalid = try JSONPatch(json: [["op": "replace", "path": "/age", "value": "old"]])
    #expect(throws: MappingError.self) { try profile.applying(patch: invalid) }
    let broken = try JSONPatch(json: [["op": "remove", "path": "/missing"]])
    #expect(throws: JSONPatchError.self) { try profile.applying(patch: broken) }
  }

  @Test func mergePatchRemovesWithNull() throws {
    let profile = try PatchedProfile(json: #"{"name": "Ana", "age": 30, "nickname": "A", "tags": []}"#)
    let patched = try profile.applying(mergePatch: ["nickname": nil, "age": 31])
    #expect(patched.nickname == nil && patched.age == 31 && patched.name == "Ana")
    #expect(throws: MappingError.self) { try profile.applying(mergePatch: ["name": nil]) }  // required
  }

  @Test func diffOfTwoModelsGivesTheSecond() throws {
    let before = try PatchedProfile(json: source)
    var after = before
    after.name = "Cy"
    after.tags.removeFirst()
    after.nickname = "C"
    let patch = PatchedProfile.patch(from: before, to: after)
    #expect(patch.operations.count == 3)
    #expect(try before.applying(patch: patch) == after)
    #expect(try before.applying(mergePatch: PatchedProfile.mergePatch(from: before, to: after)) == after)
  }
}
