// Finding an object's member by key, the way Foundation does (the first of repeated keys
// wins) but without building a dictionary per object.
//
// Types usually ask for their keys in the order the JSON has them, so each search starts
// after the member the previous search found (kept per depth in `hints`) and wraps around.
// Starting anywhere but the first member could find a later copy of a repeated key, so the
// first time that happens in an object the object is checked for repeated keys once; if it
// has any, its searches always start from the first member.

import MapwrightJSON

/// Where the last key search in an object at some depth ended.
struct KeyHint {
  /// The object's tape index (-1: none yet).
  var object = -1
  /// Tape index of the member key after the last one found.
  var nextKey = 0
  /// Whether the object repeats a key: -1 not known yet, 0 no, 1 yes.
  var repeated: Int8 = -1
}

extension CodableDecoder {
  /// The tape index of the value of the member of `object` named `name` (UTF-8), or nil.
  func member(of object: Int, named name: UnsafeBufferPointer<UInt8>, depth: Int) -> Int? {
    let tape = raw.tape
    let entry = tape[object]
    guard entry.length > 0 else { return nil }
    let first = object + 1
    let end = Int(entry.next)
    while hints.count <= depth { hints.append(KeyHint()) }
    var hint = hints[depth]
    if hint.object != object {
      hint = KeyHint(object: object, nextKey: first, repeated: entry.length == 1 ? 0 : -1)
    }
    let start = hint.repeated == 1 || hint.nextKey >= end ? first : hint.nextKey
    guard let found = search(from: start, first: first, end: end, name) else {
      hints[depth] = hint
      return nil
    }
    var keyIndex = found
    if start != first, hint.repeated != 0 {
      if hint.repeated == -1 {
        hint.repeated = document.value(atTapeIndex: object).hasRepeatedKeys ? 1 : 0
      }
      if hint.repeated == 1 { keyIndex = search(from: first, first: first, end: end, name) ?? found }
    }
    hint.nextKey = Int(tape[keyIndex + 1].next)
    hints[depth] = hint
    return keyIndex + 1
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
    if key.header == TapeKind.string.rawValue {
      return Int(key.length) == name.count
        && (name.count == 0 || memoryEqual(raw.bytes + Int(key.offset), name.baseAddress!, name.count))
    }
    guard var text = raw.string(at: keyIndex) else { return false }
    return text.withUTF8 { $0.elementsEqual(name) }
  }
}
