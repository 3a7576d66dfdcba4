// The parser: one pass over UTF-8 bytes into a tape (see Tape/JSONTape.swift). Where the options
// ask for it, a text of the strict grammar is first parsed through its structural index
// (JSONParser+Indexed.swift), which builds the same tape; where that fails, this parser runs and
// reports the error.
//
// It is a loop over an explicit stack of open containers, never a recursion, so nesting depth
// is bounded by `JSONParsingOptions.maximumDepth` and not by the thread's stack. Every byte is
// validated (structure, string escapes, UTF-8, number grammar), but no value is converted.
// Errors are thrown at the first problem with its byte offset.

import CMapwrightSIMD

/// Parses `bytes` into a tape, or throws the first error found.
func parseTape(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONError) -> Tape {
  guard bytes.count < Int(UInt32.max) else {
    throw JSONError(.inputTooLarge(bytes.count), offset: 0, location: SourceLocation(offset: 0, in: bytes))
  }
  // The open containers start on the call stack: a document nested less deeply than this
  // allocates nothing for them (most do; many small documents in a row, lines of JSON or a
  // partial decoding's pieces, save an allocation each).
  return try withUnsafeTemporaryAllocation(of: OpenContainer.self, capacity: 32) { (stack) throws(JSONError) -> Tape in
    var parser = JSONParser(bytes: bytes, options: options, stack: PlainStack(startingIn: stack))
    if parser.takesIndexedParse {
      if parser.parseDocumentIndexed(kernel: indexedParseKernel) { return parser.tape.finish() }
      parser.restart()
    }
    try parser.parseDocument()
    return parser.tape.finish()
  }
}

/// An open array or object on the parser's stack.
struct OpenContainer {
  var tapeIndex: Int
  /// Commas seen so far at this level.
  var commas: Int
  var isObject: Bool
}

/// Whether this processor runs the vector UTF-8 check (SSSE3 on x86-64, NEON on arm64).
let utf8VectorCheckRuns = mw_utf8_vector_supported() != 0

struct JSONParser: ~Copyable {
  let input: UnsafeBufferPointer<UInt8>
  let bytes: UnsafePointer<UInt8>
  let count: Int
  var pos = 0
  var tape: TapeBuilder
  // The options, unpacked: the hot loops test single flags.
  let allowsComments: Bool
  let allowsTrailingCommas: Bool
  let allowsByteOrderMark: Bool
  let replacesInvalidUnicode: Bool
  let rejectsDuplicateKeys: Bool
  let maximumDepth: Int
  let usesStructuralIndex: Bool
  /// The document's indentation per nesting level in spaces, 0 until learned
  /// (`peekSignificant(level:)`).
  var indentStep = 0
  /// The indentation of nesting level 0: 0 in a whole document, more in a part of one cut from
  /// its place (a partial decoding's pieces), whose lines keep the indentation they had there.
  var indentBase = 0
  /// The last line indented otherwise than predicted: its indentation and nesting level (-1
  /// before the first).
  var learnedIndentation = 0
  var learnedLevel = -1
  /// Whether runs of non-ASCII string bytes are checked sixteen bytes at a time
  /// (`mw_utf8_until_stop_vector`), asked of the processor once per process.
  let validatesUTF8InBlocks = utf8VectorCheckRuns
  /// The innermost open container, kept apart from the stack so that the step after every
  /// value reads and counts it without a memory round trip; meaningful while `depth > 0`.
  var top = OpenContainer(tapeIndex: 0, commas: 0, isObject: false)
  /// How many containers are open: `top` and all but the first saved on `stack`.
  var depth = 0
  /// The open containers around the innermost one (which the parser keeps in `top`).
  var stack: PlainStack<OpenContainer>

