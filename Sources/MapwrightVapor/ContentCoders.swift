// Vapor 4's content coders, backed by Mapwright's drop-in coders: a body is decoded from the
// buffer's bytes, an encoded value is written into the response's buffer. Registered for JSON
// the way Vapor's users register Foundation's:
//
//   ContentConfiguration.global.use(decoder: MapwrightJSONDecoder(), for: .json)
//   ContentConfiguration.global.use(encoder: MapwrightJSONEncoder(), for: .json)
//   app.middleware.use(ProblemDetailsMiddleware())

#if Vapor
  public import MapwrightCodable
  import MapwrightNIO
  public import NIOCore
  public import NIOHTTP1
  public import Vapor

  extension MapwrightJSONDecoder: ContentDecoder {
    /// Decodes a request or response body as `D`, for Vapor's `ContentConfiguration`.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
      try decode(D.self, from: body)
    }

    /// Decodes a body as `D` with `userInfo` added to the decoder's own for this call.
    public func decode<D: Decodable>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
      guard !userInfo.isEmpty else { return try decode(D.self, from: body) }
      // The decoder is shared by every request: a copy takes the request's user info.
      let copy = MapwrightJSONDecoder(copying: self)
      copy.userInfo = self.userInfo.merging(userInfo) { $1 }
      return try copy.decode(D.self, from: body)
    }
  }

  extension MapwrightJSONEncoder: ContentEncoder {
    /// Encodes a value into a body and sets `Content-Type: application/json`, for Vapor's
    /// `ContentConfiguration`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
      headers.contentType = .json
      try encode(encodable, into: &body)
    }

    /// Encodes a value into a body with `userInfo` added to the encoder's own for this call.
    public func encode<E: Encodable>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
      guard !userInfo.isEmpty else { return try encode(encodable, to: &body, headers: &headers) }
      let copy = MapwrightJSONEncoder(copying: self)
      copy.userInfo = self.userInfo.merging(userInfo) { $1 }
      try copy.encode(encodable, to: &body, headers: &headers)
    }
  }
#endif
