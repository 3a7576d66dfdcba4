// RFC 7386 JSON Merge Patch: a patch is the document's shape with only what changes. An
// object patch merges member by member — a null member removes the member, any other value
// replaces it or merges into it when both are objects — and any other patch replaces the
// value whole. It cannot set a member to null, nor change part of an array.

extension JSON {
  /// This value with the merge patch `patch` applied (RFC 7386).
  ///
  /// ```swift
  /// let book: JSON = ["title": "Dune", "author": ["first": "Frank", "last": "Herbert"], "tags": ["sf"]]
  /// let patched = book.mergePatched(with: ["author": ["first": nil], "tags": ["classic"]])
  /// // {"title": "Dune", "author": {"last": "Herbert"}, "tags": ["classic"]}
  /// ```
  public func mergePatched(with patch: JSON) -> JSON {
    var result = self
    result.mergePatch(with: patch)
    return result
  }

  /// Applies the merge patch `patch` in place (RFC 7386).
  public mutating func mergePatch(with patch: JSON) {
    guard case .object(let members) = patch else {
      self = patch
      return
    }
    var object: JSONObject
    if case .object(let existing) = self { object = existing } else { object = [:] }
    self = .null  // `object` is now the only reference to the members
    for (key, value) in members {
      if value == .null {
        _ = object.removeValue(forKey: key)
      } else if case .object = value, var child = object[key] {
        object[key] = .null
        child.mergePatch(with: value)
        object[key] = child
      } else {
        object[key] = value.withoutNullMembers
      }
    }
    self = .object(object)
  }

  /// The merge patch that turns `source` into `target`: applying it to `source` gives
  /// `target`, except that members whose value is null in `target` are left out (a merge
  /// patch cannot set null; use `JSONPatch.diff` for that).
  ///
  /// ```swift
  /// let patch = JSON.mergePatch(from: ["a": 1, "b": 2], to: ["a": 1, "c": 3])   // {"b": null, "c": 3}
  /// ```
  public static func mergePatch(from source: JSON, to target: JSON) -> JSON {
    guard case .object(let old) = source, case .object(let new) = target else { return target.withoutNullMembers }
    var patch = JSONObject()
    for (key, _) in old where new[key] == nil || new[key] == .null {
      patch[key] = .null
    }
    for (key, value) in new where value != .null {
      guard let previous = old[key] else {
        patch[key] = value.withoutNullMembers
        continue
      }
      if case .object = previous, case .object = value {
        let child = mergePatch(from: previous, to: value)
        if child != .object([:]) { patch[key] = child }
      } else if previous != value {
        patch[key] = value.withoutNullMembers
      }
    }
    return .object(patch)
  }

  /// The value with every null object member removed, at any depth (what a merge patch
  /// writes: it has no way to set a member to null).
  var withoutNullMembers: JSON {
    switch self {
    case .object(let object): .object(JSONObject(object.compactMap { $0.value == .null ? nil : ($0.key, $0.value.withoutNullMembers) }))
    default: self
    }
  }
}
