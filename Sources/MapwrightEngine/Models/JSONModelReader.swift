// The reader a `@JSONModel` initialiser uses: it walks the model's object once, telling the
// generated `switch` which field each member belongs to, decodes values through the engine,
// and gathers problems so that one decoding reports every missing key of an object, not
// only the first.

extension _MapwrightRuntime {
  /// Reads one model's object for its generated initialiser.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct Reader {
    // The session and the document outlive every reader (the caller holds both), so the
    // reader does not retain them: one reader is made per object decoded.
    /// The decoding session the model is read in (options, report, coercion).
    public unowned(unsafe) let session: DecodingSession
    @usableFromInline unowned(unsafe) let document: JSONDocument
    @usableFromInline let objectIndex: Int

    /// The model's object.
    @inlinable
    public var object: JSONValue { document.value(atTapeIndex: objectIndex) }
    @usableFromInline let raw: _MapwrightRuntime.RawJSON
    /// The model's fields, unretained: a model's `_jsonModelFields` lives as long as the
    /// program, and holding it would retain and release it once per object decoded. Fields
    /// given to the public initialiser are also held in `fieldsKeptAlive`.
    @usableFromInline unowned(unsafe) let fields: _MapwrightRuntime.Fields
    @usableFromInline let fieldsKeptAlive: _MapwrightRuntime.Fields?
    /// `fields`' key table, held as pointers (the table lives as long as `fields`) so that
    /// matching a member does not retain and release it.
    @usableFromInline let keyBytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let keyStarts: UnsafeMutablePointer<Int>
    @usableFromInline let fieldCount: Int
    /// Tape index of the next member's key, and how many members remain.
    @usableFromInline var nextKey: Int
    @usableFromInline var remaining: Int
    /// The field expected next (the one after the last matched).
    @usableFromInline var guess = 0
    /// Whether a problem was found in this object.
    @usableFromInline var failed = false
    /// The object's first problem (thrown by `finish()`), held inline: no array per failed object.
    @usableFromInline var firstFailure: MappingError?
    /// Fields whose key was present (bit `i` for field `i` < 64; more in `seenMore`).
    @usableFromInline var seen: UInt64 = 0
    @usableFromInline var seenMore: Set<Int> = []
    @usableFromInline let savedCoercion: CoercionPolicy
    @usableFromInline var unknownKeys: UnknownKeyPolicy

    /// One member of the object, matched to a field (`field` is -1 for an unknown key).
    public struct Member {
      /// The field's number in the model's `_MapwrightRuntime.Fields`, or -1 for an unknown key.
      public let field: Int
      @usableFromInline let keyIndex: Int

      @inlinable
      init(field: Int, keyIndex: Int) {
        self.field = field
        self.keyIndex = keyIndex
      }
    }

    /// A reader of `value`, which must be an object (anything else is a type mismatch at its path).
    @inlinable
    public init(_ value: JSONValue, in session: DecodingSession, fields: _MapwrightRuntime.Fields, raw: _MapwrightRuntime.RawJSON)
      throws(MappingError)
    {
      guard raw.isObject(at: value.tapeIndex) else {
        throw MappingError.typeMismatch(expected: "object", at: value)
      }
      self.init(
        object: value.tapeIndex, of: .passUnretained(value.document), in: .passUnretained(session), fields: fields, raw: raw,
        keepingFieldsAlive: true)
    }

    /// A reader of the object at tape index `index` (which the caller has checked is one).
    /// Always inlined: made once per object, and as a call it retains what it stores. The
    /// document and the session come unretained: the caller keeps both alive, and a strong
    /// reference to each, passed from reader to reader, would be retained and released for
    /// every nested object (see `decodeModel`).
    @inlinable @inline(__always)
    init(
      object index: Int, of document: Unmanaged<JSONDocument>, in session: Unmanaged<DecodingSession>, fields: _MapwrightRuntime.Fields,
      raw: _MapwrightRuntime.RawJSON, keepingFieldsAlive: Bool = false
    ) {
      self.session = session.takeUnretainedValue()
      self.document = document.takeUnretainedValue()
      self.objectIndex = index
      self.fields = fields
      fieldsKeptAlive = keepingFieldsAlive ? fields : nil
      let table = fields.table
      keyBytes = table.bytes
      keyStarts = table.starts
      fieldCount = table.fieldCount
      self.raw = raw
      nextKey = index + 1
      remaining = raw.count(at: index)
      (savedCoercion, unknownKeys) = session._withUnsafeGuaranteedRef { session in
        let saved = session.coercion
        session.coercion = fields.coercion ?? session.options.coercion
        return (saved, fields.unknownKeys ?? session.options.unknownKeys)
      }
    }

