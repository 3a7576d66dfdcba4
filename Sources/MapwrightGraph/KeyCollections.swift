// Compact collections of primary keys for an import's bookkeeping: integer keys (the common
// case) are held as Int64 — in a plain array or a bitmap when they are dense, else in hash
// tables of their own — and text keys as strings, so a million keys cost megabytes, not a
// hundred. `IntSet` also records which row ids an import wrote (a bitmap while they are
// dense, as ids handed out in order are; keys that are row ids may not be).

import MapwrightJSON

/// A map from primary keys to row ids. Integer keys inside a reserved dense range (ids are
/// usually consecutive) sit in a plain array indexed by key; other integer keys go to a hash
/// table, text keys to a dictionary.
struct KeyMap {
  private static let empty = Int64.min
  /// Values of the keys `denseBase ..< denseBase + dense.count` (`empty`: no entry).
  private var denseBase: Int64 = 0
  private var dense: [Int64] = []
  private var integers = IntTable()
  /// Text keys by their bytes, as the store compares TEXT.
  var texts: [ByteKey: Int64] = [:]
  private(set) var count = 0

  init() {}

  /// A map with direct slots for the integer keys in `range`, when the range is at most
  /// four times `expected` keys wide (else every integer key is hashed).
  init(denseRange range: ClosedRange<Int64>?, expected: Int) {
    guard let range else { return }
    let width = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    guard width < UInt64(max(expected, 16)) * 4 else { return }
    denseBase = range.lowerBound
    dense = Array(repeating: Self.empty, count: Int(width) + 1)
  }

  subscript(key: PrimaryKeyValue) -> Int64? {
    get {
      switch key {
      case .integer(let value): self[value]
      case .text(let value): texts[ByteKey(value)]
      }
    }
    set {
      guard let newValue else { return }  // removal is not needed by imports
      switch key {
      case .integer(let value): self[value] = newValue
      case .text(let value):
        if texts.updateValue(newValue, forKey: ByteKey(value)) == nil { count += 1 }
      }
    }
  }

  /// The value of an integer key. (Values are never removed and never `Int64.min`.)
  subscript(key: Int64) -> Int64? {
    get {
      let offset = UInt64(bitPattern: key &- denseBase)  // wraps: keys below the base land far above
      if offset < UInt64(dense.count) {
        let value = dense.withUnsafeBufferPointer { $0[Int(offset)] }
        return value == Self.empty ? nil : value
      }
      return integers[key]
    }
    set {
      guard let newValue else { return }
      let offset = UInt64(bitPattern: key &- denseBase)
      if offset < UInt64(dense.count) {
        if dense[Int(offset)] == Self.empty { count += 1 }
        dense[Int(offset)] = newValue
      } else {
        let before = integers.count
        integers[key] = newValue
        count += integers.count - before
      }
    }
  }

  /// Calls `body` with every entry (integer keys first).
  func forEach(_ body: (PrimaryKeyValue, Int64) -> Void) {
    for (offset, value) in dense.enumerated() where value != Self.empty { body(.integer(denseBase &+ Int64(offset)), value) }
    integers.forEach { body(.integer($0), $1) }
    for (key, value) in texts { body(.text(key.text), value) }
  }
}

/// Keys in the order they came, repeats included, with the range of the integer ones.
struct KeyList {
  var integers: [Int64] = []
  var texts: [String] = []
  private(set) var integerRange: ClosedRange<Int64>?

  var count: Int { integers.count + texts.count }

  mutating func append(_ key: PrimaryKeyValue) {
    switch key {
    case .integer(let value):
      integers.append(value)
      if let range = integerRange {
        if value < range.lowerBound {
          integerRange = value...range.upperBound
        } else if value > range.upperBound {
          integerRange = range.lowerBound...value
        }
      } else {
        integerRange = value...value
      }
    case .text(let value): texts.append(value)
    }
  }

  /// Calls `body` with every key, integer keys first.
  func forEach(_ body: (PrimaryKeyValue) throws -> Void) rethrows {
    for key in integers { try body(.integer(key)) }
    for key in texts { try body(.text(key)) }
  }
}

/// A set of primary keys: integer keys in an `IntSet` (a bitmap when they are dense), text
/// keys in a set that remembers the order they came.
struct KeySet {
  private var integers = IntSet()
  private var texts: Set<ByteKey> = []  // by bytes, as the store compares TEXT
  private var textOrder: [String] = []

  var count: Int { integers.count + texts.count }

  /// Inserts `key`; true when it was not there.
  @discardableResult
  mutating func insert(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value): return integers.insert(value)
    case .text(let value):
      guard texts.insert(ByteKey(value)).inserted else { return false }
      textOrder.append(value)
      return true
    }
  }

  func contains(_ key: PrimaryKeyValue) -> Bool {
    switch key {
    case .integer(let value): integers.contains(value)
    case .text(let value): texts.contains(ByteKey(value))
    }
  }

  /// Calls `body` with every key: integer keys first (those of the bitmap ascending), then
  /// text keys in the order they came.
  func forEach(_ body: (PrimaryKeyValue) throws -> Void) rethrows {
    try integers.forEach { try body(.integer($0)) }
    for key in textOrder { try body(.text(key)) }
  }
}

