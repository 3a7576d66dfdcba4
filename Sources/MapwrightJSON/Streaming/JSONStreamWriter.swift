// Writing streams, the mirror of reading them: elements go in one at a time and come out as
// JSON Lines, an RFC 7464 sequence, values one after another, server-sent events, or the
// elements of one array (at the top level or at a key path, after the members written around
// it), in chunks of
// about `flushSize` bytes. The core buffers and frames; the async writer hands each chunk to
// an async sink and waits for it (back-pressure), the file writer writes it to a descriptor.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Frames elements into a stream's bytes, a chunk at a time.
///
/// ```swift
/// var writer = JSONStreamWriter(format: .array(at: "items"), surroundings: ["total": 2])
/// try writer.append(element: Array(#"{"id": 1}"#.utf8))
/// try writer.append(element: Array(#"{"id": 2}"#.utf8))
/// writer.finish()
/// let bytes = writer.takeAll()   // {"total":2,"items":[{"id": 1},{"id": 2}]}
/// ```
public struct JSONStreamWriter: Sendable {
  /// How the elements are framed.
  public let format: JSONStreamFormat
  /// Bytes gathered before a chunk is handed out.
  public let flushSize: Int
  private var buffer: [UInt8] = []
  private var elements = 0
  private var finished = false
  /// For arrays: what opens the document up to the array's `[`, and what closes it.
  private let opening: [UInt8]
  private let closing: [UInt8]

  /// `surroundings`: for `.array(at:)`, an object whose members are written before the array
  /// (objects on the way to the key path are followed into).
  public init(format: JSONStreamFormat, surroundings: JSON = [:], flushSize: Int = 64 << 10) {
    self.format = format
    self.flushSize = max(flushSize, 1)
    guard case .array(let keys) = format else {
      opening = []
      closing = []
      return
    }
    var open: [UInt8] = []
    var close: [UInt8] = []
    var level: JSON? = surroundings
    for key in keys {
      open.append(UInt8(ascii: "{"))
      if case .object(let members)? = level {
        for (name, value) in members where name != key {
          open += (try? JSON.string(name).jsonBytes()) ?? []
          open.append(UInt8(ascii: ":"))
          open += (try? value.jsonBytes()) ?? Array("null".utf8)
          open.append(UInt8(ascii: ","))
        }
      }
      open += (try? JSON.string(key).jsonBytes()) ?? []
      open.append(UInt8(ascii: ":"))
      close.insert(UInt8(ascii: "}"), at: 0)
      level = level?[key]
    }
    open.append(UInt8(ascii: "["))
    close.insert(UInt8(ascii: "]"), at: 0)
    opening = open
    closing = close
  }

  /// The number of elements written.
  public var count: Int { elements }

  /// Adds one element: the bytes of a complete JSON value (compact for JSON Lines: a line feed
  /// inside it would end the line).
  public mutating func append(element bytes: some Collection<UInt8>) throws(JSONStreamWriteError) {
    try append(element: bytes, event: nil)
  }

  /// Adds one element with its event fields: for `.serverSentEvents`, the `event:`, `id:` and
  /// `retry:` lines written before its `data:` lines (an element with line breaks, pretty
  /// JSON, is written as several `data:` lines, which a reader joins back). The other formats
  /// have no place for them and write the element alone.
  public mutating func append(element bytes: some Collection<UInt8>, event: ServerSentEventFields?) throws(JSONStreamWriteError) {
    guard !finished else { throw JSONStreamWriteError(description: "an element written after the stream was finished") }
    switch format {
    case .jsonLines:
      if bytes.contains(0x0A) { throw JSONStreamWriteError(description: "a JSON Lines element holds a line feed (write it compact)") }
      buffer += bytes
      buffer.append(0x0A)
    case .jsonTextSequence:
      if bytes.contains(0x1E) { throw JSONStreamWriteError(description: "a sequence element holds a record separator") }
      buffer.append(0x1E)
      buffer += bytes
      buffer.append(0x0A)
    case .concatenated:
      buffer += bytes
      buffer.append(0x0A)
    case .array:
      buffer += elements == 0 ? opening : [UInt8(ascii: ",")]
      buffer += bytes
    case .serverSentEvents:
      try appendEvent(data: bytes, fields: event ?? ServerSentEventFields())
    }
    elements += 1
  }

