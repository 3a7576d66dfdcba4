import Foundation
import MapwrightCodable
import Testing

/// Containers asked again for a key that already holds a value: Foundation adds to the object
/// or array there (a nested container) or starts the key anew (a super encoder).
struct SameKey: Encodable, CustomStringConvertible {
  enum Top: String, CodingKey { case top, other, list }
  enum Inner: String, CodingKey { case a, b, c, d }

  struct Pair: Encodable {
    var a = 1
    var b = "q"
  }

  /// What `encode(to:)` does.
  enum Scenario: String, CaseIterable, Sendable {
    /// Two nested keyed containers for one key, both written to, the first again last.
    case nestedKeyedTwice
    /// An object encoded whole, then a nested keyed container for its key.
    case nestedKeyedOverObject
    /// Two nested unkeyed containers for one key.
    case nestedUnkeyedTwice
    /// An array encoded whole, then a nested unkeyed container for its key.
    case nestedUnkeyedOverArray
    /// A super encoder's keyed container (released), then a nested keyed container.
    case nestedKeyedOverSuperEncoder
    /// A super encoder's single value (an object, released), then a nested keyed container.
    case nestedKeyedOverSuperValue
    /// A nested keyed container, then a super encoder for the same key: the key starts anew.
    case superEncoderOverNested
    /// Two super encoders for one key: the last one's value stays.
    case superEncoderTwice
    /// An object encoded whole, then a super encoder: the key starts anew.
    case superEncoderOverObject
    /// `superEncoder()` twice (the `"super"` key).
    case plainSuperEncoderTwice
    /// A nested keyed container, then a value for the same key: the value replaces it.
    case valueOverNested
    /// The same inside a nested keyed container: an object and a nested container at two keys.
    case insideNestedContainer
    /// The same inside a super encoder's container.
    case insideSuperEncoder
    /// An object with nested containers of its own, encoded whole, then reopened.
    case reopenedObjectWithNestedValues
    /// An array of objects, encoded whole, then reopened, inside an unkeyed container.
    case reopenedInsideUnkeyed
    /// An empty object and an empty array, reopened.
    case reopenedEmpty
  }

  let scenario: Scenario
  var description: String { scenario.rawValue }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Top.self)
    switch scenario {
    case .nestedKeyedTwice:
      var first = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try first.encode(1, forKey: .a)
      var second = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try second.encode(2, forKey: .b)
      try first.encode(3, forKey: .c)
    case .nestedKeyedOverObject:
      try container.encode(Pair(), forKey: .top)
      try container.encode(0, forKey: .other)
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode(2, forKey: .c)
      try nested.encode("new", forKey: .a)
    case .nestedUnkeyedTwice:
      var first = container.nestedUnkeyedContainer(forKey: .list)
      try first.encode(1)
      var second = container.nestedUnkeyedContainer(forKey: .list)
      try second.encode(2)
      try first.encode(3)
    case .nestedUnkeyedOverArray:
      try container.encode([Pair(), Pair(a: 2, b: "r")], forKey: .list)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode(3)
      var object = list.nestedContainer(keyedBy: Inner.self)
      try object.encode(true, forKey: .d)
    case .nestedKeyedOverSuperEncoder:
      do {
        var inner = container.superEncoder(forKey: .top).container(keyedBy: Inner.self)
        try inner.encode(1, forKey: .a)
      }
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode(2, forKey: .b)
    case .nestedKeyedOverSuperValue:
      do {
        var single = container.superEncoder(forKey: .top).singleValueContainer()
        try single.encode(Pair())
      }
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode(2, forKey: .c)
    case .superEncoderOverNested:
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode(1, forKey: .a)
      var inner = container.superEncoder(forKey: .top).container(keyedBy: Inner.self)
      try inner.encode(2, forKey: .b)
    case .superEncoderTwice:
      do {
        var inner = container.superEncoder(forKey: .top).container(keyedBy: Inner.self)
        try inner.encode(1, forKey: .a)
      }
      var inner = container.superEncoder(forKey: .top).container(keyedBy: Inner.self)
      try inner.encode(2, forKey: .b)
    case .superEncoderOverObject:
      try container.encode(Pair(), forKey: .top)
      var inner = container.superEncoder(forKey: .top).container(keyedBy: Inner.self)
      try inner.encode(9, forKey: .c)
    case .plainSuperEncoderTwice:
      do {
        var inner = container.superEncoder().container(keyedBy: Inner.self)
        try inner.encode(1, forKey: .a)
      }
      var inner = container.superEncoder().container(keyedBy: Inner.self)
      try inner.encode(2, forKey: .b)
    case .valueOverNested:
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode(1, forKey: .a)
      try container.encode(5, forKey: .top)
    case .insideNestedContainer:
      var outer = container.nestedContainer(keyedBy: Top.self, forKey: .other)
      try Self.reopenEverything(&outer)
    case .insideSuperEncoder:
      var outer = container.superEncoder(forKey: .other).container(keyedBy: Top.self)
      try Self.reopenEverything(&outer)
    case .reopenedObjectWithNestedValues:
      try container.encode(WithNested(), forKey: .top)
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try nested.encode("added", forKey: .d)
      var deeper = nested.nestedContainer(keyedBy: Inner.self, forKey: .a)
      try deeper.encode(7, forKey: .c)
    case .reopenedInsideUnkeyed:
      var list = container.nestedUnkeyedContainer(forKey: .list)
      var element = list.nestedContainer(keyedBy: Top.self)
      try element.encode([Pair()], forKey: .list)
      var again = element.nestedUnkeyedContainer(forKey: .list)
      try again.encode(Pair(a: 3, b: "s"))
    case .reopenedEmpty:
      try container.encode([String: Int](), forKey: .top)
      try container.encode([Int](), forKey: .list)
      var object = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
      try object.encode(1, forKey: .a)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode(2)
    }
  }

  /// An object and an array encoded whole in `container`, then reopened.
  private static func reopenEverything(_ container: inout KeyedEncodingContainer<Top>) throws {
    try container.encode(Pair(), forKey: .top)
    try container.encode([1, 2], forKey: .list)
    var first = container.nestedContainer(keyedBy: Inner.self, forKey: .other)
    try first.encode(1, forKey: .a)
    var object = container.nestedContainer(keyedBy: Inner.self, forKey: .top)
    try object.encode(2, forKey: .c)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(3)
    var second = container.nestedContainer(keyedBy: Inner.self, forKey: .other)
    try second.encode(4, forKey: .b)
  }

  /// An object whose own encoding uses a nested container (so its bytes come from a splice).
  struct WithNested: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Inner.self)
      try container.encode("x", forKey: .b)
      var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .a)
      try nested.encode([1, 2], forKey: .d)
    }
  }
}

