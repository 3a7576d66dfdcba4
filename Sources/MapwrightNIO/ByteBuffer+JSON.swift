// SwiftNIO's `ByteBuffer` as JSON input and output: a chunk of a stream (request bodies are
// async sequences of buffers), a whole body to decode, and encoded values written into a
// buffer. Shared by the server adapters; the core products never see NIO.

#if Hummingbird || Vapor
  import MapwrightCodable
  import MapwrightJSON
  import NIOCore

  extension ByteBuffer: JSONByteChunk {
    /// Gives the buffer's readable bytes to a stream's decoder (no copy of the buffer).
    public func append<Element>(to decoder: inout JSONStreamDecoder<Element>) {
      withUnsafeReadableBytes { decoder.append($0) }
    }
  }

  extension MapwrightJSONDecoder {
    /// Decodes a value from a buffer's readable bytes.
    ///
    /// ```swift
    /// let buffer = ByteBuffer(string: #"{"id": 1}"#)
    /// let user = try MapwrightJSONDecoder().decode(User.self, from: buffer)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
      try decode(type, from: Array(buffer.readableBytesView))
    }
  }

  extension MapwrightJSONEncoder {
    /// Encodes a value at the end of `buffer`.
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
      buffer.writeBytes(try encodeToBytes(value))
    }
  }
#endif