  /// A comment line (`: text`), for a stream of server-sent events: a reader ignores it, and
  /// it keeps an idle connection open. Other formats have no comments; it writes nothing there.
  public mutating func append(comment: String) throws(JSONStreamWriteError) {
    guard case .serverSentEvents = format else { return }
    try Self.checkLine(comment, "a comment")
    buffer += Array(": \(comment)\n\n".utf8)
  }

  /// The lines of one event: its fields, then its data a line at a time, then the blank line.
  private mutating func appendEvent(data: some Collection<UInt8>, fields: ServerSentEventFields) throws(JSONStreamWriteError) {
    // Checked before anything is written, so that a refused event leaves no line behind.
    try Self.checkLine(fields.name, "an event's name")
    if let id = fields.id {
      try Self.checkLine(id, "an event's id")
      if id.utf8.contains(0) { throw JSONStreamWriteError(description: "an event's id holds U+0000 (a reader ignores such an id)") }
    }
    if let retry = fields.retry, retry < 0 { throw JSONStreamWriteError(description: "an event's retry is negative") }
    if fields.name != "message" { buffer += Array("event: \(fields.name)\n".utf8) }
    if let id = fields.id { buffer += Array("id: \(id)\n".utf8) }
    if let retry = fields.retry { buffer += Array("retry: \(retry)\n".utf8) }
    var line = data.startIndex
    var index = data.startIndex
    while true {
      let atEnd = index == data.endIndex
      if atEnd || data[index] == 0x0A || data[index] == 0x0D {
        buffer += Array("data: ".utf8)
        buffer += data[line..<index]
        buffer.append(0x0A)
        if atEnd { break }
        // CR LF is one line end.
        if data[index] == 0x0D, data.index(after: index) != data.endIndex, data[data.index(after: index)] == 0x0A {
          index = data.index(after: index)
        }
        line = data.index(after: index)
      }
      index = data.index(after: index)
    }
    buffer.append(0x0A)
  }

  /// A name, an id or a comment is one line: no CR or LF in it.
  private static func checkLine(_ text: String, _ what: String) throws(JSONStreamWriteError) {
    if text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      throw JSONStreamWriteError(description: "\(what) holds a line break")
    }
  }

  /// Ends the stream (an array's closing brackets; an empty array is still written).
  public mutating func finish() {
    guard !finished else { return }
    finished = true
    if case .array = format {
      if elements == 0 { buffer += opening }
      buffer += closing
    }
    if case .serverSentEvents(let terminator?) = format {
      buffer += Array("data: \(terminator)\n\n".utf8)
    }
  }

  /// A chunk to write, once `flushSize` bytes are waiting (or whatever is left after
  /// `finish()`); nil when it is not yet time. Server-sent events are meant to arrive when
  /// they are sent: each one is a chunk, whatever `flushSize` says.
  public mutating func takeChunk() -> [UInt8]? {
    let eachElement: Bool
    if case .serverSentEvents = format { eachElement = true } else { eachElement = false }
    guard buffer.count >= flushSize || ((finished || eachElement) && !buffer.isEmpty) else { return nil }
    defer { buffer.removeAll(keepingCapacity: true) }
    return buffer
  }

  /// Everything waiting, whatever its size.
  public mutating func takeAll() -> [UInt8] {
    defer { buffer.removeAll(keepingCapacity: true) }
    return buffer
  }
}

/// Writes a stream to an async sink a chunk at a time, waiting for the sink before going on.
///
/// ```swift
/// var writer = AsyncJSONStreamWriter(format: .jsonLines) { chunk in try await response.write(chunk) }
/// for event in events { try await writer.write(event) }   // models, Codable values, JSON
/// try await writer.finish()
/// ```
public struct AsyncJSONStreamWriter {
  /// Where chunks go; the writer waits for it before it goes on (back-pressure).
  public typealias Sink = ([UInt8]) async throws -> Void
  private var core: JSONStreamWriter
  private let sink: Sink

  /// A writer framing elements as `format` and handing `sink` chunks of about `flushSize`
  /// bytes (`surroundings`: the members written around the array of an `.array(at:)` form).
  public init(format: JSONStreamFormat, surroundings: JSON = [:], flushSize: Int = 64 << 10, sink: @escaping Sink) {
    core = JSONStreamWriter(format: format, surroundings: surroundings, flushSize: flushSize)
    self.sink = sink
  }

