// Member walking for the readers that `@JSONModel` generates: one pass over an object's
// members, each key matched against the model's key table without allocating.

extension JSONDocument {
  /// The value at tape index `index` (for readers that keep an index, not a view).
  @usableFromInline
  package func value(atTapeIndex index: Int) -> JSONValue {
    JSONValue(document: self, index: index)
  }
}

extension JSONValue {
  /// The value's tape index (for readers that keep an index, not a view).
  @usableFromInline
  package var tapeIndex: Int { index }

  /// The tape index of the first member's key (meaningful for a non-empty object).
  @usableFromInline
  package var firstMemberKeyIndex: Int { index + 1 }

  /// The value at tape index `index` of the same document.
  @usableFromInline
  package func value(atTapeIndex index: Int) -> JSONValue {
    JSONValue(document: document, index: index)
  }

  /// The value of the member whose key is at `keyIndex`.
  @usableFromInline
  package func memberValue(keyIndex: Int) -> JSONValue {
    JSONValue(document: document, index: keyIndex + 1)
  }

  /// The key of the member whose key is at `keyIndex`, as a string view.
  @usableFromInline
  package func memberKey(keyIndex: Int) -> JSONValue {
    JSONValue(document: document, index: keyIndex)
  }

  /// The number of the field whose key equals the key at `keyIndex`, or nil. `keyBytes` holds
  /// the field keys one after another, `keyStarts[i]..<keyStarts[i + 1]` being field `i`'s;
  /// field `guess` is tried first (models usually read keys in document order).
  @usableFromInline
  package func field(
    ofKeyAt keyIndex: Int, keyBytes: UnsafeBufferPointer<UInt8>, keyStarts: UnsafeBufferPointer<Int>, guess: Int
  ) -> Int? {
    let key = document.tape[keyIndex]
    let fieldCount = keyStarts.count - 1
    return document.withInput { bytes in
      @inline(__always) func matches(_ field: Int, _ pointer: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let start = keyStarts[field]
        return keyStarts[field + 1] - start == length
          && (length == 0 || memoryEqual(pointer, keyBytes.baseAddress! + start, length))
      }
      func search(_ pointer: UnsafePointer<UInt8>, _ length: Int) -> Int? {
        if guess < fieldCount, matches(guess, pointer, length) { return guess }
        for field in 0..<fieldCount where field != guess && matches(field, pointer, length) { return field }
        return nil
      }
      guard key.has(TapeFlag.hasEscapes | TapeFlag.needsRepair) else {
        return search(bytes.baseAddress! + Int(key.offset), Int(key.length))
      }
      let text = decodeStringEntry(key, in: bytes)
      var utf8 = Array(text.utf8)
      return utf8.withUnsafeMutableBufferPointer { search($0.baseAddress!, $0.count) }
    }
  }
}
