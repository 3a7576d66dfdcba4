// The `Decoder` behind `JSONDecoder`: one object per `decode` call, walking the parsed tape.
//
// The decoder is also its own single-value container. Decoding a nested value does not make
// a new decoder: the decoder moves to the value (`current`), pushes its key on `path` (the
// coding path, kept as a stack), runs the value's `init(from:)` and moves back. Containers
// remember the depth of the path they were made at, so their own `codingPath` is a prefix of
// the stack. Scalars read by a container take a fast path that touches neither the stack
// nor the value's type metadata; only a failure pushes the key, to put it in the error.

import Foundation
import MapwrightEngine
import MapwrightJSON

final class CodableDecoder: _JSONModelDecoderBase, Decoder, SingleValueDecodingContainer {
  /// Held strongly: a type may keep the decoder (or a container) after `decode` returns and
  /// use it later, and `raw` points into this document's bytes and tape, which live as long
  /// as the document does.
  let document: JSONDocument
  let raw: _MapwrightRuntime.RawJSON
  let options: DecoderOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// Where forgiven values are recorded (`decodeReporting`), shared with child decoders;
  /// nil when nobody asked.
  let reportBox: ReportBox?
  var report: MappingReport { reportBox?.report.sealed() ?? MappingReport() }
  /// Tape index of the value being decoded.
  @exclusivity(unchecked) var current = 0
  /// The coding path of `current`.
  @exclusivity(unchecked) var path = CodingPathStack()
  /// Which types `unbox` reads as arrays or dictionaries (see `CollectionReading.swift`).
  let collectionKinds = CollectionKindTable()
  /// Keyed containers kept for reuse while `decodeRoot` runs (see `KeyedContainerCache`),
  /// from the second container asked for: a document of one object never needs them.
  @exclusivity(unchecked) var keyedContainers: KeyedContainerCache<KeyedContainerState>?
  @exclusivity(unchecked) var reusesContainers = false
  @exclusivity(unchecked) var madeFirstContainer = false

  var codingPath: [any CodingKey] { path.keys }
  /// The JSON5 source and its translation, when the input was JSON5.
  let json5: JSON5Translation?
  /// Lines and columns for error descriptions, built at the first error (in the JSON5
  /// source when there is one).
  lazy var locations = LocationIndex()  // made at the first error, not for every decode

  /// Line and column of the value at byte `offset` of the document.
  func location(ofDocumentOffset offset: Int) -> (line: Int, column: Int) {
    if let json5 {
      return locations.location(of: json5.sourceOffset(ofJSONOffset: offset), in: UnsafeBufferPointer(json5.source))
    }
    return locations.location(of: offset, in: UnsafeBufferPointer(start: raw.bytes, count: document.byteCount))
  }

  /// A `@JSONModel` type met in what this decoder decodes reads itself from its parse (see
  /// JSONModelCoding.swift).
  override func decodeJSONModel<T: JSONConvertible>(_ type: T.Type) throws -> T { try decodeModel(T.self) }

  init(document: JSONDocument, raw: _MapwrightRuntime.RawJSON, options: DecoderOptions, reporting: Bool, json5: JSON5Translation? = nil) {
    self.json5 = json5
    self.document = document
    self.raw = raw
    self.options = options
    reportBox = reporting ? ReportBox() : nil
    userInfo = options.userInfo.mapValues { $0 as Any }
  }

  /// A decoder for a value outside the main walk (`superDecoder`), sharing the document.
  init(child parent: CodableDecoder, at index: Int, path: [any CodingKey]) {
    json5 = parent.json5
    document = parent.document
    raw = parent.raw
    options = parent.options
    userInfo = parent.userInfo
    reportBox = parent.reportBox
    current = index
    self.path = CodingPathStack(path)
  }

