// Raw access to a document for the decoders that `@JSONModel` generates: the input bytes and
// the tape as pointers, valid only inside `JSONDocument._withRawAccess`. The fast paths here
// read the common cases — a string without escapes, an integer literal, a double, a bool —
// and answer nil for anything else, leaving the full engine (coercion, errors with paths) to
// handle it. They never accept what the engine would reject.

extension _MapwrightRuntime {
  /// Pointers into one parsed document, for use inside `JSONDocument._withRawAccess` only.
  public struct RawJSON {
    @usableFromInline package let bytes: UnsafePointer<UInt8>
    @usableFromInline package let tape: UnsafePointer<TapeEntry>
    /// `smallStringLayoutHolds`, read once per document rather than once per string.
    @usableFromInline let buildsSmallStrings: Bool

    @inlinable
    init(bytes: UnsafePointer<UInt8>, tape: UnsafePointer<TapeEntry>) {
      self.bytes = bytes
      self.tape = tape
      buildsSmallStrings = smallStringLayoutHolds
    }

    // The one-entry reads below are always inlined: each is a load and a compare, and the
    // generated initialisers call them for every member.

    /// The tape index after the value at `index` (its next sibling).
    @inlinable @inline(__always)
    public func next(after index: Int) -> Int { Int(tape[index].next) }

    /// The element or member count of the container at `index` (0 for scalars).
    @inlinable @inline(__always)
    public func count(at index: Int) -> Int {
      let entry = tape[index]
      return entry.kind == .array || entry.kind == .object ? Int(entry.length) : 0
    }

    /// Whether the value at tape index `index` is an array.
    @inlinable @inline(__always)
    public func isArray(at index: Int) -> Bool { tape[index].kind == .array }

    /// Whether the value at tape index `index` is an object.
    @inlinable @inline(__always)
    public func isObject(at index: Int) -> Bool { tape[index].kind == .object }

    /// Whether the value at tape index `index` is `null`.
    @inlinable @inline(__always)
    public func isNull(at index: Int) -> Bool { tape[index].kind == .null }

    /// A string without escapes or repairs, or nil.
    @inlinable @inline(__always)
    public func plainString(at index: Int) -> String? {
      let entry = tape[index]
      guard entry.isPlainString else { return nil }
      return stringOfValidUTF8(
        UnsafeBufferPointer(start: bytes + Int(entry.offset), count: Int(entry.length)), isASCII: !entry.has(TapeFlag.nonASCII),
        buildsSmallStrings: buildsSmallStrings)
    }

    /// Any string (escapes resolved), or nil for another kind.
    @inlinable
    public func string(at index: Int) -> String? {
      if let plain = plainString(at: index) { return plain }
      let entry = tape[index]
      guard entry.kind == .string else { return nil }
      return decodeStringEntry(entry, in: UnsafeBufferPointer(start: bytes, count: Int(entry.offset) + Int(entry.length)))
    }

    /// An integer literal of up to 18 digits that fits `T`, or nil.
    @inlinable
    public func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) -> T? {
      let entry = tape[index]
      guard entry.header & 0xF == TapeKind.number.rawValue, entry.has(TapeFlag.integerLiteral) else { return nil }
      var p = bytes + Int(entry.offset)
      var length = Int(entry.length)
      let negative = p[0] == UInt8(ascii: "-")
      if negative {
        p += 1
        length -= 1
      }
      guard length <= 18 else { return nil }
      var magnitude: Int64 = 0
      for i in 0..<length { magnitude = magnitude &* 10 &+ Int64(p[i] &- UInt8(ascii: "0")) }
      return T(exactly: negative ? -magnitude : magnitude)
    }

    /// A number as the nearest Double, when that is finite; nil for another kind.
    @inlinable @inline(__always)
    public func double(at index: Int) -> Double? {
      let entry = tape[index]
      guard entry.kind == .number else { return nil }
      return readDouble(UnsafeBufferPointer(start: bytes + Int(entry.offset), count: Int(entry.length)))
    }

    /// The boolean at tape index `index`, or nil for another kind.
    @inlinable @inline(__always)
    public func bool(at index: Int) -> Bool? {
      switch tape[index].kind {
      case .true: true
      case .false: false
      default: nil
      }
    }

