// The names of one key type's keys, and their hashes, learnt as they are asked: by the
// decoder as UTF-8 to find members by, by the encoder as the quoted, escaped text it writes.
//
// A keyed container looks each member up by its key's `stringValue` (or writes it). For a
// `CodingKeys` enum that is a call through the protocol, a switch over the cases and a
// `String` to read (copied out to the stack when it is small), then to hash (and, encoding,
// to escape): about as much work as the lookup or the write itself. Keys of at most one byte
// with nothing to retain (enums without payloads, which is what `Codable` synthesises, and
// which name each case by its byte) are told apart by that byte. So a container of such keys
// keeps each key's name and hash under the key's byte the first time it is asked, and reads
// them from there afterwards: a key's `stringValue` is taken to depend on nothing but the
// key, as `CodingKey` intends. Only the containers a coder reuses while a document is
// decoded or encoded (see `KeyedContainerCache`) keep names (the decoder's from their fifth
// object on: learning a name there costs about as much as asking a key for it four times;
// the encoder's from their second, as it learns what it has just written), so a name is
// asked a few times per document instead of once per object. Under a key strategy, or when
// the encoder sorts keys, containers keep no names.

/// One key type's names, by the key's byte; memory of its own, freed by `deallocate()`.
struct KeyNames {
  /// Every learnt name, one after another.
  private var bytes: UnsafeMutablePointer<UInt8>?
  private var byteCapacity = 0
  private var bytesUsed = 0
  /// Per key byte: where its name starts in `bytes` (-1: not learnt), its length and hash.
  private var entries: UnsafeMutablePointer<(start: Int32, count: Int32, hash: UInt64)>?
  private var slots = 0

  /// Whether keys of type `Key` are told apart by their byte: at most one byte, nothing to
  /// retain.
  static func fit<Key>(_: Key.Type) -> Bool {
    MemoryLayout<Key>.size <= 1 && _isPOD(Key.self)
  }

  /// The byte of `key`, whose type `fit` (0 for a type of no size, which has one value).
  @inline(__always)
  static func byte<Key>(of key: Key) -> Int {
    MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
  }

  /// The name kept for the key of byte `byte` and the hash it was learnt with, or nil.
  @inline(__always)
  func name(at byte: Int) -> (name: UnsafeBufferPointer<UInt8>, hash: UInt64)? {
    guard byte < slots, let entries, let bytes else { return nil }
    let entry = entries[byte]
    guard entry.start >= 0 else { return nil }
    return (UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.count)), entry.hash)
  }

  /// Keeps `name` for the key of byte `byte`, and returns it with its hash
  /// (`KeyTable.hash`: the decoder's).
  @inline(never)
  mutating func learn(_ byte: Int, _ name: String) -> (name: UnsafeBufferPointer<UInt8>, hash: UInt64) {
    var name = name
    let kept = name.withUTF8 { learn(byte, $0, hash: nil) }
    return (kept, entries![byte].hash)
  }

  /// Keeps `bytes` for the key of byte `byte` with `hash` (nil: `KeyTable.hash` of them), and
  /// returns the kept copy.
  @discardableResult
  mutating func learn(_ byte: Int, _ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64?) -> UnsafeBufferPointer<UInt8> {
    if byte >= slots { growEntries(to: byte + 1) }
    let count = bytes.count
    if bytesUsed + count > byteCapacity || self.bytes == nil { growBytes(to: bytesUsed + count) }
    let start = self.bytes! + bytesUsed
    if let base = bytes.baseAddress { start.update(from: base, count: count) }
    let kept = UnsafeBufferPointer(start: UnsafePointer(start), count: count)
    entries![byte] = (Int32(bytesUsed), Int32(count), hash ?? KeyTable.hash(kept.baseAddress, count: count))
    bytesUsed += count
    return kept
  }

  func deallocate() {
    bytes?.deallocate()
    entries?.deallocate()
  }

  private mutating func growEntries(to needed: Int) {
    var size = max(slots * 2, 16)
    while size < needed { size *= 2 }
    let grown = UnsafeMutablePointer<(start: Int32, count: Int32, hash: UInt64)>.allocate(capacity: size)
    grown.initialize(repeating: (-1, 0, 0), count: size)
    if let entries {
      grown.update(from: entries, count: slots)
      entries.deallocate()
    }
    entries = grown
    slots = size
  }

  private mutating func growBytes(to needed: Int) {
    var capacity = max(byteCapacity * 2, 256)
    while capacity < needed { capacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    if let bytes {
      grown.update(from: bytes, count: bytesUsed)
      bytes.deallocate()
    }
    bytes = grown
    byteCapacity = capacity
  }
}
