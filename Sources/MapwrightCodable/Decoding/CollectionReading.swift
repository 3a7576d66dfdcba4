// Arrays and string-keyed dictionaries, read straight off the tape.
//
// `Array`'s and `Dictionary`'s own `init(from:)` go through a container: the array grows one
// element at a time and looks up its own generic metadata for each, and the dictionary lists
// its keys and then looks each of them up again. `unbox` reads both directly: the array is
// made at its final size and the dictionary's members are walked once. Values, coding paths
// and errors are those of the containers (the tests compare both ways, and with Foundation).
//
// Whether a type is an array or a dictionary is asked of the runtime once per type per
// process and kept in `CollectionKinds.known`: the answer is a conditional conformance, and
// asking for one costs the runtime thousands of instructions (a type that is neither, tens
// of thousands: every conformance record is searched), more than decoding a small object.
// Each decoder keeps the answers it has used in a `TypeTable` of its own, which it reads
// without a lock; `unbox` asks for every array and object it reads (not for scalars and
// nulls, which neither collection decodes from: their own `init(from:)` gives the same
// error).
//
// The readers are written against the collection protocols, in extensions generic over the
// collection type itself: the collection's metadata is then the one the caller passes in,
// where a method of `Array` or `Dictionary` would ask the runtime for `[Element]`'s or
// `[String: Value]`'s metadata on every call (about 430 instructions each).

import MapwrightJSON

/// How `unbox` reads a type: by its own `init(from:)`, or as a collection read directly.
enum CollectionKind {
  case other
  case array(any DecodableArray.Type)
  case dictionary(any StringKeyedDictionary.Type)
}

/// The collection kind of the types a decoder has met. The table is made at the second
/// question: a document whose only container is its root never needs it.
final class CollectionKindTable {
  private var kinds: TypeTable<CollectionKind>?
  private var asked = false

  @inline(__always)
  func kind<T>(of type: T.Type) -> CollectionKind {
    guard let kinds else { return firstKinds(of: type) }
    if let kind = kinds.value(for: ObjectIdentifier(type)) { return kind }
    let kind = CollectionKinds.known.kind(of: type)
    kinds.set(kind, for: ObjectIdentifier(type))
    return kind
  }

  private func firstKinds<T>(of type: T.Type) -> CollectionKind {
    if !asked {
      asked = true
      return CollectionKinds.known.kind(of: type)
    }
    let made = TypeTable<CollectionKind>()
    kinds = made
    let kind = CollectionKinds.known.kind(of: type)
    made.set(kind, for: ObjectIdentifier(type))
    return kind
  }
}

/// The runtime's answers, kept for the life of the process (types do not change), behind a
/// lock: decoders on any thread share them.
final class CollectionKinds: @unchecked Sendable {
  static let known = CollectionKinds()

  private let lock = PlainLock()
  private var kinds: [ObjectIdentifier: CollectionKind] = [:]

  func kind<T>(of type: T.Type) -> CollectionKind {
    let id = ObjectIdentifier(type)
    if let kind = lock.withLock({ kinds[id] }) { return kind }
    // Asked outside the lock; two threads that ask at once get the same answer.
    let kind = Self.ask(type)
    lock.withLock { kinds[id] = kind }
    return kind
  }

  private static func ask<T>(_ type: T.Type) -> CollectionKind {
    if let array = type as? any DecodableArray.Type { return .array(array) }
    if let dictionary = type as? any StringKeyedDictionary.Type { return .dictionary(dictionary) }
    return .other
  }
}

/// `[Element]`: each element decoded with its index on the coding path, as an unkeyed
/// container decodes it.
protocol DecodableArray: RangeReplaceableCollection where Element: Decodable {}

extension Array: DecodableArray where Element: Decodable {}

extension DecodableArray {
  static func decodeElements<R>(from decoder: CodableDecoder, at index: Int, as: R.Type) throws -> R {
    try decoder.checkContainer(kind: .array, at: index)
    let count = Int(decoder.raw.tape[index].length)
    // Through the collection protocols each append is a call through a witness table (about
    // 14 instructions more than `Array`'s own); past about 30 elements that costs more than
    // the one metadata lookup of `Array`'s own methods, which long arrays use instead.
    if count > Self.longArray {
      return unsafeBitCast(try [Element].decodeLong(from: decoder, at: index, count: count), to: R.self)
    }
    var elements = Self()
    try decoder.appendElements(of: index, count: count, to: &elements)
    return unsafeBitCast(elements, to: R.self)
  }

  static var longArray: Int { 32 }
}

extension Array where Element: Decodable {
  /// The elements of a long array (see `DecodableArray.decodeElements`).
  fileprivate static func decodeLong(from decoder: CodableDecoder, at index: Int, count: Int) throws -> [Element] {
    var elements: [Element] = []
    try decoder.appendElements(of: index, count: count, to: &elements)
    return elements
  }
}

extension CodableDecoder {
  /// Appends the `count` elements of the array at `index` to `elements`, each decoded with its
  /// index on the coding path. Inlined into each caller, so that `Array`'s own caller appends
  /// without a witness table.
  @inline(__always)
  fileprivate func appendElements<C: RangeReplaceableCollection>(
    of index: Int, count: Int, to elements: inout C
  ) throws where C.Element: Decodable {
    // Many of a document's arrays are empty, and reserving room through the collection
    // protocols asks the runtime for `Array`'s metadata (about 290 instructions).
    guard count > 0 else { return }
    elements.reserveCapacity(count)
    var element = index + 1
    for position in 0..<count {
      path.push(IndexKey(position))
      defer { path.pop() }
      elements.append(try unbox(C.Element.self, at: element))
      element = Int(raw.tape[element].next)
    }
  }
}

/// `[String: Value]`: the keys as they are in the JSON, whatever the key strategy (as
/// Foundation does), and the first of repeated keys wins (as Foundation's does: keys equal
/// as `String`s are repeated keys here, though their bytes may differ). The requirements are
/// `Dictionary`'s own members.
protocol StringKeyedDictionary {
  associatedtype Value: Decodable
  init()
  mutating func reserveCapacity(_ minimumCapacity: Int)
  subscript(key: String) -> Value? { get set }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {}

extension StringKeyedDictionary {
  static func decodeMembers<R>(from decoder: CodableDecoder, at index: Int, as: R.Type) throws -> R {
    try decoder.checkContainer(kind: .object, at: index)
    let count = Int(decoder.raw.tape[index].length)
    var members = Self()
    guard count > 0 else { return unsafeBitCast(members, to: R.self) }
    members.reserveCapacity(count)
    var keyIndex = index + 1
    for _ in 0..<count {
      let key = decoder.raw.string(at: keyIndex) ?? ""
      let valueIndex = keyIndex + 1
      keyIndex = Int(decoder.raw.tape[valueIndex].next)
      if members[key] != nil { continue }
      decoder.path.push(AnyCodingKey(stringValue: key))
      defer { decoder.path.pop() }
      members[key] = try decoder.unbox(Value.self, at: valueIndex)
    }
    return unsafeBitCast(members, to: R.self)
  }
}
