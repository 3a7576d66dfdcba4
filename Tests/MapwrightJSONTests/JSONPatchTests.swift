// JSON Pointer (RFC 6901), JSON Patch (RFC 6902) and Merge Patch (RFC 7386) through the public
// API: the community json-patch-tests suite whole (`../shared/json-patch-tests`, cases marked
// `disabled` skipped), the RFCs' own examples, and diff-then-apply on seeded random documents.

import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct JSONPatchTests {
  static let suiteFolder = SharedFiles.root.appendingPathComponent("json-patch-tests")

  @Test(arguments: ["tests.json", "spec_tests.json"])
  func communitySuitePasses(file: String) throws {
    let cases = try JSON(parsing: try SharedFiles.bytes(Self.suiteFolder, file))
    let list = try #require(cases.arrayValue)
    var ran = 0
    for (number, entry) in list.enumerated() where entry["disabled"]?.boolValue != true {
      let name = "\(file) #\(number): \(entry["comment"]?.stringValue ?? "")"
      let document = try #require(entry["doc"], "\(name)")
      let patchDocument = try #require(entry["patch"], "\(name)")
      let outcome = Result { () throws -> JSON in try document.applying(try JSONPatch(json: patchDocument)) }
      if entry["error"] != nil {
        #expect(throws: JSONPatchError.self, "\(name)") { try outcome.get() }
      } else {
        let result = try outcome.get()
        if let expected = entry["expected"] { #expect(result == expected, "\(name)") }
      }
      ran += 1
    }
    #expect(ran > 10)
  }

  @Test func rfc6901Examples() throws {
    let document = try JSON(
      parsing: #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#)
    let cases: [(String, JSON)] = [
      ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3),
      ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ]
    for (text, expected) in cases {
      let pointer = try JSONPointer(parsing: text)
      #expect(document[pointer: pointer] == expected, "\(text)")
      #expect(pointer.description == text, "\(text) round trip")
    }
    #expect(document[pointer: try JSONPointer(parsing: "/foo/2")] == nil)
    #expect(document[pointer: try JSONPointer(parsing: "/foo/01")] == nil)  // no leading zeros
    #expect(document[pointer: try JSONPointer(parsing: "/foo/-")] == nil)
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "foo") }
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "/a~2") }
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "/a~") }
  }

  @Test func failuresNameTheOperationAndLeaveTheValueAlone() throws {
    var json: JSON = ["tags": ["a"], "n": 1]
    let patch = try JSONPatch(json: [
      ["op": "add", "path": "/tags/-", "value": "b"],
      ["op": "remove", "path": "/tags/3"],
    ])
    do {
      try json.apply(patch)
      Issue.record("the patch applied")
    } catch {
      #expect(error.code == .indexOutOfRange)
      #expect(error.operation == 1)
      #expect(error.pointer == "/tags/3")
      #expect(error.errorPlace.path?.description == "$.tags[3]")
    }
    #expect(json == ["tags": ["a"], "n": 1])  // atomic: the first operation is undone too
    #expect(throws: JSONPatchError.self) { try JSONPatch(json: [["op": "jump", "path": "/n"]]) }
    #expect(throws: JSONPatchError.self) { try JSONPatch(json: [["op": "add", "path": "/n"]]) }  // no value
    let test = try JSONPatch(json: [["op": "test", "path": "/n", "value": 2]])
    #expect(throws: JSONPatchError.self) { try json.applying(test) }
    let move = try JSONPatch(json: [["op": "move", "from": "/tags", "path": "/tags/0"]])
    #expect(throws: JSONPatchError.self) { try json.applying(move) }
  }

  @Test func patchDocumentsRoundTrip() throws {
    let text =
      #"[{"op":"add","path":"/a~1b","value":[1]},{"op":"remove","path":"/c"},{"op":"move","from":"/d","path":"/e"},"#
      + #"{"op":"copy","from":"/e","path":"/f"},{"op":"test","path":"/f","value":null},{"op":"replace","path":"","value":{}}]"#
    let patch = try JSONPatch(parsing: text)
    #expect(patch.operations.count == 6)
    #expect(try JSONPatch(json: patch.json) == patch)
    #expect(try patch.json.jsonString() == text)
    #expect(patch.operations.map(\.name) == ["add", "remove", "move", "copy", "test", "replace"])
    #expect(patch.operations.map(\.path.description) == ["/a~1b", "/c", "/e", "/f", "/f", ""])
    let pointer = JSONPointer(tokens: ["a", "b"])
    #expect(pointer.parent == JSONPointer(tokens: ["a"]) && JSONPointer.root.parent == nil)
    #expect(pointer.appending(3).description == "/a/b/3" && pointer.isPrefix(of: pointer.appending("c")))
  }

  /// A member whose key alone changed is moved; the others are added and removed.
  @Test func renamedMembersAreMoved() throws {
    let source: JSON = ["a": ["deep": [1, 2]], "b": 3, "c": 3]
    let target: JSON = ["x": ["deep": [1, 2]], "y": 3, "b": 3, "z": 4]
    let patch = JSONPatch.diff(from: source, to: target)
    #expect(try source.applying(patch) == target)
    let moves = patch.operations.filter { if case .move = $0 { true } else { false } }
    let expected: [JSONPatch.Operation] = [
      .move(from: JSONPointer(tokens: ["a"]), to: JSONPointer(tokens: ["x"])),
      .move(from: JSONPointer(tokens: ["c"]), to: JSONPointer(tokens: ["y"])),
    ]
    #expect(moves == expected)
    #expect(patch.operations.count == 3)  // the two moves and the add of "z"
  }

  /// `replace` keeps a member where it stands; `add` of a new member appends it.
  @Test func memberOrderIsKept() throws {
    let json = try JSON(parsing: #"{"a": 1, "b": 2, "c": 3}"#)
    let patch = try JSONPatch(json: [
      ["op": "replace", "path": "/b", "value": 20], ["op": "add", "path": "/a", "value": 10], ["op": "add", "path": "/d", "value": 4],
    ])
    #expect(try json.applying(patch).jsonString() == #"{"a":10,"b":20,"c":3,"d":4}"#)
  }

  /// RFC 7386, appendix A: every example.
  @Test func rfc7386Examples() throws {
    let examples: [(String, String, String)] = [
      (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#), (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
      (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#), (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
      (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#), (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
      (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
      (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#), (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
      (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#), (#"{"a":"foo"}"#, "null", "null"), (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
      (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#), (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
      (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]
    for (original, patch, result) in examples {
      let patched = try JSON(parsing: original).mergePatched(with: try JSON(parsing: patch))
      #expect(patched == (try JSON(parsing: result)), "\(original) + \(patch)")
    }
  }

  /// Seeded random documents and edits of them: the diff applied to the source gives the
  /// target, for JSON Patch always, for Merge Patch up to the null members it cannot set.
  @Test func diffThenApplyGivesTheTarget() throws {
    var documents = RandomDocuments(seed: 0x6902)
    for round in 0..<2_000 {
      let (source, target) = documents.pair()
      let patch = JSONPatch.diff(from: source, to: target)
      #expect(try source.applying(patch) == target, "round \(round)")
      #expect(try source.applying(try JSONPatch(json: patch.json)) == target, "round \(round), through the document")
      let merge = JSON.mergePatch(from: source, to: target)
      let merged = source.mergePatched(with: merge)
      #expect(merged.withoutNullMembersForTest == target.withoutNullMembersForTest, "round \(round), merge")
      if source == source.withoutNullMembersForTest, target == target.withoutNullMembersForTest {
        #expect(merged == target, "round \(round), merge without nulls")
      }
    }
  }

  /// Python's `jsonpatch` applies our diffs, and we apply its patches, on seeded random pairs:
  /// both give the target every time.
  @Test(.enabled(if: PythonJSONPatch.available)) func agreesWithPythonsJsonpatch() throws {
    var documents = RandomDocuments(seed: 0x7386)
    var pairs: [(JSON, JSON)] = []
    var cases: [JSON] = []
    for _ in 0..<500 {
      let (source, target) = documents.pair()
      pairs.append((source, target))
      cases.append(["source": source, "target": target, "patch": JSONPatch.diff(from: source, to: target).json])
    }
    let (results, problem) = try PythonJSONPatch.run(cases: try JSON.array(cases).jsonString())
    #expect(problem == nil, "\(problem ?? "")")
    let list = try #require(try JSON(parsing: results).arrayValue)
    #expect(list.count == pairs.count)
    for ((source, target), result) in zip(pairs, list) {
      #expect(result["applied"] == target, "jsonpatch applying our diff of \(source) → \(target)")
      let theirs = try JSONPatch(json: try #require(result["theirs"]))
      #expect(try source.applying(theirs) == target, "our apply of jsonpatch's \(theirs.json)")
    }
  }
}

/// Seeded random JSON documents and edited copies of them. Integers avoid 0 and 1, which
/// Python compares equal to false and true.
struct RandomDocuments {
  var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func pair() -> (JSON, JSON) {
    let source = value(0)
    return (source, edited(source))
  }

  mutating func value(_ depth: Int) -> JSON {
    switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return JSON(integerLiteral: Int.random(in: 2...9, using: &generator) * (Bool.random(using: &generator) ? 1 : -1))
    case 3: return .string(["a", "b", "a/b", "~", ""].randomElement(using: &generator)!)
    case 4, 5:
      let count = Int.random(in: 0...4, using: &generator)
      var object = JSONObject()
      for _ in 0..<count { object[["k", "l", "m/n", "~0", "p"].randomElement(using: &generator)!] = value(depth + 1) }
      return .object(object)
    default:
      return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth + 1) })
    }
  }

  mutating func edited(_ json: JSON) -> JSON {
    switch json {
    case .object(var object):
      for (key, member) in object where Int.random(in: 0..<3, using: &generator) == 0 { object[key] = edited(member) }
      if Bool.random(using: &generator) { object["added"] = value(3) }
      if Bool.random(using: &generator), let key = object.keys.first { _ = object.removeValue(forKey: key) }
      return .object(object)
    case .array(var elements):
      if !elements.isEmpty, Bool.random(using: &generator) { elements.remove(at: Int.random(in: 0..<elements.count, using: &generator)) }
      if Bool.random(using: &generator) { elements.insert(value(3), at: Int.random(in: 0...elements.count, using: &generator)) }
      for index in elements.indices where Int.random(in: 0..<3, using: &generator) == 0 { elements[index] = edited(elements[index]) }
      return .array(elements)
    default:
      return Int.random(in: 0..<3, using: &generator) == 0 ? value(2) : json
    }
  }
}

extension JSON {
  /// Null members removed at any depth of objects (what a merge patch can express).
  fileprivate var withoutNullMembersForTest: JSON {
    guard case .object(let object) = self else { return self }
    return .object(JSONObject(object.compactMap { $0.value == .null ? nil : ($0.key, $0.value.withoutNullMembersForTest) }))
  }
}
