// Compact collections of primary keys for an import's bookkeeping: integer keys (the common
// case) are held as Int64 in their own tables, text keys as strings, so a million keys cost
// a few tens of megabytes, not a hundred. `RowSet` records which row ids were written as a
// bitmap (row ids are dense).

/// A map from primary keys to row ids.
struct KeyMap {
  var integers: [Int64: Int64] = [:]
  var texts: [String: Int64] = [:]

  subscript(key: PrimaryKeyValue) -> Int64? {
    get {
      switch key {
      case .integer(let value): integers[value]
      case .text(let value): texts[value]
      }
    }
    set {
      switch key {
      case .integer(let value): integers[value] = newValue
      case .text(let value): texts[value] = newValue
      }
    }
  }

  var count: Int { integers.count + texts.count }

  mutating func merge(_ other: [PrimaryKeyValue: Int64]) {
    for (key, id) in other where self[key] == nil { self[key] = id }
  }
}

/// A set of primary keys that remembers the order keys were first inserted.
struct KeySet {
  var integers: Set<Int64> = []
  var texts: Set<String> = []
  var integerOrder: [Int64] = []
  var textOrder: [String] = []

  var isEmpty: Bool { integers.isEmpty && texts.isEmpty }

  /// Inserts `key`; true when it was not there.
  @discardableResult
  mutating func insert(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value):
      guard integers.insert(value).inserted else { return false }
      integerOrder.append(value)
    case .text(let value):
      guard texts.insert(value).inserted else { return false }
      textOrder.append(value)
    }
    return true
  }

  func contains(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value): integers.contains(value)
    case .text(let value): texts.contains(value)
    }
  }

  /// The keys in the order they were first inserted.
  var ordered: [PrimaryKeyValue] { integerOrder.map { .integer($0) } + textOrder.map { .text($0) } }
}

/// Row ids written so far, as a growing bitmap.
struct RowSet {
  var words: [UInt64] = []

  /// Inserts `id`; true when it was not there.
  mutating func insert(_ id: Int64) -> Bool {
    guard id >= 0 else { return false }
    let word = Int(id >> 6)
    let bit = UInt64(1) << UInt64(id & 63)
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count))) }
    if words[word] & bit != 0 { return false }
    words[word] |= bit
    return true
  }
}