    /// Puts back the coercion policy in force before this model.
    @inlinable
    public func restore() { session.coercion = savedCoercion }

    /// The next member that belongs to a field, or nil at the end. Unknown keys are skipped,
    /// reported or recorded as the unknown-key policy says.
    ///
    /// Inlined into each model's initialiser for the usual case, a member whose key is the
    /// field after the last one matched (members mostly come in the order of the fields); any
    /// other key is looked up out of line.
    @inlinable @inline(__always)
    public mutating func next() -> Member? {
      guard remaining > 0 else { return nil }
      let keyIndex = nextKey
      // Wrapping arithmetic: `remaining` is positive, and indices and field numbers are far
      // from overflowing (the tape is limited to 32-bit indices).
      if guess < fieldCount, raw.key(at: keyIndex, is: guess, keyBytes: keyBytes, keyStarts: keyStarts) {
        remaining &-= 1
        nextKey = raw.next(after: keyIndex &+ 1)
        let field = guess
        guess = field &+ 1
        markSeen(field)
        return Member(field: field, keyIndex: keyIndex)
      }
      return nextSearching()
    }

    /// `next()` for a key that is not the guessed field's: looked up in the key table's hash
    /// slots, escaped keys by their text, unknown keys handled.
    @usableFromInline @inline(never)
    mutating func nextSearching() -> Member? {
      while remaining > 0 {
        remaining -= 1
        let keyIndex = nextKey
        nextKey = raw.next(after: keyIndex + 1)
        var field: Int?
        if guess < fieldCount, raw.key(at: keyIndex, is: guess, keyBytes: keyBytes, keyStarts: keyStarts) {
          field = guess
        } else {
          // Borrowed: `fields` is held unretained, and a strong copy would be retained here.
          field = Unmanaged.passUnretained(fields)._withUnsafeGuaranteedRef { fields in
            raw.field(
              ofKeyAt: keyIndex, keyBytes: keyBytes, keyStarts: keyStarts, slots: fields.table.slots, slotMask: fields.table.slotMask)
          }
        }
        if field == nil {  // an escaped key: compare its decoded text
          field =
            object.field(
              ofKeyAt: keyIndex, keyBytes: UnsafeBufferPointer(start: keyBytes, count: keyStarts[fieldCount]),
              keyStarts: UnsafeBufferPointer(start: keyStarts, count: fieldCount + 1), guess: guess) ?? -1
        }
        if let field, field >= 0 {
          guess = field + 1
          markSeen(field)
          return Member(field: field, keyIndex: keyIndex)
        }
        if unknownKeys != .ignore && unknownKeys != .preserve { noteUnknown(keyIndex) }
      }
      return nil
    }

    @inlinable @inline(__always)
    mutating func markSeen(_ field: Int) {
      // Field numbers are never negative: below 64, the shift needs no check.
      if field < 64 { seen |= 1 &<< UInt64(truncatingIfNeeded: field) } else { markSeenBeyond64(field) }
    }

    @usableFromInline @inline(never)
    mutating func markSeenBeyond64(_ field: Int) { seenMore.insert(field) }

    @inlinable @inline(__always)
    func wasSeen(_ field: Int) -> Bool {
      field < 64 ? seen & (1 &<< UInt64(truncatingIfNeeded: field)) != 0 : seenMore.contains(field)
    }

    @usableFromInline
    mutating func noteUnknown(_ keyIndex: Int) {
      guard let key = object.memberKey(keyIndex: keyIndex).stringValue, !fields.knows(key) else { return }
      switch unknownKeys {
      case .ignore, .preserve: break
      case .report: session.note(.unknownKey, at: object, keys: [key])
      case .reject: fail(MappingError(.unknownKey, key: key, in: object))
      }
    }

