import Foundation
import MapwrightCodable
import Testing

/// Keeps its keyed container and reads it again after its siblings were decoded (which ask
/// for containers of the same key type).
private struct KeepsItsContainer: Decodable {
  enum Keys: String, CodingKey { case id, name }
  let container: KeyedDecodingContainer<Keys>
  let id: Int

  init(from decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(Int.self, forKey: .id)
  }

  var nameNow: String { (try? container.decode(String.self, forKey: .name)) ?? "?" }
}

/// A recursive type: each node's container is held while its children ask for theirs.
private struct Node: Decodable, Equatable {
  var id: Int
  var children: [Node]
  var last: String

  enum CodingKeys: String, CodingKey { case id, children, last }

  init(id: Int, children: [Node], last: String) {
    self.id = id
    self.children = children
    self.last = last
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    children = try container.decodeIfPresent([Node].self, forKey: .children) ?? []
    // Read after the children: the container must still be on this node's object.
    last = try container.decode(String.self, forKey: .last)
  }
}

/// Asks for two containers of the same key type on one object, and keeps both.
private struct TwoContainers: Decodable {
  enum Keys: String, CodingKey { case a, b }
  var a: Int
  var b: Int

  init(from decoder: any Decoder) throws {
    let first = try decoder.container(keyedBy: Keys.self)
    let second = try decoder.container(keyedBy: Keys.self)
    a = try first.decode(Int.self, forKey: .a)
    b = try second.decode(Int.self, forKey: .b)
  }
}

/// Keys of each kind a container may meet: an enum of one byte (whose names the container
/// keeps by the byte), an enum of no size (one case), a one-byte struct whose name comes
/// from its byte (`LetterKey`), and a key of more than a byte (asked for its name each time).
private enum ByteKeys: String, CodingKey { case alpha, beta = "b-e-t-a", gamma = "", delta = "δ" }
private enum OnlyKey: String, CodingKey { case only }
private struct WideKey: CodingKey {
  let stringValue: String
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
  var intValue: Int? { nil }
}

private struct EveryKeyKind: Decodable, Equatable {
  var alpha: Int, beta: Int, gamma: Int, delta: Int?, only: Int, letters: [Int], wide: [Int]

  init(from decoder: any Decoder) throws {
    let byBytes = try decoder.container(keyedBy: ByteKeys.self)
    // Out of order and twice: the names kept by byte must stay each key's own.
    delta = try byBytes.decodeIfPresent(Int.self, forKey: .delta)
    gamma = try byBytes.decode(Int.self, forKey: .gamma)
    alpha = try byBytes.decode(Int.self, forKey: .alpha)
    beta = try byBytes.decode(Int.self, forKey: .beta)
    _ = try byBytes.decode(Int.self, forKey: .alpha)
    only = try decoder.container(keyedBy: OnlyKey.self).decode(Int.self, forKey: .only)
    let byLetter = try decoder.container(keyedBy: LetterKey.self)
    letters = try ["z", "x", "y", "x"].map { try byLetter.decode(Int.self, forKey: LetterKey($0)) }
    let byName = try decoder.container(keyedBy: WideKey.self)
    wide = try ["x", "alpha", "only", "x"].map { try byName.decode(Int.self, forKey: WideKey($0)) }
  }
}

/// Records the decoder weakly, to see that nothing keeps it once decoding is done.
private final class DecoderWitness: @unchecked Sendable {
  weak var decoder: AnyObject?
}
private let witnessKey = CodingUserInfoKey(rawValue: "witness")!

