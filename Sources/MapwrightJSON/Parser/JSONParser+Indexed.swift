// The indexed parse: the second stage, which walks the structural index of a text (built 64
// bytes at a time by the first stage, CMapwrightStage1.h) into the same tape the one-pass parser
// builds.
//
// The index gives every operator, both quotes of every string (the closing one says whether the
// string holds a backslash, a `\u` escape or a byte of 0x80 and up) and the start of every
// number and literal, and the first stage has already checked the UTF-8 of the whole text and
// the bytes and escapes of every string. So this stage never looks at whitespace or at a
// string's bytes (but for the digits of `\u` escapes); it checks the grammar, the numbers and
// the literals.
//
// It reports no errors of its own. Whatever is wrong (in either stage) makes it give up, and the
// one-pass parser parses the text again, which finds the first error and says where it is: one
// place decides what an error is and where. The indexed parse applies to the strict grammar
// only; comments, trailing commas, replaced invalid Unicode and a leading byte order mark take
// the one-pass parser.

import CMapwrightSIMD

/// The first-stage kernel for this process, or a negative number where the indexed parse is off
/// (MAPWRIGHT_JSON_KERNEL, see CMapwrightStage1.h).
let indexedParseKernel = mw_stage1_chosen_kernel()

/// The tape of the indexed parse alone, with the first-stage `kernel` (which must run here),
/// whatever the options ask; nil where the indexed parse gives up (the text is invalid) or does
/// not apply. Tests compare it with the one-pass parser's, kernel by kernel.
package func indexedTape(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, kernel: Int32) -> Tape? {
  var parser = JSONParser(bytes: bytes, options: options)
  guard parser.appliesIndexedParse, parser.parseDocumentIndexed(kernel: kernel) else { return nil }
  return parser.tape.finish()
}

/// Texts shorter than this take the one-pass parser: the index costs more than it saves.
let indexedParseMinimumLength = 512

/// The structural index of one text, filled a window at a time: the window's few kilobytes of
/// entries stay in the cache between the stages.
struct StructuralIndex: ~Copyable {
  var stage1 = mw_stage1()
  let entries: UnsafeMutablePointer<UInt32>
  /// 64 blocks: 4 KiB of text a window, up to 16 KiB of entries.
  static let blocksPerWindow = 64

  init(_ bytes: UnsafePointer<UInt8>, count: Int, kernel: Int32) {
    entries = .allocate(capacity: 64 * (Self.blocksPerWindow + 1))
    mw_stage1_start(&stage1, bytes, count, kernel)
  }

  deinit { entries.deallocate() }

  /// Whether the first stage found the text invalid.
  var failed: Bool { stage1.failed != 0 }

  /// The entries of the next window that has any; at the end of the text (or once the first
  /// stage failed), one entry: the text's length, which no other entry equals.
  @inline(never)
  mutating func fill() -> IndexWindow {
    while stage1.position < stage1.count && stage1.failed == 0 {
      let filled = mw_stage1_fill(&stage1, entries, Self.blocksPerWindow)
      if filled > 0 { return IndexWindow(next: entries, end: entries + filled) }
    }
    entries[0] = UInt32(truncatingIfNeeded: stage1.count)
    return IndexWindow(next: entries, end: entries + 1)
  }
}

/// The entries of one window not yet taken: a local of the second stage's loop (the optimizer
/// keeps both pointers in registers).
struct IndexWindow {
  var next: UnsafeMutablePointer<UInt32>
  var end: UnsafeMutablePointer<UInt32>
}

extension JSONParser {
  /// Whether this text and these options take the indexed parse.
  var takesIndexedParse: Bool {
    usesStructuralIndex && indexedParseKernel >= 0 && count >= indexedParseMinimumLength && appliesIndexedParse
  }

