// Finding an object's member by key, the way Foundation does (the first of repeated keys
// wins) but without building a dictionary of `String`s per object.
//
// Objects of up to `smallObject` members are searched from their first member each time.
// A larger object gets a table of its keys the first time it is searched: open addressing on
// each key's hash (`RawJSON.keyHash` of its bytes), every key inserted in document order, so
// that of equal keys the first is met first along a probe sequence, and found first. The
// table's memory is the asking container's (`KeyTable`), reused from one object to the next.
// An object with an escaped key (whose bytes are not its text) is searched from its first
// member instead.

import MapwrightJSON

/// The key table of the object a keyed container searched last (see the header comment).
/// Each slot holds a key's tape index in its low 32 bits and the top 32 bits of its hash in
/// its high ones; 0 is an empty slot (index 0 is the document's root, never a key).
struct KeyTable {
  /// The object's tape index (-1: none yet), and whether its keys are in `slots` (false for
  /// an object with an escaped key).
  var object = -1
  var indexed = false
  var slots: UnsafeMutablePointer<UInt64>?
  var capacity = 0

  /// Frees the slots (called by the container's state when it goes).
  func deallocate() { slots?.deallocate() }

  /// The hash a key's `count` bytes at `start` have in the table (none are read when
  /// `count` is 0).
  @inline(__always)
  static func hash(_ start: UnsafePointer<UInt8>?, count: Int) -> UInt64 {
    RawJSON.keyHash(start ?? UnsafePointer(bitPattern: 1)!, count: count)
  }
}

extension CodableDecoder {
  static var smallObject: UInt32 { 6 }

  /// The tape index of the value of the member of `object` named `name` (UTF-8), or nil.
  /// `table` is the asking container's (see `KeyTable`); `hash` is the name's
  /// (`KeyTable.hash`), when the caller knows it. Inlined: the usual case, an object whose
  /// table is made, is a probe of the table.
  @inline(__always)
  func member(of object: Int, named name: UnsafeBufferPointer<UInt8>, hash known: UInt64? = nil, table: inout KeyTable) -> Int? {
    if table.object == object, table.indexed, let slots = table.slots {
      return probe(slots, mask: table.capacity &- 1, hash: known ?? KeyTable.hash(name.baseAddress, count: name.count), name)
    }
    return memberWithoutTable(of: object, named: name, table: &table)
  }

  /// `member(of:…)` in an object whose table is not made: a small object (searched), an
  /// object searched for the first time (its table is made), one with an escaped key.
  @inline(never)
  private func memberWithoutTable(of object: Int, named name: UnsafeBufferPointer<UInt8>, table: inout KeyTable) -> Int? {
    let entry = raw.tape[object]
    guard entry.length > 0 else { return nil }
    let first = object + 1
    let end = Int(entry.next)
    // Small objects: a search from the first member costs less than a table.
    if entry.length <= Self.smallObject { return search(from: first, end: end, name).map { $0 + 1 } }
    if table.object != object { index(object, count: Int(entry.length), into: &table) }
    guard table.indexed, let slots = table.slots else { return search(from: first, end: end, name).map { $0 + 1 } }
    return probe(slots, mask: table.capacity &- 1, hash: KeyTable.hash(name.baseAddress, count: name.count), name)
  }

  /// The value's tape index of the first key in the table `slots` equal to `name`.
  @inline(__always)
  private func probe(_ slots: UnsafeMutablePointer<UInt64>, mask: Int, hash: UInt64, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
    let tag = hash >> 32
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let filled = slots[slot]
      if filled == 0 { return nil }
      if filled >> 32 == tag {
        let keyIndex = Int(truncatingIfNeeded: filled & 0xFFFF_FFFF)
        if keyEquals(keyIndex, name) { return keyIndex + 1 }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Fills `table` with the keys of `object` (`count` members), in document order.
  private func index(_ object: Int, count: Int, into table: inout KeyTable) {
    table.object = object
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    if capacity > table.capacity {
      table.deallocate()
      table.slots = .allocate(capacity: capacity)
      table.capacity = capacity
    }
    let slots = table.slots!
    let mask = table.capacity - 1
    slots.initialize(repeating: 0, count: table.capacity)
    let tape = raw.tape
    var keyIndex = object + 1
    for _ in 0..<count {
      let key = tape[keyIndex]
      guard key.isPlainString else {
        table.indexed = false
        return
      }
      let hash = RawJSON.keyHash(raw.bytes + Int(key.offset), count: Int(key.length))
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = (hash >> 32) << 32 | UInt64(truncatingIfNeeded: keyIndex)
      keyIndex = Int(tape[keyIndex + 1].next)
    }
    table.indexed = true
  }

  /// The tape index of the first key equal to `name` in `start..<end`.
  private func search(from start: Int, end: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
    let tape = raw.tape
    var keyIndex = start
    while keyIndex < end {
      if keyEquals(keyIndex, name) { return keyIndex }
      keyIndex = Int(tape[keyIndex + 1].next)
    }
    return nil
  }

  @inline(__always)
  private func keyEquals(_ keyIndex: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let key = raw.tape[keyIndex]
    if key.isPlainString {
      return Int(key.length) == name.count
        && (name.count == 0 || memoryEqual(raw.bytes + Int(key.offset), name.baseAddress!, name.count))
    }
    guard var text = raw.string(at: keyIndex) else { return false }
    return text.withUTF8 { $0.elementsEqual(name) }
  }
}
