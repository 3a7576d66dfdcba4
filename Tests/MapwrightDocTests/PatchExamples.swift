// Docs/Patch.md's examples (see DocExampleTests).

import Foundation
import Mapwright

@JSONModel
struct PatchDocProfile: Equatable {
  var name: String
  var nickname: String?
}

enum PatchDocExample {
  static func pointers(_ json: JSON, _ document: JSONDocument) throws -> [String?] {
    let pointer = try JSONPointer(parsing: "/books/0/title")
    let title = json[pointer: pointer]                          // on an owned JSON value
    let inPlace = document.root[pointer: pointer]?.stringValue  // on a JSONDocument, nothing copied
    let built = JSONPointer(tokens: ["a/b", "~c"]).description  // "/a~1b/~0c"
    return [title?.stringValue, inPlace, built]
  }

  static func patches() throws -> (JSON, String, JSON, JSON) {
    var book: JSON = ["title": "Dune", "tags": ["sf"]]
    let patch = try JSONPatch(json: [
      ["op": "replace", "path": "/title", "value": "Dune Messiah"],
      ["op": "add", "path": "/tags/-", "value": "classic"],
      ["op": "test", "path": "/tags/0", "value": "sf"],
    ])
    try book.apply(patch)                                  // or book.applying(patch), a copy
    let back = JSONPatch.diff(from: book, to: ["title": "Dune"])   // the patch from one to the other
    let text = try back.json.jsonString()                  // a patch document again
    let merged = book.mergePatched(with: ["tags": nil, "year": 1969])   // null removes a member
    let mergePatch = JSON.mergePatch(from: book, to: merged)            // {"tags": null, "year": 1969}
    return (book, text, merged, mergePatch)
  }

  static func models(profile: PatchDocProfile, before: PatchDocProfile, after: PatchDocProfile, patch: JSONPatch) throws -> [PatchDocProfile] {
    typealias Profile = PatchDocProfile
    let renamed = try profile.applying(patch: patch)                 // JSON Patch on the encoding
    let cleared = try profile.applying(mergePatch: ["nickname": nil])
    let change = Profile.patch(from: before, to: after)              // send this, not the model
    return [renamed, cleared, try before.applying(patch: change)]
  }
}