    /// Records a problem; the first one of this object is thrown by `finish()`.
    @usableFromInline
    mutating func fail(_ error: MappingError) {
      let recorded = session.record(error)
      if !failed {
        failed = true
        firstFailure = recorded
      }
    }

    /// True once a problem stops the decoding (under `.stopAtFirst`): reads are skipped.
    @inlinable
    var skipping: Bool { failed && !session.collectsAllErrors }

    // MARK: Values

    /// The member's value, read straight from the tape when its JSON type matches exactly,
    /// through the engine otherwise (same value, or the same error).
    @inlinable
    public mutating func decode<T: JSONConvertible & _MapwrightRuntime.RawDecodable>(
      _ type: T.Type, _ member: Member, coercion: CoercionPolicy? = nil
    ) -> T? {
      if !skipping, let value = T.decodeRaw(raw, at: member.keyIndex + 1) { return value }
      return decodeThroughEngine(type, member, coercion: coercion)
    }

    /// A nested model: read with a child reader over the same raw document.
    @inlinable
    public mutating func decode<T: JSONModel>(_ type: T.Type, _ member: Member, coercion: CoercionPolicy? = nil) -> T? {
      guard !skipping else { return nil }
      do {
        return try decodeModel(T.self, at: member.keyIndex + 1)
      } catch {
        fail(error)
        return nil
      }
    }

    /// An optional nested model: `null` is nil.
    @inlinable
    public mutating func decode<T: JSONModel>(_ type: T?.Type, _ member: Member, coercion: CoercionPolicy? = nil) -> T?? {
      if raw.isNull(at: member.keyIndex + 1) { return .some(nil) }
      return decode(T.self, member, coercion: coercion).map { .some($0) }
    }

    /// An array of nested models, each read with a child reader; element problems are handled
    /// as the engine's arrays handle them (recorded and skipped under `.collectAll`).
    @inlinable
    public mutating func decode<T: JSONModel>(_ type: [T].Type, _ member: Member, coercion: CoercionPolicy? = nil) -> [T]? {
      guard !skipping else { return nil }
      let index = member.keyIndex + 1
      guard raw.isArray(at: index) else { return decodeThroughEngine(type, member, coercion: coercion) }
      let count = raw.count(at: index)
      var result: [T] = []
      result.reserveCapacity(count)
      var element = index + 1
      for _ in 0..<count {
        do {
          result.append(try decodeModel(T.self, at: element))
        } catch {
          guard session.collectsAllErrors else {
            fail(error)
            return nil
          }
          session.record(error)
        }
        element = raw.next(after: element)
      }
      return result
    }

    @inlinable
    func decodeModel<T: JSONModel>(_ type: T.Type, at index: Int) throws(MappingError) -> T {
      try T._decodeModel(at: index, of: .passUnretained(document), in: .passUnretained(session), raw: raw)
    }

    /// The member's value, decoded; nil (with the problem recorded) when it does not decode.
    @inlinable
    public mutating func decode<T: JSONConvertible>(_ type: T.Type, _ member: Member, coercion: CoercionPolicy? = nil) -> T? {
      decodeThroughEngine(type, member, coercion: coercion)
    }

    @inlinable
    mutating func decodeThroughEngine<T: JSONConvertible>(_ type: T.Type, _ member: Member, coercion: CoercionPolicy?) -> T? {
      guard !skipping else { return nil }
      let value = document.value(atTapeIndex: member.keyIndex + 1)
      do {
        if let coercion, coercion != session.coercion {
          return try session.with(coercion: coercion) { () throws(MappingError) -> T in try T.decode(from: value, in: session) }
        }
        return try T.decode(from: value, in: session)
      } catch {
        fail(error)
        return nil
      }
    }

    /// As `decode`, with `null` read as missing (for `@Default(…, onNull: true)`).
    @inlinable
    public mutating func decodeUnlessNull<T: JSONConvertible>(_ type: T.Type, _ member: Member, coercion: CoercionPolicy? = nil) -> T? {
      if document.value(atTapeIndex: member.keyIndex + 1).isNull { return nil }
      return decode(type, member, coercion: coercion)
    }

