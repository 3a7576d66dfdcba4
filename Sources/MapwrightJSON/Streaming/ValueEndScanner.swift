// Where a JSON value ends, found without parsing it: the one structural scan under the stream
// splitter (values that arrive in chunks, so the state survives between calls) and the
// import's payload scanner (values of a payload in memory). It follows strings and their
// escapes and counts nesting; a bare scalar ends at whitespace or punctuation. It validates
// nothing else: each value it delimits is then parsed strictly on its own.
//
// Inside a container, whole blocks of 64 bytes are read at once (StructuralBlock.swift: the
// strings and escapes of a block from bit masks, then only its brackets visited); a block
// that the masks cannot read as JSON would, and the last bytes of a buffer, are scanned a byte
// at a time. Both give the same ends, so the result never depends on how the bytes are cut.

/// The scan of one value, resumable from one buffer to the next.
///
/// ```swift
/// var scanner = ValueEndScanner(first: bytes[start])
/// let end = scanner.end(in: buffer, from: start + 1)   // nil: the value goes on past the buffer
/// ```
package struct ValueEndScanner: Sendable {
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var inScalar = false
  /// How blocks of 64 bytes are classified (tests compare the three ways).
  package var classifier = ByteClassifier.vector
  /// The deepest nesting the value may reach (its own first bracket is level 1): a bracket
  /// past it ends the scan there, at `tooDeepIndex`.
  package var depthLimit = Int.max
  /// The buffer index of the first bracket past `depthLimit`, once found.
  package private(set) var tooDeepIndex: Int?

  /// A scan of the value whose first byte is `first` (consumed: the scan goes on after it).
  package init(first: UInt8) {
    switch first {
    case UInt8(ascii: "\""): inString = true
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1
    default: inScalar = true
    }
  }

  /// Limits the value's nesting to `limit` levels (its first byte, at `index`, is level 1
  /// when it opens a container).
  package mutating func limitDepth(to limit: Int, firstAt index: Int) {
    depthLimit = limit
    if depth > limit { tooDeepIndex = index }
  }

  /// Whether the value is a bare scalar (a number or a literal), which only the next byte
  /// (or the end of the input) ends.
  package var isScalar: Bool { inScalar }

  /// The index just past the value's last byte, scanning `buffer` from `start`; nil when the
  /// value goes on past the buffer (the state is kept for the next bytes).
  package mutating func end(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress else { return nil }
    let count = buffer.count
    if inScalar {
      for i in start..<max(start, count) {
        let byte = base[i]
        if Self.isWhitespace(byte) || Self.isStructural(byte) || byte == 0x1E { return i }
      }
      return nil
    }
    var i = start
    // Inside a container, 64 bytes at a time (StructuralBlock.swift); a block with a
    // backslash outside strings, and the last bytes of the buffer, a byte at a time.
    while depth > 0, classifier != .none, i + 64 <= count {
      var escaped = escaped
      var inString = inString
      let block = StructuralBlock(base + i, classifier: classifier, escaped: &escaped, inString: &inString)
      if block.hasBackslashOutsideStrings {
        if let end = scanBytes(base, from: i, to: i + 64) { return end }
        i += 64
        continue
      }
      // The brackets in order (a few per block; counting them would need a population count,
      // which baseline x86-64 lacks).
      let closes = block.closes
      var brackets = block.opens | closes
      while brackets != 0 {
        let bit = brackets.trailingZeroBitCount
        depth += 1 - 2 * Int((closes >> UInt64(bit)) & 1)
        if depth == 0 { return i + bit + 1 }
        if depth > depthLimit {
          tooDeepIndex = i + bit
          return i + bit + 1
        }
        brackets &= brackets &- 1
      }
      self.escaped = escaped
      self.inString = inString
      i += 64
    }
    return scanBytes(base, from: i, to: count)
  }

  /// The byte-at-a-time scan of `base[start..<limit]`, with the state kept in locals
  /// (registers) and stored back when no end is found.
  private mutating func scanBytes(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int) -> Int? {
    var i = start
    var depth = depth
    var inString = inString
    var escaped = escaped
    while i < limit {
      if inString {
        if escaped {
          escaped = false
          i += 1
          continue
        }
        // Eight bytes at a time to the next quote or backslash (most of a document is
        // string bytes).
        while i + 8 <= limit {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          if Self.hasByte(word, 0x22) | Self.hasByte(word, 0x5C) != 0 { break }
          i += 8
        }
        while i < limit {
          let byte = base[i]
          i += 1
          if byte == UInt8(ascii: "\\") {
            escaped = true
            break
          }
          if byte == UInt8(ascii: "\"") {
            inString = false
            if depth == 0 { return i }
            break
          }
        }
        continue
      }
      let byte = base[i]
      i += 1
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > depthLimit {
          tooDeepIndex = i - 1
          return i
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return i }
      default: break
      }
    }
    self.depth = depth
    self.inString = inString
    self.escaped = escaped
    return nil
  }

  /// Nonzero when one of the eight bytes of `word` is `byte` (the classic zero-byte test on
  /// the word with `byte` xored out; it may also flag a byte after a match, never miss one).
  @inline(__always)
  static func hasByte(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// JSON's four whitespace bytes.
  @inline(__always)
  package static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  /// Punctuation, and the quote that starts a string: the bytes that end a bare scalar.
  @inline(__always)
  package static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"),
      UInt8(ascii: "\""):
      true
    default: false
    }
  }
}
