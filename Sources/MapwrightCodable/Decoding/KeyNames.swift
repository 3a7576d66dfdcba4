// The UTF-8 names of one key type's keys, and their hashes, learnt as they are asked.
//
// A keyed container looks each member up by its key's `stringValue`. For a `CodingKeys`
// enum that is a call through the protocol, a switch over the cases and a `String` to read
// (copied out to the stack when it is small), then to hash for the object's key table
// (`KeyLookup`): about as much work as the lookup itself. Keys of at most one byte with
// nothing to retain (enums without payloads, which is what `Codable` synthesises, and which
// name each case by its byte) are told apart by that byte. So a container of such keys
// keeps each key's name and hash under the key's byte the first time it is asked, and reads
// them from there afterwards: a key's `stringValue` is taken to depend on nothing but the
// key, as `CodingKey` intends. Only the containers the decoder reuses while a document is
// decoded (see `KeyedContainerCache`) keep names, from their fifth object on (learning a
// name costs about as much as asking a key for it four times), so a name is asked a few
// times per document instead of once per object. Under a key strategy the container
// searches converted keys instead, and keeps no names.

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

  /// The name kept for the key of byte `byte` and its hash (`_MapwrightRuntime.RawJSON.keyHash`), or nil.
  @inline(__always)
  func name(at byte: Int) -> (name: UnsafeBufferPointer<UInt8>, hash: UInt64)? {
    guard byte < slots, let entries, let bytes else { return nil }
    let entry = entries[byte]
    guard entry.start >= 0 else { return nil }
    return (UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.count)), entry.hash)
  }

  /// Keeps `name` for the key of byte `byte`, and returns it with its hash.
  @inline(never)
  mutating func learn(_ byte: Int, _ name: String) -> (name: UnsafeBufferPointer<UInt8>, hash: UInt64) {
    if byte >= slots { growEntries(to: byte + 1) }
    var name = name
    let count = name.utf8.count
    if bytesUsed + count > byteCapacity || bytes == nil { growBytes(to: bytesUsed + count) }
    let start = bytes! + bytesUsed
    name.withUTF8 { utf8 in
      if let base = utf8.baseAddress { start.update(from: base, count: count) }
    }
    let hash = KeyTable.hash(UnsafePointer(start), count: count)
    entries![byte] = (Int32(bytesUsed), Int32(count), hash)
    bytesUsed += count
    return (UnsafeBufferPointer(start: start, count: count), hash)
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
