// Model versions (Mantle's archive versioning): a model declares its version; encoding can
// record it under a key of the object; decoding an object that records an older version
// hands the object to the model's migration before mapping it. An object without the key is
// taken to be of the current version (JSON from elsewhere is not migrated); a newer version
// than the model's is an error.

/// A model's version, where encoding records it, and how older objects are brought up to date.
///
/// ```swift
/// @JSONModel(version: 2)
/// struct Settings {
///   var fontSize: Int
///   static func migrate(_ json: inout JSON, from version: Int) throws {
///     if version < 2 { json["fontSize"] = json["size"]; json["size"] = nil }
///   }
/// }
/// ```
public struct JSONVersioning: Sendable {
  /// The version the model writes and reads.
  public let version: Int
  /// The member that holds the version (`_version` by default).
  public let key: String
  let migrate: @Sendable (inout JSON, Int) throws -> Void

  /// A version, the member that holds it, and how JSON of an older version is brought up to
  /// this one (`migrate(&json, itsVersion)`).
  public init(version: Int, key: String = "_version", migrate: @escaping @Sendable (inout JSON, Int) throws -> Void = { _, _ in }) {
    self.version = version
    self.key = key
    self.migrate = migrate
  }

  /// The object brought up to date in a document of its own, or nil when it is current.
  func migrated(_ value: JSONValue) throws(MappingError) -> JSONDocument? {
    guard value.kind == .object, let recorded = value[key] else { return nil }
    guard let found = recorded.intValue else {
      throw MappingError.typeMismatch(expected: "integer version", at: recorded)
    }
    if found == version { return nil }
    if found > version {
      throw MappingError(.invalidValue("written by version \(found), newer than this model's \(version)"), at: recorded)
    }
    var json = JSON(value)
    do {
      try migrate(&json, found)
    } catch let error as MappingError {
      throw error
    } catch {
      throw MappingError(.invalidValue("migration from version \(found) failed: \(error)"), at: value)
    }
    if case .object(var object) = json {
      _ = object.removeValue(forKey: key)
      json = .object(object)
    }
    do {
      return try JSONDocument(json.jsonBytes())
    } catch {
      throw MappingError(.invalidValue("migration from version \(found) made unwritable JSON: \(error)"), at: value)
    }
  }

  /// Decodes `value` through `decode`, migrated first when it records an older version;
  /// errors in the migrated object are placed under the original object's path.
  @usableFromInline
  package func decode<T>(
    _ value: JSONValue, in session: DecodingSession, _ decode: (JSONValue) throws(MappingError) -> T
  ) throws(MappingError) -> T {
    guard let document = try migrated(value) else { return try decode(value) }
    let location = value.location
    let relocate = { (error: MappingError) in
      var moved = MappingError(
        error.describedKind, path: JSONPath(value.path.components + error.path.components), line: location.line, column: location.column)
      moved.isRecorded = error.isRecorded
      return moved
    }
    let recorded = session.errors.count
    do {
      return try decode(document.root)
    } catch {
      session.relocateErrors(since: recorded, relocate)
      throw relocate(error)
    }
  }
}
