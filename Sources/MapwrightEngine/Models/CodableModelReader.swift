// The reader a `@JSONModel` type's generated Codable initialiser uses with a decoder that is
// not Mapwright's (Foundation's `JSONDecoder`, `PropertyListDecoder`, any `Decoder`). It
// applies the model's own mapping — keys, key paths and fallbacks, defaults, transformers,
// lossy collections, flattening, unknown keys, coercion — through the decoder's containers,
// with the same entry points as `_MapwrightRuntime.Reader`, so the macro writes one body for both.
//
// - A value whose Codable form is its JSON form (`_codableFormIsJSONForm`: the standard
//   scalars, `@JSONModel` types, and optionals, arrays, sets and string-keyed dictionaries of
//   them) is read by the decoder itself, as synthesised Codable would read it; anything else
//   (a `URL`, a raw-value enum, a transformer's input) is read as `JSON` and decoded by the
//   engine, so the mapping's rules decide it.
// - A key path walks the decoder's nested containers; a component of digits indexes an array
//   when the value there is one, as `JSONKeyPath` says.
// - Absent and null follow `FieldRules`: `null` is nil for an optional, a `valueNotFound` for
//   anything else; an absent key keeps a default, is nil for an optional, else `keyNotFound`.
// - Under lenient coercion, a value the decoder refuses for its type is read as `JSON` and
//   coerced by the engine's rules.
// - Problems are `DecodingError`s with the decoder's coding path; the engine's `MappingError`
//   is the underlying error. The first problem of the object is thrown by `finish()`.

import MapwrightJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension _MapwrightRuntime {
  /// Reads one model's object from any `Decoder` for its generated Codable initialiser.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct CodableReader {
    /// The decoder of the model's object.
    public let decoder: any Decoder
    @usableFromInline let container: KeyedDecodingContainer<JSONCodingKey>
    @usableFromInline let fields: _MapwrightRuntime.Fields
    /// The options from the decoder's `userInfo[.mapwrightOptions]`, or the defaults.
    @usableFromInline let options: MappingOptions
    /// The model's coercion policy (its own, or the options').
    @usableFromInline let coercion: CoercionPolicy
    @usableFromInline var unknownKeys: UnknownKeyPolicy
    /// The object's first problem, thrown by `finish()`.
    @usableFromInline var firstFailure: (any Error)?

    /// A reader of the decoder's value, which must be an object (anything else is the
    /// decoder's own `typeMismatch`).
    public init(_ decoder: any Decoder, fields: _MapwrightRuntime.Fields) throws {
      self.decoder = decoder
      container = try decoder.container(keyedBy: JSONCodingKey.self)
      self.fields = fields
      options = Self.options(of: decoder)
      coercion = fields.coercion ?? options.coercion
      unknownKeys = fields.unknownKeys ?? options.unknownKeys
    }

    /// The default options, made once (a reader is made per object).
    static let defaultOptions = MappingOptions()

    /// The options in the decoder's `userInfo[.mapwrightOptions]`, or the defaults.
    static func options(of decoder: any Decoder) -> MappingOptions {
      let userInfo = decoder.userInfo
      return userInfo.isEmpty ? defaultOptions : userInfo[.mapwrightOptions] as? MappingOptions ?? defaultOptions
    }

    @usableFromInline
    mutating func fail(_ error: any Error) {
      if firstFailure == nil { firstFailure = error }
    }

    /// A problem stops the reading: later reads are skipped (the first problem is thrown).
    @inlinable
    var skipping: Bool { firstFailure != nil }

    @inlinable
    func key(_ field: Int) -> JSONCodingKey { fields.codingKeys[field] }

    // MARK: Plain keys

    /// A value the decoder reads itself, or through the engine (see the header).
    @inlinable
    public mutating func decode<T: JSONConvertible & Decodable>(
      _ type: T.Type, field: Int, distinguishingAbsence: Bool = false, coercion: CoercionPolicy? = nil
    ) -> T? {
      guard !skipping else { return nil }
      guard T._codableFormIsJSONForm else { return decodeThroughEngine(type, field: field, coercion: coercion) }
      let key = key(field)
      do {
        return try container.decode(T.self, forKey: key)
      } catch {
        return recover(T.self, key, error, coercion: coercion)
      }
    }

    /// An optional the decoder reads itself (`decodeIfPresent`): `null` and an absent key are
    /// nil; with `distinguishingAbsence` (a field with a default), an absent key is outer nil.
    @inlinable
    public mutating func decode<T: JSONConvertible & Decodable>(
      _ type: T?.Type, field: Int, distinguishingAbsence: Bool = false, coercion: CoercionPolicy? = nil
    ) -> T?? {
      guard !skipping else { return nil }
      guard T._codableFormIsJSONForm else { return decodeThroughEngine(type, field: field, coercion: coercion) }
      let key = key(field)
      do {
        if let value = try container.decodeIfPresent(T.self, forKey: key) { return .some(value) }
        return !distinguishingAbsence || container.contains(key) ? .some(nil) : nil
      } catch {
        return recover(T.self, key, error, coercion: coercion).map { .some($0) }
      }
    }

    /// A standard scalar, by the container's typed overload (as synthesised Codable reads it).
    @inlinable
    public mutating func decode<T: _MapwrightRuntime.CodableScalar>(
      _ type: T.Type, field: Int, distinguishingAbsence: Bool = false, coercion: CoercionPolicy? = nil
    ) -> T? {
      guard !skipping else { return nil }
      let key = key(field)
      do {
        return try T._decode(from: container, forKey: key)
      } catch {
        return recover(T.self, key, error, coercion: coercion)
      }
    }

    /// An optional standard scalar, by the container's typed `decodeIfPresent`.
    @inlinable
    public mutating func decode<T: _MapwrightRuntime.CodableScalar>(
      _ type: T?.Type, field: Int, distinguishingAbsence: Bool = false, coercion: CoercionPolicy? = nil
    ) -> T?? {
      guard !skipping else { return nil }
      let key = key(field)
      do {
        if let value = try T._decodeIfPresent(from: container, forKey: key) { return .some(value) }
        return !distinguishingAbsence || container.contains(key) ? .some(nil) : nil
      } catch {
        return recover(T.self, key, error, coercion: coercion).map { .some($0) }
      }
    }

    /// A value that is not `Decodable`: read as `JSON`, decoded by the engine (an absent key is
    /// always told apart).
    @inlinable
    public mutating func decode<T: JSONConvertible>(
      _ type: T.Type, field: Int, distinguishingAbsence: Bool = false, coercion: CoercionPolicy? = nil
    ) -> T? {
      guard !skipping else { return nil }
      return decodeThroughEngine(type, field: field, coercion: coercion)
    }

    @usableFromInline
    mutating func decodeThroughEngine<T: JSONConvertible>(_ type: T.Type, field: Int, coercion: CoercionPolicy?) -> T? {
      let key = key(field)
      guard container.contains(key) else { return nil }
      return decodeThroughEngine(T.self, in: container, key, coercion: coercion)
    }

    /// `@Default(…, onNull: true)`: `null` is read as absent.
    @inlinable
    public mutating func decodeUnlessNull<T: JSONConvertible>(_ type: T.Type, field: Int, coercion: CoercionPolicy? = nil) -> T? {
      guard !skipping else { return nil }
      let key = key(field)
      if (try? container.decodeNil(forKey: key)) ?? true { return nil }
      return decodeThroughEngine(T.self, in: container, key, coercion: coercion)
    }

    /// A value the decoder refused: absent (nil, for `require` and defaults to judge), or
    /// decided by the engine — the value read as `JSON` and decoded by the mapping's rules
    /// (coerced under a lenient policy, else the engine's error with its whole path). A
    /// decoder's own error says less (Foundation's, for a number that does not fit, is not even
    /// a `DecodingError`); one that a nested model's reader made carries the mapping error
    /// already, and stands.
    @usableFromInline
    mutating func recover<T: JSONConvertible>(_ type: T.Type, _ key: JSONCodingKey, _ error: any Error, coercion: CoercionPolicy?) -> T? {
      let decodingError = error as? DecodingError
      if decodingError?.mappingError != nil {
        fail(error)
        return nil
      }
      if case .keyNotFound(let missing, let context)? = decodingError, missing.stringValue == key.stringValue,
        context.codingPath.count == container.codingPath.count
      {
        return nil
      }
      return decodeThroughEngine(T.self, in: container, key, coercion: coercion)
    }

    /// The member at `key` read as `JSON` and decoded by the engine, problems as `DecodingError`s.
    @usableFromInline
    mutating func decodeThroughEngine<T: JSONConvertible>(
      _ type: T.Type, in container: KeyedDecodingContainer<JSONCodingKey>, _ key: JSONCodingKey, coercion: CoercionPolicy?
    ) -> T? {
      let json: JSON
      do {
        json = try container.decode(JSON.self, forKey: key)
      } catch {
        // Not even JSON to the decoder (Foundation's, for 1e400): its error, at the key.
        fail(Self.placed(error, at: container.codingPath + [key]))
        return nil
      }
      do {
        return try engineValue(T.self, from: json, coercion: coercion, at: container.codingPath + [key])
      } catch {
        fail(error)
        return nil
      }
    }

    /// A decoder's error as a `DecodingError` at `codingPath` (Foundation's JSONDecoder throws
    /// its parser's own errors, without a path, for numbers no Swift type holds).
    static func placed(_ error: any Error, at codingPath: [any CodingKey]) -> any Error {
      if error is DecodingError { return error }
      return DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "\(error)", underlyingError: error))
    }

    /// `json` decoded by the engine under the model's options and `coercion`.
    @usableFromInline
    func engineValue<T: JSONConvertible>(_ type: T.Type, from json: JSON, coercion: CoercionPolicy?, at codingPath: [any CodingKey]) throws -> T {
      var options = self.options
      options.coercion = coercion ?? self.coercion
      return try Self.mapped(T.self, from: json, options: options, at: codingPath)
    }

    /// `json` decoded by the engine, a problem as the `DecodingError` at `codingPath`: the one way
    /// a value read from another coder as `JSON` is mapped.
    static func mapped<T: JSONConvertible>(_ type: T.Type, from json: JSON, options: MappingOptions, at codingPath: [any CodingKey]) throws -> T {
      do {
        return try T(json: json, options: options)
      } catch let error as MappingError {
        throw error.decodingError(T.self, codingPath: codingPath)
      }
    }

    // MARK: Transformers, lossy collections, flattening

    /// The value at `key` through a transformer.
    @inlinable
    public mutating func decode<T: JSONTransformer>(field: Int, using transformer: T) -> T.Value? {
      guard !skipping, let (json, codingPath) = json(field: field, paths: nil) else { return nil }
      return transformed(json, transformer, at: codingPath)
    }

    /// An optional value through a transformer: `null` is nil.
    @inlinable
    public mutating func decodeOptional<T: JSONTransformer>(field: Int, using transformer: T) -> T.Value?? {
      guard !skipping, let (json, codingPath) = json(field: field, paths: nil) else { return nil }
      if json == .null { return .some(nil) }
      return transformed(json, transformer, at: codingPath).map { .some($0) }
    }

    /// The value at the first present of `paths` through a transformer.
    @inlinable
    public mutating func decode<T: JSONTransformer>(field: Int, paths: [String], using transformer: T) -> T.Value? {
      guard !skipping, let (json, codingPath) = json(field: field, paths: paths) else { return nil }
      return transformed(json, transformer, at: codingPath)
    }

    @usableFromInline
    mutating func transformed<T: JSONTransformer>(_ json: JSON, _ transformer: T, at codingPath: [any CodingKey]) -> T.Value? {
      do {
        return try transformer.decode(json)
      } catch let error as MappingError {
        fail(error.decodingError(T.Value.self, codingPath: codingPath))
      } catch {
        fail(MappingError(.transformFailed("\(error)"), path: .root).decodingError(T.Value.self, codingPath: codingPath))
      }
      return nil
    }

    /// The value at `field`'s key (or the first present of `paths`) through the transformer
    /// registered as `name`.
    public mutating func decode<V>(_ type: V.Type, field: Int, paths: [String]? = nil, transformerNamed name: String) -> V? {
      guard !skipping, let (json, codingPath) = json(field: field, paths: paths) else { return nil }
      do {
        guard let decoded = try options.transformers.decode(json, named: name) as? V else {
          fail(MappingError(.transformFailed("\"\(name)\" does not produce a \(V.self)"), path: .root).decodingError(V.self, codingPath: codingPath))
          return nil
        }
        return decoded
      } catch {
        fail(error.decodingError(V.self, codingPath: codingPath))
      }
      return nil
    }

    /// A lossy collection: elements that do not decode are left out (by the engine's rule).
    public mutating func decodeLossy<C: _MapwrightRuntime.LossyCollection & JSONConvertible>(_ type: C.Type, field: Int, paths: [String]? = nil) -> C?
    {
      guard !skipping, let (json, codingPath) = json(field: field, paths: paths) else { return nil }
      do {
        let session = try DecodingSession(parsing: try json.jsonBytes(), options: options)
        return try C.decodeLossily(from: session.document.root, in: session)
      } catch let error as MappingError {
        fail(error.decodingError(C.self, codingPath: codingPath))
      } catch {
        fail(error)
      }
      return nil
    }

    /// A `@Flatten`ed model: read from this same object (this reader judges unknown keys).
    public mutating func decodeFlattened<T: JSONModel>(_ type: T.Type) -> T? {
      guard !skipping else { return nil }
      do {
        var child = try _MapwrightRuntime.CodableReader(decoder, fields: T._jsonModelFields)
        child.unknownKeys = .ignore
        return try T(_codableReader: &child)
      } catch {
        fail(error)
        return nil
      }
    }

    /// The reader a subclass's initialiser hands to its superclass's: the same object, read with
    /// the superclass's fields (this reader judges unknown keys).
    public func superclassReader(fields: _MapwrightRuntime.Fields) throws -> _MapwrightRuntime.CodableReader {
      var reader = try _MapwrightRuntime.CodableReader(decoder, fields: fields)
      reader.unknownKeys = .ignore
      return reader
    }

    /// Nothing to put back (the policies are this reader's own): the tape reader's counterpart.
    @inlinable
    public func restore() {}

    /// The object, kept for writing back, when the model preserves unknown keys.
    public func preserved() -> PreservedJSON {
      guard fields.unknownKeys == .preserve, case .object(let source)? = try? JSON(from: decoder) else { return PreservedJSON() }
      let fields = fields
      return PreservedJSON(source: source, isKnown: { fields.knows($0) }, pathPrefixes: fields.otherKnownKeys)
    }

    // MARK: Missing keys, defaults, the end

    /// Checks that field `field` was read; a missing required key is a `keyNotFound` at the
    /// deepest object present on its key path.
    @inlinable
    public mutating func require(_ present: Bool, _ field: Int) {
      if !present && !skipping { noteAbsent(field) }
    }

    /// A missing key is reported at the key path the model asked for, as the tape's reader does.
    @usableFromInline
    mutating func noteAbsent(_ field: Int) {
      let asked = JSONPath(keyPath: fields.keyPaths[field].components.map(\.key))
      fail(MappingError(.missingKey, path: asked).decodingError(Any.self, codingPath: container.codingPath))
    }

    /// Notes that field `field` kept its default (other coders have no report: nothing to do).
    @inlinable
    public func noteDefault(_ field: Int) {}

    /// After every field: throws the object's first problem, or an unknown key under
    /// `unknownKeys: .reject`.
    public func finish() throws {
      if let firstFailure { throw firstFailure }
      guard unknownKeys == .reject else { return }
      for key in container.allKeys where !fields.knows(key.stringValue) {
        throw MappingError(.unknownKey, path: .root).decodingError(Any.self, codingPath: container.codingPath + [key])
      }
    }
  }
}
