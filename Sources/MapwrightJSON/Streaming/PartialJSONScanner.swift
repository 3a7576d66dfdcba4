// The incremental scanner under partial decoding (`PartialDecoder` in the engine): one JSON
// document arrives in chunks, and after each chunk the model built so far is handed out.
//
// The scanner reads each byte once, keeping a stack of the containers still open (the
// "spine"). What it hands the engine at a snapshot is what changed since the last one, never
// the document again:
//
// - Each open container that the model builds in place ("tracked", decided by the model the
//   first time the container is seen at a snapshot) keeps the byte ranges of its children
//   completed since the last snapshot ("pending"); at the snapshot they are wrapped in `{}`
//   or `[]`, every level's in one text (`[{…},[…],…]`, parsed once a snapshot), and decoded
//   once, by the same engine as a whole decode.
// - A child still open at a snapshot is the spine's next level: the model descends into it by
//   its key or index. A tracked container that closes after a later snapshot hands over its
//   last pending children as a "closure", applied before the spine; one that closes before
//   the next snapshot is read whole into its parent's pending children, replacing what was
//   shown of it (so most small containers never cost a walk of their own).
// - A container the model does not build in place (an enum, a property with a transformer, a
//   key the model does not name) is read whole once it is complete, as a pending child of its
//   parent; nothing below it is tracked.
// - A string value still open is the "leaf": its text so far, cut before an escape, a
//   surrogate pair or a UTF-8 sequence that is not complete, decoded incrementally (only the
//   new bytes each time), and handed over with the part added since the last snapshot, which
//   the model adds to the string it shows (a long string costs what arrives, not its length
//   at every snapshot). Once complete, a string the model showed (`taken`, as levels are) is
//   finished the same way, by a walk of its own with its last text, instead of being read
//   whole again as a pending child: a long string is decoded once.
//
// - A member whose key repeats an earlier one of its object is scanned and never shown: a
//   whole decode reads the first (`DuplicateKeyPolicy.useFirst`), or fails (`.reject`: the
//   scanner stops there, and the decoder reports the parser's error once the object closes).
//
// So the work of a snapshot is bounded by what arrived since the last one, plus the depth of
// the spine: a document of n bytes costs O(n) however it is cut. Numbers, `true`, `false` and
// `null` are surfaced only once complete (a number at the end of a chunk may go on).
//
// The scanner checks the structure (brackets, commas, colons, what may start a value); the
// pending text's parse checks the rest (escapes, UTF-8, number grammar). On any error the
// decoder parses the whole text so far, so the error it reports is the one a whole decode
// reports, at the same place.

/// How a child of an open container is named: the key of a member (its index among the
/// snapshot's `keys`) or the index of an element. Plain values, so that a snapshot's levels
/// are copied and dropped without reference counting.
@usableFromInline
package enum PartialStep: Sendable, Hashable {
  case key(Int)
  case index(Int)
}

/// One open container in what a snapshot hands over.
@usableFromInline
package struct PartialLevel: Sendable {
  @usableFromInline package var isObject: Bool
  /// The children completed since the last snapshot: the index of their text (`{…}` or
  /// `[…]`) among the snapshot's pieces; nil when there are none.
  @usableFromInline package var pending: Int?
  /// The index of the first pending element (arrays).
  @usableFromInline package var pendingFirstIndex: Int
  /// The child still open, when it is a container or a string.
  @usableFromInline package var open: PartialStep?
  /// Seen for the first time: the model decides whether it builds it in place.
  @usableFromInline package var isNew: Bool
}

/// One walk from the root that a snapshot asks of the model: a closed container's last
/// children (`levels` ending at it), or the spine with the leaf string.
@usableFromInline
package struct PartialPass: Sendable {
  /// The walk's levels, root first: a range of the snapshot's `levels`.
  @usableFromInline package var levels: Range<Int>
  /// The open string's text so far, a child of the deepest level (of the root when there is
  /// no level).
  @usableFromInline package var leafText: String?
  /// The part of `leafText` decoded since the last snapshot, when an earlier snapshot showed
  /// the rest (nil when the string began since): what the model adds to the text it shows,
  /// so that a long string growing over many snapshots costs time in proportion to what
  /// arrives, not to its length at each.
  @usableFromInline package var leafAddition: String?

  package init(levels: Range<Int>, leafText: String?, leafAddition: String? = nil) {
    self.levels = levels
    self.leafText = leafText
    self.leafAddition = leafAddition
  }
}