@Suite("Nested containers for a key that holds a value")
struct SameKeyNestingTests {
  /// Byte for byte as Foundation, compact and pretty, with sorted keys (Foundation's member
  /// order is otherwise unspecified).
  @Test(arguments: SameKey.Scenario.allCases)
  func encodesAsFoundation(_ scenario: SameKey.Scenario) {
    for pretty in [false, true] {
      expectSameEncoding(
        SameKey(scenario: scenario), mapwright: { $0.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys },
        foundation: { $0.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys })
    }
  }

  /// Without sorted keys: the same members (compared as values; the order is Mapwright's own).
  @Test(arguments: SameKey.Scenario.allCases)
  func unsortedHoldsTheSameMembers(_ scenario: SameKey.Scenario) throws {
    let ours = try MapwrightJSONEncoder().encode(SameKey(scenario: scenario))
    let theirs = try Foundation.JSONEncoder().encode(SameKey(scenario: scenario))
    #expect(try JSONSerialization.jsonObject(with: ours) as? NSDictionary == JSONSerialization.jsonObject(with: theirs) as? NSDictionary)
  }

  @Test func valuesAfterReopeningAreTheExpectedOnes() throws {
    let encoder = MapwrightJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    func text(_ scenario: SameKey.Scenario) throws -> String {
      String(decoding: try encoder.encode(SameKey(scenario: scenario)), as: UTF8.self)
    }
    #expect(try text(.nestedKeyedTwice) == #"{"top":{"a":1,"b":2,"c":3}}"#)
    #expect(try text(.nestedKeyedOverObject) == #"{"other":0,"top":{"a":"new","b":"q","c":2}}"#)
    #expect(try text(.nestedUnkeyedOverArray) == #"{"list":[{"a":1,"b":"q"},{"a":2,"b":"r"},3,{"d":true}]}"#)
    #expect(try text(.superEncoderTwice) == #"{"top":{"b":2}}"#)
    #expect(try text(.valueOverNested) == #"{"top":5}"#)
  }

  /// Foundation writes a super encoder's value when the encoder is released, over whatever a
  /// nested container for the same key wrote meanwhile; Mapwright keeps both (Docs/Codable.md).
  @Test func aSuperEncoderStillAliveKeepsTheNestedMembers() throws {
    struct Alive: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SameKey.Top.self)
        let superEncoder = container.superEncoder(forKey: .top)
        var inner = superEncoder.container(keyedBy: SameKey.Inner.self)
        try inner.encode(1, forKey: .a)
        var nested = container.nestedContainer(keyedBy: SameKey.Inner.self, forKey: .top)
        try nested.encode(2, forKey: .b)
        withExtendedLifetime(superEncoder) {}
      }
    }
    let encoder = MapwrightJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(Alive()), as: UTF8.self) == #"{"top":{"a":1,"b":2}}"#)
    let foundation = Foundation.JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(String(decoding: try foundation.encode(Alive()), as: UTF8.self) == #"{"top":{"a":1}}"#)
  }
}
