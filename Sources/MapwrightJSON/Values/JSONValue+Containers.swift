extension JSONValue {
  /// The number of elements of an array or members of an object; 0 for other kinds.
  public var count: Int {
    let entry = entry
    return entry.kind == .array || entry.kind == .object ? Int(entry.length) : 0
  }

  /// The member named `key` of an object (the first one if the key is repeated), or nil.
  ///
  /// Lookup compares UTF-8 bytes in place and allocates nothing.
  public subscript(key: String) -> JSONValue? {
    var key = key
    return key.withUTF8 { member(named: $0) }
  }

  /// The member whose key has the UTF-8 bytes `key`, or nil.
  public func member(named key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    let entry = entry
    guard entry.kind == .object else { return nil }
    let tape = document.tape
    return document.withInput { bytes in
      var keyIndex = index + 1
      for _ in 0..<Int(entry.length) {
        let keyEntry = tape[keyIndex]
        if stringEntry(keyEntry, in: bytes, equals: key) {
          return JSONValue(document: document, index: keyIndex + 1)
        }
        keyIndex = Int(tape[keyIndex + 1].next)
      }
      return nil
    }
  }

  /// The member named `key`, searched from the member whose key is at tape index `hint`
  /// onwards and then from the start: when a model reads keys in document order, each lookup
  /// finds its key first time. On return `hint` points after the member found.
  ///
  /// Only for objects without repeated keys (see `hasRepeatedKeys`): with a repeated key the
  /// search could find a later occurrence where `subscript(key:)` finds the first.
  package func member(named key: UnsafeBufferPointer<UInt8>, hint: inout Int) -> JSONValue? {
    let entry = entry
    guard entry.kind == .object, entry.length > 0 else { return nil }
    let tape = document.tape
    let first = index + 1
    let end = Int(entry.next)
    let start = hint > index && hint < end ? hint : first
    return document.withInput { bytes in
      var keyIndex = start
      var wrapped = false
      while true {
        if keyIndex >= end {
          if wrapped || start == first { return nil }
          wrapped = true
          keyIndex = first
        }
        if wrapped && keyIndex >= start { return nil }
        let next = Int(tape[keyIndex + 1].next)
        if stringEntry(tape[keyIndex], in: bytes, equals: key) {
          hint = next
          return JSONValue(document: document, index: keyIndex + 1)
        }
        keyIndex = next
      }
    }
  }

  /// Whether an object names some key twice. One pass: each key's length and first and last
  /// bytes go into a small hash table on the stack; keys whose summaries collide are compared
  /// in full.
  package var hasRepeatedKeys: Bool {
    let entry = entry
    guard entry.kind == .object, entry.length > 1 else { return false }
    let count = Int(entry.length)
    var size = 8
    while size < count * 2 { size <<= 1 }
    let tape = document.tape
    return document.withInput { bytes in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { table in
        table.initialize(repeating: -1)
        var keyIndex = index + 1
        for _ in 0..<count {
          let key = tape[keyIndex]
          if key.has(TapeFlag.hasEscapes | TapeFlag.needsRepair) { return true }  // rare: be safe
          let start = Int(key.offset)
          let length = Int(key.length)
          var summary = UInt64(length) &* 0x9E37_79B9_7F4A_7C15
          if length > 0 {
            summary ^= UInt64(bytes[start]) &* 0xBF58_476D_1CE4_E5B9
            summary ^= UInt64(bytes[start + length - 1]) &* 0x94D0_49BB_1331_11EB
            summary ^= UInt64(bytes[start + length / 2]) << 17
          }
          var slot = Int(truncatingIfNeeded: summary >> 7) & (size - 1)
          while table[slot] >= 0 {
            let other = tape[table[slot]]
            if Int(other.length) == length
              && (length == 0 || memoryEqual(bytes.baseAddress! + start, bytes.baseAddress! + Int(other.offset), length))
            {
              return true
            }
            slot = (slot + 1) & (size - 1)
          }
          table[slot] = keyIndex
          keyIndex = Int(tape[keyIndex + 1].next)
        }
        return false
      }
    }
  }

  /// The element at `index` of an array, or nil when out of bounds or not an array.
  /// Reaching element `i` skips the `i` elements before it, one step each.
  public subscript(index: Int) -> JSONValue? {
    let entry = entry
    guard entry.kind == .array, index >= 0, index < Int(entry.length) else { return nil }
    var element = self.index + 1
    for _ in 0..<index { element = Int(document.tape[element].next) }
    return JSONValue(document: document, index: element)
  }

  /// The elements of an array in order (empty for other kinds).
  public var elements: Elements { Elements(array: self) }

  /// The members of an object in document order, duplicates included (empty for other kinds).
  public var members: Members { Members(object: self) }

  /// The elements of an array.
  public struct Elements: Sequence, Sendable {
    let array: JSONValue

    /// The number of elements.
    public var count: Int { array.kind == .array ? array.count : 0 }

    /// An iterator over the elements in order.
    public func makeIterator() -> Iterator {
      Iterator(document: array.document, position: array.index + 1, remaining: count)
    }

    /// Steps through the elements of an array.
    public struct Iterator: IteratorProtocol {
      let document: JSONDocument
      var position: Int
      var remaining: Int

      /// The next element, or nil after the last.
      public mutating func next() -> JSONValue? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let value = JSONValue(document: document, index: position)
        position = Int(document.tape[position].next)
        return value
      }
    }
  }

  /// One member of an object: its key and value.
  public struct Member: Sendable {
    /// The key as a string view (compare or decode it without allocating).
    public let keyValue: JSONValue
    /// The member's value.
    public let value: JSONValue
    /// The key's text.
    public var key: String { keyValue.stringValue ?? "" }
  }

  /// The members of an object.
  public struct Members: Sequence, Sendable {
    let object: JSONValue

    /// The number of members (duplicates included).
    public var count: Int { object.kind == .object ? object.count : 0 }

    /// An iterator over the members in document order.
    public func makeIterator() -> Iterator {
      Iterator(document: object.document, position: object.index + 1, remaining: count)
    }

    /// Steps through the members of an object.
    public struct Iterator: IteratorProtocol {
      let document: JSONDocument
      var position: Int
      var remaining: Int

      /// The next member, or nil after the last.
      public mutating func next() -> Member? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let key = JSONValue(document: document, index: position)
        let value = JSONValue(document: document, index: position + 1)
        position = Int(document.tape[position + 1].next)
        return Member(keyValue: key, value: value)
      }
    }
  }
}