    /// The member's value through a transformer.
    @inlinable
    public mutating func decode<T: JSONTransformer>(_ member: Member, using transformer: T) -> T.Value? {
      guard !skipping else { return nil }
      do {
        return try MapwrightEngine.decode(document.value(atTapeIndex: member.keyIndex + 1), with: transformer)
      } catch {
        fail(error)
        return nil
      }
    }

    /// The member's value through an optional-aware transformer: `null` is nil.
    @inlinable
    public mutating func decodeOptional<T: JSONTransformer>(_ member: Member, using transformer: T) -> T.Value?? {
      if document.value(atTapeIndex: member.keyIndex + 1).isNull { return .some(nil) }
      return decode(member, using: transformer).map { .some($0) }
    }

    /// The member's value through a transformer registered by name.
    public mutating func decode<V>(_ type: V.Type, _ member: Member, transformerNamed name: String) -> V? {
      guard !skipping else { return nil }
      return decode(type, document.value(atTapeIndex: member.keyIndex + 1), transformerNamed: name)
    }

    mutating func decode<V>(_ type: V.Type, _ value: JSONValue, transformerNamed name: String) -> V? {
      do {
        guard let decoded = try session.options.transformers.decode(value, named: name) as? V else {
          fail(MappingError(.transformFailed("\"\(name)\" does not produce a \(V.self)"), at: value))
          return nil
        }
        return decoded
      } catch {
        fail(error)
        return nil
      }
    }

    /// The value at the first present of `paths` through a transformer registered by name.
    public mutating func decode<V>(_ type: V.Type, field: Int, paths: [String], transformerNamed name: String) -> V? {
      guard !skipping, let value = value(atFirstOf: paths) else { return nil }
      markSeen(field)
      return decode(type, value, transformerNamed: name)
    }

    /// A lossy collection: elements that do not decode are left out and reported.
    @inlinable
    public mutating func decodeLossy<C: _MapwrightRuntime.LossyCollection>(_ type: C.Type, _ member: Member) -> C? {
      guard !skipping else { return nil }
      let value = document.value(atTapeIndex: member.keyIndex + 1)
      do {
        return try C.decodeLossily(from: value, in: session)
      } catch {
        fail(error)
        return nil
      }
    }

    /// A `@Flatten`ed model: read from this same object. Its reader leaves unknown keys to
    /// this one (which knows the flattened model's keys).
    @inlinable
    public mutating func decodeFlattened<T: JSONModel>(_ type: T.Type) -> T? {
      guard !skipping else { return nil }
      do {
        var child = try _MapwrightRuntime.Reader(object, in: session, fields: T._jsonModelFields, raw: raw)
        child.unknownKeys = .ignore
        defer { child.restore() }
        return try T(_jsonReader: &child)
      } catch {
        fail(error)
        return nil
      }
    }

    /// The reader a subclass's initialiser hands to its superclass's: the same object, read
    /// with the superclass's fields (this reader, which knows them, judges unknown keys).
    public func superclassReader(fields: _MapwrightRuntime.Fields) throws(MappingError) -> _MapwrightRuntime.Reader {
      var reader = try _MapwrightRuntime.Reader(object, in: session, fields: fields, raw: raw)
      reader.unknownKeys = .ignore
      return reader
    }

    /// The object, kept for writing back, when the model preserves unknown keys (generated
    /// models with `unknownKeys: .preserve` store it).
    public func preserved() -> PreservedJSON {
      guard fields.unknownKeys == .preserve, case .object(let source) = JSON(object) else { return PreservedJSON() }
      let fields = fields
      return PreservedJSON(source: source, isKnown: { fields.knows($0) }, pathPrefixes: fields.otherKnownKeys)
    }

    // MARK: Key paths and fallbacks

    /// The value at the first of `paths` that is present (each a dotted key path whose numeric
    /// components index arrays), or nil when none is.
    public func value(atFirstOf paths: [String]) -> JSONValue? {
      for path in paths {
        // One plain key needs no parsing (the rule gives the key itself).
        let plain = !path.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\\") }
        if let value = plain ? object[path] : object.value(at: JSONKeyPath(path)) {
          return value
        }
      }
      return nil
    }

