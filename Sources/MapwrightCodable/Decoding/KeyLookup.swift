// Finding an object's member by key, the way Foundation does (the first of repeated keys
// wins) but without building a dictionary per object.
//
// Objects of up to `smallObject` members are searched from their first member each time.
// Types usually ask for their keys in the order the JSON has them, so each search starts
// after the member the previous search found (kept in the container's `KeyHint`) and wraps
// around.
// Starting anywhere but the first member could find a later copy of a repeated key, so the
// first time that happens in an object the object is checked for repeated keys once; if it
// has any, its searches always start from the first member.

import MapwrightJSON

/// Where a keyed container's last key search ended, in its state (a reused container keeps
/// it from one object of its type to the next).
struct KeyHint {
  /// The object's tape index (-1: none yet).
  var object = -1
  /// Tape index of the member key after the last one found.
  var nextKey = 0
  /// Whether the object repeats a key: -1 not known yet, 0 no, 1 yes.
  var repeated: Int8 = -1
  /// The last object checked for repeated keys, and the answer (kept when the hint moves to
  /// the next object: objects of one type usually have the same keys).
  var checked = -1
  var checkedRepeats = false
  /// Comparisons with the last checked object that found different keys, in a row; after
  /// two, the objects are assumed to differ and are no longer compared.
  var shapeMisses: UInt8 = 0
}

extension CodableDecoder {
  static var smallObject: UInt32 { 6 }

  /// The tape index of the value of the member of `object` named `name` (UTF-8), or nil.
  /// `hint` is the asking container's (see `KeyHint`).
  func member(of object: Int, named name: UnsafeBufferPointer<UInt8>, hint: inout KeyHint) -> Int? {
    let tape = raw.tape
    let entry = tape[object]
    guard entry.length > 0 else { return nil }
    let first = object + 1
    let end = Int(entry.next)
    // Small objects: a search from the first member costs less than keeping hints and
    // checking for repeated keys, and always finds the first of a repeated key.
    if entry.length <= Self.smallObject { return search(from: first, first: first, end: end, name).map { $0 + 1 } }
    if hint.object != object {
      hint.object = object
      hint.nextKey = first
      hint.repeated = entry.length == 1 ? 0 : -1
    }
    let start = hint.repeated == 1 || hint.nextKey >= end ? first : hint.nextKey
    // Most types ask for the key that follows the last one found.
    var keyIndex: Int
    if keyEquals(start, name) {
      keyIndex = start
    } else {
      guard let found = search(from: start, first: first, end: end, name) else { return nil }
      keyIndex = found
    }
    if start != first, hint.repeated != 0 {
      if hint.repeated == -1 {
        hint.repeated = repeatsKeysCached(object, &hint) ? 1 : 0
      }
      if hint.repeated == 1 { keyIndex = search(from: first, first: first, end: end, name) ?? keyIndex }
    }
    hint.nextKey = Int(tape[keyIndex + 1].next)
    return keyIndex + 1
  }

  /// `repeatsKeys`, remembered for the last object the same container checked: a container
  /// is reused for the objects of one type, which usually have the same keys in the same
  /// order, and comparing two key sequences costs less than hashing one.
  private func repeatsKeysCached(_ object: Int, _ hint: inout KeyHint) -> Bool {
    let checked = hint.checked
    if checked >= 0, hint.shapeMisses < 2 {
      if sameKeys(object, checked) {
        hint.shapeMisses = 0
        return hint.checkedRepeats
      }
      hint.shapeMisses += 1
    }
    let repeats = repeatsKeys(object)
    hint.checked = object
    hint.checkedRepeats = repeats
    return repeats
  }

  /// Whether two objects have the same keys, byte for byte, in the same order.
  private func sameKeys(_ a: Int, _ b: Int) -> Bool {
    let tape = raw.tape
    let count = tape[a].length
    guard count == tape[b].length else { return false }
    var keyA = a + 1
    var keyB = b + 1
    for _ in 0..<Int(count) {
      let entryA = tape[keyA]
      let entryB = tape[keyB]
      guard entryA.header == entryB.header, entryA.length == entryB.length,
        memoryEqual(raw.bytes + Int(entryA.offset), raw.bytes + Int(entryB.offset), Int(entryA.length))
      else { return false }
      keyA = Int(tape[keyA + 1].next)
      keyB = Int(tape[keyB + 1].next)
    }
    return true
  }

  /// Whether the object at `object` names a key twice: one pass, each key's length and
  /// first and last bytes hashed into a table on the stack, colliding keys compared in full.
  /// Escaped keys are compared by their text.
  private func repeatsKeys(_ object: Int) -> Bool {
    let tape = raw.tape
    let count = Int(tape[object].length)
    let inputCount = document.byteCount
    var size = 16
    while size < count * 2 { size <<= 1 }
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: size) { table in
      table.initialize(repeating: .max)
      var keyIndex = object + 1
      for _ in 0..<count {
        let key = tape[keyIndex]
        guard key.isPlainString else {
          return document.value(atTapeIndex: object).hasRepeatedKeys
        }
        let start = raw.bytes + Int(key.offset)
        let length = Int(key.length)
        // The key's first eight bytes (fewer near the end of the input) and its length.
        var word: UInt64 = 0
        if Int(key.offset) + 8 <= inputCount {
          word = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
          if length < 8 { word &= (1 << (UInt64(length) * 8)) &- 1 }
        } else {
          for i in 0..<min(length, 8) { word |= UInt64(start[i]) << (UInt64(i) * 8) }
        }
        // Many keys share a prefix ("profile_…"): the last eight bytes count too.
        if length > 8 { word ^= UnsafeRawPointer(start + length - 8).loadUnaligned(as: UInt64.self) &* 0x94D0_49BB_1331_11EB }
        let hash = (word ^ UInt64(length) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        var slot = Int(truncatingIfNeeded: hash >> 40) & (size - 1)
        while table[slot] != .max {
          let other = tape[Int(table[slot])]
          if Int(other.length) == length, length == 0 || memoryEqual(start, raw.bytes + Int(other.offset), length) {
            return true
          }
          slot = (slot + 1) & (size - 1)
        }
        table[slot] = UInt32(truncatingIfNeeded: keyIndex)
        keyIndex = Int(tape[keyIndex + 1].next)
      }
      return false
    }
  }

  /// The tape index of the first key equal to `name`, searching `start..<end` then
  /// `first..<start`.
  private func search(from start: Int, first: Int, end: Int, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
    let tape = raw.tape
    var keyIndex = start
    var wrapped = start == first
    while true {
      if keyIndex >= end {
        if wrapped { return nil }
        wrapped = true
        keyIndex = first
      }
      if wrapped, start != first, keyIndex >= start { return nil }
      if keyEquals(keyIndex, name) { return keyIndex }
      keyIndex = Int(tape[keyIndex + 1].next)
    }
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
