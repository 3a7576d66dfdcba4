// Docs/JSON.md's examples (see DocExampleTests).

import Foundation
import MapwrightJSON
import Testing

enum JSONDocExample {
  static func parse(bytes: [UInt8], data: Data, string: String, someCollection: ArraySlice<UInt8>) throws -> JSON {
    let document = try JSONDocument(bytes)                 // [UInt8]: kept, not copied
    let fromData = try JSONDocument(data)                  // Data: read in place (small data copied)
    let fromText = try JSONDocument(string)                // String: copied once
    let slice    = try JSONDocument(bytes: someCollection) // any Collection<UInt8>
    try bytes.withUnsafeBytes { try JSONDocument.validate($0) }   // validate in place, keep nothing
    let owned    = try JSON(parsing: data)                  // straight to an owned value
    _ = (document, fromData, fromText, slice)
    return owned
  }

  static func read(_ document: JSONDocument) -> [String] {
    var seen: [String] = []
    let root = document.root
    _ = root.kind                         // .object
    _ = root["user"]?["login"]?.stringValue
    _ = root["labels"]?[0]                // array index
    _ = root.count                        // members or elements
    for member in root.members { print(member.key, member.value.kind) }   // document order
    for element in root["labels"]!.elements { print(element.kind) }
    for member in root.members { seen.append(member.key) }
    _ = root["id"]?.location              // line, column and excerpt of the value
    return seen
  }

  static func write(_ json: JSON) throws -> [String] {
    _ = try json.jsonString()                                   // compact
    _ = try json.jsonString([.prettyPrinted, .sortedKeys])      // two-space indent, sorted
    _ = try JSONWriter(options: [.prettyPrinted], indent: 4).bytes(json)
    let texts = [try json.jsonString()]
    _ = JSONWriter(nonFiniteNumbers: .convertToString(positiveInfinity: "Infinity",
                                                  negativeInfinity: "-Infinity", nan: "NaN"))
    return texts
  }
}

@Test func jsonDocExamplesRun() throws {
  let text = #"{"id": 1, "user": {"login": "octocat"}, "labels": [{"name": "bug"}]}"#
  let owned = try JSONDocExample.parse(bytes: Array(text.utf8), data: Data(text.utf8), string: text, someCollection: Array(text.utf8)[...])
  #expect(owned["user"]?["login"] == "octocat")
  #expect(JSONDocExample.read(try JSONDocument(text)) == ["id", "user", "labels"])
  #expect(try JSONDocExample.write(owned)[0] == #"{"id":1,"user":{"login":"octocat"},"labels":[{"name":"bug"}]}"#)
}
