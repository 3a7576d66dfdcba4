// A small table from types to values, for the decoder's per-type answers (which types are
// collections, the keyed container kept for each key type): a lookup costs a few
// instructions, where asking the runtime costs hundreds.
//
// Open addressing on the type's metadata address, mixed by MurmurHash3's finalizer (metadata
// laid out by the compiler sits at a fixed stride, often 144 bytes, which a plain Fibonacci
// hash sends to the same or neighbouring slots). A type is looked for in `probes` slots from
// its own; when all of them hold other types, the first one is replaced.

final class TypeTable<Value> {
  private static var size: Int { 16 }
  private static var probes: Int { 4 }
  /// Per slot, the type's address (0: empty) and its value.
  private let types: UnsafeMutablePointer<UInt>
  fileprivate let values: UnsafeMutablePointer<Value?>

  init() {
    types = .allocate(capacity: Self.size)
    types.initialize(repeating: 0, count: Self.size)
    values = .allocate(capacity: Self.size)
    values.initialize(repeating: nil, count: Self.size)
  }

  deinit {
    types.deallocate()
    values.deinitialize(count: Self.size)
    values.deallocate()
  }

  @inline(__always)
  private static func home(of key: UInt) -> Int {
    var bits = UInt64(key)
    bits ^= bits >> 33
    bits &*= 0xFF51_AFD7_ED55_8CCD
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits >> UInt64(64 - size.trailingZeroBitCount))
  }

  /// The value kept for `type`, or nil.
  @inline(__always)
  func value(for type: ObjectIdentifier) -> Value? {
    guard let slot = slot(of: type) else { return nil }
    return values[slot]
  }

  /// The slot that holds `type`, or nil.
  @inline(__always)
  fileprivate func slot(of type: ObjectIdentifier) -> Int? {
    let key = UInt(bitPattern: type)
    let home = Self.home(of: key)
    for probe in 0..<Self.probes {
      let slot = (home + probe) & (Self.size - 1)
      if types[slot] == key { return slot }
      if types[slot] == 0 { return nil }
    }
    return nil
  }

  /// Keeps `value` for `type`, in place of the type's earlier value if it has one.
  func set(_ value: Value, for type: ObjectIdentifier) {
    let key = UInt(bitPattern: type)
    let home = Self.home(of: key)
    var chosen = home
    for probe in 0..<Self.probes {
      let slot = (home + probe) & (Self.size - 1)
      if types[slot] == key || types[slot] == 0 {
        chosen = slot
        break
      }
    }
    types[chosen] = key
    values[chosen] = value
  }
}

extension TypeTable where Value: AnyObject {
  /// The object kept for `type`, not retained (the table keeps it), or nil.
  @inline(__always)
  func unretainedValue(for type: ObjectIdentifier) -> Unmanaged<Value>? {
    guard let slot = slot(of: type), let value = values[slot] else { return nil }
    return Unmanaged.passUnretained(value)
  }
}
