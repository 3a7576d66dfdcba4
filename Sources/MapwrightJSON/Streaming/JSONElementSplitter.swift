// The one splitter under every stream: bytes go in as they arrive, in chunks of any size, and
// complete elements come out, each with its index and its offset, line and column in the
// whole stream. Every form and every target (models, Codable, Mappable, model objects, JSON)
// reads elements through it; async sequences and file readers only feed it chunks.
//
// It is a byte-level state machine whose state survives between chunks, so the elements,
// errors and offsets are the same however the bytes are cut (a test splits its corpus at
// seeded random places). It finds where values end — strings and their escapes, nesting,
// bare scalars — and checks the punctuation around elements (the array's commas and brackets,
// the members on the way to a key path); each element is then parsed strictly on its own, so
// every byte is validated by the parser.
//
// Memory: the buffer holds the bytes of the element being read and what is not yet scanned.
// Consumed bytes are dropped (their lines and columns counted once, as they go), and an
// element that grows past the size limit is an error; its bytes are then scanned and dropped
// without being kept, so that reading can go on after it.
//
// Forms: JSON Lines cuts at line feeds (a line feed cannot occur inside a JSON value), RFC
// 7464 at record separators; concatenated values and array elements are found by scanning.

import CMapwrightSIMD

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One element of a stream: its bytes and where it was in the stream.
public struct JSONStreamElement: Sendable {
  /// The element's UTF-8 bytes (surrounding whitespace left out).
  public let bytes: [UInt8]
  /// 0-based, counting every element the stream held (failed ones included).
  public let index: Int
  /// The byte offset of the element's first byte, from the stream's first byte.
  public let offset: Int
  /// Line and column (1-based; columns in Unicode scalars) of its first byte.
  public let line: Int
  /// The column of the element's first byte (see `line`).
  public let column: Int
  /// True for a last JSON Lines line or RFC 7464 text with nothing after it: if it does not
  /// parse because it ends early, the stream was cut off (a `truncated` error).
  public let atEndOfStream: Bool
  /// The element's length in bytes (`bytes.count`, also when the splitter keeps no bytes).
  package let size: Int
  /// The name, id and retry of the server-sent event whose data the element is
  /// (`.serverSentEvents` streams; nil for the other formats).
  public internal(set) var event: ServerSentEventFields? = nil
  /// Where each line of the element starts in the stream, when its lines are not contiguous
  /// there (an event's `data:` lines); empty when the element's bytes are the stream's.
  package internal(set) var lineStarts: [StreamPlace] = []
  /// The stream offset just past the element (past the event, for server-sent events).
  package internal(set) var streamEnd: Int? = nil

  /// The stream offset just past the element: where reading can start again after it.
  package var endOffset: Int { streamEnd ?? offset + size }

  /// A line and column inside the element's bytes (1-based) as a line and column of the
  /// stream: `JSONStreamError.streamLocation`'s rule, line by line where the element's lines
  /// are apart in the stream.
  package func streamLocation(line: Int, column: Int) -> (line: Int, column: Int) {
    JSONStreamError.streamLocation(line: line, column: column, inElementAt: self.line, self.column, lineStarts: lineStarts)
  }
}

/// A place in a stream: byte offset, 1-based line and column (columns in Unicode scalars).
package struct StreamPlace: Sendable, Hashable {
  package var offset: Int
  package var line: Int
  package var column: Int

  package init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }
}

