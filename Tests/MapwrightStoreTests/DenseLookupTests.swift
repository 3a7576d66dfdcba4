// Look-ups by range (`DenseKeyRange`): a bucket of integer keys that fills at least half of
// its range is read as a range and filtered; these tests hold it to the per-key look-up on
// both stores, with seeded random buckets.

import Foundation
import MapwrightGraph
import MapwrightSchema
import MapwrightStore
import MapwrightTestSupport
import Testing

let itemModel = #"""
  <model>
    <entity name="Item">
      <attribute name="itemId" attributeType="Integer 64"/>
      <attribute name="n" optional="YES" attributeType="Integer 32"/>
      <userInfo><entry key="primaryKey" value="itemId"/></userInfo>
    </entity>
  </model>
  """#

@Suite struct DenseLookupTests {
  @Test func aRangeHoldsExactlyItsBucketsKeys() {
    var random = SeededGenerator(seed: 0x5EED_0031)  // fixed: a failure replays exactly
    for _ in 0..<200 {
      let lower = Int64.random(in: -1_000_000...1_000_000, using: &random)
      let width = Int64.random(in: 1...3_000, using: &random)
      let count = Int.random(in: 2...4_000, using: &random)
      let keys = (0..<count).map { _ in Int64.random(in: lower...(lower + width), using: &random) }
      let held = Set(keys)
      let range = DenseKeyRange(keys.map(PrimaryKeyValue.integer))
      let (span, _) = keys.max()!.subtractingReportingOverflow(keys.min()!)
      #expect((range != nil) == (span < 2 * Int64(count)))
      guard let range else { continue }
      #expect(range.lower == keys.min() && range.upper == keys.max())
      #expect(((range.lower - 2)...(range.upper + 2)).allSatisfy { range.contains($0) == held.contains($0) })
      let halves = range.halves
      #expect(halves.first?.lowerBound == range.lower && halves.last?.upperBound == range.upper)
      if halves.count == 2 { #expect(halves[0].upperBound + 1 == halves[1].lowerBound) }
    }
  }

  @Test func onlyDenseIntegerBucketsAreRanges() {
    #expect(DenseKeyRange([.integer(5)]) == nil)  // one key: a probe
    #expect(DenseKeyRange([.integer(1), .text("2")]) == nil)
    #expect(DenseKeyRange([.integer(1), .integer(5)]) == nil)  // five rows to read for two keys
    #expect(DenseKeyRange([.integer(1), .integer(3)])?.contains(2) == false)
    #expect(DenseKeyRange([.integer(7), .integer(7)])?.halves == [7...7])
    #expect(DenseKeyRange([.integer(.min), .integer(.max)]) == nil)  // no overflow
    #expect(DenseKeyRange([.integer(.max - 1), .integer(.max)])?.contains(.max) == true)
    #expect(DenseKeyRange([.integer(.min), .integer(.min + 1)])?.contains(.min) == true)
  }

  /// `storedIDs` finds the same rows whether a bucket is read as a range or key by key:
  /// buckets dense and sparse, small and large (two halves on PostgreSQL), with repeats and
  /// negative keys, over a store holding a random half of the keys.
  @Test(arguments: StoreKind.all) func aRangeLookupFindsWhatProbingFinds(_ kind: StoreKind) throws {
    var random = SeededGenerator(seed: 0x5EED_0032)
    let model = try ObjectModel(xml: Array(itemModel.utf8))
    let item = try #require(model.entity(named: "Item"))
    let place = StorePlace(kind)
    let store = try place.open(model)
    let stored = (-3_000...3_000).filter { _ in Bool.random(using: &random) }
    let payload = "[" + stored.map { #"{"itemId": \#($0), "n": 1}"# }.joined(separator: ",") + "]"
    _ = try store.importJSON(Array(payload.utf8), sources: [ImportSource("", entity: item)])
    // Each key's row, looked up key by key: every third key in a bucket is never a range.
    var rows: [Int64: Int64] = [:]
    for offset in 0..<3 {
      let keys = stride(from: Int64(-3_100 + offset), through: 3_100, by: 3).map(PrimaryKeyValue.integer)
      #expect(DenseKeyRange(keys) == nil)
      for case (.integer(let key), let id) in try store.storedIDs(of: "Item", keys: keys) { rows[key] = id }
    }
    #expect(rows.count == stored.count)
    var ranges = 0
    for size in [2, 3, 40, 700, 2_500, 4_000] {
      for _ in 0..<4 {
        let lower = Int64.random(in: -3_200...3_000, using: &random)
        let width = Int64(Double(size) * Double.random(in: 0.5...3, using: &random))
        let keys = (0..<size).map { _ in PrimaryKeyValue.integer(Int64.random(in: lower...(lower + width), using: &random)) }
        if DenseKeyRange(keys) != nil { ranges += 1 }
        let found = try store.storedIDs(of: "Item", keys: keys)
        var expected: [PrimaryKeyValue: Int64] = [:]
        for case .integer(let key) in keys { if let id = rows[key] { expected[.integer(key)] = id } }
        #expect(found == expected, "bucket of \(size) keys from \(lower), \(width) wide")
      }
    }
    #expect(ranges > 6)  // both paths ran
  }

  /// An import of a dense run of keys updates those keys alone: the stored rows between them,
  /// which the range reads, are neither counted nor touched.
  @Test(arguments: StoreKind.all) func rowsBetweenTheKeysOfADenseBucketAreLeftAlone(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(itemModel.utf8))
    let item = try #require(model.entity(named: "Item"))
    let place = StorePlace(kind)
    let store = try place.open(model)
    func payload(_ keys: StrideThrough<Int>, n: Int) -> [UInt8] {
      Array(("[" + keys.map { #"{"itemId": \#($0), "n": \#(n)}"# }.joined(separator: ",") + "]").utf8)
    }
    _ = try store.importJSON(payload(stride(from: -1_000, through: 1_000, by: 1), n: 1), sources: [ImportSource("", entity: item)])
    let summary = try store.importJSON(payload(stride(from: -1_000, through: 1_100, by: 2), n: 2), sources: [ImportSource("", entity: item)])
    #expect(summary.updated == 1_001 && summary.inserted == 50 && summary.lookups == 1)
    #expect(try store.count(item) == 2_051)
    #expect(try store.count(item, where: .equal("n", Int64(2))) == 1_051)
    #expect(try store.object(item, key: Int64(-999))?.int64("n") == 1)
    #expect(try store.object(item, key: Int64(-998))?.int64("n") == 2)
  }
}

/// Look-ups find stored objects whatever the key's type: importing the same objects twice
/// updates them (the look-up's answers come back as arrays, decoded by the key's type).
@Suite struct LookupKeyTypeTests {
  static let keys: [(type: String, json: [String])] = [
    ("Integer 16", ["-32768", "0", "7", "32767"]),
    ("String", [#""a""#, #""é""#, #""e\u0301""#, #""'; DROP TABLE x; --""#, #""😀""#]),
    ("UUID", [#""6F9619FF-8B86-D011-B42D-00C04FC964FF""#, #""00000000-0000-0000-0000-000000000001""#]),
    ("Decimal", ["12.5", "3", "-0.25", "100000000000000000000.5"]),
    ("Double", ["1.5", "-2", "1e300", "0.1"]),
  ]

  @Test(arguments: StoreKind.all) func everyKeyTypeIsFoundAgain(_ kind: StoreKind) throws {
    for (type, values) in Self.keys {
      let model = try ObjectModel(
        xml: Array(
          #"""
          <model><entity name="Keyed"><attribute name="key" attributeType="\#(type)"/>
          <attribute name="n" optional="YES" attributeType="Integer 32"/>
          <userInfo><entry key="primaryKey" value="key"/></userInfo></entity></model>
          """#.utf8))
      let keyed = try #require(model.entity(named: "Keyed"))
      let place = StorePlace(kind)
      let store = try place.open(model)
      func payload(_ n: Int) -> [UInt8] { Array(("[" + values.map { #"{"key": \#($0), "n": \#(n)}"# }.joined(separator: ",") + "]").utf8) }
      let first = try store.importJSON(payload(1), sources: [ImportSource("", entity: keyed)])
      let again = try store.importJSON(payload(2), sources: [ImportSource("", entity: keyed)])
      #expect(first.inserted == values.count && again.updated == values.count && again.inserted == 0, "\(type)")
      #expect(try store.count(keyed) == values.count && store.count(keyed, where: .equal("n", Int64(2))) == values.count, "\(type)")
    }
  }
}
