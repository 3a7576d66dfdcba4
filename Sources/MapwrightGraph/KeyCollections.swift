// Compact collections of primary keys for an import's bookkeeping: integer keys (the common
// case) are held as Int64 in their own tables, text keys as strings, so a million keys cost
// a few tens of megabytes, not a hundred. `RowSet` records which row ids were written as a
// bitmap (row ids are dense).

/// A map from primary keys to row ids.
struct KeyMap {
  var integers = IntTable()
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
  /// Integer keys, each mapped to 1 (an `IntTable` used as a set).
  var integers = IntTable()
  var texts: Set<String> = []
  var integerOrder: [Int64] = []
  var textOrder: [String] = []

  var isEmpty: Bool { integers.count == 0 && texts.isEmpty }

  /// Inserts `key`; true when it was not there.
  @discardableResult
  mutating func insert(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value):
      guard integers[value] == nil else { return false }
      integers[value] = 1
      integerOrder.append(value)
    case .text(let value):
      guard texts.insert(value).inserted else { return false }
      textOrder.append(value)
    }
    return true
  }

  func contains(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value): integers[value] != nil
    case .text(let value): texts.contains(value)
    }
  }

  /// The keys in the order they were first inserted.
  var ordered: [PrimaryKeyValue] { integerOrder.map { .integer($0) } + textOrder.map { .text($0) } }
}

/// Row ids written so far, as a growing bitmap.
struct RowSet {
  var words: [UInt64] = []

  func contains(_ id: Int64) -> Bool {
    guard id >= 0, Int(id >> 6) < words.count else { return false }
    return words[Int(id >> 6)] & (UInt64(1) << UInt64(id & 63)) != 0
  }

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

/// An open-addressing hash table from Int64 keys to Int64 values, with a cheap
/// multiplicative hash: an import looks keys up several times per object, and the
/// standard Dictionary's seeded hashing was a tenth of the import's time. Each slot holds
/// its key and value side by side (one cache line per probe); an empty slot's value is
/// `Int64.min`, which no row id is.
struct IntTable {
  private struct Slot {
    var key: Int64
    var value: Int64
  }

  private static let empty = Int64.min
  private var slots: [Slot] = []
  private(set) var count = 0
  private var mask = 0

  init(capacity: Int = 0) {
    if capacity > 0 { resize(to: Self.tableSize(for: capacity)) }
  }

  static func tableSize(for count: Int) -> Int {
    var size = 16
    while size < count * 2 { size <<= 1 }
    return size
  }

  @inline(__always)
  private func slot(_ key: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }

  subscript(key: Int64) -> Int64? {
    get {
      guard count > 0 else { return nil }
      return slots.withUnsafeBufferPointer { slots in
        var index = slot(key)
        while true {
          let entry = slots[index]
          if entry.value == Self.empty { return nil }
          if entry.key == key { return entry.value }
          index = (index + 1) & mask
        }
      }
    }
    set {
      guard let newValue else { return }  // removal is not needed by imports
      precondition(newValue != Self.empty, "IntTable cannot hold Int64.min")
      if (count + 1) * 2 > slots.count { resize(to: Self.tableSize(for: count + 1)) }
      let mask = mask
      let start = slot(key)
      let inserted = slots.withUnsafeMutableBufferPointer { slots in
        var index = start
        while slots[index].value != Self.empty {
          if slots[index].key == key {
            slots[index].value = newValue
            return false
          }
          index = (index + 1) & mask
        }
        slots[index] = Slot(key: key, value: newValue)
        return true
      }
      if inserted { count += 1 }
    }
  }

  private mutating func resize(to size: Int) {
    let old = slots
    slots = Array(repeating: Slot(key: 0, value: Self.empty), count: size)
    mask = size - 1
    count = 0
    for entry in old where entry.value != Self.empty { self[entry.key] = entry.value }
  }
}
