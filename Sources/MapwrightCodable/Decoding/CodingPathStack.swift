// The decoder's coding path, as a stack whose pushes box nothing.
//
// Every nested value and every array element pushes its key while it is decoded, and almost
// nothing reads the path: an error, or a type that asks for `codingPath`. Pushing a key as
// `any CodingKey` boxes it in an existential and copies that into an array: with the pop,
// 2% of the instructions of decoding twitter.json, and 3% of its time. Here a key of at most
// eight bytes with nothing to retain (a synthesised `CodingKeys` case, an array index) is
// pushed as its bytes and its type, a plain value in a plain stack; any other key is boxed
// as before, on a side list. The keys are made again as `any CodingKey` only when the path
// is read, from the same bytes, so they are the keys that were pushed.

import MapwrightJSON

/// One key of a `CodingPathStack`.
struct CodingPathStep: BitwiseCopyable {
  /// The key's type: its metadata and its `CodingKey` conformance.
  let type: any CodingKey.Type
  /// The key's bytes, or (when `isBoxed`) its index in the stack's boxed keys.
  let bits: UInt64
  let isBoxed: Bool
}

struct CodingPathStack: ~Copyable {
  private var steps = PlainStack<CodingPathStep>(capacity: 16)
  /// The keys that do not fit a step, in the order they were pushed.
  private var boxed: [any CodingKey] = []

  init() {}

  init(_ keys: [any CodingKey]) {
    for key in keys { push(anyKey: key) }
  }

  var count: Int { steps.count }

  /// Whether a key of type `K` is kept as its bytes.
  @inline(__always)
  private static func fits<K: CodingKey>(_: K.Type) -> Bool {
    MemoryLayout<K>.size <= MemoryLayout<UInt64>.size && _isPOD(K.self)
  }

  @inline(__always)
  mutating func push<K: CodingKey>(_ key: K) {
    if Self.fits(K.self) {
      steps.append(CodingPathStep(type: K.self, bits: Self.bits(of: key), isBoxed: false))
    } else {
      pushBoxed(key)
    }
  }

  @inline(never)
  private mutating func pushBoxed<K: CodingKey>(_ key: K) {
    steps.append(CodingPathStep(type: K.self, bits: UInt64(boxed.count), isBoxed: true))
    boxed.append(key)
  }

  /// The bytes of a key that `fits`, read as raw bytes: a typed pointer to `K` would ask the
  /// runtime for its metadata, and a copy of unknown length would call `memcpy`.
  @inline(__always)
  private static func bits<K>(of key: K) -> UInt64 {
    withUnsafeBytes(of: key) { bytes in
      if bytes.count == 1 { return UInt64(bytes[0]) }
      var bits: UInt64 = 0
      for index in 0..<bytes.count { bits |= UInt64(bytes[index]) << (8 * index) }
      return bits
    }
  }

  /// Pushes a key known only as `any CodingKey` (kept as its bytes when its type fits).
  mutating func push(anyKey key: any CodingKey) {
    push(key)
  }

  @inline(__always)
  mutating func pop() {
    if steps.removeLast().isBoxed { boxed.removeLast() }
  }

  /// The first `depth` keys, made again as the keys that were pushed.
  func keys(upTo depth: Int) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    keys.reserveCapacity(depth)
    for index in 0..<min(depth, steps.count) { keys.append(key(of: steps[index])) }
    return keys
  }

  var keys: [any CodingKey] { keys(upTo: count) }

  private func key(of step: CodingPathStep) -> any CodingKey {
    if step.isBoxed { return boxed[Int(step.bits)] }
    func load<K: CodingKey>(_: K.Type) -> any CodingKey {
      withUnsafeBytes(of: step.bits.littleEndian) { $0.load(as: K.self) }
    }
    return load(step.type)
  }
}
