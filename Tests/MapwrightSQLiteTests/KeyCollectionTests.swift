import Testing

@testable import MapwrightGraph

@Suite struct KeyCollectionTests {
  @Test func intTableAgreesWithDictionary() {
    var generator = SystemRandomNumberGenerator()
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

  @Test func keySetKeepsFirstInsertionOrder() {
    var set = KeySet()
    #expect(set.insert(.integer(3)) && set.insert(.text("a")) && set.insert(.integer(1)))
    #expect(!set.insert(.integer(3)) && !set.insert(.text("a")))
    #expect(set.contains(.integer(1)) && !set.contains(.integer(2)) && set.contains(.text("a")))
    #expect(set.ordered == [.integer(3), .integer(1), .text("a")])
    var rows = RowSet()
    #expect(rows.insert(5) && rows.insert(700) && !rows.insert(5) && rows.insert(0))
  }
}
