import Foundation
import MapwrightCodable
import Testing

/// Records the coding path each value sees, to compare the two coders' paths.
private final class PathLog: @unchecked Sendable {
  var paths: [String] = []
}

private let logKey = CodingUserInfoKey(rawValue: "log")!

private struct Leaf: Codable, Equatable {
  var value: Int
  init(value: Int) { self.value = value }
  init(from decoder: any Decoder) throws {
    (decoder.userInfo[logKey] as? PathLog)?.paths.append(pathSignature(decoder.codingPath))
    value = try decoder.singleValueContainer().decode(Int.self)
  }
  func encode(to encoder: any Encoder) throws {
    (encoder.userInfo[logKey] as? PathLog)?.paths.append(pathSignature(encoder.codingPath))
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

private struct Tree: Codable, Equatable {
  var leaf: Leaf
  var leaves: [Leaf]
  var table: [String: Leaf]
  var nested: [[Leaf]]
  var optional: Leaf?
}

/// Nested containers and super coders in arrays, read and written by hand.
private struct Manual: Codable, Equatable {
  var a: Leaf
  var b: Leaf
  var c: Leaf

  enum Keys: CodingKey { case list, object }
  enum Inner: CodingKey { case x }

  init(a: Leaf, b: Leaf, c: Leaf) {
    self.a = a
    self.b = b
    self.c = c
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    var list = try container.nestedUnkeyedContainer(forKey: .list)
    a = try list.decode(Leaf.self)
    let inner = try list.nestedContainer(keyedBy: Inner.self)
    b = try inner.decode(Leaf.self, forKey: .x)
    c = try Leaf(from: try list.superDecoder())
    #expect(list.isAtEnd && list.currentIndex == 3 && list.count == 3)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(a)
    var inner = list.nestedContainer(keyedBy: Inner.self)
    try inner.encode(b, forKey: .x)
    try c.encode(to: list.superEncoder())
  }
}

@Suite("Coding paths match Foundation's")
struct CodingPathParityTests {
  private let tree = Tree(
    leaf: Leaf(value: 1), leaves: [Leaf(value: 2), Leaf(value: 3)], table: ["k": Leaf(value: 4)],
    nested: [[Leaf(value: 5)], [], [Leaf(value: 6)]], optional: Leaf(value: 7))

  private func paths(_ body: (PathLog) throws -> Void) rethrows -> [String] {
    let log = PathLog()
    try body(log)
    return log.paths
  }

  @Test func decodingPaths() throws {
    for value in [tree, Tree(leaf: Leaf(value: 0), leaves: [], table: [:], nested: [], optional: nil)] as [Tree] {
      let data = try Foundation.JSONEncoder().encode(value)
      let ours = try paths { log in
        let decoder = MapwrightJSONDecoder()
        decoder.userInfo[logKey] = log
        let decoded = try decoder.decode(Tree.self, from: data)
        #expect(decoded == value)
      }
      let theirs = try paths { log in
        let decoder = Foundation.JSONDecoder()
        decoder.userInfo[logKey] = log
        _ = try decoder.decode(Tree.self, from: data)
      }
      #expect(ours == theirs)
    }
    let manual = Manual(a: Leaf(value: 1), b: Leaf(value: 2), c: Leaf(value: 3))
    let data = try Foundation.JSONEncoder().encode(manual)
    let ours = try paths { log in
      let decoder = MapwrightJSONDecoder()
      decoder.userInfo[logKey] = log
      let decoded = try decoder.decode(Manual.self, from: data)
      #expect(decoded == manual)
    }
    let theirs = try paths { log in
      let decoder = Foundation.JSONDecoder()
      decoder.userInfo[logKey] = log
      _ = try decoder.decode(Manual.self, from: data)
    }
    #expect(ours == theirs)
  }

  @Test func encodingPaths() throws {
    let manual = Manual(a: Leaf(value: 1), b: Leaf(value: 2), c: Leaf(value: 3))
    var outputs: [String] = []
    for encodeTree in [true, false] {
      let ours = try paths { log in
        let encoder = MapwrightJSONEncoder()
        encoder.userInfo[logKey] = log
        encoder.outputFormatting = .sortedKeys
        outputs.append(String(decoding: encodeTree ? try encoder.encode(tree) : try encoder.encode(manual), as: UTF8.self))
      }
      let theirs = try paths { log in
        let encoder = Foundation.JSONEncoder()
        encoder.userInfo[logKey] = log
        encoder.outputFormatting = .sortedKeys
        outputs.append(String(decoding: encodeTree ? try encoder.encode(tree) : try encoder.encode(manual), as: UTF8.self))
      }
      if encodeTree {
        #expect(ours.sorted() == theirs.sorted())
      } else {
        // Values written into nested containers: Foundation's paths leave out the part above
        // the nested container ("[0]"); Mapwright's are complete (a listed deviation).
        #expect(theirs.sorted() == ["[0]", "[2]", "x"])
        #expect(ours.sorted() == ["list/[0]", "list/[1]/x", "list/[2]"])
      }
      #expect(outputs[outputs.count - 2] == outputs[outputs.count - 1])
    }
  }

  @Test func unkeyedContainerAtItsEnd() {
    struct Pair: Decodable, Equatable {
      var first: Int
      var second: Int
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.decode(Int.self)
        second = try container.decode(Int.self)
      }
    }
    expectSameDecoding(Pair.self, "[1]")
    expectSameDecoding(Pair.self, "[1, null]")
    expectSameDecoding([Pair].self, "[[1, 2], [3]]")
  }
}
