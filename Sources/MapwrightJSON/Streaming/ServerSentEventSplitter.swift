// Cuts a `text/event-stream` into events, as the WHATWG HTML specification's "interpreting an
// event stream" says, a chunk at a time:
//
// - one UTF-8 byte order mark at the very start is skipped;
// - a line ends at CR LF, LF or CR (a CR at the end of a chunk ends its line; an LF that
//   follows in the next chunk is the rest of the same line end);
// - a line starting with `:` is a comment; otherwise the field name is what comes before the
//   first `:` (the whole line without one), the value what follows it, less one leading space;
// - `data` appends the value and an LF to the event's data, `event` sets its type, `id` sets
//   the last event id (unless the value holds U+0000) for this and later events, `retry` sets
//   the reconnection time when the value is ASCII digits; other fields are ignored;
// - a blank line dispatches the event: none when no `data` line came; otherwise the data, its
//   last LF removed, is one element (its type "message" when none was given).
//
// Two choices the specification leaves to a reader: data equal to the terminator (`[DONE]`)
// ends the stream, and what follows is not read; and a stream that ends after `data` lines
// but before the blank line that would dispatch them is an error (`truncated`), where a
// browser drops the event without a word. Lines and columns count the format's own line ends
// (a CR alone is one), columns in Unicode scalars; an element's error is placed on the `data:`
// line it is in (`JSONStreamElement.lineStarts`).

/// The event-stream half of `JSONElementSplitter`: bytes in, each event's data out.
struct ServerSentEventSplitter: Sendable {
  /// Data that ends the stream (nil: none).
  let terminator: [UInt8]?
  let maximumElementSize: Int

  /// Bytes from the first one not yet read into a line; `base` is the stream offset of
  /// `storage[0]`, `position` the storage index of the line being read.
  private var storage: [UInt8] = []
  private var base = 0
  private var position = 0
  /// The storage index up to which the line at `position` is known to have no end (so that a
  /// long line arriving in small chunks is scanned once).
  private var scanned = 0
  /// The line number of the line at `position`.
  private var line = 1
  private var ended = false
  private(set) var finished = false
  private var checkedByteOrderMark = false
  /// The last line ended with a CR: an LF first is the rest of that line end.
  private var afterCarriageReturn = false
  /// A line too long to keep is being dropped up to its end.
  private var droppingLine = false

  /// The event being read: its data, where each `data:` value starts, its type and retry.
  private var data: [UInt8] = []
  private var lineStarts: [StreamPlace] = []
  private var eventType: [UInt8] = []
  private var retry: Int?
  /// The event's data is over the size limit (its error thrown): its `data` lines are
  /// dropped up to the blank line that ends it.
  private var droppingData = false
  /// The last event id, carried from event to event.
  private var lastEventID = ""

  private var elementCount = 0
  private var lastCompleteEnd = 0

  init(terminator: String?, maximumElementSize: Int) {
    self.terminator = terminator.map { Array($0.utf8) }
    self.maximumElementSize = maximumElementSize
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    compact()
    storage.append(contentsOf: bytes)
  }

  mutating func append(byte: UInt8) {
    if position >= 1 << 16 { compact() }
    storage.append(byte)
  }

  mutating func finish() { ended = true }

  private mutating func compact() {
    guard position > 0, position >= 1 << 16 || position >= storage.count / 2 else { return }
    storage.removeFirst(position)
    base += position
    scanned = max(scanned - position, 0)
    position = 0
  }

  /// The next event's data as an element; nil when more bytes are needed, or when the stream
  /// is over (`finished`).
  mutating func next() throws(JSONStreamError) -> JSONStreamElement? {
    guard !finished, skipByteOrderMark() else { return nil }
    while !finished {
      if afterCarriageReturn, position < storage.count {
        afterCarriageReturn = false
        if storage[position] == 0x0A { position += 1 }
      }
      guard let end = lineEnd() else {
        if droppingLine {
          position = storage.count
          compact()
        } else if storage.count - position > maximumElementSize + 64 {
          // A line longer than any element can be, with no end in sight: dropped as it comes.
          let error = tooLarge(at: lineStarts.first ?? place(ofIndex: position))
          droppingLine = true
          droppingData = true
          data = []
          lineStarts = []
          position = storage.count
          compact()
          throw error
        }
        guard ended else { return nil }
        return try endOfStream()
      }
      let lineStart = position
      position = end + 1
      afterCarriageReturn = storage[end] == 0x0D
      defer { line += 1 }
      if droppingLine {
        droppingLine = false
        continue
      }
      if let element = try readLine(lineStart..<end) { return element }
    }
    return nil
  }

