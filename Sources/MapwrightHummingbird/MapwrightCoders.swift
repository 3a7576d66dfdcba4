// Hummingbird 2's request decoder and response encoder, backed by Mapwright's drop-in coders:
// a body is collected into one buffer (413 past the context's `maxUploadSize`, before it is read
// whole when the request says its length), decoded from the buffer's bytes, and a body that
// does not decode is a 400 with RFC 9457 problem details (`ProblemDetails`).

#if Hummingbird
  public import Hummingbird
  public import MapwrightCodable
  import MapwrightNIO
  import NIOCore

  /// Decodes request bodies with `MapwrightJSONDecoder`; `@JSONModel` types are read by their
  /// generated readers.
  ///
  /// ```swift
  /// struct AppContext: RequestContext {
  ///   var coreContext: CoreRequestContextStorage
  ///   init(source: Source) { coreContext = .init(source: source) }
  ///   var requestDecoder: MapwrightRequestDecoder { MapwrightRequestDecoder() }
  ///   var responseEncoder: MapwrightResponseEncoder { MapwrightResponseEncoder() }
  /// }
  /// ```
  /// (or use `MapwrightRequestContext`, which is that context).
  public struct MapwrightRequestDecoder: RequestDecoder, Sendable {
    /// The decoder that reads request bodies (its options apply).
    public let decoder: MapwrightJSONDecoder

    /// `decoder` is used as it is (set its strategies before handing it over, then leave it).
    public init(_ decoder: MapwrightJSONDecoder = MapwrightJSONDecoder()) {
      self.decoder = decoder
    }

    /// Decodes the request's body as `T`; a body that does not decode throws a `MapwrightHTTPError`
    /// (400 with problem details; 413 for a body over the size limit).
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
      let buffer = try await request.collectJSONBody(upTo: context.maxUploadSize)
      do {
        return try decoder.decode(T.self, from: buffer)
      } catch {
        throw MapwrightHTTPError(problem: ProblemDetails(decodingError: error)) ?? error
      }
    }
  }

  /// Encodes responses with `MapwrightJSONEncoder` (`application/json; charset=utf-8`).
  public struct MapwrightResponseEncoder: ResponseEncoder, Sendable {
    /// The encoder that writes response bodies (its options apply).
    public let encoder: MapwrightJSONEncoder

    /// A response encoder writing with `encoder`.
    public init(_ encoder: MapwrightJSONEncoder = MapwrightJSONEncoder()) {
      self.encoder = encoder
    }

    /// A `200 OK` response with the value encoded as JSON (`Content-Type: application/json`).
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
      var buffer = ByteBuffer()
      try encoder.encode(value, into: &buffer)
      return Response(
        status: .ok,
        headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes)],
        body: ResponseBody(byteBuffer: buffer))
    }
  }

  /// A request context whose decoder and encoder are Mapwright's.
  ///
  /// ```swift
  /// let router = Router(context: MapwrightRequestContext.self)
  /// router.post("issues") { request, context in
  ///   try await request.decode(as: Issue.self, context: context)
  /// }
  /// ```
  public struct MapwrightRequestContext: RequestContext {
    /// Hummingbird's per-request state.
    public var coreContext: CoreRequestContextStorage

    /// The context of a request Hummingbird received from `source`.
    public init(source: Source) {
      coreContext = .init(source: source)
    }

    /// Mapwright's decoder for request bodies.
    public var requestDecoder: MapwrightRequestDecoder { MapwrightRequestDecoder() }
    /// Mapwright's encoder for response bodies.
    public var responseEncoder: MapwrightResponseEncoder { MapwrightResponseEncoder() }
  }

  extension Request {
    /// The whole body, refused with a 413 when it is over `limit` bytes: at once when its
    /// `Content-Length` says so, else as soon as the bytes read pass the limit.
    func collectJSONBody(upTo limit: Int) async throws -> ByteBuffer {
      if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit {
        throw MapwrightHTTPError(problem: .tooLarge(limit: limit))
      }
      do {
        return try await body.collect(upTo: limit)
      } catch is NIOTooManyBytesError {
        throw MapwrightHTTPError(problem: .tooLarge(limit: limit))
      }
    }
  }
#endif
