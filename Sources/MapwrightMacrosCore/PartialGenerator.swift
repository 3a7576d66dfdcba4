// `@JSONModel(partial: true)`: the model's `Partial` companion, for partial decoding
// (`PartialDecoder`). The companion is a model of its own, its mapping written by the same
// generator as any model's, with the model's keys, transformers, coercion and `@Lossy`
// markers and every property optional, typed
// `PartialOf<T>?` (so a nested partial model is partial too, an array holds partial
// elements); a transformed property stays `T?` (the transformer needs the whole value).
// What arrives complete is decoded by that struct's own generated decoding; the model adds
// `_partialApply`, which merges those pieces and steps into the member still arriving by its
// key. Properties read by a key path, by fallback keys or through a transformer are filled
// once their member is complete; `@Flatten` and `@Ignore` properties are left out.

struct PartialGenerator {
  let model: ModelDeclaration

  var access: String { model.isPublic ? "public " : "" }

  /// The properties the companion holds.
  var fields: [PropertyDeclaration] { model.fields.filter { !$0.flatten && $0.type != nil } }

  func declarations() -> [String] {
    [companion(), emptyFunction(), applyFunction()]
  }

  /// The companion's type for a property.
  private func partialType(_ property: PropertyDeclaration) -> String {
    var type = property.type!
    if type.hasSuffix("!") { type = String(type.dropLast()) + "?" }
    guard property.transform == nil, property.transformName == nil else {
      // The transformer's value type, optional.
      return property.isOptional ? type : "\(type)?"
    }
    return "Mapwright.PartialOf<\(type)>?"
  }

  /// The companion as a model of its own: the same keys, transformers and markers, every
  /// property optional and without a default, nothing else of the model's options but its
  /// coercion (unknown keys, versions and the like are the whole decode's business).
  var companionModel: ModelDeclaration {
    var companion = ModelDeclaration(
      name: "Partial", kind: .struct, isGeneric: false, isPublic: model.isPublic, keyNaming: model.keyNaming, coercion: model.coercion,
      properties: fields.map { property in
        var field = property
        field.type = partialType(property)
        field.isLet = false
        field.initializer = nil
        field.defaultValue = nil
        field.defaultNode = nil
        field.defaultOnNull = false
        field.writesNull = false
        field.inverse = nil
        return field
      })
    companion.hasMemberwiseInitializer = false
    return companion
  }

  private func companion() -> String {
    var conformances = ["Mapwright.JSONModel"]
    for name in ["Sendable", "Equatable", "Hashable"] where model.inherited.contains(name) { conformances.append(name) }
    if model.inherited.contains("Hashable"), !conformances.contains("Equatable") { conformances.append("Equatable") }
    let companion = companionModel
    var lines = [
      "/// \(model.name) as far as its JSON has arrived: every property optional (see `PartialDecoder`).",
      "\(access)struct Partial: \(conformances.joined(separator: ", ")) {",
    ]
    for property in companion.properties {
      lines.append("  \(access)var \(property.name): \(property.type!)")
    }
    lines.append("")
    lines.append("  /// Nothing arrived yet.")
    lines.append("  \(access)init() {}")
    lines.append("")
    lines.append("  /// Takes the properties `other` holds.")
    lines.append("  \(access)mutating func _partialMerge(_ other: Self) {")
    for property in companion.properties {
      lines.append("    if let value = other.\(property.name) { \(property.name) = value }")
    }
    lines.append("  }")
    // The companion's mapping, written by the model generator as for any model.
    let generator = ModelGenerator(model: companion)
    for member in [generator.fieldsDeclaration(), generator.decodingInitializer(), generator.encodingFunction(), generator.describedFieldsFunction()]
    {
      lines.append("")
      lines += member.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private func emptyFunction() -> String {
    """
    \(access)static func _partialEmpty(_ update: Mapwright._MapwrightRuntime.PartialUpdate, level: Int) -> Partial? {
      update.isObject(level) ? Partial() : nil
    }
    """
  }

  /// The properties filled as they arrive: one plain key, no transformer.
  private var stepped: [PropertyDeclaration] {
    fields.filter { $0.isPlainKey && $0.transform == nil && $0.transformName == nil }
  }

  private func applyFunction() -> String {
    var lines = [
      "\(access)static func _partialApply(_ value: inout Partial, _ update: Mapwright._MapwrightRuntime.PartialUpdate, level: Int) throws(Mapwright.MappingError) {",
      "  if let arrived = try update.pending(Partial.self, level: level) { value._partialMerge(arrived) }",
    ]
    if stepped.isEmpty {
      lines.append("  update.take(false, level: level + 1)")
    } else {
      lines.append("  guard let key = update.openKey(level) else { return }")
      lines.append("  let taken: Bool")
      lines.append("  switch key {")
      for property in stepped {
        let type = property.type!.hasSuffix("!") ? String(property.type!.dropLast()) + "?" : property.type!
        let metatype = type.contains(" ") || type.contains("&") ? "(\(type)).self" : "\(type).self"
        lines.append(
          "  case \(swiftStringLiteral(property.paths[0])): taken = try update.apply(\(metatype), to: &value.\(property.name), level: level)")
      }
      lines.append("  default: taken = false")
      lines.append("  }")
      lines.append("  update.take(taken, level: level + 1)")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
