// A nested container asked for a key (or an element) whose value is already written in full,
// as Foundation allows: `encode(address, forKey: .home)` then
// `nestedContainer(keyedBy:forKey: .home)` adds members to that object, and an array
// encoded whole takes more elements through `nestedUnkeyedContainer(forKey:)`. The written
// bytes are reopened as a deferred node whose members (or elements) are the bytes of the
// values already there, at their final indentation, so nothing is encoded twice and the new
// members join them when the parent closes. A value of another kind (a number, an array for a
// keyed container) traps with Foundation's message, as Foundation does.

import MapwrightJSON

extension DeferredNode {
  /// The kind of container asked for.
  enum ContainerKind {
    case keyed, unkeyed

    func refusal(for key: String, keyType: String) -> String {
      switch self {
      case .keyed:
        "Attempt to re-encode into nested KeyedEncodingContainer<\(keyType)> for key \"\(key)\" is invalid: non-keyed container already encoded for this key"
      case .unkeyed:
        "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"\(key)\" is invalid: keyed container/value already encoded for this key"
      }
    }
  }

  /// A node holding the object (`.keyed`) or array (`.unkeyed`) written as `bytes`, or nil
  /// when `bytes` is another kind of value.
  convenience init?(reopening bytes: [UInt8], as kind: ContainerKind) {
    guard let document = try? JSONDocument(bytes) else { return nil }
    let root = document.root
    self.init()
    switch (kind, root.kind) {
    case (.keyed, .object):
      let members = Array(root.members)
      content = .object(
        members.indices.map { i in
          let end = i + 1 < members.count ? members[i + 1].keyValue.byteOffset : bytes.count - 1
          return (members[i].key, .bytes(Self.trimmed(bytes, from: members[i].value.byteOffset, to: end)))
        })
    case (.unkeyed, .array):
      let elements = Array(root.elements)
      content = .array(
        elements.indices.map { i in
          let end = i + 1 < elements.count ? elements[i + 1].byteOffset : bytes.count - 1
          return .bytes(Self.trimmed(bytes, from: elements[i].byteOffset, to: end))
        })
    default:
      return nil
    }
  }

  /// `bytes[start..<end]` without the separator and indentation before `end` (a value never
  /// ends with a space, a line feed or a comma).
  static func trimmed<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int, to end: Int) -> [UInt8] where Bytes.Index == Int {
    var end = end
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A || bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
    return Array(bytes[start..<end])
  }
}
