// Finding an object's member by key, the way Foundation does (the first of repeated keys
// wins) but without building a dictionary of `String`s per object.
//
// Objects of up to `smallObject` members are searched from their first member each time.
// A larger object gets a table of its keys the first time it is searched: open addressing on
// each key's hash (`_MapwrightRuntime.RawJSON.keyHash` of its bytes), the keys inserted in document order and a
// repeated key only once, so the first of equal keys is the one found. The table's memory is
// the asking container's (`KeyTable`), reused from one object to the next. An object with an
// escaped key (whose bytes are not its text), or whose keys crowd one part of the table, is
// searched from its first member instead: every way costs time linear in the object's size.

import MapwrightJSON

/// The key table of the object a keyed container searched last (see the header comment).
/// Each slot holds a key's tape index in its low 32 bits and the top 32 bits of its hash in
/// its high ones; 0 is an empty slot (index 0 is the document's root, never a key).
struct KeyTable {
  /// The object's tape index (-1: none yet), and whether its keys are in `slots` (false for
  /// an object with an escaped key, or whose keys crowd one part of the table).
  var object = -1
  var indexed = false
  var slots: UnsafeMutablePointer<UInt64>?
  /// The slots allocated, and the part of them the object uses (its size minus one).
  var capacity = 0
  var mask = 0

  /// Frees the slots (called by the container's state when it goes).
  func deallocate() { slots?.deallocate() }

  /// The hash a key's `count` bytes at `start` have in the table (none are read when
  /// `count` is 0).
  @inline(__always)
  static func hash(_ start: UnsafePointer<UInt8>?, count: Int) -> UInt64 {
    _MapwrightRuntime.RawJSON.keyHash(at: start, count: count)
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
      return probe(slots, mask: table.mask, hash: known ?? KeyTable.hash(name.baseAddress, count: name.count), name)
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
    return probe(slots, mask: table.mask, hash: KeyTable.hash(name.baseAddress, count: name.count), name)
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

  /// Fills `table` with the keys of `object` (`count` members), in document order. A repeated
  /// key is not inserted again (the first stays), so an object that repeats one key many
  /// times costs one probe per copy. Keys that pile up on one part of the table (hashes made
  /// to collide) would make each insertion walk the pile; past `maximumProbes` the table is
  /// given up and the object searched member by member, which is linear in its size.
  private func index(_ object: Int, count: Int, into table: inout KeyTable) {
    table.object = object
    table.indexed = false
    var size = 16
    while size < count * 2 { size <<= 1 }
    if size > table.capacity {
      table.deallocate()
      table.slots = .allocate(capacity: size)
      table.capacity = size
    }
    // Only this object's part of the slots is cleared and used: an earlier, larger object of
    // the same type does not make every later one pay for its size.
    let slots = table.slots!
    table.mask = size - 1
    let mask = table.mask
    slots.initialize(repeating: 0, count: size)
    let tape = raw.tape
    let input = raw.bytes
    var keyIndex = object + 1
    for _ in 0..<count {
      let key = tape[keyIndex]
      guard key.isPlainString else { return }
      let bytes = UnsafeBufferPointer(start: input + Int(key.offset), count: Int(key.length))
      let hash = KeyTable.hash(bytes.baseAddress, count: bytes.count)
      let tag = hash >> 32
      var slot = Int(truncatingIfNeeded: hash) & mask
      var probes = 0
      while true {
        let filled = slots[slot]
        if filled == 0 {
          slots[slot] = tag << 32 | UInt64(truncatingIfNeeded: keyIndex)
          break
        }
        // A repeated key: the first copy stays.
        if filled >> 32 == tag, keyEquals(Int(truncatingIfNeeded: filled & 0xFFFF_FFFF), bytes) { break }
        probes += 1
        if probes > Self.maximumProbes { return }
        slot = (slot &+ 1) & mask
      }
      keyIndex = Int(tape[keyIndex + 1].next)
    }
    table.indexed = true
  }

  /// How far an insertion into a key table may walk from its key's slot (see `index`).
  static var maximumProbes: Int { 32 }

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