  func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
    reusesContainers = KeyedContainerBoxes.decodingBoxIsReadable
    defer { stopReusingContainers() }
    return try unbox(type, at: 0)
  }

  func decodeRoot<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration) throws -> T {
    reusesContainers = KeyedContainerBoxes.decodingBoxIsReadable
    defer { stopReusingContainers() }
    current = 0
    return try type.init(from: self, configuration: configuration)
  }

  /// Drops the kept containers, which hold the decoder; a decoder that a type kept makes new
  /// ones from now on.
  private func stopReusingContainers() {
    reusesContainers = false
    keyedContainers = nil
  }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try checkContainer(kind: .object, at: current)
    let base = ContainerPath(depth: path.count)
    // The cache lent, not retained (the decoder keeps it): an atomic retain and release less
    // per object.
    if let cache = keyedContainers.map(Unmanaged.passUnretained) {
      return cache._withUnsafeGuaranteedRef { reusedContainer(Key.self, from: $0, base: base) }
    }
    if reusesContainers {
      if madeFirstContainer {
        let cache = KeyedContainerCache<KeyedContainerState>()
        keyedContainers = cache
        return reusedContainer(Key.self, from: cache, base: base)
      }
      madeFirstContainer = true
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: current, base: base))
  }

  @inline(__always)
  private func reusedContainer<Key: CodingKey>(
    _: Key.Type, from cache: KeyedContainerCache<KeyedContainerState>, base: ContainerPath
  ) -> KeyedDecodingContainer<Key> {
    let object = current
    return cache.container(
      Key.self, as: KeyedDecodingContainer<Key>.self,
      move: { $0.move(to: object, base: base) },
      make: {
        let state = KeyedContainerState(decoder: self, object: object, base: base, keysFit: KeyNames.fit(Key.self))
        return (state, KeyedDecodingContainer(KeyedContainer<Key>(state: state)))
      })
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try checkContainer(kind: .array, at: current)
    return UnkeyedContainer(decoder: self, array: current, base: ContainerPath(depth: path.count))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// Foundation's errors for a container asked of the wrong kind of value.
  func checkContainer(kind: TapeKind, at index: Int) throws {
    let found = raw.tape[index].kind
    guard found != kind else { return }
    // Foundation names these types in both errors, whatever container was asked for.
    let expected: Any.Type = kind == .object ? [String: Any].self : [Any].self
    if found == .null {
      let what = kind == .object ? "keyed decoding container" : "unkeyed decoding container"
      throw DecodingError.valueNotFound(expected, context(at: index, "Cannot get \(what) -- found null value instead"))
    }
    throw typeMismatch(expected, at: index)
  }

  // MARK: Moving to a value

  /// Runs `body` with `key` pushed on the path, for a container whose path is `base`.
  @inline(__always)
  func withKey<K: CodingKey, R>(_ key: K, base: ContainerPath, _ body: () throws -> R) rethrows -> R {
    if base.explicit == nil, path.count == base.depth {
      path.push(key)
      defer { path.pop() }
      return try body()
    }
    return try withPath(base.codingPath(in: self) + [key], body)
  }

  /// Runs `body` with the path replaced by `keys` (a container whose path is not a prefix of
  /// the decoder's: a nested container, or one used after its value's turn).
  func withPath<R>(_ keys: [any CodingKey], _ body: () throws -> R) rethrows -> R {
    // The decoder's own path is set aside as it is, not made into keys and pushed again.
    var saved = CodingPathStack(keys)
    swap(&path, &saved)
    defer { swap(&path, &saved) }
    return try body()
  }

  /// Decodes the value at `index` as `T`; the path already names it.
  func unbox<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
    // Scalars first: generic code (Array's `init(from:)`, for one) reaches here with them.
    if T.self == String.self { return unsafeBitCast(try readString(at: index), to: T.self) }
    if T.self == Double.self { return unsafeBitCast(try readDouble(at: index), to: T.self) }
    if T.self == Int.self { return unsafeBitCast(try readInteger(at: index, as: Int.self), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try readBool(at: index), to: T.self) }
    if T.self == ScalarArrays.double { return unsafeBitCast(try readArray(at: index, readDouble), to: T.self) }
    if T.self == ScalarArrays.int { return unsafeBitCast(try readArray(at: index) { try readInteger(at: $0, as: Int.self) }, to: T.self) }
    if T.self == ScalarArrays.string { return unsafeBitCast(try readArray(at: index, readString), to: T.self) }
    if T.self == Float.self { return unsafeBitCast(try readFloat(at: index), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try readInteger(at: index, as: Int64.self), to: T.self) }
    if T.self == Date.self, let date = try readDate(at: index) { return unsafeBitCast(date, to: T.self) }
    if T.self == Data.self, let data = try readData(at: index) { return unsafeBitCast(data, to: T.self) }
    if T.self == URL.self { return unsafeBitCast(try readURL(at: index), to: T.self) }
    if T.self == Decimal.self { return unsafeBitCast(try readDecimal(at: index), to: T.self) }
    // Arrays and dictionaries are one reference wide: a type of another size (most models)
    // is neither and is not looked up.
    let kind = raw.tape[index].kind
    if MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, kind == .object || kind == .array {
      switch collectionKinds.kind(of: type) {
      case .array(let array): return try array.decodeElements(from: self, at: index, as: type)
      case .dictionary(let dictionary): return try dictionary.decodeMembers(from: self, at: index, as: type)
      case .other: break
      }
    }
    let saved = current
    current = index
    defer { current = saved }
    // A class cluster's base: its `init(from:)` could only make the base class, so the object
    // is decoded by its mapping, which makes the class it chooses. (A class is one reference
    // wide; other sizes skip the casts.)
    if MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, type is AnyObject.Type, let model = type as? any JSONModel.Type,
      model._jsonModelCluster != nil
    {
      return try decodeChosenClass(model) as! T
    }
    return try type.init(from: self)  // `type`, not `T`: a subclass metatype decodes the subclass, as in Foundation
  }

  private func decodeChosenClass<Model: JSONModel>(_ type: Model.Type) throws -> Any { try decodeModel(Model.self) }

  /// The elements of the array at `index`, each read by `read`.
  @inline(__always)
  func readArray<E>(at index: Int, _ read: (Int) throws -> E) throws -> [E] {
    try checkContainer(kind: .array, at: index)
    let count = Int(raw.tape[index].length)
    /// The element at tape index `element`, the `position`th.
    @inline(__always)
    func readElement(_ position: Int, at element: Int) throws -> E {
      do {
        return try read(element)
      } catch {
        // Read it again with its index on the path, so that the error names it.
        path.push(IndexKey(position))
        defer { path.pop() }
        return try read(element)
      }
    }
    if count == 2 {
      // Pairs (a point's coordinates) made whole by a literal: one allocation of the final
      // size, without the growing array's reserve and appends.
      return [try readElement(0, at: index + 1), try readElement(1, at: Int(raw.tape[index + 1].next))]
    }
    var result: [E] = []
    result.reserveCapacity(count)
    var element = index + 1
    for position in 0..<count {
      let next = Int(raw.tape[element].next)
      result.append(try readElement(position, at: element))
      element = next
    }
    return result
  }

  // MARK: SingleValueDecodingContainer

  func decodeNil() -> Bool { raw.tape[current].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try readBool(at: current) }
  func decode(_ type: String.Type) throws -> String { try readString(at: current) }
  func decode(_ type: Double.Type) throws -> Double { try readDouble(at: current) }
  func decode(_ type: Float.Type) throws -> Float { try readFloat(at: current) }
  func decode(_ type: Int.Type) throws -> Int { try readInteger(at: current, as: Int.self) }
  func decode(_ type: Int8.Type) throws -> Int8 { try readInteger(at: current, as: Int8.self) }
  func decode(_ type: Int16.Type) throws -> Int16 { try readInteger(at: current, as: Int16.self) }
  func decode(_ type: Int32.Type) throws -> Int32 { try readInteger(at: current, as: Int32.self) }
  func decode(_ type: Int64.Type) throws -> Int64 { try readInteger(at: current, as: Int64.self) }
  func decode(_ type: UInt.Type) throws -> UInt { try readInteger(at: current, as: UInt.self) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try readInteger(at: current, as: UInt8.self) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try readInteger(at: current, as: UInt16.self) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try readInteger(at: current, as: UInt32.self) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try readInteger(at: current, as: UInt64.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try readInteger(at: current, as: Int128.self) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try readInteger(at: current, as: UInt128.self) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type, at: current) }
}

