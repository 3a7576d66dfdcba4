// Patching: apply partial JSON to an existing model. Only the keys present change; `null`
// clears an optional and is an error for a non-optional; an absent key leaves its property
// alone. The patch is merged over the model's own encoding and the result decoded like any
// document (so it is validated the same way), then only the properties whose keys the patch
// names take the decoded values. Errors point into the patch: its paths, lines and columns.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONModelCopyable {
  /// A copy with the members of `json` (an object) applied:
  ///
  /// ```swift
  /// let renamed = try user.patched(json: #"{"name": "Ana", "nickname": null}"#)
  /// ```
  public func patched(json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws -> Self {
    Self(_jsonModelDraft: try patchDraft(bytes, options: options))
  }

  /// A draft holding the decoded values of the properties the patch names.
  func patchDraft(_ bytes: [UInt8], options: MappingOptions) throws -> JSONModelDraft<Self> {
    let document = try DecodingSession(parsing: bytes, options: options).document
    let root = document.root
    guard case .object(let patch) = JSON(root) else {
      throw MappingError.typeMismatch(expected: "object", at: root)
    }
    guard case .object(let current) = encodeJSON(in: EncodingSession()) else { return JSONModelDraft(self) }
    let merged = JSON.object(mergeMembers(patch, into: current))
    let decoded: Self
    do {
      decoded = try Self(json: merged, options: options)
    } catch let error as MappingError {
      throw error.placed(in: root)
    } catch let errors as MappingErrors {
      throw MappingErrors(errors.errors.map { $0.placed(in: root) })
    }
    var draft = JSONModelDraft(self)
    for property in Self._jsonModelProperties where property.isNamed(by: root) {
      draft.set(property.keyPath, to: decoded[keyPath: property.keyPath])
    }
    return draft
  }

  /// The value with the members of the JSON text applied (see `patched(json:)` taking bytes).
  public func patched(json text: String, options: MappingOptions = MappingOptions()) throws -> Self {
    try patched(json: Array(text.utf8), options: options)
  }

  /// The value with the members of the JSON data applied (see `patched(json:)` taking bytes).
  public func patched(json data: Data, options: MappingOptions = MappingOptions()) throws -> Self {
    try patched(json: data.byteArray, options: options)
  }

  /// The value with the members of a JSON value applied (see `patched(json:)` taking bytes).
  public func patched(json value: JSON, options: MappingOptions = MappingOptions()) throws -> Self {
    try patched(json: value.jsonBytes(), options: options)
  }

  /// Applies the members of `json` to this value (see `patched(json:)`); on an error the
  /// value is unchanged.
  public mutating func patch(json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws {
    self = try patched(json: bytes, options: options)
  }

  /// Applies the members of the JSON text to this value; on an error the value is unchanged.
  public mutating func patch(json text: String, options: MappingOptions = MappingOptions()) throws {
    self = try patched(json: Array(text.utf8), options: options)
  }
}

extension _MapwrightRuntime.Property {
  /// Whether the patch object names this property: one of its key paths is present (a
  /// flattened model's keys are checked by decoding it whole; an ignored property never is).
  func isNamed(by patch: JSONValue) -> Bool {
    guard let paths = jsonPaths else { return false }
    if paths.isEmpty { return true }
    return paths.contains { patch.value(at: JSONKeyPath($0)) != nil }
  }
}

/// `patch` merged into `target`: objects member by member, recursively; anything else
/// (arrays, scalars, null) replaces. Not RFC 7386 (`JSON.mergePatch(with:)`), where a null
/// removes the member: here it stays, for the decoder to clear an optional or report a
/// non-optional at its place in the patch.
func mergeMembers(_ patch: JSONObject, into target: JSONObject) -> JSONObject {
  var result = target
  for (key, value) in patch {
    if case .object(let inner) = value, case .object(let existing)? = result[key] {
      result[key] = .object(mergeMembers(inner, into: existing))
    } else {
      result[key] = value
    }
  }
  return result
}

extension MappingError {
  /// The error placed in the patch document: at its value there, or at the deepest object
  /// or array on its path that the patch has (a missing key is reported at its object).
  func placed(in root: JSONValue) -> MappingError {
    var current = root
    for component in path.components {
      let next: JSONValue?
      switch component {
      case .key(let key): next = current.kind == .object ? current[key] : nil
      case .index(let index): next = current.kind == .array ? current[index] : nil
      }
      guard let next else { break }
      current = next
    }
    let location = current.location
    return MappingError(kind, path: path, line: location.line, column: location.column)
  }
}