  /// The storage index of the next CR or LF from `position`.
  private mutating func lineEnd() -> Int? {
    let from = max(position, scanned)
    let found: Int? = storage.withUnsafeBufferPointer { buffer in
      var index = from
      while index < buffer.count {
        let byte = buffer[index]
        if byte == 0x0A || byte == 0x0D { return index }
        index += 1
      }
      return nil
    }
    scanned = found ?? storage.count
    return found
  }

  /// One line of the stream: a field, a comment, or the blank line that dispatches the event.
  private mutating func readLine(_ range: Range<Int>) throws(JSONStreamError) -> JSONStreamElement? {
    guard !range.isEmpty else { return dispatch() }
    if storage[range.lowerBound] == UInt8(ascii: ":") { return nil }
    let colon = storage[range].firstIndex(of: UInt8(ascii: ":"))
    let name = storage[range.lowerBound..<(colon ?? range.upperBound)]
    var valueStart = colon.map { $0 + 1 } ?? range.upperBound
    if valueStart < range.upperBound, storage[valueStart] == 0x20 { valueStart += 1 }
    let value = storage[valueStart..<range.upperBound]
    if name.elementsEqual("data".utf8) {
      guard !droppingData else { return nil }
      if data.count + value.count + 1 > maximumElementSize + 1 {
        let error = tooLarge(at: lineStarts.first ?? place(ofIndex: valueStart, lineStart: range.lowerBound))
        droppingData = true
        data = []
        lineStarts = []
        throw error
      }
      lineStarts.append(place(ofIndex: valueStart, lineStart: range.lowerBound))
      data.append(contentsOf: value)
      data.append(0x0A)
    } else if name.elementsEqual("event".utf8) {
      eventType = Array(value)
    } else if name.elementsEqual("id".utf8) {
      if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
    } else if name.elementsEqual("retry".utf8) {
      if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let milliseconds = Int(String(decoding: value, as: UTF8.self))
      {
        retry = milliseconds
      }
    }
    return nil
  }

  /// The blank line: the event's data as an element, or nothing (no `data` line, data over the
  /// limit, or the terminator, which ends the stream).
  private mutating func dispatch() -> JSONStreamElement? {
    defer {
      data = []
      lineStarts = []
      eventType = []
      retry = nil
      droppingData = false
    }
    guard let first = lineStarts.first, !droppingData else { return nil }
    data.removeLast()
    if let terminator, data == terminator {
      finished = true
      return nil
    }
    var element = JSONStreamElement(
      bytes: data, index: elementCount, offset: first.offset, line: first.line, column: first.column, atEndOfStream: false, size: data.count)
    element.event = ServerSentEventFields(
      name: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self), id: lastEventID.isEmpty ? nil : lastEventID,
      retry: retry)
    element.lineStarts = lineStarts
    element.streamEnd = base + position
    elementCount += 1
    lastCompleteEnd = base + position
    return element
  }

  /// The stream ended with no line end after the last bytes: that line is read as a line,
  /// and an event whose `data` lines were never dispatched is a truncated stream.
  private mutating func endOfStream() throws(JSONStreamError) -> JSONStreamElement? {
    finished = true
    if position < storage.count, !droppingLine {
      let range = position..<storage.count
      position = storage.count
      _ = try readLine(range)
    }
    guard let first = lineStarts.first, !droppingData else { return nil }
    throw JSONStreamError(
      .truncated, message: "the stream ends inside an event (its data lines are not followed by a blank line)",
      elementIndex: elementCount, elementOffset: first.offset, line: first.line, column: first.column, resumeOffset: lastCompleteEnd)
  }

  /// The place of `storage[index]` on the line that starts at `lineStart` (the line at
  /// `position` by default).
  private func place(ofIndex index: Int, lineStart: Int? = nil) -> StreamPlace {
    let start = lineStart ?? position
    var line = self.line
    var column = 1
    storage.withUnsafeBufferPointer { buffer in
      advancePlace(over: UnsafeBufferPointer(rebasing: buffer[start..<index]), line: &line, column: &column)
    }
    return StreamPlace(offset: base + index, line: self.line, column: column)
  }

  private mutating func tooLarge(at place: StreamPlace) -> JSONStreamError {
    defer { elementCount += 1 }
    return JSONStreamError(
      .elementTooLarge, message: "element larger than the limit of \(maximumElementSize) bytes", elementIndex: elementCount,
      elementOffset: place.offset, line: place.line, column: place.column, resumeOffset: lastCompleteEnd)
  }

  /// A UTF-8 byte order mark at the very start is skipped; false while the first bytes could
  /// still be one.
  private mutating func skipByteOrderMark() -> Bool {
    guard !checkedByteOrderMark else { return true }
    let mark = JSONError.byteOrderMark
    if storage.count < 3, !ended, storage.elementsEqual(mark.prefix(storage.count)) { return false }
    checkedByteOrderMark = true
    if storage.starts(with: mark) { position = 3 }
    return true
  }
}
