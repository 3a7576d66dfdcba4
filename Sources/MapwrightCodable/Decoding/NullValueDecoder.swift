/// The decoder `superDecoder()` returns when the key is missing: Foundation decodes the
/// superclass from null then, so optionals read nil and everything else is `valueNotFound`.
struct NullValueDecoder: Decoder, SingleValueDecodingContainer {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  private func missing(_ type: Any.Type) -> DecodingError {
    .valueNotFound(
      type,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "Cannot get value of type \(type) -- found null value instead (at \(pathText(codingPath)), key missing)"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw missing([String: Any].self)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw missing([Any].self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { true }
  func decode(_ type: Bool.Type) throws -> Bool { throw missing(type) }
  func decode(_ type: String.Type) throws -> String { throw missing(type) }
  func decode(_ type: Double.Type) throws -> Double { throw missing(type) }
  func decode(_ type: Float.Type) throws -> Float { throw missing(type) }
  func decode(_ type: Int.Type) throws -> Int { throw missing(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { throw missing(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { throw missing(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { throw missing(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { throw missing(type) }
  func decode(_ type: UInt.Type) throws -> UInt { throw missing(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { throw missing(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { throw missing(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { throw missing(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { throw missing(type) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { throw missing(type) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { throw missing(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}
