// The keyed container: an object on the tape, searched by key. Under a key strategy the
// container converts the object's keys once, when it is made (as Foundation does), and
// searches the converted keys.

import Foundation
import MapwrightJSON

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// The decoder and the object the container reads, in a class: a reused container is
  /// pointed at its next object through it (see `KeyedContainerCache`). It is the
  /// container's only stored property: the standard library's box copies the container for
  /// every call (decoding methods are not `mutating`), and a copy of one reference is one
  /// retain.
  let state: KeyedContainerState
  /// Yielded, not returned: a getter would retain the decoder at every use.
  var decoder: CodableDecoder {
    _read { yield state.decoder }
  }
  var object: Int { state.object }
  var base: ContainerPath { state.base }
  var converted: [(key: String, value: Int)]? { state.convertedBox?.members }

  init(state: KeyedContainerState) {
    self.state = state
  }

  /// A container used for one object (the first of a document, nested containers), which
  /// asks its keys for their names: learning them would cost more (see `KeyNames`).
  init(decoder: CodableDecoder, object: Int, base: ContainerPath) {
    state = KeyedContainerState(decoder: decoder, object: object, base: base, keysFit: false)
  }

  var codingPath: [any CodingKey] { base.codingPath(in: decoder) }

  var allKeys: [Key] {
    var seen = Set<ByteKey>()  // by bytes: "é" and "e\u{301}" are two keys
    var keys: [Key] = []
    forEachMember { name, _ in
      if seen.insert(ByteKey(name)).inserted, let key = Key(stringValue: name) { keys.append(key) }
    }
    return keys
  }

  private func forEachMember(_ body: (String, Int) -> Void) {
    if let converted {
      for member in converted { body(member.key, member.value) }
      return
    }
    let tape = decoder.raw.tape
    var keyIndex = object + 1
    for _ in 0..<Int(tape[object].length) {
      body(decoder.raw.string(at: keyIndex) ?? "", keyIndex + 1)
      keyIndex = Int(tape[keyIndex + 1].next)
    }
  }

  /// The tape index of the value for `key`, or nil.
  @inline(__always)
  func find(_ key: Key) -> Int? {
    let state = state
    guard state.keepsNames else { return find(named: key.stringValue) }
    let byte = KeyNames.byte(of: key)
    let (name, hash) = state.names.name(at: byte) ?? state.names.learn(byte, key.stringValue)
    return decoder.member(of: state.object, named: name, hash: hash, table: &state.keys)
  }

  /// The tape index of the value of the member called `name` (after the key strategy).
  @inline(__always)
  func find(named name: String) -> Int? {
    if let converted {
      return converted.first { $0.key == name }?.value
    }
    let state = state
    return withUTF8Bytes(of: name) { decoder.member(of: state.object, named: $0, table: &state.keys) }
  }

  @inline(__always)
  func require(_ key: Key) throws -> Int {
    guard let index = find(key) else {
      throw decoder.keyNotFound(key, in: object, base: codingPath)
    }
    return index
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.raw.tape[try require(key)].kind == .null
  }

  // MARK: Scalars: a fast path, and the key pushed only to report a problem.

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let index = try require(key)
    if let value = decoder.raw.bool(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readBool(at: index) }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let index = try require(key)
    if let value = decoder.raw.string(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readString(at: index) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let index = try require(key)
    if let value = decoder.raw.double(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readDouble(at: index) }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    let index = try require(key)
    return try decoder.withKey(key, base: base) { try decoder.readFloat(at: index) }
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ key: Key, as type: T.Type) throws -> T {
    let index = try require(key)
    if let value = decoder.raw.integer(at: index, as: T.self) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readInteger(at: index, as: T.self) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key, as: Int.self) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key, as: Int8.self) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key, as: Int16.self) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key, as: Int32.self) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key, as: Int64.self) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key, as: UInt.self) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key, as: UInt8.self) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key, as: UInt16.self) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key, as: UInt32.self) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key, as: UInt64.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key, as: Int128.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key, as: UInt128.self) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let index = try require(key)
    return try decoder.withKey(key, base: base) { try decoder.unbox(type, at: index) }
  }

  // MARK: Optionals: a missing key or null is nil.

  @inline(__always)
  private func present(_ key: Key) -> Int? {
    guard let index = find(key), decoder.raw.tape[index].kind != .null else { return nil }
    return index
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let index = present(key) else { return nil }
    if let value = decoder.raw.bool(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readBool(at: index) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let index = present(key) else { return nil }
    if let value = decoder.raw.string(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readString(at: index) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let index = present(key) else { return nil }
    if let value = decoder.raw.double(at: index) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readDouble(at: index) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    guard let index = present(key) else { return nil }
    return try decoder.withKey(key, base: base) { try decoder.readFloat(at: index) }
  }

  @inline(__always)
  private func integerIfPresent<T: FixedWidthInteger>(_ key: Key, as type: T.Type) throws -> T? {
    guard let index = present(key) else { return nil }
    if let value = decoder.raw.integer(at: index, as: T.self) { return value }
    return try decoder.withKey(key, base: base) { try decoder.readInteger(at: index, as: T.self) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key, as: Int.self) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key, as: Int8.self) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key, as: Int16.self) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key, as: Int32.self) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key, as: Int64.self) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key, as: UInt.self) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key, as: UInt8.self) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key, as: UInt16.self) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key, as: UInt32.self) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key, as: UInt64.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(key, as: Int128.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try integerIfPresent(key, as: UInt128.self) }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = present(key) else { return nil }
    return try decoder.withKey(key, base: base) { try decoder.unbox(type, at: index) }
  }

  // MARK: Nesting

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try nested(.object, key, "KeyedDecodingContainer<\(NestedKey.self)>")
    return KeyedDecodingContainer(
      KeyedContainer<NestedKey>(decoder: decoder, object: index, base: ContainerPath(explicit: codingPath + [key])))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let index = try nested(.array, key, "UnkeyedDecodingContainer")
    return UnkeyedContainer(decoder: decoder, array: index, base: ContainerPath(explicit: codingPath + [key]))
  }

  /// The tape index of the container of `kind` at `key`, or Foundation's errors.
  private func nested(_ kind: TapeKind, _ key: Key, _ what: String) throws -> Int {
    guard let index = find(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get \(what) -- no value found for key \(key) (\"\(key.stringValue)\")"))
    }
    try decoder.withKey(key, base: base) { try decoder.checkContainer(kind: kind, at: index) }
    return index
  }

  func superDecoder() throws -> any Decoder {
    decoder.superDecoder(at: find(named: "super"), key: AnyCodingKey.super, base: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.superDecoder(at: find(key), key: key, base: codingPath)
  }
}