  /// Whether the indexed parse can parse this text with these options at all (a text that
  /// starts with a byte order mark is left to the one-pass parser, which skips or rejects it).
  var appliesIndexedParse: Bool {
    count < Int(MW_STAGE1_INPUT_LIMIT) && !allowsComments && !allowsTrailingCommas && !replacesInvalidUnicode
      && !(count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
  }

  /// Parses the whole text through its structural index (built by the first-stage `kernel`)
  /// into `tape`; false when the text is not valid JSON (the tape is then of no use, and the
  /// one-pass parser says what is wrong).
  mutating func parseDocumentIndexed(kernel: Int32) -> Bool {
    var index = StructuralIndex(bytes, count: count, kernel: kernel)
    do {
      try walkIndex(&index)
    } catch {
      return false
    }
    return !index.failed
  }

  /// The byte an entry points at, or 0 (no token) for the end of the text.
  @inline(__always)
  func token(_ entry: UInt32) -> UInt8 {
    let offset = Int(entry)
    return offset < count ? bytes[offset] : 0
  }

  /// Gives up the indexed parse (the error itself is never shown).
  func indexMismatch() -> JSONError {
    JSONError(.unexpectedEnd(expected: "a value"), offset: 0, location: SourceLocation(offset: 0, in: input))
  }

  /// The next window of the index, with room on the tape for a value per entry (so that the
  /// walk appends without checking).
  @inline(never)
  mutating func nextWindow(_ index: inout StructuralIndex) -> IndexWindow {
    let window = index.fill()
    tape.reserve(window.end - window.next)
    return window
  }

  /// The next entry of the index.
  @_transparent
  mutating func take(_ window: inout IndexWindow, _ index: inout StructuralIndex) -> UInt32 {
    if window.next == window.end { window = nextWindow(&index) }
    let entry = window.next.pointee
    window.next += 1
    return entry
  }

  /// The next entry, left to be taken.
  @_transparent
  mutating func peek(_ window: inout IndexWindow, _ index: inout StructuralIndex) -> UInt32 {
    if window.next == window.end { window = nextWindow(&index) }
    return window.next.pointee
  }

  /// The grammar of parseDocument, over the index.
  mutating func walkIndex(_ index: inout StructuralIndex) throws(JSONError) {
    var window = nextWindow(&index)
    var keyNext = false
    outer: while true {
      if keyNext {
        keyNext = false
        let key = take(&window, &index)
        guard token(key) == UInt8(ascii: "\"") else { throw indexMismatch() }
        try indexedString(at: Int(key), &window, &index)
        guard token(take(&window, &index)) == UInt8(ascii: ":") else { throw indexMismatch() }
      }
      let at = take(&window, &index)
      switch token(at) {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = token(at) == UInt8(ascii: "{")
        pos = Int(at)
        try checkDepth()
        let entry = tape.appendReserved(isObject ? .object : .array, offset: pos)
        if token(peek(&window, &index)) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          window.next += 1
          tape.close(entry, count: 0)
        } else {
          open(entry, isObject: isObject)
          keyNext = isObject
          continue outer
        }
      case UInt8(ascii: "\""):
        try indexedString(at: Int(at), &window, &index)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        pos = Int(at)
        try parseNumber()
        try checkScalarEnd()
      case UInt8(ascii: "t"):
        pos = Int(at)
        try parseLiteral(.true, word: "true")
        try checkScalarEnd()
      case UInt8(ascii: "f"):
        pos = Int(at)
        try parseLiteral(.false, word: "false")
        try checkScalarEnd()
      case UInt8(ascii: "n"):
        pos = Int(at)
        try parseLiteral(.null, word: "null")
        try checkScalarEnd()
      default:
        throw indexMismatch()
      }

      // A value is complete: the next element, or closers.
      while depth > 0 {
        let d = token(take(&window, &index))
        if d == UInt8(ascii: ",") {
          top.commas &+= 1
          keyNext = top.isObject
          continue outer
        }
        guard d == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw indexMismatch() }
        try closeTop(elements: top.commas &+ 1)
      }
      break
    }
    guard Int(take(&window, &index)) == count else { throw indexMismatch() }
  }

  /// A number or literal ends where its scalar run ends: at whitespace, a comma, a closer or
  /// the end of the text. (The index marks where a run starts, not what follows the value.)
  @inline(__always)
  func checkScalarEnd() throws(JSONError) {
    guard pos < count else { return }
    let c = bytes[pos]
    let ends = c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || ValueEndScanner.isWhitespace(c)
    guard ends else { throw indexMismatch() }
  }

  /// The string whose opening quote is at `quote`; its closing quote is the next entry.
  @_transparent
  mutating func indexedString(at quote: Int, _ window: inout IndexWindow, _ index: inout StructuralIndex) throws(JSONError) {
    let closing = take(&window, &index)
    let end = Int(closing & MW_INDEX_OFFSET)
    guard end < count else { throw indexMismatch() }
    var flags: UInt32 = closing & MW_INDEX_NON_ASCII != 0 ? TapeFlag.nonASCII : 0
    if closing & MW_INDEX_ESCAPES != 0 {
      flags |= TapeFlag.hasEscapes
      // The first stage checked every other escape; `\u` ones need their digits read.
      if closing & MW_INDEX_UNICODE != 0 { try checkEscapes(from: quote + 1, to: end, flags: &flags) }
    }
    _ = tape.appendReserved(.string, flags: flags, offset: quote &+ 1, length: end &- quote &- 1)
  }

  /// Checks every escape of a string's bytes (the rest was checked by the first stage), going
  /// from backslash to backslash.
  mutating func checkEscapes(from start: Int, to end: Int, flags: inout UInt32) throws(JSONError) {
    var p = start
    while p < end {
      p += mw_find_byte(bytes + p, UInt8(ascii: "\\"), end - p)
      guard p < end else { return }
      p = try scanEscape(at: p, flags: &flags)
    }
  }
}