  init(bytes input: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, stack: consuming PlainStack<OpenContainer> = PlainStack(capacity: 32)) {
    self.stack = stack
    self.input = input
    // An empty buffer may have no base address; any valid pointer will do as nothing is read.
    self.bytes = input.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
    self.count = input.count
    allowsComments = options.allowsComments
    allowsTrailingCommas = options.allowsTrailingCommas
    allowsByteOrderMark = options.allowsByteOrderMark
    replacesInvalidUnicode = options.invalidUnicode == .replace
    rejectsDuplicateKeys = options.duplicateKeys == .reject
    maximumDepth = options.maximumDepth
    usesStructuralIndex = options.usesStructuralIndex
    self.tape = TapeBuilder(estimatedInputSize: input.count)
  }

  /// Back to the start of the text with an empty tape (after an indexed parse gave up).
  mutating func restart() {
    pos = 0
    tape.removeAll()
    indentStep = 0
    indentBase = 0
    learnedLevel = -1
    top = OpenContainer(tapeIndex: 0, commas: 0, isObject: false)
    depth = 0
    stack.truncate(to: 0)
  }

  // MARK: Errors

  func error(_ kind: JSONError.Kind, at offset: Int) -> JSONError {
    JSONError(kind, offset: offset, location: SourceLocation(offset: offset, in: input))
  }

  /// The error for byte `pos` (or the end of input) when `expected` was wanted.
  func unexpected(_ expected: String) -> JSONError {
    guard pos < count else { return error(.unexpectedEnd(expected: expected), at: pos) }
    let byte = bytes[pos]
    if byte >= 0x80 { return invalidUTF8OrUnexpected(at: pos, expected: expected) }
    return error(.unexpectedCharacter(byte, expected: expected), at: pos)
  }

  /// Outside strings a non-ASCII byte is never valid; say whether it is even valid UTF-8.
  func invalidUTF8OrUnexpected(at offset: Int, expected: String) -> JSONError {
    let byte = bytes[offset]
    if JSONError.isByteOrderMark(input, at: offset) { return error(.byteOrderMark(expected: expected), at: offset) }
    if utf8SequenceLength(at: offset) == nil {
      return error(.invalidUTF8(byte, utf16: false), at: offset)
    }
    return error(.unexpectedCharacter(byte, expected: expected), at: offset)
  }

  // MARK: Document structure

  mutating func parseDocument() throws(JSONError) {
    try skipByteOrderMark()
    // Whether a member's key comes before the next value. Keys are parsed at this one place,
    // so the loop holds one inlined copy of `parseMemberKey` (and of the `parseString` in it).
    // The parsing steps are `@_transparent`: the optimizer inlines no more into a function
    // as large as this one, `@inline(__always)` or not, and a call per key, string and number
    // cost about 12% of the parse's instructions (twitter.json 4.15 M → 3.67 M).
    var keyNext = false
    outer: while true {
      if keyNext {
        keyNext = false
        try parseMemberKey()
      }
      guard let c = try peekSignificant(level: depth) else { throw unexpected("a value") }
      switch c {
      case UInt8(ascii: "{"):
        try checkDepth()
        let index = tape.append(.object, offset: pos)
        pos &+= 1
        guard let d = try peekSignificant(level: depth &+ 1) else { throw unexpected("a string key or '}'") }
        if d == UInt8(ascii: "}") {
          pos &+= 1
          tape.close(index, count: 0)
        } else {
          open(index, isObject: true)
          keyNext = true
          continue outer
        }
      case UInt8(ascii: "["):
        try checkDepth()
        let index = tape.append(.array, offset: pos)
        pos &+= 1
        guard let d = try peekSignificant(level: depth &+ 1) else { throw unexpected("a value or ']'") }
        if d == UInt8(ascii: "]") {
          pos &+= 1
          tape.close(index, count: 0)
        } else {
          open(index, isObject: false)
          continue outer
        }
      case UInt8(ascii: "\""):
        try parseString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try parseNumber()
      case UInt8(ascii: "t"):
        try parseLiteral(.true, word: "true")
      case UInt8(ascii: "f"):
        try parseLiteral(.false, word: "false")
      case UInt8(ascii: "n"):
        try parseLiteral(.null, word: "null")
      default:
        throw unexpected("a value")
      }

      // A value is complete: move to the next element or close containers.
      while depth > 0 {
        // A comma follows on the same line; a closer is on the next, one level out.
        guard let d = try peekSignificant(level: depth &- 1) else {
          throw unexpected(top.isObject ? "',' or '}'" : "',' or ']'")
        }
        let closer = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if d == UInt8(ascii: ",") {
          pos &+= 1
          top.commas &+= 1
          if allowsTrailingCommas, try peekSignificant(level: depth &- 1) == closer {
            pos &+= 1
            try closeTop(elements: top.commas)
            continue
          }
          keyNext = top.isObject
          continue outer
        }
        if d == closer {
          pos &+= 1
          try closeTop(elements: top.commas &+ 1)
          continue
        }
        throw unexpected(top.isObject ? "',' or '}'" : "',' or ']'")
      }
      break
    }
    if try peekSignificant(level: 0) != nil {
      if JSONError.isByteOrderMark(input, at: pos) { throw error(.byteOrderMark(expected: nil), at: pos) }
      throw error(.trailingData(bytes[pos]), at: pos)
    }
  }

