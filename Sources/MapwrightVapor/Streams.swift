// Streaming bodies on Vapor: a request body registered with `body: .stream` decoded an element
// at a time as it arrives, and responses written as JSON Lines or one array as their elements
// are produced. Errors of a stream reach `ProblemDetailsMiddleware` like any decoding error.

#if Vapor
  public import MapwrightCodable
  public import MapwrightJSON
  public import MapwrightNIO
  public import NIOCore
  import NIOHTTP1
  public import Vapor

  extension Request {
    /// The body's elements, decoded as they arrive (register the route with `body: .stream` to
    /// read a large body as it comes; on a route that collects its body, the collected bytes are
    /// read, and a request without a body has no elements): JSON Lines by default, or the
    /// elements of an array (`.array(at: "items")`).
    ///
    /// ```swift
    /// app.on(.POST, "events", body: .stream) { request async throws -> String in
    ///   var count = 0
    ///   for try await event in request.decodeElements(Event.self) { count += event.weight }
    ///   return "\(count)"
    /// }
    /// ```
    public func decodeElements<T: Decodable>(
      _ type: T.Type, format: JSONStreamFormat = .jsonLines, decoder: MapwrightJSONDecoder = MapwrightJSONDecoder(),
      options: JSONStreamOptions = JSONStreamOptions()
    ) -> JSONElementSequence<RequestBodyChunks, T> {
      decoder.elements(type, of: RequestBodyChunks(self), format: format, options: options)
    }
  }

  /// A request's body as chunks: the buffer of a collected body, the stream of a streamed one,
  /// nothing for a request without a body (Vapor's own sequence traps on that).
  public struct RequestBodyChunks: AsyncSequence, Sendable {
    /// A chunk of the body as it arrived.
    public typealias Element = ByteBuffer
    enum Source: Sendable {
      case collected(ByteBuffer)
      case stream(Request.Body)
      case none
    }
    let source: Source

    init(_ request: Request) {
      if let collected = request.body.data {
        source = .collected(collected)
      } else if request.headers.first(name: .contentLength).flatMap(Int.init) ?? 0 > 0
        || !request.headers[.transferEncoding].isEmpty
      {
        source = .stream(request.body)
      } else {
        source = .none
      }
    }

    /// An iterator over the chunks of the body, read once.
    public func makeAsyncIterator() -> AsyncIterator {
      switch source {
      case .collected(let buffer): AsyncIterator(pending: buffer, stream: nil)
      case .stream(let body): AsyncIterator(pending: nil, stream: body.makeAsyncIterator())
      case .none: AsyncIterator(pending: nil, stream: nil)
      }
    }

    /// Reads the body's chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var pending: ByteBuffer?
      var stream: Request.Body.AsyncIterator?

      /// The next chunk of the body, or nil at its end.
      public mutating func next() async throws -> ByteBuffer? {
        if let buffer = pending {
          pending = nil
          return buffer
        }
        return try await stream?.next()
      }
    }
  }

  extension Response {
    /// A 200 response whose body is `elements` written as they come: JSON Lines
    /// (`application/jsonl`) or the elements of one array, flushed in chunks of `flushSize`
    /// bytes; the writer waits for the connection.
    public static func jsonElements<S: AsyncSequence & Sendable>(
      _ elements: S, format: JSONStreamFormat = .jsonLines, encoder: MapwrightJSONEncoder = MapwrightJSONEncoder(),
      flushSize: Int = 64 << 10
    ) -> Response where S.Element: Encodable {
      var headers = HTTPHeaders()
      headers.replaceOrAdd(name: .contentType, value: jsonElementsContentType(format))
      return Response(
        status: .ok, headers: headers,
        body: .init(asyncStream: { writer in
          do {
            try await writeJSONElements(elements, format: format, encoder: encoder, flushSize: flushSize) { try await writer.writeBuffer($0) }
            try await writer.write(.end)
          } catch {
            try await writer.write(.error(error))
          }
        }))
    }

    /// A 200 `text/event-stream` response whose body is `events` written as they come, each
    /// one sent when it is written (`Cache-Control: no-cache`), then an event whose data is
    /// `terminator` when one is given; the writer waits for the connection.
    ///
    /// ```swift
    /// app.get("deltas") { _ in
    ///   Response.serverSentEvents(deltas.map { ServerSentEvent($0, name: "delta") }, terminator: "[DONE]")
    /// }
    /// ```
    public static func serverSentEvents<S: AsyncSequence & Sendable, Value: Encodable>(
      _ events: S, terminator: String? = nil, encoder: MapwrightJSONEncoder = MapwrightJSONEncoder()
    ) -> Response where S.Element == ServerSentEvent<Value> {
      var headers = HTTPHeaders()
      headers.replaceOrAdd(name: .contentType, value: "text/event-stream")
      headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
      return Response(
        status: .ok, headers: headers,
        body: .init(asyncStream: { writer in
          do {
            try await writeServerSentEvents(events, terminator: terminator, encoder: encoder) { try await writer.writeBuffer($0) }
            try await writer.write(.end)
          } catch {
            try await writer.write(.error(error))
          }
        }))
    }
  }
#endif
