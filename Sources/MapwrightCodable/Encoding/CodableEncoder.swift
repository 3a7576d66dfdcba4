// The `Encoder` behind `JSONEncoder`: one object per `encode` call, writing bytes as the
// values arrive.
//
// Every open object or array is a frame on `frames`; a keyed container holds its frame's
// index in a state object (so that the container can be reused, see `KeyedContainerCache`),
// an unkeyed container holds it directly. Encoding a nested value does not make a new
// encoder: the encoder starts a new slot (the value's place in the output), runs the value's
// `encode(to:)` and closes whatever container the value opened. Members are written in the
// order they are encoded; closing an object puts them in key order (`.sortedKeys`) and drops
// all but the last of a repeated key (Foundation keeps the last), using each member's start
// offset and its key as written, recorded per frame.
//
// Containers made with `nestedContainer`/`superEncoder` may be filled after their parent
// moves on, so they are built as a small tree (`DeferredNode`) and spliced into their
// parent's bytes when the parent closes.

import Foundation
import MapwrightEngine
import MapwrightJSON

final class CodableEncoder: _JSONModelEncoderBase, Encoder, SingleValueEncodingContainer {
  let options: EncoderOptions
  let pretty: Bool
  let sorted: Bool
  let writer: JSONWriter
  let userInfo: [CodingUserInfoKey: Any]
  /// `options.usesDefaultKeys`, asked at every key.
  let usesDefaultKeys: Bool
  @exclusivity(unchecked) var out: OutputBuffer
  /// The coding path of the value being written.
  @exclusivity(unchecked) var path: [any CodingKey] = []
  @exclusivity(unchecked) var frames = PlainStack<Frame>(capacity: 16)
  /// Each member of every open object, in order (one array, one append per member).
  @exclusivity(unchecked) var members = PlainStack<Member>(capacity: 64)
  /// The key of each member in `members`, kept only under `.sortedKeys` (to sort by).
  @exclusivity(unchecked) var sortKeys: [String] = []
  /// Deferred containers of the open frames, in frame order (a frame's are the last ones
  /// when it closes).
  @exclusivity(unchecked) var placeholders: [Placeholder] = []
  @exclusivity(unchecked) var slot = Slot(frameBase: 0)
  /// Indentation depth of frame `i` is `i + depthAdjust` (values rendered for deferred
  /// containers are written at their final depth).
  @exclusivity(unchecked) var depthAdjust = 0
  /// Keyed containers kept for reuse while `encodeRoot` runs (see `KeyedContainerCache`),
  /// from the second container asked for: a document of one object never needs them.
  @exclusivity(unchecked) var keyedContainers: KeyedContainerCache<StreamingContainerState>?
  @exclusivity(unchecked) var reusesContainers = false
  @exclusivity(unchecked) var madeFirstContainer = false

  var codingPath: [any CodingKey] { path }

  /// `capacity`: the bytes of text expected (at least 4,096 are reserved).
  /// A `@JSONModel` type met in what this encoder encodes writes itself into its output (see
  /// JSONModelCoding.swift).
  override func encodeJSONModel(_ write: (inout JSONOutput) throws -> Void) throws -> Bool { try encodeModel(write) }

  init(options: EncoderOptions, capacity: Int = 4096) {
    self.options = options
    out = OutputBuffer(capacity: max(capacity, 4096))
    usesDefaultKeys = options.usesDefaultKeys
    pretty = options.formatting.contains(.prettyPrinted)
    sorted = options.formatting.contains(.sortedKeys)
    writer = options.stringWriter
    userInfo = options.userInfo.mapValues { $0 as Any }
    path.reserveCapacity(16)
  }

  /// One open object or array.
  struct Frame {
    let isObject: Bool
    /// Offset of the opening bracket.
    let start: Int
    /// `members.count` when the frame opened.
    let membersBase: Int
    var count = 0
    /// Bit `hash(key) % 256` is set for each key written (a filter for repeats).
    var seenKeys: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var hasRepeatedKeys = false
  }

