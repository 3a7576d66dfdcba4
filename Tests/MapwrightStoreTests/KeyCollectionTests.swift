import MapwrightTestSupport
import Testing

@testable import MapwrightGraph

@Suite struct KeyCollectionTests {
  @Test func intTableAgreesWithDictionary() {
    var generator = SeededGenerator(seed: 0x5EED_0004)  // fixed: a failure replays exactly
    var table = IntTable()
    var reference: [Int64: Int64] = [:]
    for i in 0..<20_000 {
      let key = Int64.random(in: -5_000...5_000_000, using: &generator)
      table[key] = Int64(i)
      reference[key] = Int64(i)
    }
    #expect(table.count == reference.count)
    for (key, value) in reference { #expect(table[key] == value) }
    for key: Int64 in [-6_000, 6_000_000, .max, .min] where reference[key] == nil { #expect(table[key] == nil) }
  }

  @Test func keySetListsIntegersAscendingThenTextsInOrder() {
    var set = KeySet()
    #expect(set.insert(.integer(3)) && set.insert(.text("b")) && set.insert(.integer(1)) && set.insert(.text("a")))
    #expect(!set.insert(.integer(3)) && !set.insert(.text("b")))
    #expect(set.contains(.integer(1)) && !set.contains(.integer(2)) && set.contains(.text("a")) && set.count == 4)
    var ordered: [PrimaryKeyValue] = []
    set.forEach { ordered.append($0) }
    #expect(ordered == [.integer(1), .integer(3), .text("b"), .text("a")])
    // Row ids written: dense ones, and keys that are row ids (negative, huge).
    var rows = IntSet()
    #expect(rows.insert(5) && rows.insert(700) && !rows.insert(5) && rows.insert(0))
    #expect(rows.insert(-3) && rows.insert(.max) && rows.insert(.min) && !rows.insert(-3) && !rows.insert(.min))
    #expect(rows.contains(.max) && rows.contains(-3) && !rows.contains(-4) && rows.count == 6)
  }
}

@Suite struct KeyMapTests {
  @Test func denseRangeAndHashedKeysAgreeWithDictionary() {
    var generator = SeededGenerator(seed: 0x5EED_0005)  // fixed: a failure replays exactly
    var map = KeyMap(denseRange: 1_000...3_000, expected: 1_000)
    var reference: [PrimaryKeyValue: Int64] = [:]
    for i in 1...5_000 {
      // Inside the dense range, around it, at the extremes, and text keys.
      let key: PrimaryKeyValue =
        switch i % 4 {
        case 0: .integer(Int64.random(in: 1_000...3_000, using: &generator))
        case 1: .integer(Int64.random(in: -10_000...10_000, using: &generator))
        case 2: .integer([Int64.min, .max, .min + 1, 999, 3_001][i % 5])
        default: .text("k\(i % 700)")
        }
      map[key] = Int64(i)
      reference[key] = Int64(i)
    }
    #expect(map.count == reference.count)
    for (key, value) in reference { #expect(map[key] == value) }
    var seen = 0
    map.forEach { key, value in
      #expect(reference[key] == value)
      seen += 1
    }
    #expect(seen == reference.count)
    for key: Int64 in [-20_000, 20_000] { #expect(map[.integer(key)] == nil) }
  }

  @Test func aRangeTooWideForItsKeysIsHashed() {
    var map = KeyMap(denseRange: Int64.min...Int64.max, expected: 10)
    map[.integer(.min)] = 1
    map[.integer(.max)] = 2
    #expect(map[.integer(.min)] == 1 && map[.integer(.max)] == 2 && map[.integer(0)] == nil && map.count == 2)
  }

  @Test func keyListKeepsOrderRepeatsAndRange() {
    var list = KeyList()
    for key: PrimaryKeyValue in [.integer(5), .text("a"), .integer(-2), .integer(5)] { list.append(key) }
    #expect(list.integerRange == -2...5 && list.count == 4)
    var keys: [PrimaryKeyValue] = []
    list.forEach { keys.append($0) }
    #expect(keys == [.integer(5), .integer(-2), .integer(5), .text("a")])
  }

  @Test func intSetHoldsEveryKeyIncludingTheEmptyMarker() {
    var set = IntSet()
    var reference = Set<Int64>()
    var generator = SeededGenerator(seed: 0x5EED_0006)  // fixed: a failure replays exactly
    for _ in 0..<10_000 {
      let key = Int64.random(in: -3_000...3_000, using: &generator)
      #expect(set.insert(key) == reference.insert(key).inserted)
    }
    #expect(set.insert(.min) && !set.insert(.min) && set.contains(.min))
    #expect(set.count == reference.count + 1)
    for key in -3_100...3_100 { #expect(set.contains(Int64(key)) == reference.contains(Int64(key))) }
  }

  @Test func intSetMixesBitmapAndTableWithoutLosingKeys() {
    // Far keys first (hashed while the bitmap is small), then dense ones that make the
    // bitmap grow over them: each key must stay single and listed once.
    var set = IntSet()
    var reference = Set<Int64>()
    let far: [Int64] = [5_000_000, 70_000, -1, .max, .min]
    var disagreements = 0
    for key in far + Array(0..<200_000) where set.insert(key) != reference.insert(key).inserted { disagreements += 1 }
    for key in far + [0, 199_999, 100_000] where set.insert(key) { disagreements += 1 }
    #expect(disagreements == 0)
    #expect(set.count == reference.count)
    var listed: [Int64] = []
    set.forEach { listed.append($0) }
    #expect(listed.count == reference.count && Set(listed) == reference)
    #expect(set.contains(70_000) && set.contains(.max) && !set.contains(200_000) && !set.contains(-2))
  }
}
