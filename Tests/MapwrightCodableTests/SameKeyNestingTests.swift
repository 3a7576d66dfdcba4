import Foundation
import MapwrightCodable
import Testing

/// Two nested keyed containers asked for the same key: Foundation merges them into one object.
private struct TwoNested: Encodable {
  enum Top: CodingKey { case top, other }
  enum First: CodingKey { case a }
  enum Second: CodingKey { case b }
  let deferredParent: Bool

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Top.self)
    if deferredParent {
      var parent = container.nestedContainer(keyedBy: Top.self, forKey: .other)
      try write(into: &parent)
    } else {
      try write(into: &container)
    }
  }

  private func write(into container: inout KeyedEncodingContainer<Top>) throws {
    var first = container.nestedContainer(keyedBy: First.self, forKey: .top)
    try first.encode("a", forKey: .a)
    var second = container.nestedContainer(keyedBy: Second.self, forKey: .top)
    try second.encode("b", forKey: .b)
  }
}

@Suite("Nested containers for one key")
struct SameKeyNestingTests {
  @Test func mergeAsFoundationMergesThem() {
    for deferred in [false, true] {
      expectSameEncoding(
        TwoNested(deferredParent: deferred), mapwright: { $0.outputFormatting = .sortedKeys },
        foundation: { $0.outputFormatting = .sortedKeys })
    }
  }
}