    /// Decodes the value at the first present of `paths` for field `field`; nil when none is
    /// present.
    @inlinable
    public mutating func decode<T: JSONConvertible>(_ type: T.Type, field: Int, paths: [String], coercion: CoercionPolicy? = nil) -> T? {
      guard !skipping, let value = value(atFirstOf: paths) else { return nil }
      markSeen(field)
      do {
        return try session.with(coercion: coercion) { () throws(MappingError) -> T in try T.decode(from: value, in: session) }
      } catch {
        fail(error)
        return nil
      }
    }

    /// Decodes through a transformer the value at the first present of `paths`.
    @inlinable
    public mutating func decode<T: JSONTransformer>(field: Int, paths: [String], using transformer: T) -> T.Value? {
      guard !skipping, let value = value(atFirstOf: paths) else { return nil }
      markSeen(field)
      do {
        return try MapwrightEngine.decode(value, with: transformer)
      } catch {
        fail(error)
        return nil
      }
    }

    // MARK: Missing keys

    /// Checks that field `field` was read; a missing required key is a problem (a key that was
    /// present but did not decode has been reported already).
    @inlinable @inline(__always)
    public mutating func require(_ present: Bool, _ field: Int) {
      if !present { noteAbsent(field) }
    }

    /// The rare path of `require`, out of line: a model's initialiser checks dozens of fields,
    /// and inlining each error path made its frame kilobytes large.
    @usableFromInline @inline(never)
    mutating func noteAbsent(_ field: Int) {
      guard !skipping, !wasSeen(field) else { return }
      fail(missingKey(field))
    }

    @usableFromInline
    func missingKey(_ field: Int) -> MappingError {
      FieldRules.missingKey(at: fields.keyPaths[field], in: object)
    }

    /// Notes that field `field` kept its default.
    @inlinable
    public func noteDefault(_ field: Int) {
      FieldRules.noteDefault(at: fields.keyPaths[field], in: object, session: session)
    }

    /// After every field: throws the object's first problem.
    @inlinable
    public func finish() throws(MappingError) {
      if failed, let firstFailure { throw firstFailure }
    }
  }
}

/// Keeps a local of a generated initialiser in one place in memory. Does nothing.
///
/// A `@JSONModel` initialiser holds each field's value in an optional local until every
/// member is read. Left to itself, the compiler keeps a local of a large struct type (a
/// nested model) as a value, and copies it whole on every turn of the member loop (a 422-byte
/// copy per member of a twitter.json status); once its address is taken here, the local stays
/// in memory and is written in place.
/// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
@inline(never) @_optimize(none)
public func _jsonModelLocal<T>(_ local: inout T) {}

extension _MapwrightRuntime {
  /// Collections that `@Lossy` can decode element by element, leaving out what does not decode.
  public protocol LossyCollection {
    static func decodeLossily(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self
  }
}

extension Array: _MapwrightRuntime.LossyCollection where Element: JSONConvertible {
  /// The elements that decode, in order; each one that does not is noted in the session's report.
  public static func decodeLossily(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> [Element] {
    guard value.kind == .array else {
      throw MappingError.typeMismatch(expected: "array", at: value)
    }
    var result: [Element] = []
    for element in value.elements {
      switch session.attempt({ () throws(MappingError) in try Element.decode(from: element, in: session) }) {
      case .success(let decoded): result.append(decoded)
      case .failure(let error): session.note(.elementSkipped(reason: error.message), at: element)
      }
    }
    return result
  }
}

extension Set: _MapwrightRuntime.LossyCollection where Element: JSONConvertible {
  /// The elements that decode; each one that does not is noted in the session's report.
  public static func decodeLossily(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Set<Element> {
    Set(try [Element].decodeLossily(from: value, in: session))
  }
}

extension Dictionary: _MapwrightRuntime.LossyCollection where Key == String, Value: JSONConvertible {
  /// The members whose values decode; each one that does not is noted in the session's report.
  public static func decodeLossily(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> [String: Value] {
    guard value.kind == .object else {
      throw MappingError.typeMismatch(expected: "object", at: value)
    }
    var result: [String: Value] = [:]
    for member in value.members where result[member.key] == nil {
      switch session.attempt({ () throws(MappingError) in try Value.decode(from: member.value, in: session) }) {
      case .success(let decoded): result[member.key] = decoded
      case .failure(let error): session.note(.elementSkipped(reason: error.message), at: member.value)
      }
    }
    return result
  }
}