/// What changed since the last snapshot: the walks it asks of the model (their levels in one
/// array, their members' keys in another), and the pending children of all their levels as
/// one JSON text, an array of pieces (nil when none). The arrays are the scanner's, lent
/// until the next scan: a decoder that lets go of them before then lets the scanner refill
/// them in place, so that a snapshot allocates nothing.
@usableFromInline
package struct PartialSnapshot {
  @usableFromInline package var levels: [PartialLevel]
  @usableFromInline package var keys: [String]
  @usableFromInline package var passes: [PartialPass]
  @usableFromInline package var pieces: [UInt8]?
}

/// A syntax error the scanner found at `offset` (the decoder parses the text for the
/// precise error).
@usableFromInline
package struct PartialScanError: Error {
  @usableFromInline package let offset: Int

  @usableFromInline
  package init(offset: Int) { self.offset = offset }
}

/// Reads a JSON document a chunk at a time; see the header comment.
@usableFromInline
package struct PartialJSONScanner {
  private enum State {
    case objectStart, objectKey, colon, objectValue, objectNext
    case arrayStart, arrayValue, arrayNext
  }

  private struct Level {
    var isObject: Bool
    var state: State
    var childIndex = 0
    /// The current child's first byte (a member's key quote).
    var childStart = 0
    /// The current member's key, between its quotes.
    var keyStart = 0
    var keyEnd = 0
    var keyHasEscapes = false
    /// The current member's key as text, once a snapshot needed it.
    var keyText: String?
    /// nil until a snapshot sees it; then whether the model builds it in place.
    var tracked: Bool?
    /// Tracked and still open at a later snapshot than the first: it gets its last children
    /// as a closure. One that closes before that is read whole into its parent instead (a
    /// small container costs no walk of its own, and is decoded at most twice).
    var firm = false
    /// Where this level's pending children start in `pendingRanges` (they run to the next
    /// level's start, or to the end for the top level).
    var pendingStart = 0
    var pendingFirstIndex = 0
    var lastPendingIndex = -2
    /// Where this object's member keys start in `memberKeys`; past `fewKeys` of them, their
    /// texts in a set as well (see `checkRepeatedKey`).
    var keysStart = 0
    var manyKeys: Set<ByteKey>?
    /// The current member's key repeats an earlier one's: under `DuplicateKeyPolicy.useFirst`
    /// its value is scanned but never shown (a whole decode reads the first).
    var repeated = false
  }

  private enum Token { case none, string, key, number, literal }

  /// A member key of an open object: its text's hash and where it is.
  private struct MemberKey {
    var hash: UInt64
    var range: Range<Int>
    var hasEscapes: Bool
  }

  /// The byte ranges of the open levels' pending children, level after level down the stack
  /// (only the top level adds to them; a level's are dropped when it closes, and all are
  /// handed over at a snapshot): one array for all, so that a container costs no allocation
  /// of its own.
  private var pendingRanges: [Range<Int>] = []

  /// The keys of the open objects' members, object after object down the stack (an object's
  /// are dropped when it closes): one array for all, so that a small object costs no
  /// allocation of its own.
  private var memberKeys: [MemberKey] = []

  /// Every byte so far (the decoder's whole decode at the end reads them too).
  @usableFromInline package private(set) var bytes: [UInt8] = []
  private var position = 0
  /// The open containers, bottom first (see `LevelStack`).
  private var levels = LevelStack()
  /// The open containers, read and changed in place through a pointer.
  private var stack: UnsafeMutablePointer<Level> {
    @inline(__always) get { levels.base }
  }
  /// How many containers are open.
  private var depth: Int {
    @inline(__always) get { levels.count }
  }

  /// The open containers' storage. An array of levels checked the buffer's uniqueness (a call
  /// into the runtime) and the index at each of the several changes a token makes; this
  /// storage is made the scanner's own once per call that changes it (`ownLevels`), and is
  /// then changed through a pointer.
  private final class LevelStack {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Level>
    @exclusivity(unchecked) private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
      base = .allocate(capacity: capacity)
      self.capacity = capacity
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }

    func push(_ level: Level) {
      if count == capacity {
        let grown = UnsafeMutablePointer<Level>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
      }
      (base + count).initialize(to: level)
      count += 1
    }

    func pop() -> Level {
      count -= 1
      return (base + count).move()
    }

    func copy() -> LevelStack {
      let copy = LevelStack(capacity: capacity)
      copy.base.initialize(from: base, count: count)
      copy.count = count
      return copy
    }
  }

  /// Makes the levels' storage the scanner's own (a copied scanner shares it until then).
  private mutating func ownLevels() {
    if !isKnownUniquelyReferenced(&levels) { levels = levels.copy() }
  }
  private var token = Token.none
  private var afterBackslash = false
  /// Where the open string's last three escapes begin (their backslashes), latest first; -1
  /// where it has fewer. Enough to tell where its text can be cut (`decodeLeaf`).
  private var recentEscapes = (-1, -1, -1)
  private var stringHasEscapes = false
  private var rootStarted = false
  /// A tracked container closed since the last snapshot: its path (levels in `outLevels`),
  /// and its last children (the pending children of the path's last level, a range of
  /// `closurePending`).
  private var closures: [(pass: PartialPass, pending: Range<Int>)] = []
  private var closurePending: [Range<Int>] = []
  /// The open string's text decoded so far, and the offset it reaches.
  private var leafText = ""
  private var leafDecodedEnd = 0
  /// Whether a snapshot showed part of the open string already.
  private var leafShown = false
  /// Whether the model showed the open string as it grew (at the last snapshot): then, once
  /// complete, it is finished by adding its last text to what the model shows, not read whole
  /// again as a pending child (which would decode a long string twice).
  private var leafTaken = false
  /// Where the root's closing quote is, once the root, a string, is complete.
  private var rootStringEnd: Int?
  private var checkedByteOrderMark = false
  private let maximumDepth: Int
  private let allowsTrailingCommas: Bool
  private let allowsByteOrderMark: Bool
  private let rejectsDuplicateKeys: Bool
  private let partialStrings: Bool
  /// What the last snapshot handed over, kept to be refilled by the next (the decoder drops
  /// its references to them in between, so they are changed in place).
  private var pieceText: [UInt8] = []
  private var pieceCount = 0
  private var passes: [PartialPass] = []
  /// The levels of the closures since the last snapshot and of the snapshot's spine, and the
  /// keys their steps name (see `PartialSnapshot`): the first `outLevelCount` and
  /// `outKeyCount` of them (the arrays keep their length and are overwritten, which costs
  /// less than emptying them at every snapshot).
  private var outLevels: [PartialLevel] = []
  private var outKeys: [String] = []
  private var outLevelCount = 0
  private var outKeyCount = 0

  @usableFromInline
  package init(parsing: JSONParsingOptions, partialStrings: Bool) {
    maximumDepth = parsing.maximumDepth
    allowsTrailingCommas = parsing.allowsTrailingCommas
    allowsByteOrderMark = parsing.allowsByteOrderMark
    rejectsDuplicateKeys = parsing.duplicateKeys == .reject
    self.partialStrings = partialStrings
  }

  /// Reads the next bytes of the document.
  @usableFromInline
  package mutating func append(_ chunk: some Sequence<UInt8>) throws(PartialScanError) {
    keep(chunk)
    try scan()
  }

  /// Keeps the next bytes without reading them (after an error, while the decoder waits for
  /// the bytes that word it).
  @usableFromInline
  package mutating func keep(_ chunk: some Sequence<UInt8>) {
    // Contiguous chunks (arrays, their slices, `Data`, a string's UTF-8) in one copy.
    let copied: Bool? = chunk.withContiguousStorageIfAvailable {
      bytes.append(contentsOf: $0)
      return true
    }
    if copied == nil { bytes.append(contentsOf: chunk) }
  }

  // MARK: Scanning

  private mutating func scan() throws(PartialScanError) {
    if !checkedByteOrderMark {
      if bytes.count < 3, JSONError.byteOrderMark.starts(with: bytes) { return }
      checkedByteOrderMark = true
      if allowsByteOrderMark, bytes.starts(with: JSONError.byteOrderMark) { position = 3 }
    }
    let count = bytes.count
    guard position < count else { return }
    ownLevels()
    // A second reference to the bytes, read while the state changes (they do not change
    // during a scan, so nothing is copied).
    let text = bytes
    try text.withUnsafeBufferPointer { (buffer) throws(PartialScanError) in
      let base = buffer.baseAddress!
      while position < count {
        switch token {
        case .string, .key:
          if afterBackslash {
            afterBackslash = false
            position += 1
            continue
          }
          // To the next quote or backslash, eight bytes at a time first.
          var index = position
          while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if ValueEndScanner.hasByte(word, 0x22) | ValueEndScanner.hasByte(word, 0x5C) != 0 { break }
            index += 8
          }
          while index < count, base[index] != 0x22, base[index] != 0x5C { index += 1 }
          position = index
          guard index < count else { return }
          if base[index] == 0x5C {
            recentEscapes = (index, recentEscapes.0, recentEscapes.1)
            afterBackslash = true
            stringHasEscapes = true
            position += 1
            continue
          }
          position += 1
          try endString(at: index)
        case .number, .literal:
          var index = position
          while index < count, isScalarByte(base[index]) { index += 1 }
          position = index
          guard index < count else { return }
          token = .none
          completeValue(end: index)
        case .none:
          var index = position
          // Whitespace; indentation eight spaces at a time.
          while index < count {
            if index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
              index += 8
            } else if ValueEndScanner.isWhitespace(base[index]) {
              index += 1
            } else {
              break
            }
          }
          position = index
          guard index < count else { return }
          try structural(base[index])
        }
      }
    }
  }

  /// Bytes a number or a literal can hold (the parse checks the grammar).
  @inline(__always)
  private func isScalarByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2E || byte == 0x2B || byte == 0x2D
  }

  /// The byte after whitespace, outside any string or scalar.
  @inline(__always)
  private mutating func structural(_ byte: UInt8) throws(PartialScanError) {
    guard depth > 0 else {
      guard !rootStarted else { throw PartialScanError(offset: position) }
      rootStarted = true
      return try beginValue(byte)
    }
    let top = depth - 1
    switch stack[top].state {
    case .objectStart, .objectKey:
      if byte == 0x7D, stack[top].state == .objectStart || allowsTrailingCommas { return close(isObject: true) }
      guard byte == 0x22 else { throw PartialScanError(offset: position) }
      stack[top].childStart = position
      stack[top].keyStart = position + 1
      if stack[top].keyText != nil { stack[top].keyText = nil }
      stack[top].repeated = false
      stringHasEscapes = false
      token = .key
      position += 1
    case .colon:
      guard byte == 0x3A else { throw PartialScanError(offset: position) }
      stack[top].state = .objectValue
      position += 1
    case .objectValue:
      try beginValue(byte)
    case .arrayStart, .arrayValue:
      if byte == 0x5D, stack[top].state == .arrayStart || allowsTrailingCommas { return close(isObject: false) }
      stack[top].childStart = position
      try beginValue(byte)
    case .objectNext, .arrayNext:
      let isObject = stack[top].isObject
      if byte == (isObject ? 0x7D : 0x5D) { return close(isObject: isObject) }
      guard byte == 0x2C else { throw PartialScanError(offset: position) }
      stack[top].state = isObject ? .objectKey : .arrayValue
      stack[top].childIndex += 1
      position += 1
    }
  }

  private mutating func beginValue(_ byte: UInt8) throws(PartialScanError) {
    switch byte {
    case 0x7B, 0x5B:
      guard depth < maximumDepth else { throw PartialScanError(offset: position) }
      let isObject = byte == 0x7B
      // Below a level the model does not build in place, or in a repeated member, nothing is shown.
      let shown = depth == 0 || (stack[depth - 1].tracked != false && !stack[depth - 1].repeated)
      levels.push(
        Level(
          isObject: isObject, state: isObject ? .objectStart : .arrayStart, tracked: shown ? nil : false,
          pendingStart: pendingRanges.count, keysStart: memberKeys.count))
      position += 1
    case 0x22:
      token = .string
      stringHasEscapes = false
      recentEscapes = (-1, -1, -1)
      leafText = ""
      leafShown = false
      leafTaken = false
      leafDecodedEnd = position + 1
      position += 1
    case 0x2D, 0x30...0x39:
      token = .number
      position += 1
    case 0x74, 0x66, 0x6E:
      token = .literal
      position += 1
    default:
      throw PartialScanError(offset: position)
    }
  }

  private mutating func endString(at quote: Int) throws(PartialScanError) {
    if token == .key {
      token = .none
      let top = depth - 1
      stack[top].keyEnd = quote
      stack[top].keyHasEscapes = stringHasEscapes
      stack[top].state = .colon
      try checkRepeatedKey(top)
      return
    }
    token = .none
    guard depth > 0 else {
      // The root is a string, now complete: its text is shown whole at the next snapshot.
      rootStringEnd = quote
      return
    }
    let top = depth - 1
    if leafTaken, stack[top].tracked == true, !stack[top].repeated {
      // Shown as it grew: its last text is added to what the model shows, along its path.
      let addition = try decodeLeaf(end: quote)
      let path = appendSpinePath()
      closures.append((PartialPass(levels: path, leafText: leafText, leafAddition: addition), 0..<0))
      leafTaken = false
      leafText = ""
      completeValue(end: quote + 1, trackedChild: true)
      return
    }
    leafText = ""
    completeValue(end: quote + 1)
  }

  /// Notes whether the key just ended at level `top` repeats one of the object's earlier keys
  /// (the same text, byte for byte: `ByteKey`, the parser's rule). Only where members are
  /// shown: below a level read whole, the whole read applies the parser's rule itself.
  ///
  /// The first `fewKeys` keys of an object are compared by a hash of their text and then by
  /// their bytes (no string is made); past that many, every key's text goes in a set, so that a
  /// large object (or one whose keys were made to collide) costs constant time a member.
  private mutating func checkRepeatedKey(_ top: Int) throws(PartialScanError) {
    guard stack[top].tracked != false else { return }
    let range = stack[top].keyStart..<stack[top].keyEnd
    let hasEscapes = stack[top].keyHasEscapes
    let start = stack[top].keysStart
    var repeated = false
    if stack[top].manyKeys != nil {
      repeated = !stack[top].manyKeys!.insert(ByteKey(keyText(range, hasEscapes: hasEscapes))).inserted
    } else {
      let key = MemberKey(hash: keyHash(range, hasEscapes: hasEscapes), range: range, hasEscapes: hasEscapes)
      for index in start..<memberKeys.count where memberKeys[index].hash == key.hash && sameKey(memberKeys[index], key) {
        repeated = true
        break
      }
      if !repeated {
        memberKeys.append(key)
        if memberKeys.count - start > Self.fewKeys {
          stack[top].manyKeys = Set(memberKeys[start...].map { ByteKey(keyText($0.range, hasEscapes: $0.hasEscapes)) })
        }
      }
    }
    guard repeated else { return }
    // Rejected: the decoder parses the text for the error, which the parser words once the
    // object closes.
    if rejectsDuplicateKeys { throw PartialScanError(offset: stack[top].childStart) }
    stack[top].repeated = true
  }

  /// How many keys of an object are compared by hash and bytes before they go in a set.
  private static var fewKeys: Int { 16 }

  /// A hash of a key's text (its bytes, or its decoded text's when it holds escapes): the
  /// one the model readers' key tables use (`RawJSON.keyHash`). Keys that collide only cost a
  /// comparison of their bytes, and at most `fewKeys` keys are compared this way.
  private func keyHash(_ range: Range<Int>, hasEscapes: Bool) -> UInt64 {
    if hasEscapes {
      var text = keyText(range, hasEscapes: true)
      return text.withUTF8 { _MapwrightRuntime.RawJSON.keyHash(at: $0.baseAddress, count: $0.count) }
    }
    return bytes.withUnsafeBufferPointer {
      _MapwrightRuntime.RawJSON.keyHash(at: $0.baseAddress.map { $0 + range.lowerBound }, count: range.count)
    }
  }

  /// Whether two keys' texts are the same bytes.
  private func sameKey(_ a: MemberKey, _ b: MemberKey) -> Bool {
    if !a.hasEscapes && !b.hasEscapes { return bytes[a.range].elementsEqual(bytes[b.range]) }
    return keyText(a.range, hasEscapes: a.hasEscapes).utf8.elementsEqual(keyText(b.range, hasEscapes: b.hasEscapes).utf8)
  }

  private mutating func close(isObject: Bool) {
    let level = levels.pop()
    if level.isObject, level.keysStart < memberKeys.count { memberKeys.removeSubrange(level.keysStart...) }
    position += 1
    if level.tracked == true, level.firm {
      // The model built it in place: its last children go to it, along its path.
      let path = appendSpinePath()
      addLevel(PartialLevel(isObject: level.isObject, pending: nil, pendingFirstIndex: level.pendingFirstIndex, open: nil, isNew: false))
      let pendingStart = closurePending.count
      closurePending.append(contentsOf: pendingRanges[level.pendingStart...])
      closures.append((PartialPass(levels: path.lowerBound..<outLevelCount, leafText: nil), pendingStart..<closurePending.count))
      pendingRanges.removeSubrange(level.pendingStart...)
      completeValue(end: position, trackedChild: true)
    } else {
      if level.pendingStart < pendingRanges.count { pendingRanges.removeSubrange(level.pendingStart...) }
      completeValue(end: position)
    }
  }

  /// A child of the top level (or the root) ends just before `end`.
  private mutating func completeValue(end: Int, trackedChild: Bool = false) {
    guard depth > 0 else { return }  // the root: only whitespace may follow
    let top = depth - 1
    let isObject = stack[top].isObject
    stack[top].state = isObject ? .objectNext : .arrayNext
    guard !trackedChild, stack[top].tracked != false, !stack[top].repeated else { return }
    let index = stack[top].childIndex
    let start = stack[top].childStart
    let hasPending = pendingRanges.count > stack[top].pendingStart
    if stack[top].lastPendingIndex == index - 1, hasPending {
      let last = pendingRanges.count - 1
      pendingRanges[last] = pendingRanges[last].lowerBound..<end
    } else {
      if !hasPending { stack[top].pendingFirstIndex = index }
      pendingRanges.append(start..<end)
    }
    stack[top].lastPendingIndex = index
  }

  // MARK: Snapshots

  /// Adds the open child of each level but the top one, the path to the top, to `outLevels`:
  /// its range there.
  private mutating func appendSpinePath() -> Range<Int> {
    let start = outLevelCount
    for index in 0..<depth {
      addLevel(PartialLevel(isObject: stack[index].isObject, pending: nil, pendingFirstIndex: 0, open: openStep(index), isNew: false))
    }
    return start..<outLevelCount
  }

  /// Adds a level to `outLevels`.
  private mutating func addLevel(_ level: PartialLevel) {
    if outLevelCount < outLevels.count {
      outLevels[outLevelCount] = level
    } else {
      outLevels.append(level)
    }
    outLevelCount += 1
  }

  /// The step to level `index`'s open child, its key added to `outKeys` (a key made text
  /// once, however many snapshots walk to it).
  private mutating func openStep(_ index: Int) -> PartialStep {
    guard stack[index].isObject else { return .index(stack[index].childIndex) }
    let text: String
    if let known = stack[index].keyText {
      text = known
    } else {
      text = key(of: stack[index])
      stack[index].keyText = text
    }
    if outKeyCount < outKeys.count {
      outKeys[outKeyCount] = text
    } else {
      outKeys.append(text)
    }
    outKeyCount += 1
    return .key(outKeyCount - 1)
  }

  private func key(of level: Level) -> String {
    keyText(level.keyStart..<level.keyEnd, hasEscapes: level.keyHasEscapes)
  }

  /// The text of the key between the quotes at `range`.
  private func keyText(_ range: Range<Int>, hasEscapes: Bool) -> String {
    let raw = bytes[range]
    guard hasEscapes, let text = decodeString(raw) else { return String(decoding: raw, as: UTF8.self) }
    return text
  }

  /// Adds children (ranges of `bytes`) to the snapshot's pieces as one object or array: the
  /// index of the piece. The pieces are written as one JSON array, a piece per element.
  private mutating func addPiece(_ children: ArraySlice<Range<Int>>, isObject: Bool) -> Int {
    pieceText.append(pieceCount == 0 ? 0x5B : 0x2C)
    pieceText.append(isObject ? 0x7B : 0x5B)
    var first = true
    for range in children {
      if !first { pieceText.append(0x2C) }
      first = false
      pieceText.append(contentsOf: bytes[range])
    }
    pieceText.append(isObject ? 0x7D : 0x5D)
    pieceCount += 1
    return pieceCount - 1
  }

  /// What changed since the last snapshot: the closures, then the spine with its leaf (no
  /// walk when nothing of the root has arrived).
  @usableFromInline
  package mutating func snapshot() throws(PartialScanError) -> PartialSnapshot {
    guard rootStarted else { return PartialSnapshot(levels: [], keys: [], passes: [], pieces: nil) }
    ownLevels()
    // The buffers of the last snapshot, which the decoder has let go of: refilled in place.
    if !pieceText.isEmpty { pieceText.removeAll(keepingCapacity: true) }
    pieceCount = 0
    if !passes.isEmpty { passes.removeAll(keepingCapacity: true) }
    for closure in closures {
      if !closure.pending.isEmpty {
        let last = closure.pass.levels.upperBound - 1
        outLevels[last].pending = addPiece(closurePending[closure.pending], isObject: outLevels[last].isObject)
      }
      passes.append(closure.pass)
    }
    if !closures.isEmpty {
      closures.removeAll(keepingCapacity: true)
      closurePending.removeAll(keepingCapacity: true)
    }
    // Every level's pending children are handed over (their ranges dropped after the loop).
    let spineStart = outLevelCount
    for index in 0..<depth {
      let pendingEnd = index + 1 < depth ? stack[index + 1].pendingStart : pendingRanges.count
      let pendingStart = stack[index].pendingStart
      stack[index].pendingStart = 0
      guard stack[index].tracked != false else { continue }
      var level = PartialLevel(
        isObject: stack[index].isObject, pending: nil, pendingFirstIndex: stack[index].pendingFirstIndex, open: nil,
        isNew: stack[index].tracked == nil)
      if pendingStart < pendingEnd {
        level.pending = addPiece(pendingRanges[pendingStart..<pendingEnd], isObject: level.isObject)
      }
      stack[index].lastPendingIndex = -2
      if stack[index].tracked == true { stack[index].firm = true }
      // The open child: the next level (when the model may build it), or the string being
      // read at the top when its text is shown (a step with nothing below it would have the
      // model make an empty value of a kind it guesses).
      let isTop = index == depth - 1
      let showsString = token == .string && partialStrings && !stack[index].repeated
      if isTop ? showsString : stack[index + 1].tracked != false { level.open = openStep(index) }
      addLevel(level)
    }
    if !pendingRanges.isEmpty { pendingRanges.removeAll(keepingCapacity: true) }
    var leaf: String?
    var leafAddition: String?
    let spineCount = outLevelCount - spineStart
    if token == .string || rootStringEnd != nil, partialStrings, spineCount == depth, depth == 0 || !stack[depth - 1].repeated {
      let addition = try decodeLeaf()
      leaf = leafText
      if leafShown { leafAddition = addition }
      leafShown = true
    }
    passes.append(PartialPass(levels: spineStart..<outLevelCount, leafText: leaf, leafAddition: leafAddition))
    if pieceCount > 0 { pieceText.append(0x5D) }
    // Lent to the decoder, which lets go of them before the next scan: the next closure or
    // snapshot overwrites them from the start, in place.
    defer { (outLevelCount, outKeyCount) = (0, 0) }
    return PartialSnapshot(levels: outLevels, keys: outKeys, passes: passes, pieces: pieceCount > 0 ? pieceText : nil)
  }

  /// Records the model's decision for the levels seen for the first time (`taken[i]` for
  /// level i): a level not taken is read whole when complete, and so is all below it.
  @usableFromInline
  package mutating func decide(_ taken: ArraySlice<Bool>) {
    ownLevels()
    var untracked = false
    for index in 0..<depth {
      if untracked {
        stack[index].tracked = false
      } else if stack[index].tracked == nil {
        let isTaken = index < taken.count && taken[index]
        stack[index].tracked = isTaken
        untracked = !isTaken
      }
    }
    // `taken[depth]`: whether the model showed the open string (a value's, not a key's).
    if token == .string, depth > 0, depth < taken.count { leafTaken = taken[depth] && !untracked }
  }

  /// Decodes the open string's new bytes, up to the last place where no escape, surrogate
  /// pair or UTF-8 sequence is cut (up to `closingQuote` once the string is complete), and adds
  /// them to its text: the text added.
  ///
  /// Only the end of the new bytes can hold a cut, so the place is found from there, not by
  /// reading them all: the last escape that begins before the end (the scan saw where each
  /// begins), when it is not complete or is a high surrogate without its low half, with the
  /// high surrogate just before it when it is that low half; else the last UTF-8 sequence,
  /// when its lead byte asks for more bytes than follow it. Whatever else is wrong is left to
  /// the decoding of the bytes, which fails as a whole decode's parse would.
  private mutating func decodeLeaf(end closingQuote: Int? = nil) throws(PartialScanError) -> String {
    let isComplete = closingQuote != nil || rootStringEnd != nil
    let end = closingQuote ?? rootStringEnd ?? (afterBackslash ? position - 1 : position)
    guard end > leafDecodedEnd else { return "" }
    var safe = end
    // The escapes that begin before the end, latest first.
    let escapes = recentEscapes.0 < end ? (recentEscapes.0, recentEscapes.1) : (recentEscapes.1, recentEscapes.2)
    if escapes.0 >= leafDecodedEnd, escapes.0 + escapeLength(at: escapes.0, end: end) > end {
      safe = escapes.0
      if escapes.1 >= leafDecodedEnd, escapes.1 == escapes.0 - 6, escapeLength(at: escapes.1, end: end) == 12 { safe = escapes.1 }
    } else {
      for back in 1...3 where end - back >= leafDecodedEnd {
        let byte = bytes[end - back]
        if byte < 0x80 { break }
        if byte >= 0xC0 {
          if back < (byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2) { safe = end - back }
          break
        }
      }
    }
    // A complete string has nothing more to come: what would wait (a lone high surrogate, a
    // UTF-8 sequence cut by the closing quote) is wrong.
    if isComplete, safe < end { throw PartialScanError(offset: safe) }
    guard safe > leafDecodedEnd else { return "" }
    guard let text = decodeString(bytes[leafDecodedEnd..<safe]) else { throw PartialScanError(offset: leafDecodedEnd) }
    // No other owner of the text is left from the last snapshot (the decoder and the model
    // keep none), so this appends in place.
    leafText += text
    leafDecodedEnd = safe
    return text
  }

  /// How many bytes the escape whose backslash is at `start` needs: 2, 6 for `\uXXXX`, 12 for a
  /// high surrogate's (which needs its low half after it), as far as the bytes before `end` tell.
  private func escapeLength(at start: Int, end: Int) -> Int {
    guard start + 1 < end, bytes[start + 1] == UInt8(ascii: "u") else { return 2 }
    let unit = start + 6 <= end ? bytes.withUnsafeBufferPointer { hexValue4($0.baseAddress! + start + 2) } : nil
    guard let unit, unit >= 0xD800, unit < 0xDC00 else { return 6 }
    return 12
  }

  /// The text of a string's raw bytes (between its quotes), checked as the parser checks
  /// them; nil when they are not a valid string.
  private func decodeString(_ raw: ArraySlice<UInt8>) -> String? {
    raw.withUnsafeBufferPointer { decodeStringBody($0) }
  }
}