  /// Called at an opening bracket: one more level must stay within the limit.
  @inline(__always)
  func checkDepth() throws(JSONError) {
    guard depth < maximumDepth else {
      throw error(.tooDeep(limit: maximumDepth), at: pos)
    }
  }

  @inline(__always)
  mutating func open(_ index: Int, isObject: Bool) {
    // The outer container is saved (at depth 0, the unused initial value: no branch).
    stack.append(top)
    top = OpenContainer(tapeIndex: index, commas: 0, isObject: isObject)
    depth &+= 1
  }

  @inline(__always)
  mutating func closeTop(elements: Int) throws(JSONError) {
    let closed = top
    tape.close(closed.tapeIndex, count: elements)
    depth &-= 1
    top = stack.removeLast()
    if closed.isObject, rejectsDuplicateKeys {
      try checkDuplicateKeys(object: closed.tapeIndex)
    }
  }

  /// Parses `"key"` and the `:` after it; the next value follows.
  @_transparent
  mutating func parseMemberKey() throws(JSONError) {
    guard let c = try peekSignificant(level: depth), c == UInt8(ascii: "\"") else {
      throw unexpected("a string key")
    }
    try parseString()
    // The usual `": "` after a key, read as one load: the value is next.
    if pos + 2 <= count, mw_load16_le(bytes + pos) == 0x203A {
      pos &+= 2
      return
    }
    guard let d = try peekSignificant(level: depth), d == UInt8(ascii: ":") else {
      throw unexpected("':'")
    }
    pos &+= 1
  }

  /// `true`, `false` or `null`: the usual case inline (the first four bytes compared at once,
  /// and the fifth of "false"), anything else out of line.
  @inline(__always)
  mutating func parseLiteral(_ kind: TapeKind, word: StaticString) throws(JSONError) {
    let length = word.utf8CodeUnitCount
    let text = word.utf8Start
    if pos + length <= count {
      let found = mw_load32_le(bytes + pos)
      let expected = mw_load32_le(text)
      if found == expected && (length == 4 || bytes[pos + 4] == text[4]) {
        _ = tape.append(kind, offset: pos)
        pos &+= length
        return
      }
    }
    try parseLiteralSlowly(kind, word: word)
  }

  /// A literal near the end of the input, or a misspelt one (an error at its first wrong byte).
  @inline(never)
  mutating func parseLiteralSlowly(_ kind: TapeKind, word: StaticString) throws(JSONError) {
    let length = word.utf8CodeUnitCount
    let text = word.utf8Start
    for i in 0..<length {
      guard pos + i < count else { throw error(.unexpectedEnd(expected: "'\(word)'"), at: count) }
      guard bytes[pos + i] == text[i] else {
        let offset = pos + i
        if bytes[offset] >= 0x80 { throw invalidUTF8OrUnexpected(at: offset, expected: "'\(word)'") }
        throw error(.unexpectedCharacter(bytes[offset], expected: "'\(word)'"), at: offset)
      }
    }
    _ = tape.append(kind, offset: pos)
    pos += length
  }
}
