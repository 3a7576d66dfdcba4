// Writing a response body of elements as they are produced, for either framework: each value
// encoded compact, framed by the one stream writer of MapwrightJSON (JSON Lines, the elements
// of an array, server-sent events), handed on in buffers of about `flushSize` bytes (each
// event on its own for server-sent events).

#if Hummingbird || Vapor
  import MapwrightCodable
  import MapwrightJSON
  import NIOCore

  /// Encodes `elements` as they come and hands `write` a buffer each time `flushSize` bytes are
  /// waiting, then the rest; `write` awaits the connection, so the producer waits with it.
  public func writeJSONElements<S: AsyncSequence>(
    _ elements: S, format: JSONStreamFormat, encoder: MapwrightJSONEncoder, flushSize: Int,
    to write: (ByteBuffer) async throws -> Void
  ) async throws where S.Element: Encodable {
    try await writeElements(elements, format: format, flushSize: flushSize, to: write) { (try encoder.encodeToBytes($0), nil) }
  }

  /// Encodes `events` as they come as a `text/event-stream` (each event handed to `write` as
  /// it is written), after an empty comment line that opens the stream at once, then the
  /// data that ends the stream when `terminator` is given.
  public func writeServerSentEvents<S: AsyncSequence, Value: Encodable>(
    _ events: S, terminator: String?, encoder: MapwrightJSONEncoder, to write: (ByteBuffer) async throws -> Void
  ) async throws where S.Element == ServerSentEvent<Value> {
    // An empty comment first: the response's head and a first byte go out at once (a
    // framework may hold the head until the body's first write), so that a client sees the
    // stream open before the first event, however long that takes.
    try await write(ByteBuffer(bytes: Array(":\n\n".utf8)))
    try await writeElements(events, format: .serverSentEvents(terminator: terminator), flushSize: 1, to: write) {
      (try encoder.encodeToBytes($0.data), $0.fields)
    }
  }

  /// The one loop under both: each element encoded, framed, and handed on in chunks.
  private func writeElements<S: AsyncSequence>(
    _ elements: S, format: JSONStreamFormat, flushSize: Int, to write: (ByteBuffer) async throws -> Void,
    encode: (S.Element) throws -> ([UInt8], ServerSentEventFields?)
  ) async throws {
    var stream = JSONStreamWriter(format: format, flushSize: flushSize)
    for try await element in elements {
      let (bytes, event) = try encode(element)
      try stream.append(element: bytes, event: event)
      while let chunk = stream.takeChunk() { try await write(ByteBuffer(bytes: chunk)) }
    }
    stream.finish()
    let rest = stream.takeAll()
    if !rest.isEmpty { try await write(ByteBuffer(bytes: rest)) }
  }

  /// The content type of a body of elements: `application/jsonl` for JSON Lines,
  /// `application/json-seq` for RFC 7464 sequences, `text/event-stream` for server-sent
  /// events, JSON otherwise.
  public func jsonElementsContentType(_ format: JSONStreamFormat) -> String {
    switch format {
    case .jsonLines: "application/jsonl"
    case .jsonTextSequence: "application/json-seq"
    case .serverSentEvents: "text/event-stream"
    case .concatenated, .array: "application/json; charset=utf-8"
    }
  }
#endif