extension CodableDecoder {
  /// A decoder for the value at `index`, or for null when the key is missing (Foundation).
  func superDecoder(at index: Int?, key: any CodingKey, base: [any CodingKey]) -> any Decoder {
    guard let index else { return NullValueDecoder(codingPath: base + [key], userInfo: userInfo) }
    return CodableDecoder(child: self, at: index, path: base + [key])
  }

  /// Each member's key after the key strategy, with its value's tape index.
  func convertedMembers(of object: Int, base: ContainerPath) -> [(key: String, value: Int)] {
    var members: [(key: String, value: Int)] = []
    let count = Int(raw.tape[object].length)
    members.reserveCapacity(count)
    var keyIndex = object + 1
    let path = base.codingPath(in: self)
    for _ in 0..<count {
      let rawKey = raw.string(at: keyIndex) ?? ""
      let key: String
      switch options.keys {
      case .useDefaultKeys: key = rawKey
      case .convertFromSnakeCase:
        key = rawKey.utf8.contains(UInt8(ascii: "_")) ? options.snakeCaseCache!.converted(rawKey) : rawKey
      case .custom(let convert): key = convert(path + [AnyCodingKey(stringValue: rawKey)]).stringValue
      }
      members.append((key, keyIndex + 1))
      keyIndex = Int(raw.tape[keyIndex + 1].next)
    }
    return members
  }
}

/// The decoder, the object a keyed container reads and where the object sits.
final class KeyedContainerState {
  let decoder: CodableDecoder
  @exclusivity(unchecked) private(set) var object: Int
  @exclusivity(unchecked) private(set) var base: ContainerPath
  /// Under a key strategy: each member's converted key and its value's tape index.
  @exclusivity(unchecked) private(set) var convertedBox: ConvertedMembers?
  /// The keys of the last object searched (see `KeyTable`).
  @exclusivity(unchecked) var keys = KeyTable()
  /// Whether the container's keys are found by their names kept in `names`: keys that fit,
  /// no key strategy, and a container reused for a fifth object (see `KeyNames`).
  @exclusivity(unchecked) private(set) var keepsNames = false
  @exclusivity(unchecked) var names = KeyNames()
  /// Whether keys that fit may have their names kept once the container is reused.
  private let mayKeepNames: Bool
  /// The objects the container has served.
  @exclusivity(unchecked) private var objects = 1

  init(decoder: CodableDecoder, object: Int, base: ContainerPath, keysFit: Bool) {
    self.decoder = decoder
    self.object = object
    self.base = base
    convertedBox = Self.converted(decoder, object, base)
    mayKeepNames = keysFit && decoder.options.usesDefaultKeys
  }

  deinit {
    keys.deallocate()
    names.deallocate()
  }

  /// Points the container at another object of the decoder's (see `KeyedContainerCache`).
  func move(to object: Int, base: ContainerPath) {
    self.object = object
    self.base = base
    convertedBox = Self.converted(decoder, object, base)
    objects &+= 1
    // Learning a name costs about as much as asking a key for it four times.
    keepsNames = mayKeepNames && objects > 4
  }

  private static func converted(_ decoder: CodableDecoder, _ object: Int, _ base: ContainerPath) -> ConvertedMembers? {
    decoder.options.usesDefaultKeys ? nil : ConvertedMembers(decoder.convertedMembers(of: object, base: base))
  }
}

/// Converted member keys, boxed (see `KeyedContainerState.convertedBox`).
final class ConvertedMembers {
  let members: [(key: String, value: Int)]
  init(_ members: [(key: String, value: Int)]) { self.members = members }
}
