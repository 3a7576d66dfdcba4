// The writer a `@JSONModel` type's generated Codable encoding uses with an encoder that is not
// Mapwright's (Foundation's `JSONEncoder`, `PropertyListEncoder`, any `Encoder`): the same
// entry points as `_MapwrightRuntime.Writer`, so the macro writes one body for both, and the same
// rules — a nil optional left out, keys and key paths, transformers, flattened models.
//
// A value whose `Codable` form is its JSON form (`_codableFormIsJSONForm`) is handed to the
// encoder's keyed container, as synthesised Codable would; anything else is written as the
// engine's `JSON`. Members at key paths (`user.login`) are gathered into objects and written
// at the end, one per first component, so two paths under one key make one object with any
// encoder.

import MapwrightJSON

extension _MapwrightRuntime {
  /// Writes one model's object into any `Encoder` for its generated Codable encoding.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct CodableWriter {
    /// The encoder of the model's object.
    public let encoder: any Encoder
    /// The encoding session of values written through the engine (nil values left out), made
    /// when first needed: most objects write only what the encoder takes itself.
    public var session: EncodingSession {
      mutating get {
        if let made = madeSession { return made }
        let made = EncodingSession()
        madeSession = made
        return made
      }
    }
    @usableFromInline var madeSession: EncodingSession?
    @usableFromInline var container: KeyedEncodingContainer<JSONCodingKey>
    /// Members at key paths, written by `finish()`.
    @usableFromInline var nested = JSONObject()
    @usableFromInline var firstFailure: (any Error)?

    /// A writer of an object into `encoder`.
    public init(_ encoder: any Encoder) {
      self.encoder = encoder
      container = encoder.container(keyedBy: JSONCodingKey.self)
    }

    @usableFromInline
    mutating func fail(_ error: any Error) {
      if firstFailure == nil { firstFailure = error }
    }

    /// Writes `value` at `key` through the encoder (a nil optional is left out).
    @inlinable
    public mutating func write<T: JSONConvertible & Encodable>(_ value: T, key: String) {
      if value.isNilValue { return }
      guard T._codableFormIsJSONForm else { return put(value.encodeJSON(in: session), key: key) }
      do {
        try container.encode(value, forKey: JSONCodingKey(stringValue: key))
      } catch {
        fail(error)
      }
    }

    /// Writes a standard scalar at `key` by the container's typed overload.
    @inlinable
    public mutating func write<T: _MapwrightRuntime.CodableScalar>(_ value: T, key: String) {
      do {
        try value._encode(to: &container, forKey: JSONCodingKey(stringValue: key))
      } catch {
        fail(error)
      }
    }

    /// Writes an optional standard scalar at `key` when it is not nil.
    @inlinable
    public mutating func write<T: _MapwrightRuntime.CodableScalar>(_ value: T?, key: String) {
      guard let value else { return }
      write(value, key: key)
    }

    /// Writes an optional `value` at `key` through the encoder when it is not nil
    /// (`encodeIfPresent`, as synthesised Codable writes it).
    @inlinable
    public mutating func write<T: JSONConvertible & Encodable>(_ value: T?, key: String) {
      guard let value else { return }
      write(value, key: key)
    }

    /// Writes `value` at `key` as the engine's JSON (a nil optional is left out).
    @inlinable
    public mutating func write<T: JSONConvertible>(_ value: T, key: String) {
      if value.isNilValue { return }
      put(value.encodeJSON(in: session), key: key)
    }

    /// Writes `value` at the key path `path` (gathered, written by `finish()`).
    public mutating func write<T: JSONConvertible>(_ value: T, path: [String]) {
      if value.isNilValue { return }
      set(value.encodeJSON(in: session), at: path)
    }

    /// Writes `value` at `key` (or the key path `path`) through `transformer`.
    public mutating func write<T: JSONTransformer>(_ value: T.Value, key: String, using transformer: T) {
      write(value, path: [key], using: transformer)
    }

    /// Writes an optional `value` at `key` through `transformer` (nil is left out).
    public mutating func write<T: JSONTransformer>(_ value: T.Value?, key: String, using transformer: T) {
      guard let value else { return }
      write(value, path: [key], using: transformer)
    }

    /// Writes an optional `value` at the key path `path` through `transformer` (nil is left out).
    public mutating func write<T: JSONTransformer>(_ value: T.Value?, path: [String], using transformer: T) {
      guard let value else { return }
      write(value, path: path, using: transformer)
    }

    /// Writes `value` at the key path `path` through `transformer`.
    public mutating func write<T: JSONTransformer>(_ value: T.Value, path: [String], using transformer: T) {
      do {
        set(try transformer.encode(value), at: path)
      } catch {
        fail(
          EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath(path), debugDescription: "transform failed: \(error)", underlyingError: error)))
      }
    }

    /// Writes `value` at `key` (or the key path `path`) through the transformer registered as
    /// `name`.
    public mutating func write<V>(_ value: V, key: String, transformerNamed name: String) {
      write(value, path: [key], transformerNamed: name)
    }

    /// Writes `value` at the key path `path` through the transformer registered as `name`.
    public mutating func write<V>(_ value: V, path: [String], transformerNamed name: String) {
      let session = self.session
      var json = _MapwrightRuntime.Writer(session: session)
      json.write(value, path: path, transformerNamed: name)
      if let error = session.errors.last {
        return fail(
          EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath(path), debugDescription: "\(error)", underlyingError: error))
        )
      }
      mergeMembers(of: json.json)
    }

    /// Writes a `@Flatten`ed model's members (or a superclass's) into this object.
    public mutating func merge<T: JSONModel>(_ value: T) {
      do {
        try value._jsonModelEncode(to: &self)
      } catch {
        fail(error)
      }
    }

    /// Writes the members of a JSON object into this object.
    public mutating func mergeMembers(of json: JSON) {
      guard case .object(let members) = json else { return }
      for (key, member) in members { put(member, key: key) }
    }

    /// Writes the model's version when the session records versions (other coders do not).
    public mutating func recordVersion(_ versioning: JSONVersioning?) {}

    @usableFromInline
    mutating func put(_ json: JSON, key: String) {
      do {
        try container.encode(json, forKey: JSONCodingKey(stringValue: key))
      } catch {
        fail(error)
      }
    }

    mutating func set(_ json: JSON, at path: [String]) {
      if path.count == 1 { return put(json, key: path[0]) }
      var root = JSON.object(nested)
      root.set(json, at: JSONPath(keyPath: path))
      nested = root.objectValue ?? JSONObject()
    }

    func codingPath(_ path: [String]) -> [any CodingKey] {
      encoder.codingPath + path.map { JSONCodingKey(stringValue: $0) }
    }

    /// Writes the members gathered at key paths, then throws the first problem.
    public mutating func finish() throws {
      for (key, member) in nested { put(member, key: key) }
      nested = JSONObject()
      if let firstFailure { throw firstFailure }
      // What the engine could not write (a transformer's refusal inside a value).
      if let error = madeSession?.errors.first {
        throw EncodingError.invalidValue(
          error, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(error)", underlyingError: error))
      }
    }
  }
}
