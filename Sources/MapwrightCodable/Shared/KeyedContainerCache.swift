// Keyed containers, reused, by the decoder and the encoder alike.
//
// A `KeyedDecodingContainer<Key>` (or `KeyedEncodingContainer<Key>`) is the standard
// library's box around our container. Making one asks the runtime for two generic types'
// metadata and a witness table, and allocates the box: about a quarter of the time of
// decoding citm_catalog.json, whose objects are small, and an eighth of encoding
// twitter.json. A type asks for a container of its key type once per value, so the elements
// of an array ask for the same key type one after another, and by then nothing holds the
// previous element's container. So while a document is decoded or encoded, the coder keeps
// the last containers it made for each key type (a few, for types nested in themselves), and
// when it is the only holder of one's box, points that container at the new object (through
// the container's state object, `State`) instead of making another.
//
// Whether the coder is the only holder is the box's reference count. The standard library's
// container holds nothing but a reference to its box; that is checked once per process for
// each direction, and containers are not reused if it does not hold (`decodingBoxIsReadable`,
// `encodingBoxIsReadable`). A container that somebody still holds (a type keeping its
// container, a recursive type's outer value) is never moved: the coder makes a new one and
// keeps that instead.
//
// The kept containers hold the coder, so the coder drops them when the document is done
// (`CodableDecoder.decodeRoot`, `CodableEncoder.encodeRoot`) and keeps none afterwards. It
// makes the cache at the second container a document asks for: a document of one object
// never needs it.

/// The last container made for one key type: its state and its box, held as the only
/// reference the cache needs (the standard library's container is nothing but that reference).
final class ReusableKeyedContainer<State: AnyObject> {
  let state: State
  @exclusivity(unchecked) private var box: AnyObject
  /// Another container of the same key type, kept while this one was made because that one
  /// was still in use (a recursive type's outer value), and so on: at most
  /// `KeyedContainerCache.perKeyType` in all.
  @exclusivity(unchecked) var spare: ReusableKeyedContainer?

  init<Container>(state: State, container: Container) {
    self.state = state
    box = unsafeBitCast(container, to: AnyObject.self)
  }

  /// The first container behind this one that nothing else holds, if any.
  func freeSpare() -> ReusableKeyedContainer? {
    var candidate = spare
    while let container = candidate {
      if container.isOnlyHolder { return container }
      candidate = container.spare
    }
    return nil
  }

  /// Keeps `others` behind this one, `count` of them at most.
  func keep(_ others: ReusableKeyedContainer?, upTo count: Int) {
    spare = others
    var last = self
    for _ in 0..<count {
      guard let next = last.spare else { return }
      last = next
    }
    last.spare = nil
  }

  /// Whether nothing but this holds the container's box.
  var isOnlyHolder: Bool { isKnownUniquelyReferenced(&box) }

  /// The container, as the type it was made as.
  @inline(__always)
  func container<Container>(_: Container.Type) -> Container {
    unsafeBitCast(box, to: Container.self)
  }
}

/// The containers a coder keeps while it decodes or encodes a document, one per key type.
final class KeyedContainerCache<State: AnyObject> {
  private let kept = TypeTable<ReusableKeyedContainer<State>>()

  /// A container of `Key`: the kept one, pointed at the new object by `move`, if nothing
  /// else holds it; else a new one from `make`, which is kept from then on.
  @inline(__always)
  func container<Key: CodingKey, Container>(
    _: Key.Type, as _: Container.Type, move: (State) -> Void, make: () -> (State, Container)
  ) -> Container {
    let keyType = ObjectIdentifier(Key.self)
    // The kept container is read without a retain (the table keeps it): a retain and a
    // release are atomic, and a document asks for a container per object.
    let reusable = kept.unretainedValue(for: keyType)
    if let reusable, reusable._withUnsafeGuaranteedRef({ $0.isOnlyHolder }) {
      reusable._withUnsafeGuaranteedRef { move($0.state) }
      return reusable._withUnsafeGuaranteedRef { $0.container(Container.self) }
    }
    let first = reusable?.takeUnretainedValue()
    // The one kept is in use (a type nested in itself): one behind it, or a new one.
    if let spare = first?.freeSpare() {
      move(spare.state)
      return spare.container(Container.self)
    }
    let (state, container) = make()
    keep(ReusableKeyedContainer(state: state, container: container), before: first, for: keyType)
    return container
  }

  /// Keeps `made` for `keyType`, with `others` (in use) behind it.
  @inline(never)
  private func keep(_ made: ReusableKeyedContainer<State>, before others: ReusableKeyedContainer<State>?, for keyType: ObjectIdentifier) {
    made.keep(others, upTo: Self.perKeyType - 1)
    kept.set(made, for: keyType)
  }

  /// How many containers of one key type are kept: as many levels as a recursive type may
  /// nest in itself before the cache makes new ones for the deeper levels (twitter.json's
  /// statuses hold a retweeted status, two levels; four leave room for more).
  static var perKeyType: Int { 4 }
}

/// Whether the standard library's keyed containers are a single reference to their box, the
/// one thing `KeyedContainerCache` assumes of it: checked on containers made for the purpose.
enum KeyedContainerBoxes {
  static let decodingBoxIsReadable = isSingleReference(KeyedDecodingContainer(ProbeDecodingContainer()), boxNamed: "KeyedDecodingContainerBox")
  static let encodingBoxIsReadable = isSingleReference(KeyedEncodingContainer(ProbeEncodingContainer()), boxNamed: "KeyedEncodingContainerBox")

  private static func isSingleReference<Container>(_ container: Container, boxNamed name: String) -> Bool {
    guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size else { return false }
    var container = container
    let box = withUnsafeBytes(of: &container) { $0.load(as: AnyObject.self) }
    return _typeName(type(of: box)).contains(name)
  }
}

/// A container that decodes nothing, for `KeyedContainerBoxes`.
private struct ProbeDecodingContainer: KeyedDecodingContainerProtocol {
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

/// A container that encodes nothing, for `KeyedContainerBoxes`.
private struct ProbeEncodingContainer: KeyedEncodingContainerProtocol {
  var codingPath: [any CodingKey] { [] }
  mutating func encodeNil(forKey key: AnyCodingKey) throws {}
  mutating func encode<T: Encodable>(_ value: T, forKey key: AnyCodingKey) throws {}
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: AnyCodingKey
  ) -> KeyedEncodingContainer<NestedKey> { preconditionFailure("a probe encodes nothing") }
  mutating func nestedUnkeyedContainer(forKey key: AnyCodingKey) -> any UnkeyedEncodingContainer {
    preconditionFailure("a probe encodes nothing")
  }
  mutating func superEncoder() -> any Encoder { preconditionFailure("a probe encodes nothing") }
  mutating func superEncoder(forKey key: AnyCodingKey) -> any Encoder { preconditionFailure("a probe encodes nothing") }
}