/// An open-addressing hash table from Int64 keys to Int64 values, with a cheap
/// multiplicative hash that keeps neighbouring keys together: an import looks keys up several times per object, and the
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
  private func slot(_ key: Int64) -> Int { groupedSlot(key, mask) }

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

  /// Calls `body` with every key and value.
  func forEach(_ body: (Int64, Int64) -> Void) {
    for entry in slots where entry.value != Self.empty { body(entry.key, entry.value) }
  }

  private mutating func resize(to size: Int) {
    let old = slots
    slots = Array(repeating: Slot(key: 0, value: Self.empty), count: size)
    mask = size - 1
    count = 0
    for entry in old where entry.value != Self.empty { self[entry.key] = entry.value }
  }
}

/// The slot of `key` in a table of `mask + 1` slots. Keys that differ only in their two low
/// bits land in one group of four adjacent slots (consecutive ids, the common case, share
/// cache lines); the groups are spread by a multiplicative hash of the other bits.
@inline(__always)
func groupedSlot(_ key: Int64, _ mask: Int) -> Int {
  let bits = UInt64(bitPattern: key)
  let group = ((bits >> 2) &* 0x9E37_79B9_7F4A_7C15) >> 20
  return Int(truncatingIfNeeded: group << 2 | bits & 3) & mask
}

/// A set of Int64 keys. Non-negative keys below a limit set by the count (dense ids, the
/// common case) are bits of a bitmap — an eighth of a byte a key; the others sit in an
/// open-addressing table of eight bytes a slot (`Int64.min`, which marks an empty slot, is
/// remembered apart).
struct IntSet {
  private static let empty = Int64.min
  /// Bit `k` of the bitmap: key `k` is in the set.
  private var words: [UInt64] = []
  private var slots: [Int64] = []
  private var mask = 0
  private var hashedCount = 0
  private var hasEmptyMarker = false
  private(set) var count = 0

  func contains(_ key: Int64) -> Bool {
    if key >= 0, Int(key >> 6) < words.count {
      if words.withUnsafeBufferPointer({ $0[Int(key >> 6)] }) & (1 << UInt64(key & 63)) != 0 { return true }
    }
    return hashedContains(key)
  }

  private func hashedContains(_ key: Int64) -> Bool {
    if key == Self.empty { return hasEmptyMarker }
    guard hashedCount > 0 else { return false }
    return slots.withUnsafeBufferPointer { slots in
      var index = groupedSlot(key, mask)
      while true {
        let entry = slots[index]
        if entry == key { return true }
        if entry == Self.empty { return false }
        index = (index + 1) & mask
      }
    }
  }

  /// Inserts `key`; true when it was not there.
  @discardableResult
  mutating func insert(_ key: Int64) -> Bool {
    if key >= 0 {
      let word = Int(key >> 6)
      if word >= words.count, bitmapMayGrow(toWords: word + 1) {
        words.append(contentsOf: repeatElement(0, count: max(word + 1, words.count * 2) - words.count))
      }
      if word < words.count {
        let bit = UInt64(1) << UInt64(key & 63)
        if words[word] & bit != 0 || (hashedCount > 0 && hashedContains(key)) { return false }
        words[word] |= bit
        count += 1
        return true
      }
    }
    guard insertHashed(key) else { return false }
    count += 1
    return true
  }

  /// The bitmap may cover `words` words while it costs no more than the keys would hashed
  /// (16 bytes a key at the table's load), or 64 KB.
  private func bitmapMayGrow(toWords words: Int) -> Bool {
    words * 8 <= max(1 << 16, 16 * (count + 1))
  }

  private mutating func insertHashed(_ key: Int64) -> Bool {
    if key == Self.empty {
      defer { hasEmptyMarker = true }
      return !hasEmptyMarker
    }
    if (hashedCount + 1) * 2 > slots.count { resize(to: IntTable.tableSize(for: hashedCount + 1)) }
    let mask = mask
    let inserted = slots.withUnsafeMutableBufferPointer { slots in
      var index = groupedSlot(key, mask)
      while slots[index] != Self.empty {
        if slots[index] == key { return false }
        index = (index + 1) & mask
      }
      slots[index] = key
      return true
    }
    if inserted { hashedCount += 1 }
    return inserted
  }

  /// Calls `body` with every key: the bitmap's ascending, then the others.
  func forEach(_ body: (Int64) throws -> Void) rethrows {
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        try body(Int64(index) << 6 | Int64(rest.trailingZeroBitCount))
        rest &= rest - 1
      }
    }
    for key in slots where key != Self.empty { try body(key) }
    if hasEmptyMarker { try body(Self.empty) }
  }

  private mutating func resize(to size: Int) {
    let old = slots
    slots = Array(repeating: Self.empty, count: size)
    mask = size - 1
    hashedCount = 0
    for key in old where key != Self.empty { _ = insertHashed(key) }
  }
}
