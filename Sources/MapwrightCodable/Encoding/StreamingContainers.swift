// The containers `CodableEncoder` hands out: each writes into its frame at once. A value
// that fails part-way is taken back out (`Mark`), so a caller that catches the error and
// carries on still produces valid JSON.

import Foundation
import MapwrightJSON

extension CodableEncoder {
  /// Enough state to take back a value that failed part-way.
  struct Mark {
    let bytes: Int
    let frames: Int
    let members: Int
    let count: Int
    let placeholders: Int
  }

  func mark(frame: Int) -> Mark {
    Mark(
      bytes: out.count, frames: frames.count, members: members.count, count: frames[frame].count,
      placeholders: placeholders.count)
  }

  func rollBack(to mark: Mark, frame: Int) {
    out.truncate(to: mark.bytes)
    frames.truncate(to: mark.frames)
    dropMembers(from: mark.members)
    if placeholders.count > mark.placeholders { placeholders.removeLast(placeholders.count - mark.placeholders) }
    frames[frame].count = mark.count
  }
}

/// Where a keyed container writes, in a class: a reused container is pointed at its next
/// object through it (see `KeyedContainerCache`).
final class StreamingContainerState {
  /// The container's frame.
  @exclusivity(unchecked) private(set) var frame: Int
  /// The length of the coding path when the container was made.
  @exclusivity(unchecked) private(set) var pathDepth: Int
  /// Whether the keys are written from their text kept in `names` (see `KeyNames`): keys
  /// that fit, no key strategy, no sorting, and a container reused for a second object.
  @exclusivity(unchecked) private(set) var keepsNames = false
  /// Each key as written (quoted and escaped), with its hash in the frame (`keyHash`).
  @exclusivity(unchecked) var names = KeyNames()
  /// Whether keys that fit may have their text kept once the container is reused.
  private let mayKeepNames: Bool

  init(frame: Int, pathDepth: Int, keysFit: Bool = false) {
    self.frame = frame
    self.pathDepth = pathDepth
    mayKeepNames = keysFit
  }

  deinit { names.deallocate() }

  func move(to frame: Int, pathDepth: Int) {
    self.frame = frame
    self.pathDepth = pathDepth
    keepsNames = mayKeepNames
  }
}

struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: CodableEncoder
  let state: StreamingContainerState
  var frame: Int { state.frame }
  var pathDepth: Int { state.pathDepth }

  var codingPath: [any CodingKey] { Array(encoder.path.prefix(pathDepth)) }

  @inline(__always)
  private func begin(_ key: Key) {
    let state = state
    guard state.keepsNames else {
      return encoder.beginMember(frame: state.frame, key: encoder.keyText(key, pathDepth: state.pathDepth))
    }
    let byte = KeyNames.byte(of: key)
    if let (written, hash) = state.names.name(at: byte) {
      encoder.beginMember(frame: state.frame, writtenKey: written, hash: hash)
    } else {
      learnKey(key, byte: byte, state: state)
    }
  }

  /// Writes `key` as a container that keeps no names does, and keeps what it wrote.
  @inline(never)
  private func learnKey(_ key: Key, byte: Int, state: StreamingContainerState) {
    encoder.beginMember(frame: state.frame, key: key.stringValue)
    let member = encoder.members[encoder.members.count - 1]
    let written = UnsafeBufferPointer(rebasing: encoder.out.writtenBytes[member.start..<member.start + member.keyLength])
    state.names.learn(byte, written, hash: member.hash)
  }

  mutating func encodeNil(forKey key: Key) throws {
    begin(key)
    encoder.out.append("null")
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    begin(key)
    encoder.writeBool(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    begin(key)
    encoder.writeString(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    guard value.isFinite else { return try encodeValue(value, forKey: key) }
    begin(key)
    try encoder.writeDouble(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    guard value.isFinite else { return try encodeValue(value, forKey: key) }
    begin(key)
    try encoder.writeFloat(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    begin(key)
    encoder.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encodeValue(value, forKey: key)
  }

  /// Nothing for nil, as the protocol's own version does; that one asks the runtime for
  /// `Optional<T>`'s metadata on every call.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    guard let value else { return }
    try encodeValue(value, forKey: key)
  }

  private func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws {
    if encoder.writePlainScalar(value, after: { begin(key) }) { return }
    let mark = encoder.mark(frame: frame)
    begin(key)
    do {
      try encoder.withKey(key, pathDepth: pathDepth) { try encoder.write(value) }
    } catch {
      encoder.rollBack(to: mark, frame: frame)
      throw error
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    nested(key, reopening: .keyed, keyType: "\(Key.self)").keyedContainer(NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    nested(key, reopening: .unkeyed, keyType: "\(Key.self)").unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { nested(AnyCodingKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }

  /// The deferred container at `key`. A nested container (`kind`) adds to what the key holds
  /// as Foundation's does: the container made before for the key, or the object or array
  /// already written there (reopened); a super encoder starts the key's value anew (the
  /// earlier member is dropped when the object closes, as a repeated key is).
  private func nested(_ key: some CodingKey, reopening kind: DeferredNode.ContainerKind? = nil, keyType: String = "") -> DeferredEncoder {
    let name = encoder.keyText(key, pathDepth: pathDepth)
    let depth = frame + encoder.depthAdjust + 1
    var node = DeferredNode()
    if let kind, let member = encoder.lastMember(named: name, frame: frame) {
      if let existing = encoder.placeholderNode(frame: frame, member: member) {
        return DeferredEncoder(encoder: encoder, node: existing, codingPath: codingPath + [key], depth: depth)
      }
      guard let reopened = DeferredNode(reopening: encoder.memberValueBytes(member), as: kind) else {
        preconditionFailure(kind.refusal(for: name, keyType: keyType))
      }
      node = reopened
    }
    encoder.beginMember(frame: frame, key: name)
    encoder.addPlaceholder(node, frame: frame, member: encoder.members.count - 1)
    return DeferredEncoder(encoder: encoder, node: node, codingPath: codingPath + [key], depth: depth)
  }
}

struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: CodableEncoder
  let frame: Int
  let pathDepth: Int

  var codingPath: [any CodingKey] { Array(encoder.path.prefix(pathDepth)) }
  var count: Int { frame < encoder.frames.count ? encoder.frames[frame].count : 0 }

  mutating func encodeNil() throws {
    encoder.beginElement(frame: frame)
    encoder.out.append("null")
  }
  mutating func encode(_ value: Bool) throws {
    encoder.beginElement(frame: frame)
    encoder.writeBool(value)
  }
  mutating func encode(_ value: String) throws {
    encoder.beginElement(frame: frame)
    encoder.writeString(value)
  }
  mutating func encode(_ value: Double) throws {
    guard value.isFinite else { return try encodeValue(value) }
    encoder.beginElement(frame: frame)
    try encoder.writeDouble(value)
  }
  mutating func encode(_ value: Float) throws {
    guard value.isFinite else { return try encodeValue(value) }
    encoder.beginElement(frame: frame)
    try encoder.writeFloat(value)
  }
  mutating func encode(_ value: Int) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int8) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int16) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int32) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: Int64) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt8) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt16) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt32) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  mutating func encode(_ value: UInt64) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws {
    encoder.beginElement(frame: frame)
    encoder.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encodeValue(value)
  }

  private func encodeValue<T: Encodable>(_ value: T) throws {
    if encoder.writePlainScalar(value, after: { encoder.beginElement(frame: frame) }) { return }
    let mark = encoder.mark(frame: frame)
    let index = encoder.frames[frame].count
    encoder.beginElement(frame: frame)
    do {
      try encoder.withKey(IndexKey(index), pathDepth: pathDepth) { try encoder.write(value) }
    } catch {
      encoder.rollBack(to: mark, frame: frame)
      throw error
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    deferred().keyedContainer(NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    deferred().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    deferred()
  }

  private func deferred() -> DeferredEncoder {
    let index = encoder.frames[frame].count
    encoder.beginElement(frame: frame)
    let node = DeferredNode()
    encoder.addPlaceholder(node, frame: frame)
    return DeferredEncoder(
      encoder: encoder, node: node, codingPath: codingPath + [IndexKey(index)], depth: frame + encoder.depthAdjust + 1)
  }
}
