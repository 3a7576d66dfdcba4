import Foundation
import MapwrightCodable
import Testing

/// A recursive type: each node's container is held while its children ask for theirs, and
/// written to again after them.
private struct EncodedNode: Encodable {
  var id: Int
  var children: [EncodedNode]
  var last: String

  enum CodingKeys: String, CodingKey { case id, children, last }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    if !children.isEmpty { try container.encode(children, forKey: .children) }
    // Written after the children: the container must still be on this node's object.
    try container.encode(last, forKey: .last)
  }
}

/// Asks for two containers of the same key type on one object and writes through both.
private struct TwoEncodingContainers: Encodable {
  enum Keys: String, CodingKey { case a, b, c }
  var a: Int
  var b: Int

  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: Keys.self)
    var second = encoder.container(keyedBy: Keys.self)
    try first.encode(a, forKey: .a)
    try second.encode(b, forKey: .b)
    try first.encode(a + b, forKey: .c)
  }
}

/// Fails for odd ids, after writing part of itself; `Tolerant` catches that and goes on.
private struct SometimesFails: Encodable {
  enum Keys: String, CodingKey { case id, name }
  struct Odd: Error {}
  var id: Int

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(id, forKey: .id)
    if id % 2 == 1 { throw Odd() }
    try container.encode("item \(id)", forKey: .name)
  }
}

private struct Tolerant: Encodable {
  enum Keys: String, CodingKey { case items, byID }
  struct IDKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
  var items: [SometimesFails]

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var list = container.nestedUnkeyedContainer(forKey: .items)
    for item in items { try? list.encode(item) }
    var byID = container.nestedContainer(keyedBy: IDKey.self, forKey: .byID)
    for item in items { try? byID.encode(item, forKey: IDKey(stringValue: "\(item.id)")) }
  }
}

/// Records the encoder weakly, to see that nothing keeps it once encoding is done.
private final class EncoderWitness: @unchecked Sendable {
  weak var encoder: AnyObject?
}
private let encoderWitnessKey = CodingUserInfoKey(rawValue: "encoderWitness")!

private struct WitnessedEncoding: Encodable {
  var values: [TwoEncodingContainers]
  enum Keys: String, CodingKey { case values }
  func encode(to encoder: any Encoder) throws {
    (encoder.userInfo[encoderWitnessKey] as? EncoderWitness)?.encoder = encoder as AnyObject
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(values, forKey: .values)
  }
}

/// Writes keys that share a hash (the first eight bytes and the last), keys that need escapes,
/// "é" precomposed and decomposed (two keys), and repeats some of them.
private struct AwkwardKeys: Encodable {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
  var keys = [
    "abcdefghXz", "abcdefghYz", "quote\"d", "back\\slash", "\u{E9}", "e\u{301}", "abcdefghXz", "quote\"d", "x", "e\u{301}",
  ]
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (index, key) in keys.enumerated() { try container.encode(index, forKey: Key(stringValue: key)) }
  }
}

@Suite("The encoder's containers and member bookkeeping")
struct EncoderBookkeepingTests {
  private let sortedKeys: (MapwrightJSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
  private let sortedFoundation: (Foundation.JSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }

  @Test func recursiveTypesKeepEachLevelsContainer() throws {
    let tree = EncodedNode(
      id: 1,
      children: [
        EncodedNode(id: 2, children: [EncodedNode(id: 3, children: [], last: "c")], last: "b"),
        EncodedNode(id: 4, children: [], last: "d"),
      ], last: "a")
    let text = try MapwrightJSONEncoder().encodeToString(tree)
    #expect(
      text == #"{"id":1,"children":[{"id":2,"children":[{"id":3,"last":"c"}],"last":"b"},{"id":4,"last":"d"}],"last":"a"}"#)
    expectSameEncoding(tree, mapwright: sortedKeys, foundation: sortedFoundation)
  }

  @Test func twoContainersOfOneKeyTypeOnOneObject() throws {
    let values = [TwoEncodingContainers(a: 1, b: 2), TwoEncodingContainers(a: 3, b: 4)]
    #expect(try MapwrightJSONEncoder().encodeToString(values) == #"[{"a":1,"b":2,"c":3},{"a":3,"b":4,"c":7}]"#)
    expectSameEncoding(values, mapwright: sortedKeys, foundation: sortedFoundation)
  }

  @Test func valuesThatFailPartWayLeaveTheirSiblingsWhole() throws {
    let tolerant = Tolerant(items: (0..<7).map { SometimesFails(id: $0) })
    let text = try MapwrightJSONEncoder().encodeToString(tolerant)
    let items = #"{"id":0,"name":"item 0"},{"id":2,"name":"item 2"},{"id":4,"name":"item 4"},{"id":6,"name":"item 6"}"#
    let byID = #""0":{"id":0,"name":"item 0"},"2":{"id":2,"name":"item 2"},"4":{"id":4,"name":"item 4"},"6":{"id":6,"name":"item 6"}"#
    #expect(text == #"{"items":["# + items + #"],"byID":{"# + byID + "}}")
  }

  @Test func theEncoderIsFreedAfterEncoding() throws {
    let witness = EncoderWitness()
    let encoder = MapwrightJSONEncoder()
    encoder.userInfo[encoderWitnessKey] = witness
    let text = try encoder.encodeToString(WitnessedEncoding(values: [TwoEncodingContainers(a: 1, b: 2), TwoEncodingContainers(a: 5, b: 6)]))
    #expect(text == #"{"values":[{"a":1,"b":2,"c":3},{"a":5,"b":6,"c":11}]}"#)
    #expect(witness.encoder == nil, "the encoder outlived encoding")
  }

  /// An encoder starts each text with room for about as much as its last one: texts of very
  /// different sizes, one after another, come out as a fresh encoder writes them.
  @Test func oneEncoderForTextsOfDifferentSizes() throws {
    let shared = MapwrightJSONEncoder()
    let big = (0..<5_000).map { TwoEncodingContainers(a: $0, b: -$0) }
    for value in [big, [], Array(big.prefix(3)), big, Array(big.prefix(1_000))] {
      let expected = try MapwrightJSONEncoder().encode(value)
      #expect(try shared.encode(value) == expected)
      #expect(try shared.encodeToBytes(value) == Array(expected))
    }
  }

  @Test func repeatedKeysAreFoundByTheirBytes() throws {
    // Foundation's output is in hash order unless sorted, and it takes "é" and "e\u{301}" for
    // one key, so the keys compared with Foundation's output are the others.
    let plain = AwkwardKeys(keys: AwkwardKeys().keys.filter { $0.unicodeScalars.allSatisfy(\.isASCII) })
    expectSameEncoding(plain, mapwright: sortedKeys, foundation: sortedFoundation)
    expectSameEncoding(
      [plain, plain], mapwright: { $0.outputFormatting = [.sortedKeys, .prettyPrinted] },
      foundation: { $0.outputFormatting = [.sortedKeys, .prettyPrinted] })
    let text = try MapwrightJSONEncoder().encodeToString(AwkwardKeys())
    // The last of each repeated key stays, in its place; "é" and "e\u{301}" are two keys
    // (their bytes differ; see `FoundationSwapTests.canonicallyEquivalentKeysStayTwo`).
    #expect(text == #"{"abcdefghYz":1,"back\\slash":3,"\#u{E9}":4,"abcdefghXz":6,"quote\"d":7,"x":8,"e\#u{301}":9}"#)
  }
}