  /// The number of elements written.
  public var count: Int { core.count }

  /// Adds one element's bytes, handing a chunk to the sink when one is full.
  public mutating func write(element bytes: some Collection<UInt8>) async throws {
    try core.append(element: bytes)
    if let chunk = core.takeChunk() { try await sink(chunk) }
  }

  /// Adds an owned value.
  public mutating func write(_ value: JSON) async throws {
    try await write(element: try value.jsonBytes())
  }

  /// Adds one element's bytes with its event fields (`.serverSentEvents`).
  public mutating func write(element bytes: some Collection<UInt8>, event: ServerSentEventFields?) async throws {
    try core.append(element: bytes, event: event)
    if let chunk = core.takeChunk() { try await sink(chunk) }
  }

  /// Adds a server-sent event whose data is an owned value.
  public mutating func write(_ event: ServerSentEvent<JSON>) async throws {
    try await write(element: try event.data.jsonBytes(), event: event.fields)
  }

  /// Adds a comment line to a stream of server-sent events and hands the sink everything
  /// waiting (a heartbeat on an idle connection); nothing for the other formats.
  public mutating func write(comment: String) async throws {
    try core.append(comment: comment)
    let waiting = core.takeAll()
    if !waiting.isEmpty { try await sink(waiting) }
  }

  /// Ends the stream and hands the sink what is left.
  public mutating func finish() async throws {
    core.finish()
    if let chunk = core.takeChunk() { try await sink(chunk) }
  }
}

/// Writes a stream to a file or standard output, a chunk at a time.
///
/// ```swift
/// let writer = try JSONStreamFileWriter(file: .path("out.jsonl"), format: .jsonLines)
/// try writer.write(element: bytes)
/// try writer.finish()
/// ```
public final class JSONStreamFileWriter {
  private var core: JSONStreamWriter
  private let descriptor: Int32
  private let closesDescriptor: Bool

  /// `file`: a path (created or truncated) or an open descriptor (left open; 1 is standard
  /// output).
  public init(file: JSONStreamFile, format: JSONStreamFormat, surroundings: JSON = [:], flushSize: Int = 64 << 10)
    throws(JSONStreamFileError)
  {
    switch file {
    case .path(let path):
      let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard descriptor >= 0 else { throw JSONStreamFileError(path: path, code: errno) }
      self.descriptor = descriptor
      closesDescriptor = true
    case .descriptor(let descriptor):
      self.descriptor = descriptor
      closesDescriptor = false
    }
    core = JSONStreamWriter(format: format, surroundings: surroundings, flushSize: flushSize)
  }

  deinit { if closesDescriptor { close(descriptor) } }

  /// Elements written so far.
  public var count: Int { core.count }

  /// Writes an element's JSON bytes (writing a chunk to the file when one is full).
  public func write(element bytes: some Collection<UInt8>) throws {
    try core.append(element: bytes)
    if let chunk = core.takeChunk() { try writeAll(chunk) }
  }

  /// Writes a value as an element.
  public func write(_ value: JSON) throws { try write(element: try value.jsonBytes()) }

  /// Writes an element's JSON bytes with its event fields (`.serverSentEvents`).
  public func write(element bytes: some Collection<UInt8>, event: ServerSentEventFields?) throws {
    try core.append(element: bytes, event: event)
    if let chunk = core.takeChunk() { try writeAll(chunk) }
  }

  /// Writes bytes as they are, outside the framing (after what is waiting).
  public func write(rawBytes bytes: [UInt8]) throws {
    try writeAll(core.takeAll())
    try writeAll(bytes)
  }

  /// Writes what is waiting, without ending the stream (what came before an error in the
  /// input is then out, though the stream is not finished).
  public func flush() throws { try writeAll(core.takeAll()) }

  /// Ends the stream and writes what is left.
  public func finish() throws {
    core.finish()
    if let chunk = core.takeChunk() { try writeAll(chunk) }
  }

  private func writeAll(_ bytes: [UInt8]) throws(JSONStreamFileError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if result < 0 {
        if errno == EINTR { continue }
        throw JSONStreamFileError(path: nil, code: errno)
      }
      written += result
    }
  }
}

/// The system's `write`, named apart from the writers' own `write` methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