/// Array types read without a container, as metatypes fetched once: `[Double].self` in
/// generic code asks the runtime for the metadata on every use.
enum ScalarArrays {
  static let double: Any.Type = [Double].self
  static let int: Any.Type = [Int].self
  static let string: Any.Type = [String].self
}

/// A report shared by a decoder and the decoders it hands out (`superDecoder`).
final class ReportBox {
  var report = MappingReport()
}

/// The key of an array element in a coding path (`Index 3`), small enough to sit in an
/// existential without an allocation.
struct IndexKey: CodingKey {
  let index: Int
  init(_ index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { index = intValue }
  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}

/// Where a container's coding path comes from: the decoder's path stack up to `depth` (the
/// usual case), or an explicit path (nested containers, which outlive the key's push). The
/// explicit path is boxed so that the usual container copies no array (the standard
/// library's container box copies the container for each call).
struct ContainerPath {
  final class Keys {
    let keys: [any CodingKey]
    init(_ keys: [any CodingKey]) { self.keys = keys }
  }

  let depth: Int
  let explicit: Keys?

  init(depth: Int) {
    self.depth = depth
    explicit = nil
  }

  init(explicit: [any CodingKey]) {
    depth = explicit.count
    self.explicit = Keys(explicit)
  }

  func codingPath(in decoder: CodableDecoder) -> [any CodingKey] {
    explicit?.keys ?? decoder.path.keys(upTo: depth)
  }
}
