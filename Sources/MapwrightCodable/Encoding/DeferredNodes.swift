// Containers that may be filled after their parent has moved on (`nestedContainer`,
// `superEncoder`): a small tree whose leaves are values already rendered to bytes at their
// final indentation. The parent frame keeps a placeholder and writes the tree when it closes.

import Foundation
import MapwrightJSON

final class DeferredNode {
  enum Content {
    case none
    case object([(key: String, value: Value)])
    case array([Value])
    case value([UInt8])
  }

  enum Value {
    case bytes([UInt8])
    case node(DeferredNode)
  }

  var content: Content = .none

  func setMember(_ key: String, _ value: Value) {
    guard case .object(var members) = content else { return }
    content = .none
    if let existing = members.firstIndex(where: { $0.key == key }) {
      members[existing].value = value  // Foundation keeps the last value of a key
    } else {
      members.append((key, value))
    }
    content = .object(members)
  }

  func append(_ value: Value) {
    guard case .array(var elements) = content else { return }
    content = .none
    elements.append(value)
    content = .array(elements)
  }

  var elementCount: Int {
    switch content {
    case .array(let elements): elements.count
    case .object(let members): members.count
    default: 0
    }
  }
}

extension CodableEncoder {
  /// `value` rendered on its own at indentation `depth`, with `path` as its coding path.
  func render<T: Encodable>(_ value: T, depth: Int, path valuePath: [any CodingKey]) throws -> [UInt8] {
    var saved = OutputBuffer(capacity: 64)
    swap(&saved, &out)
    let savedPath = path
    let savedAdjust = depthAdjust
    let savedSlot = slot
    let savedFrames = frames.count
    let savedMembers = members.count
    let savedPlaceholders = placeholders.count
    path = valuePath
    depthAdjust = depth - frames.count
    slot = Slot(frameBase: frames.count)
    defer {
      swap(&saved, &out)
      path = savedPath
      depthAdjust = savedAdjust
      slot = savedSlot
      // What a value that failed part-way left open.
      frames.truncate(to: savedFrames)
      dropMembers(from: savedMembers)
      if placeholders.count > savedPlaceholders { placeholders.removeLast(placeholders.count - savedPlaceholders) }
    }
    try write(value)
    return out.copyBytes()
  }

  /// The text of a deferred container at indentation `depth`.
  func renderNode(_ node: DeferredNode, depth: Int) -> [UInt8] {
    var buffer = OutputBuffer(capacity: 64)
    swap(&buffer, &out)
    defer { swap(&buffer, &out) }
    writeNode(node, depth: depth)
    return out.copyBytes()
  }

  private func writeNode(_ node: DeferredNode, depth: Int) {
    switch node.content {
    case .none:
      writeEmptyContainer(object: true, depth: depth)
    case .value(let bytes):
      bytes.withUnsafeBufferPointer { out.append($0) }
    case .array(let elements):
      guard !elements.isEmpty else { return writeEmptyContainer(object: false, depth: depth) }
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        separate(i, depth: depth)
        writeValue(element, depth: depth + 1)
      }
      close(UInt8(ascii: "]"), depth: depth)
    case .object(var members):
      guard !members.isEmpty else { return writeEmptyContainer(object: true, depth: depth) }
      if sorted { members.sort { $0.key < $1.key } }
      out.append(UInt8(ascii: "{"))
      for (i, member) in members.enumerated() {
        separate(i, depth: depth)
        writeString(member.key)
        if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
        writeValue(member.value, depth: depth + 1)
      }
      close(UInt8(ascii: "}"), depth: depth)
    }
  }

  private func separate(_ index: Int, depth: Int) {
    if index > 0 { out.append(UInt8(ascii: ",")) }
    if pretty {
      out.append(UInt8(ascii: "\n"))
      out.appendSpaces(2 * (depth + 1))
    }
  }

  private func close(_ bracket: UInt8, depth: Int) {
    if pretty {
      out.append(UInt8(ascii: "\n"))
      out.appendSpaces(2 * depth)
    }
    out.append(bracket)
  }

  private func writeValue(_ value: DeferredNode.Value, depth: Int) {
    switch value {
    case .bytes(let bytes): bytes.withUnsafeBufferPointer { out.append($0) }
    case .node(let node): writeNode(node, depth: depth)
    }
  }
}

/// The `Encoder` of a deferred container (`superEncoder`), and the factory of its containers.
struct DeferredEncoder: Encoder {
  let encoder: CodableEncoder
  let node: DeferredNode
  let codingPath: [any CodingKey]
  /// Indentation of the node.
  let depth: Int

