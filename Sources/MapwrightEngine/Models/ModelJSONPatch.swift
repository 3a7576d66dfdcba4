// RFC 6902 JSON Patch and RFC 7386 Merge Patch on models: the patch is applied to the model's
// encoding (with the unknown keys a `.preserve` model kept) and the result decoded like any
// document — the same validation, coercion and errors. The diff of two models is the diff of
// their encodings.

extension JSONConvertible {
  /// A copy with the JSON Patch applied to its encoding.
  ///
  /// ```swift
  /// let patch = try JSONPatch(json: [["op": "replace", "path": "/name", "value": "Bea"]])
  /// let renamed = try profile.applying(patch: patch)
  /// ```
  public func applying(patch: JSONPatch, options: MappingOptions = MappingOptions()) throws -> Self {
    try Self(json: try json().applying(patch), options: options)
  }

  /// A copy with the merge patch (RFC 7386) applied to its encoding: a null member removes
  /// the key (so an optional becomes nil, and a required key is reported missing).
  public func applying(mergePatch: JSON, options: MappingOptions = MappingOptions()) throws -> Self {
    try Self(json: json().mergePatched(with: mergePatch), options: options)
  }

  /// The JSON Patch that turns `source`'s encoding into `target`'s.
  ///
  /// ```swift
  /// let patch = Profile.patch(from: before, to: after)   // send it instead of the whole model
  /// let same = try before.applying(patch: patch)         // == after
  /// ```
  public static func patch(from source: Self, to target: Self) -> JSONPatch {
    JSONPatch.diff(from: source.json(), to: target.json())
  }

  /// The merge patch (RFC 7386) that turns `source`'s encoding into `target`'s.
  public static func mergePatch(from source: Self, to target: Self) -> JSON {
    JSON.mergePatch(from: source.json(), to: target.json())
  }
}
