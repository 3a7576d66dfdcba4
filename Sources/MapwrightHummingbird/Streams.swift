// Streaming bodies on Hummingbird: a request body (an async sequence of buffers) decoded an
// element at a time as it arrives, through the one stream splitter of MapwrightJSON; and
// responses written as JSON Lines, one array or server-sent events as their elements are
// produced.

#if Hummingbird
  public import Hummingbird
  public import MapwrightCodable
  public import MapwrightJSON
  public import MapwrightNIO
  import NIOCore

  extension Request {
    /// The body's elements, decoded as they arrive: JSON Lines by default, or the elements of an
    /// array (`.array(at: "items")`). A bad element, a truncated body or an element over
    /// `options.maximumElementSize` throws a `MapwrightHTTPError` (400 or 413, with the
    /// element's index, line and column in the body).
    ///
    /// ```swift
    /// router.post("events") { request, context in
    ///   var count = 0
    ///   for try await event in request.decodeElements(Event.self) { count += event.weight }
    ///   return "\(count)"
    /// }
    /// ```
    public func decodeElements<T: Decodable>(
      _ type: T.Type, format: JSONStreamFormat = .jsonLines, decoder: MapwrightJSONDecoder = MapwrightJSONDecoder(),
      options: JSONStreamOptions = JSONStreamOptions()
    ) -> HTTPBodyElements<JSONElementSequence<RequestBody, T>> {
      HTTPBodyElements(base: decoder.elements(type, of: body, format: format, options: options))
    }
  }

  /// A body's elements; errors thrown as `MapwrightHTTPError`s, which Hummingbird answers with
  /// problem details.
  public struct HTTPBodyElements<Base: AsyncSequence>: AsyncSequence {
    /// A chunk of the body as it arrived.
    public typealias Element = Base.Element
    let base: Base

    /// An iterator over the chunks of the body, read once.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }

    /// Reads the body's chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: Base.AsyncIterator

      /// The next chunk of the body, or nil at its end.
      public mutating func next() async throws -> Element? {
        do {
          return try await base.next()
        } catch {
          throw MapwrightHTTPError(problem: ProblemDetails(decodingError: error)) ?? error
        }
      }
    }
  }

  extension Response {
    /// A 200 response whose body is `elements` written as they come: JSON Lines
    /// (`application/jsonl`) or the elements of one array (`application/json`), flushed in
    /// chunks of `flushSize` bytes; the writer waits for the connection (back-pressure).
    ///
    /// ```swift
    /// router.get("events") { _, _ in
    ///   Response.jsonElements(events, format: .jsonLines)
    /// }
    /// ```
    public static func jsonElements<S: AsyncSequence & Sendable>(
      _ elements: S, format: JSONStreamFormat = .jsonLines, encoder: MapwrightJSONEncoder = MapwrightJSONEncoder(),
      flushSize: Int = 64 << 10
    ) -> Response where S.Element: Encodable {
      Response(
        status: .ok, headers: [.contentType: jsonElementsContentType(format)],
        body: ResponseBody { writer in
          try await writeJSONElements(elements, format: format, encoder: encoder, flushSize: flushSize) { try await writer.write($0) }
          try await writer.finish(nil)
        })
    }

    /// A 200 `text/event-stream` response whose body is `events` written as they come, each
    /// one sent when it is written (`Cache-Control: no-cache`), then an event whose data is
    /// `terminator` when one is given; the writer waits for the connection.
    ///
    /// ```swift
    /// router.get("deltas") { _, _ in
    ///   Response.serverSentEvents(deltas.map { ServerSentEvent($0, name: "delta") }, terminator: "[DONE]")
    /// }
    /// ```
    public static func serverSentEvents<S: AsyncSequence & Sendable, Value: Encodable>(
      _ events: S, terminator: String? = nil, encoder: MapwrightJSONEncoder = MapwrightJSONEncoder()
    ) -> Response where S.Element == ServerSentEvent<Value> {
      Response(
        status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
        body: ResponseBody { writer in
          try await writeServerSentEvents(events, terminator: terminator, encoder: encoder) { try await writer.write($0) }
          try await writer.finish(nil)
        })
    }
  }
#endif
