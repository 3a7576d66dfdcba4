// The unkeyed container: an array on the tape, read front to back. `next` is the tape index
// of the element at `currentIndex`.

import Foundation
import MapwrightJSON

struct UnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: CodableDecoder
  let base: ContainerPath
  let elementCount: Int
  private(set) var currentIndex = 0
  private var next: Int

  init(decoder: CodableDecoder, array: Int, base: ContainerPath) {
    self.decoder = decoder
    self.base = base
    elementCount = Int(decoder.raw.tape[array].length)
    next = array + 1
  }

  var codingPath: [any CodingKey] { base.codingPath(in: decoder) }
  var count: Int? { elementCount }
  var isAtEnd: Bool { currentIndex >= elementCount }

  /// The element to read, or Foundation's error at the end of the array.
  @inline(__always)
  private func element(for type: Any.Type) throws -> Int {
    guard currentIndex < elementCount else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [IndexKey(currentIndex)],
          debugDescription: "Unkeyed container is at end. (at \(pathText(codingPath)), \(elementCount) elements)"))
    }
    return next
  }

  @inline(__always)
  private mutating func advance() {
    next = Int(decoder.raw.tape[next].next)
    currentIndex += 1
  }

  @inline(__always)
  private mutating func read<T>(_ type: T.Type, fast: (Int) -> T?, slow: (Int) throws -> T) throws -> T {
    let index = try element(for: T.self)
    if let value = fast(index) {
      advance()
      return value
    }
    let value = try decoder.withKey(IndexKey(currentIndex), base: base) { try slow(index) }
    advance()
    return value
  }

  mutating func decodeNil() throws -> Bool {
    let index = try element(for: Never?.self)
    guard decoder.raw.tape[index].kind == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try read(Bool.self, fast: decoder.raw.bool(at:), slow: decoder.readBool(at:))
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try read(String.self, fast: decoder.raw.string(at:), slow: decoder.readString(at:))
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try read(Double.self, fast: decoder.raw.double(at:), slow: decoder.readDouble(at:))
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try read(Float.self, fast: { _ in nil }, slow: decoder.readFloat(at:))
  }

  private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let decoder = decoder
    return try read(T.self, fast: { decoder.raw.integer(at: $0, as: T.self) }, slow: { try decoder.readInteger(at: $0, as: T.self) })
  }

  mutating func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(Int128.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(UInt128.self) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    // Not through `read`: a `T?` in generic code costs a metadata lookup per element.
    let index = try element(for: T.self)
    let value = try decoder.withKey(IndexKey(currentIndex), base: base) { try decoder.unbox(type, at: index) }
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try element(for: KeyedDecodingContainer<NestedKey>.self)
    let nestedPath = codingPath + [IndexKey(currentIndex)]
    try decoder.withKey(IndexKey(currentIndex), base: base) {
      try decoder.checkContainer(kind: .object, at: index)
    }
    advance()
    return KeyedDecodingContainer(KeyedContainer<NestedKey>(decoder: decoder, object: index, base: ContainerPath(explicit: nestedPath)))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let index = try element(for: (any UnkeyedDecodingContainer).self)
    let nestedPath = codingPath + [IndexKey(currentIndex)]
    try decoder.withKey(IndexKey(currentIndex), base: base) {
      try decoder.checkContainer(kind: .array, at: index)
    }
    advance()
    return UnkeyedContainer(decoder: decoder, array: index, base: ContainerPath(explicit: nestedPath))
  }

  mutating func superDecoder() throws -> any Decoder {
    let index = try element(for: (any Decoder).self)
    let decoder = decoder.superDecoder(at: index, key: IndexKey(currentIndex), base: codingPath)
    advance()
    return decoder
  }
}