/// Splits a stream of bytes into its elements.
///
/// ```swift
/// var splitter = JSONElementSplitter(format: .array(at: "items"))
/// for chunk in chunks {
///   splitter.append(chunk)
///   while let element = try splitter.next() { handle(element.bytes) }
/// }
/// splitter.finish()
/// while let element = try splitter.next() { handle(element.bytes) }
/// print(splitter.surroundings)   // {"total": 2} — the members around the array
/// ```
public struct JSONElementSplitter: Sendable {
  /// How the stream frames its elements.
  public let format: JSONStreamFormat
  /// The largest element, in bytes; a larger one is an `elementTooLarge` error.
  public let maximumElementSize: Int
  /// The rules the structure around the elements is held to, as a whole document would be:
  /// nesting counted from the stream's root (an element of the array at `data.results` starts
  /// three levels down), repeated keys on the way to the array and in the members kept.
  public let parsing: JSONParsingOptions
  private let keyPath: [String]
  /// The keys met so far in each object on the way to the array (repeated ones are refused
  /// under `DuplicateKeyPolicy.reject`).
  private var pathKeys: [Set<String>]

  /// Bytes from the first one still needed; `base` is the stream offset of `storage[0]`.
  private var storage: [UInt8] = []
  private var base = 0
  /// `storage` index of the first byte not yet consumed, and of the next byte to scan.
  private var start = 0
  private var scan = 0
  private var ended = false

  /// Line and column at `storage[located]`.
  private var located = 0
  private var line = 1
  private var column = 1

  /// The value being scanned: where it began (storage index) and the scanner's state.
  private var valueStart: Int?
  private var value = ValueEndScanner(first: UInt8(ascii: "["))
  /// Dropping the bytes of a value too large to keep, up to its end.
  private var discarding = false
  /// The end of a value found whole but over the limit (its error thrown, its end still to
  /// be taken).
  private var oversizedEnd: Int?

  /// Elements found so far (returned or failed).
  private var elementCount = 0
  /// The stream offset just past the last complete element.
  private var lastCompleteEnd = 0
  /// An error that ends the stream (structure, truncation): thrown again by every `next()`.
  private var fatal: JSONStreamError?
  private var finished = false

  /// Where the scan is in the structure around an array (`.array` forms).
  private enum Outer: Sendable {
    case start
    /// In the object at `level` (0: the root), before a key (after a comma: one is required).
    case beforeKey(level: Int, afterComma: Bool)
    /// Scanning a member's key string.
    case inKey(level: Int)
    /// After a key, before its colon.
    case beforeColon(level: Int, key: String)
    /// After the colon, before the member's value.
    case beforeValue(level: Int, key: String)
    /// Scanning a member's value that is kept aside (not on the way to the array).
    case inMember(level: Int, key: String)
    /// After a member, before `,` or `}`.
    case afterMember(level: Int)
    /// In the array, before an element (after a comma: one is required).
    case beforeElement(afterComma: Bool, first: Bool)
    case inElement
    case afterElement
    /// Past the document: only whitespace may follow.
    case done
  }
  private var outer = Outer.start
  /// The event-stream reader, for `.serverSentEvents` (which keeps its own bytes).
  private var events: ServerSentEventSplitter?
  private var checkedByteOrderMark = false
  private var arrayFound = false

  /// The members skipped on the way to the array and after it, at their places.
  private var kept: [(path: [String], key: String, value: JSON)] = []

  /// The members around the array kept so far, in stream order, each with the keys of the
  /// object that holds it (`[]` for the root): what `surroundings` is made of, for a caller
  /// that writes them back in place (the command line's streamed `format`).
  package var keptMembers: [(path: [String], key: String, value: JSON)] { kept }
  /// How many of `keptMembers` came before the array: nil until the array is found.
  package private(set) var membersBeforeArray: Int?
  /// Whether the members around the array are parsed and kept (`surroundings`). A caller that
  /// only wants the elements (an import's scan of its file, whose other arrays may be as large
  /// as this one) turns it off: the members are then scanned and dropped as they go, held
  /// nowhere, whatever their size.
  package var keepsSurroundings = true
  /// Whether each element's bytes are copied into the `JSONStreamElement` it returns. A caller
  /// that only wants where the elements are (`JSONElementRuns`, which reads them again from
  /// its payload) turns it off: elements then come with empty `bytes`.
  package var keepsElementBytes = true