    /// Whether the key at `keyIndex` is field `field`'s (both plain: an escaped key answers
    /// false, and `field(ofKeyAt:…)` compares its text).
    @inlinable @inline(__always)
    public func key(at keyIndex: Int, is field: Int, keyBytes: UnsafePointer<UInt8>, keyStarts: UnsafePointer<Int>) -> Bool {
      let key = tape[keyIndex]
      let start = keyStarts[field]
      let length = Int(key.length)
      return key.isPlainString && keyStarts[field &+ 1] &- start == length
        && (length == 0 || memoryEqual(bytes + Int(key.offset), keyBytes + start, length))
    }

    /// The field whose key equals the key at `keyIndex` (see `JSONValue.field(ofKeyAt:…)`):
    /// `guess` first, then every other; -1 for none, nil for an escaped key.
    @inlinable
    public func field(ofKeyAt keyIndex: Int, keyBytes: UnsafePointer<UInt8>, keyStarts: UnsafePointer<Int>, fieldCount: Int, guess: Int) -> Int? {
      guard tape[keyIndex].isPlainString else { return nil }  // escaped keys: the slow path
      if guess < fieldCount, key(at: keyIndex, is: guess, keyBytes: keyBytes, keyStarts: keyStarts) { return guess }
      for field in 0..<fieldCount where field != guess && key(at: keyIndex, is: field, keyBytes: keyBytes, keyStarts: keyStarts) {
        return field
      }
      return -1
    }

    /// `field(ofKeyAt:…)` for a key that is not the guessed field's, through a hash table of
    /// the fields' keys: `slots` holds field indices at `keyHash(key) & slotMask` and after
    /// (linear probing, -1 for an empty slot), each field inserted in order, so that of equal
    /// keys the first field is found first, as in the search through every field. -1 for none,
    /// nil for an escaped key.
    @inlinable
    package func field(
      ofKeyAt keyIndex: Int, keyBytes: UnsafePointer<UInt8>, keyStarts: UnsafePointer<Int>, slots: UnsafePointer<Int32>,
      slotMask: Int
    ) -> Int? {
      let key = tape[keyIndex]
      guard key.isPlainString else { return nil }  // escaped keys: the slow path
      var slot = Int(truncatingIfNeeded: Self.keyHash(bytes + Int(key.offset), count: Int(key.length))) & slotMask
      while true {
        let field = Int(slots[slot])
        if field < 0 { return -1 }
        if self.key(at: keyIndex, is: field, keyBytes: keyBytes, keyStarts: keyStarts) { return field }
        slot = (slot + 1) & slotMask
      }
    }

    /// A hash of `count` key bytes at `start`, for the table `field(ofKeyAt:…slots:…)` reads:
    /// the length and the first and last eight bytes (fewer for short keys, with overlapping
    /// loads that stay within the key).
    @inlinable @inline(__always)
    package static func keyHash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
      @inline(__always) func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> UInt64 {
        UInt64(UnsafeRawPointer(start + offset).loadUnaligned(as: T.self))
      }
      let word: UInt64
      if count >= 8 {
        word = load(0, UInt64.self) ^ (load(count - 8, UInt64.self) &* 0x9E37_79B9_7F4A_7C15)
      } else if count >= 4 {
        word = load(0, UInt32.self) | load(count - 4, UInt32.self) << 32
      } else if count >= 2 {
        word = load(0, UInt16.self) | load(count - 2, UInt16.self) << 16
      } else {
        word = count == 1 ? UInt64(start[0]) : 0
      }
      var hash = (word ^ UInt64(truncatingIfNeeded: count) << 56) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      return hash
    }

    /// `keyHash` of `count` bytes at `start`, which may be nil when `count` is 0 (an empty
    /// buffer's address): no byte is read then.
    @inlinable @inline(__always)
    package static func keyHash(at start: UnsafePointer<UInt8>?, count: Int) -> UInt64 {
      keyHash(start ?? UnsafePointer(bitPattern: 1)!, count: count)
    }
  }
}

extension JSONDocument {
  /// Calls `body` with raw pointers to the input and tape; they must not escape it.
  @inlinable
  public func _withRawAccess<R, E: Error>(_ body: (_MapwrightRuntime.RawJSON) throws(E) -> R) throws(E) -> R {
    try withInput { (buffer) throws(E) -> R in
      try body(_MapwrightRuntime.RawJSON(bytes: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, tape: UnsafePointer(tape.entries)))
    }
  }
}
