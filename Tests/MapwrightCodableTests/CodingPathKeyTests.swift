import Foundation
import MapwrightCodable
import Testing

// The decoder keeps small plain keys on its coding path as their bytes and boxes the others
// (CodingPathStack); the path it hands out must hold the very keys that were pushed, of
// their own types, for every kind of key, nested in one another.

/// A key of eight bytes with nothing to retain: kept as its bytes.
private struct WordKey: CodingKey, Equatable {
  let number: Int
  init(number: Int) { self.number = number }
  init?(stringValue: String) {
    guard stringValue.hasPrefix("w"), let number = Int(stringValue.dropFirst()) else { return nil }
    self.number = number
  }
  init?(intValue: Int) { nil }
  var stringValue: String { "w\(number)" }
  var intValue: Int? { nil }
}

/// A key of sixteen bytes with nothing to retain: too large, boxed.
private struct PairKey: CodingKey, Equatable {
  let first: Int
  let second: Int
  init(first: Int, second: Int) {
    self.first = first
    self.second = second
  }
  init?(stringValue: String) {
    let parts = stringValue.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    (first, second) = (parts[0], parts[1])
  }
  init?(intValue: Int) { nil }
  var stringValue: String { "\(first)-\(second)" }
  var intValue: Int? { nil }
}

/// A key holding a `String`: something to retain, boxed.
private struct NameKey: CodingKey, Equatable {
  let stringValue: String
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
  var intValue: Int? { nil }
}

/// An enum of one case (no bytes at all) and one with integer values.
private enum OnlyKey: String, CodingKey { case only }
private enum NumberedKey: Int, CodingKey { case zero = 0, seven = 7 }

private let seenKey = CodingUserInfoKey(rawValue: "seen")!

private final class SeenPaths: @unchecked Sendable {
  var paths: [[any CodingKey]] = []
}

/// Records the path it is decoded at, then reads an integer.
private struct Probe: Decodable {
  let value: Int
  init(from decoder: any Decoder) throws {
    (decoder.userInfo[seenKey] as? SeenPaths)?.paths.append(decoder.codingPath)
    value = try decoder.singleValueContainer().decode(Int.self)
  }
}

/// Every kind of key, each nesting the next.
private struct Outer: Decodable {
  let inner: Middle
  init(from decoder: any Decoder) throws {
    inner = try decoder.container(keyedBy: WordKey.self).decode(Middle.self, forKey: WordKey(number: 3))
  }
}

private struct Middle: Decodable {
  let inner: [Inner]
  init(from decoder: any Decoder) throws {
    inner = try decoder.container(keyedBy: PairKey.self).decode([Inner].self, forKey: PairKey(first: 1, second: 2))
  }
}

private struct Inner: Decodable {
  let probes: [String: Probe]
  let only: Probe
  let numbered: Probe
  init(from decoder: any Decoder) throws {
    probes = try decoder.container(keyedBy: NameKey.self).decode([String: Probe].self, forKey: NameKey("name"))
    only = try decoder.container(keyedBy: OnlyKey.self).decode(Probe.self, forKey: .only)
    numbered = try decoder.container(keyedBy: NumberedKey.self).decode(Probe.self, forKey: .seven)
  }
}

/// A value read through a nested container (whose path the decoder sets in place of its
/// own), then one read the usual way: the decoder's own path must be back as it was.
private struct ThroughNested: Decodable {
  let nested: Probe
  let after: Probe
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: WordKey.self)
    let inner = try container.nestedContainer(keyedBy: NameKey.self, forKey: WordKey(number: 1))
    nested = try inner.decode(Probe.self, forKey: NameKey("deep"))
    after = try container.decode(Probe.self, forKey: WordKey(number: 2))
  }
}

@Suite("Coding path keys come back as pushed")
struct CodingPathKeyTests {
  private let json = """
    {"w3": {"1-2": [{"name": {"a": 1}, "only": 3, "seven": 4}, {"name": {"b": 2}, "only": 5, "seven": 6}]}}
    """