  /// A splitter for `format`, refusing elements over `maximumElementSize` bytes and structure
  /// that `parsing` refuses (depth, repeated keys around the array).
  public init(format: JSONStreamFormat, maximumElementSize: Int = 64 << 20, parsing: JSONParsingOptions = JSONParsingOptions()) {
    self.format = format
    self.maximumElementSize = max(maximumElementSize, 1)
    self.parsing = parsing
    if case .array(let keys) = format { keyPath = keys } else { keyPath = [] }
    pathKeys = Array(repeating: [], count: keyPath.count)
    if case .serverSentEvents(let terminator) = format {
      events = ServerSentEventSplitter(terminator: terminator, maximumElementSize: self.maximumElementSize)
    }
  }

  /// Whether `next()` has given the last element of a finished stream.
  public var isFinished: Bool { finished || fatal != nil || events?.finished == true }

  /// The document around the array (`.array(at:)` forms): the members before and after it,
  /// with the objects on the way to it, the array itself left out. Complete once the stream
  /// has ended. `{"total": 2, "data": {"page": 1, "results": […]}}` at `"data.results"`
  /// gives `{"total": 2, "data": {"page": 1}}`.
  public var surroundings: JSON {
    var root = JSONObject()
    func insert(_ value: JSON, key: String, at path: ArraySlice<String>, into object: inout JSONObject) {
      guard let first = path.first else {
        if object[key] == nil { object[key] = value }
        return
      }
      var inner = object[first]?.objectValue ?? JSONObject()
      insert(value, key: key, at: path.dropFirst(), into: &inner)
      object[first] = .object(inner)
    }
    for (path, key, value) in kept { insert(value, key: key, at: path[...], into: &root) }
    return .object(root)
  }

  // MARK: Input

