// JSON Schema of the values a `@JSONModel` property holds that are not entities' attributes of
// a plain type: enums that list their cases, enums with associated values in their tagging,
// arrays, sets and string-keyed dictionaries of anything describable, optionals, and model
// types met inside those (as `$ref`s to `$defs`).
//
// - A raw-value enum that is `CaseIterable` is its raw values (`enum`); another is its raw type.
// - A tagged enum (`_jsonModelEnum`) is `oneOf` its cases: internally tagged, an object with
//   the tag `const` and the associated values as properties; adjacently tagged, the tag and the
//   content object; externally tagged, an object with the case's name as its one key (a case
//   without values: the name as a string). A value's key is required unless it is optional.
// - `[T]` and `Set<T>` are arrays of T, `[String: T]` an object of T; `@Lossy` leaves their
//   items unconstrained (what does not decode is left out, not refused).
// - A model type is `{"$ref": "#/$defs/Name"}`; its own schema, and those it refers to, come
//   along under a nested `$defs` that `ObjectModel.jsonSchema(for:)` hoists to the root. A type
//   already being described (a cycle) is only referred to.
// - An untagged enum is `anyOf` its cases, in order: an object of the associated values, the
//   one unlabeled value's own schema, or `null` for a case without values.
// - Anything else (`JSON`, a type without a description) is any JSON (`{}`).

import MapwrightEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

enum ValueSchemas {
  /// The model types being described on this task, so that a cycle ends in a reference.
  @TaskLocal static var describing: Set<String> = []

  /// The schema of the JSON a value of `type` decodes from (nil: any JSON).
  static func schema(of type: Any.Type, lossy: Bool = false) -> JSON? {
    if let optional = type as? any OptionalType.Type {
      guard let wrapped = schema(of: optional.wrappedType) else { return nil }
      return nullable(wrapped)
    }
    if let description = (type as? any JSONConvertible.Type)?._jsonModelEnum { return taggedEnum(description) }
    if let model = type as? any JSONModel.Type, model._jsonModelEntity != nil { return reference(to: model) }
    if let cases = type as? any (CaseIterable & RawRepresentable).Type, let values = rawValues(cases) { return values }
    if let array = type as? any ArrayType.Type { return collection(array.elementType, lossy: lossy) }
    if let set = type as? any SetType.Type { return collection(set.elementType, lossy: lossy) }
    if let dictionary = type as? any StringKeyedDictionaryType.Type {
      guard !lossy, let values = schema(of: dictionary.valueType) else { return ["type": "object"] }
      return ["type": "object", "additionalProperties": values]
    }
    let attributeType = ObjectModel.attributeType(type, transformed: false)
    let plain = JSONSchemaWriter.schema(ofPlainType: attributeType)
    return plain == [:] ? nil : plain
  }

  /// `schema`, `null` allowed too.
  static func nullable(_ schema: JSON) -> JSON {
    if case .object(let members) = schema, members.count == 1, case .string(let type)? = members["type"] {
      return ["type": [.string(type), "null"]]
    }
    return ["anyOf": [schema, ["type": "null"]]]
  }

  private static func collection(_ element: Any.Type, lossy: Bool) -> JSON {
    guard !lossy, let items = schema(of: element) else { return ["type": "array"] }
    return ["type": "array", "items": items]
  }

  private static func rawValues<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> JSON? {
    let raw = type.allCases.map(\.rawValue)
    if let strings = raw as? [String] { return ["type": "string", "enum": .array(strings.map { .string($0) })] }
    if let integers = raw as? [Int] { return ["type": "integer", "enum": .array(integers.map { .number(JSONNumber(Int64($0))) })] }
    return nil
  }

  /// `oneOf` the cases of a tagged enum, with the `$defs` of the model types its values use.
  static func taggedEnum(_ description: _MapwrightRuntime.EnumDescription) -> JSON {
    var definitions: [(String, JSON)] = []
    let variants: [JSON] = description.cases.map { enumCase in
      var properties: [(String, JSON)] = []
      var required: [String] = []
      for value in enumCase.values {
        var schema = Self.schema(of: value.type, lossy: value.isLossy) ?? [:]
        schema = hoist(schema, into: &definitions)
        if value.isOptional {
          if schema != [:] { schema = nullable(schema) }
        } else {
          required.append(value.keyPath)
        }
        properties.append((value.keyPath, schema))
      }
      func object(_ properties: [(String, JSON)], _ required: [String]) -> JSON {
        var members: [(String, JSON)] = [("type", "object"), ("properties", .object(JSONObject(properties)))]
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        return .object(JSONObject(members))
      }
      let name = JSON.string(enumCase.name)
      if description.isUntagged {
        if enumCase.values.isEmpty { return ["type": "null"] }
        if enumCase.isValueItself, let value = properties.first?.1 { return value }
        return object(properties, required)
      }
      guard let tag = description.tag else {
        // Externally tagged.
        if enumCase.values.isEmpty { return ["const": name] }
        return object([(enumCase.name, object(properties, required))], [enumCase.name])
      }
      if let content = description.content {
        if enumCase.values.isEmpty { return object([(tag, JSON.object(["const": name]))], [tag]) }
        let tagProperty: (String, JSON) = (tag, ["const": name])
        return object([tagProperty, (content, object(properties, required))], [tag, content])
      }
      let tagProperty: (String, JSON) = (tag, ["const": name])
      return object([tagProperty] + properties, [tag] + required)
    }
    // Untagged cases may overlap (the first that decodes wins): `anyOf`, not `oneOf`.
    var members: [(String, JSON)] = [(description.isUntagged ? "anyOf" : "oneOf", .array(variants))]
    if !definitions.isEmpty { members.append(("$defs", .object(JSONObject(definitions)))) }
    return .object(JSONObject(members))
  }

  /// `{"$ref": "#/$defs/Name"}` and, unless the type is being described already, its schema
  /// and those it refers to under `$defs`.
  private static func reference(to model: any JSONModel.Type) -> JSON {
    let name = ObjectModel.entityName(of: model)
    let ref: JSON = ["$ref": .string("#/$defs/\(name)")]
    guard !describing.contains(name) else { return ref }
    return $describing.withValue(describing.union([name])) {
      guard let objectModel = try? ObjectModel(models: [model]), let entity = objectModel.entity(named: name) else { return [:] }
      let schema = objectModel.jsonSchema(for: entity)
      guard let definitions = schema["$defs"] else { return ref }
      return ["$ref": .string("#/$defs/\(name)"), "$defs": definitions]
    }
  }

  /// `schema` without its `$defs` (and those of the schemas inside it), which are added to
  /// `definitions` (the first of one name kept).
  static func hoist(_ schema: JSON, into definitions: inout [(String, JSON)]) -> JSON {
    guard case .object(let object) = schema else {
      if case .array(let items) = schema { return .array(items.map { hoist($0, into: &definitions) }) }
      return schema
    }
    var members: [(String, JSON)] = []
    for (key, value) in object {
      switch key {
      case "$defs":
        guard case .object(let entries) = value else { continue }
        for (name, definition) in entries where !definitions.contains(where: { $0.0 == name }) {
          definitions.append((name, [:]))  // reserved first, so a cycle does not add it twice
          let hoisted = hoist(definition, into: &definitions)
          if let index = definitions.firstIndex(where: { $0.0 == name }) { definitions[index].1 = hoisted }
        }
      case "enum", "const", "default", "examples":
        members.append((key, value))  // values, not schemas
      default:
        members.append((key, hoist(value, into: &definitions)))
      }
    }
    return .object(JSONObject(members))
  }
}