  private func seenPaths(_ decode: (CodingUserInfoKey, SeenPaths) throws -> Void) rethrows -> [[any CodingKey]] {
    let seen = SeenPaths()
    try decode(seenKey, seen)
    return seen.paths
  }

  @Test func everyKindOfKey() throws {
    let data = Data(json.utf8)
    let ours = try seenPaths { key, seen in
      let decoder = MapwrightJSONDecoder()
      decoder.userInfo[key] = seen
      _ = try decoder.decode(Outer.self, from: data)
    }
    let theirs = try seenPaths { key, seen in
      let decoder = Foundation.JSONDecoder()
      decoder.userInfo[key] = seen
      _ = try decoder.decode(Outer.self, from: data)
    }
    #expect(ours.map(pathSignature) == theirs.map(pathSignature))
    #expect(ours.count == 6)
    for path in ours {
      #expect(path.count >= 4)
      #expect(path[0] as? WordKey == WordKey(number: 3))
      #expect(path[1] as? PairKey == PairKey(first: 1, second: 2))
      #expect(path[2].intValue != nil && path[2].stringValue.hasPrefix("Index "))
    }
    // A dictionary's members: the container's boxed key, then the member's.
    #expect(ours[0][3] as? NameKey == NameKey("name") && ours[3][3] as? NameKey == NameKey("name"))
    #expect(ours[0].count == 5 && ours[0][4].stringValue == "a" && ours[3][4].stringValue == "b")
    #expect(ours[0][2].intValue == 0 && ours[3][2].intValue == 1)
    #expect(ours[1][3] as? OnlyKey == .only && ours[4][3] as? OnlyKey == .only)
    #expect(ours[2][3] as? NumberedKey == .seven && ours[2][3].intValue == 7)
    #expect(ours[5][3] as? NumberedKey == .seven)
  }

  @Test func nestedContainerPathsAreSetAside() throws {
    let data = Data(#"[{"w1": {"deep": 1}, "w2": 2}, {"w1": {"deep": 3}, "w2": 4}]"#.utf8)
    let ours = try seenPaths { key, seen in
      let decoder = MapwrightJSONDecoder()
      decoder.userInfo[key] = seen
      _ = try decoder.decode([ThroughNested].self, from: data)
    }
    let theirs = try seenPaths { key, seen in
      let decoder = Foundation.JSONDecoder()
      decoder.userInfo[key] = seen
      _ = try decoder.decode([ThroughNested].self, from: data)
    }
    #expect(ours.map(pathSignature) == theirs.map(pathSignature))
    #expect(ours.map(pathSignature) == ["[0]/w1/deep", "[0]/w2", "[1]/w1/deep", "[1]/w2"])
    #expect(ours[1].last as? WordKey == WordKey(number: 2) && ours[2][1] as? WordKey == WordKey(number: 1))
  }

  @Test func errorsNameEveryKind() throws {
    let bad = json.replacingOccurrences(of: "\"b\": 2", with: "\"b\": \"two\"")
    for (text, last) in [(bad, "b"), (json.replacingOccurrences(of: "\"seven\": 6", with: "\"seven\": null"), "seven")] {
      var ours: DecodingError?
      var theirs: DecodingError?
      do { _ = try MapwrightJSONDecoder().decode(Outer.self, from: Data(text.utf8)) } catch let error as DecodingError { ours = error }
      do { _ = try Foundation.JSONDecoder().decode(Outer.self, from: Data(text.utf8)) } catch let error as DecodingError { theirs = error }
      let error = try #require(ours)
      #expect(signature(error) == signature(try #require(theirs)))
      guard case .typeMismatch(_, let context) = error else {
        guard case .valueNotFound(_, let context) = error else {
          Issue.record("unexpected \(error)")
          continue
        }
        #expect(context.codingPath.last as? NumberedKey == .seven)
        #expect(context.codingPath.first as? WordKey == WordKey(number: 3))
        continue
      }
      #expect(context.codingPath.last?.stringValue == last)
      #expect(context.codingPath[1] as? PairKey == PairKey(first: 1, second: 2))
    }
  }
}
