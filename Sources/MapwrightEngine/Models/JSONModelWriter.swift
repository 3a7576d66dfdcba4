// What a `@JSONModel`'s generated `encodeJSON(in:)` writes through: keys and key paths into
// one JSONObject, values through the engine or a transformer, nil optionals left out unless
// the session includes nil values.

extension _MapwrightRuntime {
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public struct Writer {
    /// The encoding session (options: nil values, versions, key naming).
    public let session: EncodingSession
    @usableFromInline var object = JSONObject()

    /// A writer of one object in `session`.
    @inlinable
    public init(session: EncodingSession) { self.session = session }

    /// The object written so far.
    @inlinable
    public var json: JSON { .object(object) }

    /// Writes the model's version first when the session records versions.
    public mutating func recordVersion(_ versioning: JSONVersioning?) {
      if session.recordsVersions, let versioning { object[versioning.key] = JSON(versioning.version) }
    }

    /// The object written so far, merged into a preserved source (see `PreservedJSON`).
    public func json(preserving preserved: PreservedJSON) -> JSON { .object(preserved.restoring(object)) }

    /// Writes `value` at `key` (a nil optional is left out unless the session includes nil values).
    @inlinable
    public mutating func write<T: JSONConvertible>(_ value: T, key: String) {
      if value.isNilValue && !session.includesNilValues { return }
      object[key] = value.encodeJSON(in: session)
    }

    /// Writes `value` at the key path `path`, making the objects on the way.
    @inlinable
    public mutating func write<T: JSONConvertible>(_ value: T, path: [String]) {
      if value.isNilValue && !session.includesNilValues { return }
      set(value.encodeJSON(in: session), at: path)
    }

    /// Writes a `@Flatten`ed model's members into this object.
    public mutating func merge<T: JSONConvertible>(_ value: T) {
      guard case .object(let members) = value.encodeJSON(in: session) else { return }
      for (key, member) in members { object[key] = member }
    }

    /// Writes `value` at `key` through `transformer`.
    public mutating func write<T: JSONTransformer>(_ value: T.Value, key: String, using transformer: T) {
      put(transformed(value, transformer, [key]), at: [key])
    }

    /// Writes an optional `value` at `key` through `transformer` (nil as for untransformed values).
    public mutating func write<T: JSONTransformer>(_ value: T.Value?, key: String, using transformer: T) {
      guard let value else {
        if session.includesNilValues { object[key] = .null }
        return
      }
      put(transformed(value, transformer, [key]), at: [key])
    }

    /// Writes `value` at the key path `path` through `transformer`.
    public mutating func write<T: JSONTransformer>(_ value: T.Value, path: [String], using transformer: T) {
      put(transformed(value, transformer, path), at: path)
    }

    /// Writes an optional `value` at the key path `path` through `transformer`.
    public mutating func write<T: JSONTransformer>(_ value: T.Value?, path: [String], using transformer: T) {
      guard let value else {
        if session.includesNilValues { set(.null, at: path) }
        return
      }
      put(transformed(value, transformer, path), at: path)
    }

    /// Writes `value` at `key` through the transformer registered as `name`.
    public mutating func write<V>(_ value: V, key: String, transformerNamed name: String) {
      write(value, path: [key], transformerNamed: name)
    }

    /// Writes `value` at the key path `path` through the transformer registered as `name`.
    public mutating func write<V>(_ value: V, path: [String], transformerNamed name: String) {
      if let optional = value as? any _MapwrightRuntime.OptionalProtocol, optional.isNone {
        if session.includesNilValues { set(.null, at: path) }
        return
      }
      guard let transformer = session.transformers[name] else {
        session.record(MappingError(.transformFailed("no transformer is registered as \"\(name)\""), path: JSONPath(keyPath: path)))
        return
      }
      do {
        set(try transformer.encode((value as? any _MapwrightRuntime.OptionalProtocol)?.wrappedAny ?? value), at: path)
      } catch {
        session.record(MappingError(.transformFailed("\(error)"), path: JSONPath(keyPath: path)))
      }
    }

    private func transformed<T: JSONTransformer>(_ value: T.Value, _ transformer: T, _ path: [String]) -> JSON? {
      do {
        return try transformer.encode(value)
      } catch {
        session.record(MappingError(.transformFailed("\(error)"), path: JSONPath(keyPath: path)))
        return nil
      }
    }

    private mutating func put(_ json: JSON?, at path: [String]) {
      guard let json else { return }
      set(json, at: path)
    }

    @usableFromInline
    mutating func set(_ json: JSON, at path: [String]) {
      if path.count == 1 {
        object[path[0]] = json
        return
      }
      var root = JSON.object(object)
      object = JSONObject()
      root.set(json, at: JSONPath(keyPath: path))
      object = root.objectValue ?? JSONObject()
    }

  }
}

extension _MapwrightRuntime {
  /// Lets the registry path see through optionals whose wrapped type is not known statically.
  public protocol OptionalProtocol {
    var isNone: Bool { get }
    var wrappedAny: Any? { get }
  }
}

extension Optional: _MapwrightRuntime.OptionalProtocol {
  /// Whether the optional is nil.
  public var isNone: Bool { self == nil }
  /// The wrapped value as `Any`, or nil.
  public var wrappedAny: Any? { self.map { $0 as Any } }
}
