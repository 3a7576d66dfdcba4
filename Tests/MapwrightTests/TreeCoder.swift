// A small in-memory `Decoder` and `Encoder` over `JSON` trees, written the plain way any
// third-party coder is: containers that walk the tree, nothing of Mapwright's inside. The
// Codable driver tests run `@JSONModel` types through it to show that any coder works.

import Mapwright

struct TreeDecoder: Decoder {
  let value: JSON
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  static func decode<T: Decodable>(_ type: T.Type, from value: JSON) throws -> T { try T(from: TreeDecoder(value: value)) }

  func mismatch(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(type), found \(value)"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: Any].self, codingPath) }
    return KeyedDecodingContainer(Keyed<Key>(members: members, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self, codingPath) }
    return Unkeyed(elements: elements, decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  func child(_ value: JSON, _ key: any CodingKey) -> TreeDecoder {
    TreeDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
  }

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObject
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.map(\.key).compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }
    func member(_ key: Key) throws -> TreeDecoder {
      guard let value = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
      }
      return decoder.child(value, key)
    }
    func decodeNil(forKey key: Key) throws -> Bool { try member(key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: member(key)) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
      try member(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
  }

  struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSON]
    let decoder: TreeDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    mutating func next() throws -> TreeDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "at the end"))
      }
      defer { currentIndex += 1 }
      return decoder.child(elements[currentIndex], JSONCodingKey(intValue: currentIndex))
    }
    mutating func decodeNil() throws -> Bool {
      if !isAtEnd, elements[currentIndex] == .null {
        currentIndex += 1
        return true
      }
      return false
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
      try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  struct Single: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let flag) = decoder.value else { throw decoder.mismatch(type, codingPath) }
      return flag
    }
    func decode(_ type: String.Type) throws -> String {
      guard case .string(let text) = decoder.value else { throw decoder.mismatch(type, codingPath) }
      return text
    }
    func number<T>(_ type: T.Type, _ read: (JSONNumber) -> T?) throws -> T {
      guard case .number(let number) = decoder.value, let value = read(number) else { throw decoder.mismatch(type, codingPath) }
      return value
    }
    func decode(_ type: Double.Type) throws -> Double { try number(type) { $0.doubleValue } }
    func decode(_ type: Float.Type) throws -> Float { try number(type) { $0.doubleValue.map(Float.init) } }
    func decode(_ type: Int.Type) throws -> Int { try number(type) { $0.int64Value.flatMap { Int(exactly: $0) } } }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) { $0.int64Value } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) { $0.uint64Value } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
  }
}

/// Encodes into a `JSON` tree; containers write into shared boxes.
final class TreeEncoder: Encoder {
  final class Box {
    var value: JSON = .null
  }
  let box: Box
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] = [:]

  init(box: Box = Box(), codingPath: [any CodingKey] = []) {
    self.box = box
    self.codingPath = codingPath
  }

  static func encode<T: Encodable>(_ value: T) throws -> JSON {
    let encoder = TreeEncoder()
    try value.encode(to: encoder)
    return encoder.box.value
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = box.value {} else { box.value = .object(JSONObject()) }
    return KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = box.value {} else { box.value = .array([]) }
    return Unkeyed(encoder: self)
  }
  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  static func encoded<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> JSON {
    let encoder = TreeEncoder(codingPath: path)
    try value.encode(to: encoder)
    return encoder.box.value
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    func set(_ value: JSON, _ key: Key) {
      guard case .object(var members) = encoder.box.value else { return }
      members[key.stringValue] = value
      encoder.box.value = .object(members)
    }
    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try TreeEncoder.encoded(value, at: codingPath + [key]), key) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
      fatalError("not used by the tests")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("not used by the tests") }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("not used by the tests") }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
      guard case .array(let elements) = encoder.box.value else { return 0 }
      return elements.count
    }
    func append(_ value: JSON) {
      guard case .array(var elements) = encoder.box.value else { return }
      elements.append(value)
      encoder.box.value = .array(elements)
    }
    mutating func encodeNil() throws { append(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try TreeEncoder.encoded(value, at: codingPath + [JSONCodingKey(intValue: count)]))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      fatalError("not used by the tests")
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not used by the tests") }
    mutating func superEncoder() -> any Encoder { fatalError("not used by the tests") }
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    mutating func encodeNil() throws { encoder.box.value = .null }
    mutating func encode(_ value: Bool) throws { encoder.box.value = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.box.value = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.box.value = .number(JSONNumber(value)) }
    mutating func encode(_ value: Int) throws { encoder.box.value = .number(JSONNumber(value)) }
    mutating func encode(_ value: Int64) throws { encoder.box.value = .number(JSONNumber(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.box.value = .number(JSONNumber(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
  }
}
