// Streaming bodies on Hummingbird: a request body (an async sequence of buffers) decoded an
// element at a time as it arrives, through the one stream splitter of MapwrightJSON; and
// responses written as JSON Lines or one array as their elements are produced.

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
  }
#endif