private struct Witnessed: Decodable {
  var values: [TwoContainers]
  init(from decoder: any Decoder) throws {
    (decoder.userInfo[witnessKey] as? DecoderWitness)?.decoder = decoder as AnyObject
    values = try decoder.container(keyedBy: AnyKey.self).decode([TwoContainers].self, forKey: AnyKey(stringValue: "values"))
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  init(stringValue: String) { self.stringValue = stringValue }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}

@Suite("Keyed containers reused across objects")
struct KeyedContainerReuseTests {
  @Test func aKeptContainerStaysOnItsObject() throws {
    let json = Data(#"[{"id": 1, "name": "one"}, {"id": 2, "name": "two"}, {"id": 3, "name": "three"}]"#.utf8)
    let items = try MapwrightJSONDecoder().decode([KeepsItsContainer].self, from: json)
    #expect(items.map(\.id) == [1, 2, 3])
    #expect(items.map(\.nameNow) == ["one", "two", "three"])
    #expect(items.map { $0.container.allKeys.map(\.stringValue) } == [["id", "name"], ["id", "name"], ["id", "name"]])
  }

  @Test func recursiveTypesKeepEachLevelsContainer() throws {
    let json = Data(
      #"{"id": 1, "children": [{"id": 2, "children": [{"id": 3, "last": "c"}], "last": "b"}, {"id": 4, "last": "d"}], "last": "a"}"#.utf8)
    let tree = try MapwrightJSONDecoder().decode(Node.self, from: json)
    let expected = Node(
      id: 1, children: [Node(id: 2, children: [Node(id: 3, children: [], last: "c")], last: "b"), Node(id: 4, children: [], last: "d")],
      last: "a")
    #expect(tree == expected)
    // The same with errors: the path of a missing key deep inside names the right node.
    let broken = Data(#"{"id": 1, "children": [{"id": 2, "children": [{"id": 3}], "last": "b"}], "last": "a"}"#.utf8)
    #expect(throws: DecodingError.self) { try MapwrightJSONDecoder().decode(Node.self, from: broken) }
    let error = try #require(decodingError(Node.self, String(decoding: broken, as: UTF8.self)))
    #expect(signature(error) == "keyNotFound(last) at children/[0]/children/[0]")
  }

  @Test func twoContainersOfOneKeyTypeOnOneObject() throws {
    let json = Data(#"[{"a": 1, "b": 2}, {"a": 3, "b": 4}]"#.utf8)
    let values = try MapwrightJSONDecoder().decode([TwoContainers].self, from: json)
    #expect(values.map(\.a) == [1, 3] && values.map(\.b) == [2, 4])
  }

  @Test func theDecoderIsFreedAfterDecoding() throws {
    let witness = DecoderWitness()
    let decoder = MapwrightJSONDecoder()
    decoder.userInfo[witnessKey] = witness
    let json = Data(#"{"values": [{"a": 1, "b": 2}, {"a": 3, "b": 4}]}"#.utf8)
    let decoded = try decoder.decode(Witnessed.self, from: json)
    #expect(decoded.values.count == 2)
    #expect(witness.decoder == nil, "the decoder (and the document) outlived decoding")
  }

  @Test func everyKindOfKeyFindsItsMember() throws {
    // Seven members or more, so that the object is searched through its key table.
    let objects = (0..<6).map { i in
      #"{"x": \#(i), "y": \#(i + 1), "z": \#(i + 2), "alpha": \#(i * 10), "b-e-t-a": \#(i * 20), "": \#(i * 30), "only": \#(i * 40)"#
        + (i % 2 == 0 ? #", "δ": \#(i)}"# : "}")
    }
    let json = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
    let ours = try MapwrightJSONDecoder().decode([EveryKeyKind].self, from: json)
    #expect(ours == (try Foundation.JSONDecoder().decode([EveryKeyKind].self, from: json)))
    #expect(ours.map(\.delta) == [0, nil, 2, nil, 4, nil])
    #expect(ours.map(\.letters) == (0..<6).map { [$0 + 2, $0, $0 + 1, $0] })
    // A missing key is named, whatever kind of key asked for it.
    let missing = Data(#"{"x": 1, "y": 2, "z": 3, "alpha": 4, "": 5, "only": 6, "extra": 7}"#.utf8)
    let error = try #require(decodingError(EveryKeyKind.self, String(decoding: missing, as: UTF8.self)))
    #expect(signature(error) == "keyNotFound(b-e-t-a) at ")
  }

  @Test func deeplyRecursiveTypesKeepEveryLevel() throws {
    // Deeper than the containers kept per key type: the outer levels' containers stay on
    // their own objects while the inner ones are made and reused.
    func node(_ depth: Int) -> String {
      let children = depth == 0 ? "" : #", "children": [\#(node(depth - 1)), \#(node(depth - 1))]"#
      return #"{"id": \#(depth), "pad1": 0, "pad2": 0, "pad3": 0, "pad4": 0, "pad5": 0\#(children), "last": "l\#(depth)"}"#
    }
    let json = Data(node(7).utf8)
    let ours = try MapwrightJSONDecoder().decode(Node.self, from: json)
    #expect(ours == (try Foundation.JSONDecoder().decode(Node.self, from: json)))
    #expect(ours.last == "l7" && ours.children[1].children[0].last == "l5")
  }
}