  var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    keyedContainer(Key.self)
  }

  func keyedContainer<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
    switch node.content {
    case .none: node.content = .object([])
    case .object: break
    case .value(let bytes):
      // An object written through a single-value container takes more members.
      guard let reopened = DeferredNode(reopening: bytes, as: .keyed) else { refuse("keyed") }
      node.content = reopened.content
    default: refuse("keyed")
    }
    return KeyedEncodingContainer(DeferredKeyedContainer<Key>(owner: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    switch node.content {
    case .none: node.content = .array([])
    case .array: break
    case .value(let bytes):
      guard let reopened = DeferredNode(reopening: bytes, as: .unkeyed) else { refuse("unkeyed") }
      node.content = reopened.content
    default: refuse("unkeyed")
    }
    return DeferredUnkeyedContainer(owner: self)
  }

  /// Foundation's trap for a container of another kind than the value already there.
  private func refuse(_ kind: String) -> Never {
    preconditionFailure("Attempt to push new \(kind) encoding container when already previously encoded at this path.")
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { DeferredSingleContainer(owner: self) }

  /// A child node with its own encoder, at `key` below this one.
  func child(_ key: any CodingKey) -> DeferredEncoder {
    DeferredEncoder(encoder: encoder, node: DeferredNode(), codingPath: codingPath + [key], depth: depth + 1)
  }
}

struct DeferredKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let owner: DeferredEncoder
  var codingPath: [any CodingKey] { owner.codingPath }

  private func keyText(_ key: some CodingKey) -> String {
    switch owner.encoder.options.keys {
    case .useDefaultKeys: key.stringValue
    case .convertToSnakeCase: owner.encoder.options.snakeCaseCache!.converted(key.stringValue)
    case .custom(let convert): convert(codingPath + [key]).stringValue
    }
  }

  mutating func encodeNil(forKey key: Key) throws {
    owner.node.setMember(keyText(key), .bytes(Array("null".utf8)))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let bytes = try owner.encoder.render(value, depth: owner.depth + 1, path: codingPath + [key])
    owner.node.setMember(keyText(key), .bytes(bytes))
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try encode(WideInteger(value: value), forKey: key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try encode(WideInteger(value: value), forKey: key) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    nested(key, reopening: .keyed).keyedContainer(NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    nested(key, reopening: .unkeyed).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { nested(AnyCodingKey.super) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }

  /// As `StreamingKeyedContainer`'s: a nested container adds to the key's container or
  /// written object or array; a super encoder starts the key's value anew.
  private func nested(_ key: any CodingKey, reopening kind: DeferredNode.ContainerKind? = nil) -> DeferredEncoder {
    let name = keyText(key)
    if let kind, case .object(let members) = owner.node.content, let existing = members.last(where: { $0.key == name }) {
      switch existing.value {
      case .node(let node):
        return DeferredEncoder(encoder: owner.encoder, node: node, codingPath: codingPath + [key], depth: owner.depth + 1)
      case .bytes(let bytes):
        guard let reopened = DeferredNode(reopening: bytes, as: kind) else {
          preconditionFailure(kind.refusal(for: name, keyType: "\(Key.self)"))
        }
        owner.node.setMember(name, .node(reopened))
        return DeferredEncoder(encoder: owner.encoder, node: reopened, codingPath: codingPath + [key], depth: owner.depth + 1)
      }
    }
    let child = owner.child(key)
    owner.node.setMember(name, .node(child.node))
    return child
  }
}

struct DeferredUnkeyedContainer: UnkeyedEncodingContainer {
  let owner: DeferredEncoder
  var codingPath: [any CodingKey] { owner.codingPath }
  var count: Int { owner.node.elementCount }

  mutating func encodeNil() throws { owner.node.append(.bytes(Array("null".utf8))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let bytes = try owner.encoder.render(value, depth: owner.depth + 1, path: codingPath + [IndexKey(count)])
    owner.node.append(.bytes(bytes))
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try encode(WideInteger(value: value)) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try encode(WideInteger(value: value)) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    nested().keyedContainer(NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { nested() }

  private func nested() -> DeferredEncoder {
    let child = owner.child(IndexKey(count))
    owner.node.append(.node(child.node))
    return child
  }
}

struct DeferredSingleContainer: SingleValueEncodingContainer {
  let owner: DeferredEncoder
  var codingPath: [any CodingKey] { owner.codingPath }

  mutating func encodeNil() throws { owner.node.content = .value(Array("null".utf8)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    owner.node.content = .value(try owner.encoder.render(value, depth: owner.depth, path: codingPath))
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try encode(WideInteger(value: value)) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try encode(WideInteger(value: value)) }
}

/// A 128-bit integer on its way into a deferred container: rendered through the encoder's
/// own single-value container, which writes it as digits.
private struct WideInteger<Value: FixedWidthInteger & Encodable>: Encodable {
  let value: Value
  func encode(to encoder: any Encoder) throws {
    (encoder as! CodableEncoder).beginSingle()
    (encoder as! CodableEncoder).writeInteger(value)
  }
}
