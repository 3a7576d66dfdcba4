/// The members of a JSON object, in order, with unique keys.
///
/// Member order is kept (the order of the source, or of insertion) and written back as is.
/// Equality ignores order, as JSON objects are unordered: `{"a":1,"b":2} == {"b":2,"a":1}`.
///
/// ```swift
/// var object: JSONObject = ["name": "Mark", "age": 42]
/// object["email"] = "mark@example.com"     // appended at the end
/// object["age"] = nil                      // removed
/// for (key, value) in object { print(key, value) }
/// ```
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// A member: its key and value.
  public typealias Element = (key: String, value: JSON)

  /// The keys, in order.
  public private(set) var keys: [String] = []
  /// The values, in the order of `keys`.
  public private(set) var values: [JSON] = []
  /// Key → position, kept once the object is large enough for a linear search to be slow.
  /// Keyed by bytes, as the linear search compares, not by `String` equality.
  private var index: [ByteKey: Int]?

  /// Below this many members a linear search beats hashing every key.
  private static let indexThreshold = 64

  /// An empty object.
  public init() {}

  /// Members in order; when a key repeats, the first occurrence is kept.
  public init(_ members: some Sequence<(String, JSON)>) {
    for (key, value) in members where position(of: key) == nil {
      append(key, value)
    }
  }

  /// Members in order; when a key repeats, the first occurrence is kept.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init(elements)
  }

  /// The number of members.
  public var count: Int { keys.count }
  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The position of `key`, or nil. Keys compare by their UTF-8 bytes (JSON keys are code
  /// point sequences, not Unicode-equivalent text).
  public func position(of key: String) -> Int? {
    if let index { return index[ByteKey(key)] }
    let count = key.utf8.count
    for (i, candidate) in keys.enumerated() where candidate.utf8.count == count && sameBytes(candidate, key) {
      return i
    }
    return nil
  }

  /// The value for `key`. Setting nil removes the member; setting a new key appends it.
  public subscript(key: String) -> JSON? {
    get { position(of: key).map { values[$0] } }
    set {
      if let newValue {
        if let i = position(of: key) { values[i] = newValue } else { append(key, newValue) }
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Adds a member at the end; the key must not be present (checked with a precondition).
  mutating func append(_ key: String, _ value: JSON) {
    keys.append(key)
    values.append(value)
    if index != nil {
      index![ByteKey(key)] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      index = Self.makeIndex(keys)
    }
  }

  /// Removes `key`'s member and returns its value.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSON? {
    guard let i = position(of: key) else { return nil }
    keys.remove(at: i)
    let value = values.remove(at: i)
    if index != nil {
      index = keys.count > Self.indexThreshold ? Self.makeIndex(keys) : nil
    }
    return value
  }

  private static func makeIndex(_ keys: [String]) -> [ByteKey: Int] {
    Dictionary(uniqueKeysWithValues: keys.enumerated().map { (ByteKey($1), $0) })
  }

  /// The members in order.
  public func makeIterator() -> some IteratorProtocol<Element> {
    zip(keys, values).lazy.map { (key: $0, value: $1) }.makeIterator()
  }

  /// Equal when the members are, whatever their order (keys compared by their bytes).
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys.elementsEqual(rhs.keys, by: { ByteKey($0) == ByteKey($1) }) { return lhs.values == rhs.values }
    for (key, value) in zip(lhs.keys, lhs.values) {
      guard let other = rhs[key], other == value else { return false }
    }
    return true
  }

  /// Hashes the members whatever their order, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine the members' own hashes commutatively.
    var combined = 0
    for (key, value) in zip(keys, values) {
      var member = Hasher()
      member.combine(key)
      member.combine(value)
      combined ^= member.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

/// A key compared and hashed by its UTF-8 bytes. JSON keys are code point sequences; Swift's
/// `String` equality is canonical equivalence, which would take `"é"` (C3 A9) and `"e\u{301}"`
/// (65 CC 81) for one key.
package struct ByteKey: Hashable, Sendable {
  package let text: String
  package init(_ text: String) { self.text = text }

  package static func == (a: ByteKey, b: ByteKey) -> Bool {
    a.text.utf8.count == b.text.utf8.count && sameBytes(a.text, b.text)
  }

  package func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

/// Whether two strings of equal UTF-8 length hold the same bytes.
@inline(__always)
func sameBytes(_ a: String, _ b: String) -> Bool {
  let result = a.utf8.withContiguousStorageIfAvailable { x in
    b.utf8.withContiguousStorageIfAvailable { y in
      x.count == 0 || memoryEqual(x.baseAddress!, y.baseAddress!, x.count)
    }
  }
  if let result, let result { return result }
  return a.utf8.elementsEqual(b.utf8)
}