  /// A member written into an open object: the offset in `out` where the member starts (its
  /// key, quoted and escaped), the length of that key as written, and its hash (see
  /// `keyHash`). Keys are compared as written: the writer escapes the same bytes the same way.
  struct Member {
    var start: Int
    let keyLength: Int
    let hash: UInt64
  }

  /// A deferred container's place in frame `frame`, written in when the frame closes.
  struct Placeholder {
    let frame: Int
    /// The member's index in `members` (nil for an array element): a second nested
    /// container for the same key shares the node, as Foundation's do.
    let member: Int?
    let offset: Int
    let node: DeferredNode
    let depth: Int
  }

  /// The value being written: where its frames start and what it has written so far.
  struct Slot {
    enum State { case empty, keyed(Int), unkeyed(Int), single }
    let frameBase: Int
    var state: State = .empty
  }

  // MARK: Encoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let frame: Int
    switch slot.state {
    case .empty:
      frame = openFrame(object: true)
      slot.state = .keyed(frame)
    case .keyed(let open):
      frame = open
    case .unkeyed, .single:
      preconditionFailure("Attempt to push new keyed encoding container when already previously encoded at this path.")
    }
    let pathDepth = path.count
    // The cache lent, not retained (the encoder keeps it): an atomic retain and release less
    // per object.
    if let cache = keyedContainers.map(Unmanaged.passUnretained) {
      return cache._withUnsafeGuaranteedRef { reusedContainer(Key.self, from: $0, frame: frame, pathDepth: pathDepth) }
    }
    if reusesContainers {
      if madeFirstContainer {
        let cache = KeyedContainerCache<StreamingContainerState>()
        keyedContainers = cache
        return reusedContainer(Key.self, from: cache, frame: frame, pathDepth: pathDepth)
      }
      madeFirstContainer = true
    }
    return KeyedEncodingContainer(
      StreamingKeyedContainer<Key>(encoder: self, state: StreamingContainerState(frame: frame, pathDepth: pathDepth)))
  }

  @inline(__always)
  private func reusedContainer<Key: CodingKey>(
    _: Key.Type, from cache: KeyedContainerCache<StreamingContainerState>, frame: Int, pathDepth: Int
  ) -> KeyedEncodingContainer<Key> {
    cache.container(
      Key.self, as: KeyedEncodingContainer<Key>.self,
      move: { $0.move(to: frame, pathDepth: pathDepth) },
      make: {
        let state = StreamingContainerState(frame: frame, pathDepth: pathDepth, keysFit: keepsKeyNames(Key.self))
        return (state, KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self, state: state)))
      })
  }

  /// Whether a reused container of `Key` keeps its keys as written (see `KeyNames`).
  private func keepsKeyNames<Key: CodingKey>(_: Key.Type) -> Bool {
    usesDefaultKeys && !sorted && KeyNames.fit(Key.self)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { streamingUnkeyedContainer() }

  func streamingUnkeyedContainer() -> StreamingUnkeyedContainer {
    let frame: Int
    switch slot.state {
    case .empty:
      frame = openFrame(object: false)
      slot.state = .unkeyed(frame)
    case .unkeyed(let open):
      frame = open
    case .keyed, .single:
      preconditionFailure("Attempt to push new unkeyed encoding container when already previously encoded at this path.")
    }
    return StreamingUnkeyedContainer(encoder: self, frame: frame, pathDepth: path.count)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  // MARK: Values

  /// Encodes `value` as the top-level value; its text is left in `out`.
  func encodeRoot<T: Encodable>(_ value: T) throws {
    if try writeScalar(value) { return }
    try encodeRoot(value) { try value.encode(to: self) }
  }

  /// Runs `encode` (which encodes `value` into this encoder) as the top-level value; the text
  /// is left in `out`.
  func encodeRoot<T>(_ value: T, _ encode: () throws -> Void) throws {
    reusesContainers = KeyedContainerBoxes.encodingBoxIsReadable
    defer { stopReusingContainers() }
    try encode()
    if case .empty = slot.state {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    closeSlot()
  }

  /// Drops the kept containers, which hold the encoder.
  private func stopReusingContainers() {
    reusesContainers = false
    keyedContainers = nil
  }

  /// Writes `value` at the current position (separator and key already written).
  @inline(__always)
  func write<T: Encodable>(_ value: T) throws {
    if try writeScalar(value) { return }
    try writeNested(value)
  }

  /// Runs `value.encode(to:)` in a new slot and closes what it opened.
  func writeNested<T: Encodable>(_ value: T) throws {
    let saved = slot
    slot = Slot(frameBase: frames.count)
    defer { slot = saved }
    if try !writeScalarArray(value) { try value.encode(to: self) }
    closeSlot()
  }

  /// An array of `Double`, `Int`, `String` or `Bool` written as `Array.encode(to:)` writes it,
  /// element by element into an unkeyed container, but through the container's concrete
  /// methods: the standard library's version runs unspecialised, through the generic method,
  /// for every element. False for any other type.
  @inline(__always)
  private func writeScalarArray<T: Encodable>(_ value: T) throws -> Bool {
    if T.self == [Double].self {
      var container = streamingUnkeyedContainer()
      for element in unsafeBitCast(value, to: [Double].self) { try container.encode(element) }
    } else if T.self == [Int].self {
      var container = streamingUnkeyedContainer()
      for element in unsafeBitCast(value, to: [Int].self) { try container.encode(element) }
    } else if T.self == [String].self {
      var container = streamingUnkeyedContainer()
      for element in unsafeBitCast(value, to: [String].self) { try container.encode(element) }
    } else if T.self == [Bool].self {
      var container = streamingUnkeyedContainer()
      for element in unsafeBitCast(value, to: [Bool].self) { try container.encode(element) }
    } else {
      return false
    }
    return true
  }

  /// Closes what the current slot opened (`{}` if it wrote nothing).
  func closeSlot() {
    switch slot.state {
    case .empty: writeEmptyContainer(object: true, depth: frames.count + depthAdjust)
    case .keyed(let frame), .unkeyed(let frame): closeFrame(frame)
    case .single: break
    }
  }

  /// Runs `body` with `key` pushed on the path, for a container made at `pathDepth`.
  @inline(__always)
  func withKey<R>(_ key: any CodingKey, pathDepth: Int, _ body: () throws -> R) rethrows -> R {
    if path.count == pathDepth {
      path.append(key)
      defer { path.removeLast() }
      return try body()
    }
    let saved = path
    path = Array(path.prefix(pathDepth)) + [key]
    defer { path = saved }
    return try body()
  }

  // MARK: SingleValueEncodingContainer

  func beginSingle() {
    guard case .empty = slot.state else {
      preconditionFailure("Attempt to encode value through single value container when previously value already encoded.")
    }
    slot.state = .single
  }

  func encodeNil() throws {
    beginSingle()
    out.append("null")
  }
  func encode(_ value: Bool) throws {
    beginSingle()
    writeBool(value)
  }
  func encode(_ value: String) throws {
    beginSingle()
    writeString(value)
  }
  func encode(_ value: Double) throws {
    beginSingle()
    try writeDouble(value)
  }
  func encode(_ value: Float) throws {
    beginSingle()
    try writeFloat(value)
  }
  func encode(_ value: Int) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: Int8) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: Int16) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: Int32) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: Int64) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: UInt) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: UInt8) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: UInt16) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: UInt32) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode(_ value: UInt64) throws {
    beginSingle()
    writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func encode(_ value: Int128) throws {
    beginSingle()
    writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func encode(_ value: UInt128) throws {
    beginSingle()
    writeInteger(value)
  }
  func encode<T: Encodable>(_ value: T) throws {
    guard case .empty = slot.state else {
      preconditionFailure("Attempt to encode value through single value container when previously value already encoded.")
    }
    if try writeScalar(value) {
      slot.state = .single
      return
    }
    // Any other value encoded here takes over the slot: its containers are this value's.
    try value.encode(to: self)
  }
}
