// Writing a response body of elements as they are produced, for either framework: each value
// encoded compact, framed by the one stream writer of MapwrightJSON (JSON Lines or the
// elements of an array), handed on in buffers of about `flushSize` bytes.

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
    var stream = JSONStreamWriter(format: format, flushSize: flushSize)
    for try await element in elements {
      try stream.append(element: try encoder.encodeToBytes(element))
      while let chunk = stream.takeChunk() { try await write(ByteBuffer(bytes: chunk)) }
    }
    stream.finish()
    let rest = stream.takeAll()
    if !rest.isEmpty { try await write(ByteBuffer(bytes: rest)) }
  }

  /// The content type of a body of elements: `application/jsonl` for JSON Lines,
  /// `application/json-seq` for RFC 7464 sequences, JSON otherwise.
  public func jsonElementsContentType(_ format: JSONStreamFormat) -> String {
    switch format {
    case .jsonLines: "application/jsonl"
    case .jsonTextSequence: "application/json-seq"
    case .concatenated, .array: "application/json; charset=utf-8"
    }
  }
#endif
