// A table of property names for `properties` and `additionalProperties`: an open-addressing
// hash table over the names' UTF-8 bytes (FNV-1a), looked up with a member's raw key bytes
// straight from the parse, so that no `String` is made per member (a key over 15 bytes
// would be a heap allocation). Keys are compared by their bytes, that is by code points, as
// JSON Schema compares names; a key written with escapes is decoded first.

import MapwrightJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct SchemaKeyTable: Sendable {
  private var slots: [(key: [UInt8], value: Int)?]
  private let mask: Int
  let count: Int

  init(_ entries: [(String, Int)]) {
    var capacity = 8
    while capacity < entries.count * 2 { capacity <<= 1 }
    mask = capacity - 1
    slots = Array(repeating: nil, count: capacity)
    count = entries.count
    for (key, value) in entries {
      let bytes = Array(key.utf8)
      var slot = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
      while let occupied = slots[slot], occupied.key != bytes { slot = (slot + 1) & mask }
      slots[slot] = (bytes, value)
    }
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  /// The value stored for the UTF-8 bytes `key`, or nil.
  func value(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = Self.hash(key) & mask
    while let occupied = slots[slot] {
      if occupied.key.count == key.count,
        occupied.key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) || key.isEmpty
      {
        return occupied.value
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The value stored for a member's key (a string value of the parse), or nil.
  func value(forKey key: JSONValue) -> Int? {
    var escaped = false
    let found =
      key.withUnsafeRawStringBytes { raw -> Int? in
        if raw.contains(UInt8(ascii: "\\")) {
          escaped = true
          return nil
        }
        return value(for: raw)
      } ?? nil
    guard escaped, var text = key.stringValue else { return found }
    return text.withUTF8 { value(for: $0) }
  }
}
