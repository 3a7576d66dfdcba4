// A table of property names for `properties` and `additionalProperties`: an open-addressing
// hash table over the names' UTF-8 bytes (FNV-1a), looked up with a member's raw key bytes
// straight from the parse, so that no `String` is made per member (a key over 15 bytes
// would be a heap allocation). Keys are compared by their bytes, that is by code points, as
// JSON Schema compares names; a key written with escapes is decoded first. A class, so that
// a keyword holding one copies one reference.

import MapwrightJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class SchemaKeyTable: Sendable {
  /// Every name's bytes, one after another; name i is `bytes[starts[i]..<starts[i + 1]]`.
  private let bytes: [UInt8]
  private let starts: [Int]
  /// The names (each once, in the order given) and their values.
  let names: [String]
  let values: [Int]
  /// Entry indexes by hash, -1 where empty. Plain integers, so a lookup retains nothing.
  private let slots: [Int32]
  private let mask: Int
  let count: Int

  init(_ entries: [(String, Int)]) {
    var capacity = 8
    while capacity < entries.count * 2 { capacity <<= 1 }
    mask = capacity - 1
    var slots = [Int32](repeating: -1, count: capacity)
    var bytes: [UInt8] = []
    var starts = [0]
    var values: [Int] = []
    var names: [String] = []
    for (key, value) in entries {
      let name = Array(key.utf8)
      var slot = name.withUnsafeBufferPointer { Self.hash($0) } & mask
      var repeated = false
      while slots[slot] >= 0 {
        let entry = Int(slots[slot])
        if Array(bytes[starts[entry]..<starts[entry + 1]]) == name {
          repeated = true
          break
        }
        slot = (slot + 1) & mask
      }
      if repeated { continue }
      slots[slot] = Int32(values.count)
      bytes += name
      starts.append(bytes.count)
      values.append(value)
      names.append(key)
    }
    self.bytes = bytes
    self.starts = starts
    self.values = values
    self.names = names
    self.slots = slots
    count = values.count
  }

  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  /// The value stored for the UTF-8 bytes `key`, or nil.
  func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = Self.hash(key) & mask
    return bytes.withUnsafeBufferPointer { names in
      while true {
        let entry = Int(slots[slot])
        guard entry >= 0 else { return nil }
        let start = starts[entry]
        if starts[entry + 1] - start == key.count,
          key.isEmpty || memcmp(names.baseAddress! + start, key.baseAddress!, key.count) == 0
        {
          return values[entry]
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The value stored for a member's key (the key's tape index in `instance`), or nil.
  @inline(__always)
  func value(forKey key: Int, in instance: SchemaInstance) -> Int? {
    instance.withText(key) { value(for: $0) }
  }
}
