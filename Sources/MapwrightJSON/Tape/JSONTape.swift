// The structural tape: the parser's only output.
//
// The parser makes one pass over the UTF-8 input and appends one fixed-size entry per JSON
// value, in document order (a pre-order walk of the value tree). Nothing is converted while
// parsing: a string entry records where its raw bytes are and whether they hold escapes; a
// number entry records where its text is and whether it is a plain integer literal. Strings
// and numbers are decoded only when a value is read.
//
// Each entry is 16 bytes: four UInt32 words.
//
//   header  bits 0-3: kind (null, true, false, number, string, array, object); bits 8-15: flags
//           (strings: escapes, repair, beyond ASCII; numbers: integer literal, minus sign)
//   offset  byte offset of the value in the input (strings: the first byte after the quote)
//   length  strings: raw byte length between the quotes; numbers: length of the text;
//           arrays: element count; objects: member count
//   next    tape index of the entry that follows this value's subtree (its next sibling)
//
// An object's members are stored as alternating key (string) and value entries. `next`
// makes skipping a whole subtree O(1), so walking the members of an object or the elements of
// an array touches only their own entries.
//
// Worked example, input `{"a":[1,true],"b\n":null}` (byte offsets in brackets):
//
//   index  kind    offset  length  next
//   0      object  [0]     2       7      2 members; the whole document ends before index 7
//   1      string  [2]     1       2      key "a"
//   2      array   [5]     2       5      2 elements
//   3      number  [6]     1       4      text "1", flag: integer literal
//   4      true    [8]     0       5
//   5      string  [15]    3       6      key "b\n", flag: has escapes (raw bytes `b\n`)
//   6      null    [20]    0       7
//
// Offsets and indices are 32-bit, so one document is limited to 4 GiB of input; a larger
// input is rejected with an error, never truncated.

/// The kind of a tape entry (the low four bits of its header).
@usableFromInline
package enum TapeKind: UInt32 {
  case null = 0
  case `true` = 1
  case `false` = 2
  case number = 3
  case string = 4
  case array = 5
  case object = 6
}

/// Flags stored in bits 8 and up of an entry's header.
@usableFromInline
package enum TapeFlag {
  /// A string whose raw bytes contain at least one backslash escape.
  @usableFromInline package static let hasEscapes: UInt32 = 1 << 8
  /// A string that holds invalid UTF-8 or a lone surrogate escape, accepted only because the
  /// parser was told to replace invalid Unicode; reading it substitutes U+FFFD.
  @usableFromInline package static let needsRepair: UInt32 = 1 << 9
  /// A number written as an integer literal: no fraction and no exponent.
  @usableFromInline package static let integerLiteral: UInt32 = 1 << 10
  /// A number with a leading minus sign.
  @usableFromInline package static let negative: UInt32 = 1 << 11
  /// A string whose text holds a character beyond ASCII (a byte of 0x80 or more, or an
  /// escape of U+0080 or more). Without it, the text is ASCII, and a `String` made of it
  /// says so (the standard library then compares and hashes it on its fastest paths).
  @usableFromInline package static let nonASCII: UInt32 = 1 << 12
}

/// One 16-byte tape entry; see the header comment of this file.
@usableFromInline
package struct TapeEntry {
  @usableFromInline package var header: UInt32
  @usableFromInline package var offset: UInt32
  @usableFromInline package var length: UInt32
  @usableFromInline package var next: UInt32

  // Read for every value decoded: always inlined (left to itself, the compiler calls it).
  @inlinable @inline(__always)
  package var kind: TapeKind { TapeKind(rawValue: header & 0xF).unsafelyUnwrapped }

  @inlinable @inline(__always)
  package func has(_ flag: UInt32) -> Bool { header & flag != 0 }

  /// A string read as its raw bytes: no escapes and nothing to repair (ASCII or not).
  @inlinable @inline(__always)
  package var isPlainString: Bool { header & ~TapeFlag.nonASCII == TapeKind.string.rawValue }
}

/// The finished tape of one document. Immutable once the parser hands it over.
@usableFromInline
package final class Tape: @unchecked Sendable {
  @usableFromInline package let entries: UnsafeMutablePointer<TapeEntry>
  @usableFromInline package let count: Int

  init(entries: UnsafeMutablePointer<TapeEntry>, count: Int) {
    self.entries = entries
    self.count = count
  }

  deinit { entries.deallocate() }

  @inlinable
  package subscript(index: Int) -> TapeEntry {
    _read { yield entries[index] }
  }
}

/// The growable buffer the parser appends to.
struct TapeBuilder: ~Copyable {
  private(set) var entries: UnsafeMutablePointer<TapeEntry>
  private(set) var count = 0
  private var capacity: Int

  init(estimatedInputSize: Int) {
    // Typical documents hold one value per 6 to 12 bytes; start there and grow by doubling.
    capacity = max(16, estimatedInputSize / 8)
    entries = .allocate(capacity: capacity)
  }

  deinit { entries.deallocate() }

  @inline(__always)
  mutating func append(_ kind: TapeKind, flags: UInt32 = 0, offset: Int, length: Int = 0) -> Int {
    if count == capacity { grow() }
    let index = count
    entries[index] = TapeEntry(
      header: kind.rawValue | flags, offset: UInt32(truncatingIfNeeded: offset),
      length: UInt32(truncatingIfNeeded: length), next: UInt32(truncatingIfNeeded: index &+ 1))
    count = index &+ 1
    return index
  }

  /// Records the element or member count of a container and the index after its subtree.
  @inline(__always)
  mutating func close(_ index: Int, count elementCount: Int) {
    entries[index].length = UInt32(truncatingIfNeeded: elementCount)
    entries[index].next = UInt32(truncatingIfNeeded: count)
  }

  /// Forgets every entry, keeping the buffer.
  mutating func removeAll() { count = 0 }

  /// Makes room for `more` entries, which `appendReserved` then appends without checking.
  mutating func reserve(_ more: Int) {
    while capacity - count < more { grow() }
  }

  /// `append`, where `reserve` made room.
  @inline(__always)
  mutating func appendReserved(_ kind: TapeKind, flags: UInt32 = 0, offset: Int, length: Int = 0) -> Int {
    let index = count
    entries[index] = TapeEntry(
      header: kind.rawValue | flags, offset: UInt32(truncatingIfNeeded: offset),
      length: UInt32(truncatingIfNeeded: length), next: UInt32(truncatingIfNeeded: index &+ 1))
    count = index &+ 1
    return index
  }

  @inline(never)
  private mutating func grow() {
    let newCapacity = capacity * 2
    let newEntries = UnsafeMutablePointer<TapeEntry>.allocate(capacity: newCapacity)
    newEntries.moveInitialize(from: entries, count: count)
    entries.deallocate()
    entries = newEntries
    capacity = newCapacity
  }

  /// Hands the entries over to an immutable `Tape`.
  consuming func finish() -> Tape {
    let tape = Tape(entries: entries, count: count)
    discard self
    return tape
  }
}
