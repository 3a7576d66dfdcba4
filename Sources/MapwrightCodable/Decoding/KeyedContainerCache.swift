// Keyed containers, reused.
//
// A `KeyedDecodingContainer<Key>` is the standard library's box around our container. Making
// one asks the runtime for two generic types' metadata and a witness table, and allocates the
// box: about a quarter of the time of decoding citm_catalog.json, whose objects are small. A
// type asks for a container of its key type once per value, so the elements of an array ask
// for the same key type one after another, and by then nothing holds the previous element's
// container. So while a document is decoded, the decoder keeps the last container it made for
// each key type, and when it is the only holder of that container's box, points the container
// at the new object (through `KeyedContainerState`) instead of making another.
//
// Whether the decoder is the only holder is the box's reference count. `KeyedDecodingContainer`
// holds nothing but a reference to its box; that is checked once per process, and containers
// are not reused if it does not hold (`boxIsReadable`). A container that somebody still holds
// (a type keeping its container, a recursive type's outer value) is never moved: the decoder
// makes a new one and keeps that instead.
//
// The kept containers hold the decoder, so the decoder drops them when the document is done
// (`CodableDecoder.decodeRoot`) and keeps none afterwards. It makes the cache at the second
// container a document asks for: a document of one object never needs it.

/// The last container made for one key type: its box, held as the only reference the cache
/// needs (a `KeyedDecodingContainer` is nothing but that reference).
final class ReusableKeyedContainer {
  let state: KeyedContainerState
  @exclusivity(unchecked) private var box: AnyObject

  init<Key: CodingKey>(_: Key.Type, decoder: CodableDecoder, state: KeyedContainerState) {
    self.state = state
    box = unsafeBitCast(KeyedDecodingContainer(KeyedContainer<Key>(decoder: decoder, state: state)), to: AnyObject.self)
  }

  /// Whether nothing but this holds the container's box.
  var isOnlyHolder: Bool { isKnownUniquelyReferenced(&box) }

  /// The container, for the key type it was made for.
  @inline(__always)
  func container<Key: CodingKey>(_: Key.Type) -> KeyedDecodingContainer<Key> {
    unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
  }
}

/// The containers a decoder keeps while it decodes a document, one per key type.
final class KeyedContainerCache {
  private let kept = TypeTable<ReusableKeyedContainer>()

  /// A container of `Key` on `object`: the kept one if nothing else holds it, else a new one.
  @inline(__always)
  func container<Key: CodingKey>(
    _: Key.Type, decoder: CodableDecoder, object: Int, base: ContainerPath
  ) -> KeyedDecodingContainer<Key> {
    let keyType = ObjectIdentifier(Key.self)
    if let kept = kept.value(for: keyType), kept.isOnlyHolder {
      kept.state.move(to: object, base: base, in: decoder)
      return kept.container(Key.self)
    }
    let made = ReusableKeyedContainer(
      Key.self, decoder: decoder, state: KeyedContainerState(decoder: decoder, object: object, base: base))
    kept.set(made, for: keyType)
    return made.container(Key.self)
  }

  /// Whether a `KeyedDecodingContainer` is a single reference to its box, the one thing this
  /// cache assumes of the standard library: checked on a container made for the purpose.
  static let boxIsReadable: Bool = {
    guard MemoryLayout<KeyedDecodingContainer<AnyCodingKey>>.size == MemoryLayout<AnyObject>.size else { return false }
    var container = KeyedDecodingContainer(ProbeContainer())
    let box = withUnsafeBytes(of: &container) { $0.load(as: AnyObject.self) }
    return _typeName(type(of: box)).contains("KeyedDecodingContainerBox")
  }()
}

/// A container that decodes nothing, for `KeyedContainerCache.boxIsReadable`.
private struct ProbeContainer: KeyedDecodingContainerProtocol {
  var codingPath: [any CodingKey] { [] }
  var allKeys: [AnyCodingKey] { [] }
  func contains(_ key: AnyCodingKey) -> Bool { false }
  func decodeNil(forKey key: AnyCodingKey) throws -> Bool { true }
  func decode<T: Decodable>(_ type: T.Type, forKey key: AnyCodingKey) throws -> T { throw probeError(key) }
  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: AnyCodingKey
  ) throws -> KeyedDecodingContainer<NestedKey> { throw probeError(key) }
  func nestedUnkeyedContainer(forKey key: AnyCodingKey) throws -> any UnkeyedDecodingContainer { throw probeError(key) }
  func superDecoder() throws -> any Decoder { throw probeError(AnyCodingKey.super) }
  func superDecoder(forKey key: AnyCodingKey) throws -> any Decoder { throw probeError(key) }

  private func probeError(_ key: AnyCodingKey) -> DecodingError {
    .keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "a probe decodes nothing"))
  }
}