  /// Adds the next bytes of the stream.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    precondition(!ended, "bytes appended after finish()")
    if events != nil { return events!.append(bytes) }
    compact()
    storage.append(contentsOf: bytes)
  }

  /// Adds the next bytes of the stream.
  public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    precondition(!ended, "bytes appended after finish()")
    if events != nil { return Array(bytes).withUnsafeBytes { events!.append($0) } }
    let appended = bytes.withContiguousStorageIfAvailable { buffer in append(UnsafeRawBufferPointer(buffer)) } != nil
    if appended { return }
    compact()
    storage.append(contentsOf: bytes)
  }

  /// Adds one byte (for streams of single bytes, such as `URLSession.AsyncBytes`).
  public mutating func append(byte: UInt8) {
    precondition(!ended, "bytes appended after finish()")
    if events != nil { return events!.append(byte: byte) }
    if start >= 1 << 16 { compact() }
    storage.append(byte)
  }

  /// Marks the end of the stream: `next()` then returns the last elements and ends with nil,
  /// or throws a `truncated` error when the stream stopped inside an element.
  public mutating func finish() {
    ended = true
    events?.finish()
  }

  /// Drops consumed bytes (counting their lines first) once they are a good part of the buffer.
  private mutating func compact() {
    guard start > 0, start >= 1 << 16 || start >= storage.count / 2 else { return }
    locate(start)
    storage.removeFirst(start)
    base += start
    scan -= start
    located -= start
    if let value = valueStart { valueStart = value - start }
    start = 0
  }

  /// Moves the line and column count to `storage[index]` (never backwards), by the one rule
  /// (`advancePlace(over:)`).
  private mutating func locate(_ index: Int) {
    guard index > located else { return }
    storage.withUnsafeBufferPointer { buffer in
      advancePlace(over: UnsafeBufferPointer(rebasing: buffer[located..<index]), line: &line, column: &column)
    }
    located = index
  }

  // MARK: Output

  /// The next complete element, or nil when more bytes are needed (or, after `finish()`, when
  /// the stream is over). Throws what is wrong at the element's place; after an element's
  /// error (too large) the stream goes on with the next element, after an error in the
  /// structure or a truncation it is over and throws that error again.
  public mutating func next() throws(JSONStreamError) -> JSONStreamElement? {
    if let fatal { throw fatal }
    if finished { return nil }
    do {
      switch format {
      case .jsonLines: return try nextRecord(separator: 0x0A)
      case .jsonTextSequence: return try nextRecord(separator: 0x1E)
      case .concatenated: return try nextConcatenated()
      case .array: return try nextInArray()
      case .serverSentEvents: return try events!.next()
      }
    } catch {
      if !error.isRecoverable { fatal = error }
      throw error
    }
  }

  // MARK: Records (JSON Lines, RFC 7464)

  /// JSON Lines cut at line feeds; text sequences at record separators (a line feed after a
  /// text is whitespace). Blank records are skipped.
  private mutating func nextRecord(separator: UInt8) throws(JSONStreamError) -> JSONStreamElement? {
    guard skipByteOrderMark() else { return nil }
    while true {
      let end: Int? = storage.withUnsafeBufferPointer { buffer in
        guard scan < buffer.count else { return nil }
        guard let found = memchr(buffer.baseAddress! + scan, Int32(separator), buffer.count - scan) else { return nil }
        return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      guard let end else {
        scan = storage.count
        if discarding { drop(upTo: scan) }
        if storage.count - start > maximumElementSize, !discarding {
          let error = tooLarge(at: start)
          discarding = true
          drop(upTo: scan)
          throw error
        }
        guard ended else { return nil }
        finished = true
        if discarding { return nil }
        let last = record(start..<storage.count, atEnd: true)
        return try checkedRecord(last)
      }
      let range = start..<end
      scan = end + 1
      if discarding {
        discarding = false
        drop(upTo: scan)
        continue
      }
      if end - start > maximumElementSize {
        // Whole in the buffer, but over the limit all the same.
        let error = tooLarge(at: start)
        drop(upTo: scan)
        throw error
      }
      defer {
        // A JSON Lines record holds no line feed and ends at one: when the count has reached
        // the record, it moves past the line feed here, and `locate` never reads the
        // record's bytes again.
        if separator == 0x0A, located >= range.lowerBound, located <= end {
          line += 1
          column = 1
          located = end + 1
        }
        start = scan
      }
      // The record first, then its check: in `checkedRecord(record(…))` the splitter the check
      // is called on is taken before `record` changes it, so it was copied whole at every record.
      let element = record(range, atEnd: false)
      if let element = try checkedRecord(element) { return element }
    }
  }

  /// A record that starts with a byte order mark is wrong on its own (the stream's mark, at
  /// its very start, was skipped): the stream goes on with the next one.
  private func checkedRecord(_ element: JSONStreamElement?) throws(JSONStreamError) -> JSONStreamElement? {
    guard let element, storage[(element.offset - base)...].starts(with: JSONError.byteOrderMark) else { return element }
    throw JSONStreamError(
      .syntax, message: JSONError.describe(.byteOrderMark(expected: "a value")), elementIndex: element.index,
      elementOffset: element.offset, line: element.line, column: element.column, path: nil, resumeOffset: element.offset + element.size,
      recoverable: true)
  }

  /// The element in `range` without the whitespace around it; nil for a blank record.
  private mutating func record(_ range: Range<Int>, atEnd: Bool) -> JSONStreamElement? {
    var first = range.lowerBound
    var last = range.upperBound
    while first < last, isWhitespace(storage[first]) || (format == .jsonTextSequence && storage[first] == 0x1E) { first += 1 }
    while last > first, isWhitespace(storage[last - 1]) { last -= 1 }
    guard first < last else {
      if atEnd { start = storage.count }
      return nil
    }
    let element = makeElement(first..<last, atEnd: atEnd)
    if atEnd { start = storage.count }
    return element
  }

  // MARK: Concatenated values

  private mutating func nextConcatenated() throws(JSONStreamError) -> JSONStreamElement? {
    guard skipByteOrderMark() else { return nil }
    while true {
      if valueStart == nil {
        skipWhitespace()
        guard scan < storage.count else {
          if ended { finished = true }
          return nil
        }
        if storage[scan] >= 0x80 { throw unexpected(storage[scan], expected: "a value") }
        beginValue(enclosing: 0)
      }
      guard let value = try completeValue() else { return nil }
      guard let range = value else { continue }
      return makeElement(range, atEnd: false)
    }
  }

  // MARK: Arrays

  private mutating func nextInArray() throws(JSONStreamError) -> JSONStreamElement? {
    guard skipByteOrderMark() else { return nil }
    while true {
      switch outer {
      case .start:
        guard let byte = peekSignificant() else { return try endOfInput(expected: keyPath.isEmpty ? "'['" : "'{'") }
        if keyPath.isEmpty {
          guard byte == UInt8(ascii: "[") else { throw notFound("the stream is not an array") }
          try checkDepth(1)
          arrayFound = true
          membersBeforeArray = kept.count
          consumeByte()
          outer = .beforeElement(afterComma: false, first: true)
        } else {
          guard byte == UInt8(ascii: "{") else { throw notFound("the stream is not an object, so it has no \"\(keyPath.joined(separator: "."))\"") }
          try checkDepth(1)
          consumeByte()
          outer = .beforeKey(level: 0, afterComma: false)
        }

      case .beforeKey(let level, let afterComma):
        guard let byte = peekSignificant() else { return try endOfInput(expected: "a member name") }
        if byte == UInt8(ascii: "}"), !afterComma {
          consumeByte()
          try closeObject(level: level)
        } else if byte == UInt8(ascii: "\"") {
          beginValue(enclosing: level + 1)
          outer = .inKey(level: level)
        } else {
          throw unexpected(byte, expected: afterComma ? "a member name" : "a member name or '}'")
        }

      case .inKey(let level):
        guard let value = try completeValue() else { return nil }
        // A key too large to keep cannot be matched: the structure is unreadable from here.
        guard let range = value else { throw syntax("a member name larger than the limit", at: scan) }
        let key = try decodeKey(range)
        if parsing.duplicateKeys == .reject, level < pathKeys.count, !pathKeys[level].insert(key).inserted {
          throw syntax(JSONError.describe(.duplicateKey(key)), at: range.lowerBound)
        }
        outer = .beforeColon(level: level, key: key)

      case .beforeColon(let level, let key):
        guard let byte = peekSignificant() else { return try endOfInput(expected: "':'") }
        guard byte == UInt8(ascii: ":") else { throw unexpected(byte, expected: "':'") }
        consumeByte()
        outer = .beforeValue(level: level, key: key)

      case .beforeValue(let level, let key):
        guard let byte = peekSignificant() else { return try endOfInput(expected: "a value") }
        if !arrayFound, level < keyPath.count, key == keyPath[level] {
          let isLast = level == keyPath.count - 1
          let path = keyPath[...level].joined(separator: ".")
          guard byte == (isLast ? UInt8(ascii: "[") : UInt8(ascii: "{")) else {
            throw notFound("\"\(path)\" is not \(isLast ? "an array" : "an object")")
          }
          try checkDepth(level + 2)
          consumeByte()
          if isLast {
            arrayFound = true
            membersBeforeArray = kept.count
            outer = .beforeElement(afterComma: false, first: true)
          } else {
            outer = .beforeKey(level: level + 1, afterComma: false)
          }
        } else {
          guard !isStructural(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"") else {
            throw unexpected(byte, expected: "a value")
          }
          if byte >= 0x80 { throw unexpected(byte, expected: "a value") }
          beginValue(enclosing: level + 1)
          // Dropped as it is scanned, when it is not kept: no size limit.
          if !keepsSurroundings { discarding = true }
          outer = .inMember(level: level, key: key)
        }

      case .inMember(let level, let key):
        guard let value = try completeValue() else { return nil }
        if let range = value { try keep(range, key: key, level: level) }
        outer = .afterMember(level: level)

      case .afterMember(let level):
        guard let byte = peekSignificant() else { return try endOfInput(expected: "',' or '}'") }
        consumeByte()
        if byte == UInt8(ascii: ",") {
          outer = .beforeKey(level: level, afterComma: true)
        } else if byte == UInt8(ascii: "}") {
          try closeObject(level: level)
        } else {
          throw unexpected(byte, expected: "',' or '}'", at: scan - 1)
        }

      case .beforeElement(let afterComma, let first):
        guard let byte = peekSignificant() else { return try endOfInput(expected: first ? "a value or ']'" : "a value") }
        if byte == UInt8(ascii: "]"), first {
          consumeByte()
          closeArray()
          continue
        }
        guard !isStructural(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"") else {
          throw unexpected(byte, expected: afterComma ? "a value" : "a value or ']'")
        }
        if byte >= 0x80 { throw unexpected(byte, expected: afterComma ? "a value" : "a value or ']'") }
        beginValue(enclosing: keyPath.count + 1)
        outer = .inElement

      case .inElement:
        guard let value = try completeValue() else { return nil }
        outer = .afterElement
        guard let range = value else { continue }
        return makeElement(range, atEnd: false)

      case .afterElement:
        guard let byte = peekSignificant() else { return try endOfInput(expected: "',' or ']'") }
        consumeByte()
        if byte == UInt8(ascii: ",") {
          outer = .beforeElement(afterComma: true, first: false)
        } else if byte == UInt8(ascii: "]") {
          closeArray()
        } else {
          throw unexpected(byte, expected: "',' or ']'", at: scan - 1)
        }

      case .done:
        guard let byte = peekSignificant() else {
          if ended { finished = true }
          return nil
        }
        throw syntax("unexpected \(JSONError.show(byte)) after the JSON value", at: scan)
      }
    }
  }

  private mutating func closeObject(level: Int) throws(JSONStreamError) {
    if !arrayFound, level < keyPath.count {
      throw notFound("there is no \"\(keyPath[...level].joined(separator: "."))\"", at: scan - 1)
    }
    outer = level == 0 ? .done : .afterMember(level: level - 1)
  }

  private mutating func closeArray() {
    lastCompleteEnd = base + scan
    outer = keyPath.isEmpty ? .done : .afterMember(level: keyPath.count - 1)
  }

  /// Keeps a member skipped around the array (parsed, so it is validated too).
  private mutating func keep(_ range: Range<Int>, key: String, level: Int) throws(JSONStreamError) {
    let bytes = Array(storage[range])
    var options = parsing
    options.maximumDepth = max(parsing.maximumDepth - (level + 1), 1)
    options.allowsByteOrderMark = false
    do {
      let value = try JSON(parsing: bytes, options: options)
      if !(level < keyPath.count && key == keyPath[level]) { kept.append((Array(keyPath[..<level]), key, value)) }
    } catch {
      throw placed(error, in: range)
    }
  }

  private mutating func decodeKey(_ range: Range<Int>) throws(JSONStreamError) -> String {
    do {
      return try JSONDocument(Array(storage[range])).root.stringValue ?? ""
    } catch {
      throw placed(error, in: range)
    }
  }

  // MARK: Scanning one value

  /// The value begun at `valueStart`, once scanned: `.some(range)`, or `.some(nil)` when it
  /// was too large and dropped; nil when more bytes are needed.
  private mutating func completeValue() throws(JSONStreamError) -> Range<Int>?? {
    guard let end = try scanValue() else { return nil }
    let range = valueStart!..<end
    valueStart = nil
    start = end
    if discarding {
      discarding = false
      return .some(nil)
    }
    return range
  }

  /// Starts a value at `scan`, inside `enclosing` containers (its nesting is limited to what
  /// is left of the maximum depth).
  private mutating func beginValue(enclosing: Int) {
    valueStart = scan
    value = ValueEndScanner(first: storage[scan])
    value.limitDepth(to: parsing.maximumDepth - enclosing, firstAt: scan)
    scan += 1
  }

  /// A container opened at `depth` (1: the root) past the maximum depth is refused there, as
  /// the whole document's parse would refuse it.
  private mutating func checkDepth(_ depth: Int) throws(JSONStreamError) {
    if depth > parsing.maximumDepth { throw tooDeep(at: scan) }
  }

  /// Scans the value begun at `valueStart`; its end (storage index) when complete, nil when
  /// more bytes are needed. A value growing past the limit throws once and is then dropped as
  /// it is scanned.
  private mutating func scanValue() throws(JSONStreamError) -> Int? {
    if let end = oversizedEnd {
      oversizedEnd = nil
      return end
    }
    if let index = value.tooDeepIndex { throw tooDeep(at: index) }
    let end = storage.withUnsafeBufferPointer { value.end(in: $0, from: scan) }
    if let index = value.tooDeepIndex {
      // A value past the size limit before it is too deep: the limit's error first, the
      // depth's at the next call, whatever the chunks (in small ones the limit is met first).
      if !discarding, let value = valueStart, index - value > maximumElementSize {
        discarding = true
        throw tooLarge(at: value)
      }
      throw tooDeep(at: index)
    }
    scan = end ?? storage.count
    if let end {
      // Over the limit though whole in the buffer: the same error as when it grows past the
      // limit across chunks (the value is then dropped).
      if !discarding, let value = valueStart, end - value > maximumElementSize {
        oversizedEnd = end
        discarding = true
        throw tooLarge(at: value)
      }
      return end
    }
    // A bare scalar ends at the end of the stream only between concatenated values; in an
    // array or object the closing bracket is still to come, so the number may be cut short.
    if value.isScalar, ended, format == .concatenated {
      return storage.count
    }
    if discarding {
      drop(upTo: scan)
      valueStart = scan
    } else if let value = valueStart, storage.count - value > maximumElementSize {
      let error = tooLarge(at: value)
      discarding = true
      drop(upTo: scan)
      valueStart = scan
      throw error
    }
    if ended { throw truncated() }
    return nil
  }

  // MARK: Helpers

  private func isWhitespace(_ byte: UInt8) -> Bool { ValueEndScanner.isWhitespace(byte) }

  private func isStructural(_ byte: UInt8) -> Bool { ValueEndScanner.isStructural(byte) }

  /// A UTF-8 byte order mark at the very start of the stream is skipped; false while the
  /// first bytes could still be one (so that a mark cut between chunks is skipped too).
  private mutating func skipByteOrderMark() -> Bool {
    guard !checkedByteOrderMark else { return true }
    let mark = JSONError.byteOrderMark
    if storage.count < 3, !ended, storage.elementsEqual(mark.prefix(storage.count)) { return false }
    checkedByteOrderMark = true
    if storage.starts(with: mark) {
      scan = 3
      start = 3
      located = 3
    }
    return true
  }

  private mutating func skipWhitespace() {
    while scan < storage.count, isWhitespace(storage[scan]) || (format == .jsonTextSequence && storage[scan] == 0x1E) { scan += 1 }
    if valueStart == nil { start = scan }
  }

  /// The next byte after whitespace, not consumed; nil when more bytes are needed.
  private mutating func peekSignificant() -> UInt8? {
    skipWhitespace()
    return scan < storage.count ? storage[scan] : nil
  }

  private mutating func consumeByte() {
    scan += 1
    start = scan
  }

  /// Drops the bytes before `index` (a value too large to keep, as it is scanned).
  private mutating func drop(upTo index: Int) {
    start = index
    compact()
  }

  private mutating func makeElement(_ range: Range<Int>, atEnd: Bool) -> JSONStreamElement {
    locate(range.lowerBound)
    let element = JSONStreamElement(
      bytes: keepsElementBytes ? Array(storage[range]) : [], index: elementCount, offset: base + range.lowerBound, line: line, column: column,
      atEndOfStream: atEnd,
      size: range.count)
    elementCount += 1
    lastCompleteEnd = base + range.upperBound
    return element
  }

  /// At the end of the bytes so far: nil to wait for more, or the end of the stream.
  private mutating func endOfInput(expected: String) throws(JSONStreamError) -> JSONStreamElement? {
    guard ended else { return nil }
    if case .start = outer, base + storage.count == 0 || storage[start...].allSatisfy(isWhitespace) {
      throw syntax("the stream is empty, expected \(expected)", at: storage.count)
    }
    throw truncated(expected: expected)
  }

  private mutating func truncated(expected: String? = nil) -> JSONStreamError {
    let at = valueStart ?? storage.count
    locate(at)
    let element = valueStart != nil && isElementState ? elementCount : nil
    return JSONStreamError(
      .truncated, message: "the stream ends inside \(element != nil ? "an element" : "the document")" + (expected.map { ", expected \($0)" } ?? ""),
      elementIndex: element, elementOffset: base + at, line: line, column: column, resumeOffset: lastCompleteEnd)
  }

  private var isElementState: Bool {
    switch outer {
    case .inElement: true
    default:
      switch format {
      case .array: false
      default: true
      }
    }
  }

  private mutating func tooLarge(at index: Int) -> JSONStreamError {
    locate(index)
    let isElement = isElementState
    defer { if isElement { elementCount += 1 } }
    return JSONStreamError(
      .elementTooLarge, message: "\(isElement ? "element" : "member") larger than the limit of \(maximumElementSize) bytes",
      elementIndex: isElement ? elementCount : nil, elementOffset: base + index, line: line, column: column,
      resumeOffset: lastCompleteEnd)
  }

  private mutating func notFound(_ message: String, at index: Int? = nil) -> JSONStreamError {
    let at = index ?? scan
    locate(at)
    return JSONStreamError(
      .arrayNotFound, message: message, elementIndex: nil, elementOffset: base + at, line: line, column: column, resumeOffset: lastCompleteEnd)
  }

  private mutating func syntax(_ message: String, at index: Int) -> JSONStreamError {
    locate(index)
    return JSONStreamError(
      .syntax, message: message, elementIndex: nil, elementOffset: base + index, line: line, column: column, resumeOffset: lastCompleteEnd)
  }

  private mutating func unexpected(_ byte: UInt8, expected: String, at index: Int? = nil) -> JSONStreamError {
    let at = index ?? scan
    let isMark = storage[at...].starts(with: JSONError.byteOrderMark)
    return syntax(JSONError.describe(isMark ? .byteOrderMark(expected: expected) : .unexpectedCharacter(byte, expected: expected)), at: at)
  }

  /// Nesting past the maximum depth at `index` (in an element: that element's error; the
  /// stream cannot go on, as the rest of the element is not scanned).
  private mutating func tooDeep(at index: Int) -> JSONStreamError {
    locate(index)
    let element: Int? = isElementState && valueStart != nil ? elementCount : nil
    return JSONStreamError(
      .syntax, message: JSONError.describe(.tooDeep(limit: parsing.maximumDepth)), elementIndex: element, elementOffset: base + index,
      line: line, column: column, resumeOffset: lastCompleteEnd)
  }

  /// A parse error in the bytes at `range` (a key or a kept member), placed in the stream.
  private mutating func placed(_ error: JSONError, in range: Range<Int>) -> JSONStreamError {
    locate(range.lowerBound)
    let (errorLine, errorColumn) = JSONStreamError.streamLocation(line: error.line, column: error.column, inElementAt: line, column)
    return JSONStreamError(
      .syntax, message: error.message, elementIndex: nil, elementOffset: base + range.lowerBound + error.offset, line: errorLine,
      column: errorColumn, resumeOffset: lastCompleteEnd, underlying: error)
  }
}
