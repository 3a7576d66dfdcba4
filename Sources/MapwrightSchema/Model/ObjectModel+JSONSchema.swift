// JSON Schema (draft 2020-12) of the JSON a model's entities are read from: what
// `ModelObject` decoding and the store import accept in strict mode, by the same rules
// (EntityRules / FieldRules):
//
// - an entity is an object schema under `$defs`, its attributes and relationships properties
//   at their key paths (`"user.login"` is a property `login` of an object `user`);
// - a key may be absent when the attribute is optional or has a default (`default` given);
//   `null` is allowed for optional attributes and relationships only;
// - attribute types: integers with their range, `number` for Double, Float and (also as a
//   string) Decimal, `string`, `boolean`, UUIDs `format: uuid`, URLs `format: uri`; dates,
//   data and transformable values as their transformer describes its JSON
//   (`JSONTransformer.jsonSchema`; ISO 8601 `format: date-time`, Base64 `contentEncoding`),
//   any JSON when it does not say;
// - a relationship item is the destination object, or (when the destination has a primary
//   key) its key, as the import resolves ids; to-many counts as `minItems`/`maxItems`;
// - unknown keys: `additionalProperties` is false only when they are rejected (by the caller's
//   policy, or by a `@JSONModel(unknownKeys: .reject)` type's own).
//
// Lenient mode accepts more (numbers as strings…) than the schema says.

import MapwrightEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ObjectModel {
  /// JSON Schema 2020-12 of the JSON `entity`'s objects are read from, with the entities it
  /// refers to under `$defs`.
  ///
  /// ```swift
  /// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
  /// let schema = model.jsonSchema(for: model.entity(named: "Author")!)
  /// print(try schema.jsonString([.prettyPrinted, .sortedKeys]))
  /// ```
  public func jsonSchema(for entity: EntityDescription, unknownKeys: UnknownKeyPolicy = .ignore) -> JSON {
    var definitions: [String: JSON] = [:]
    var queue = [entity]
    var seen: Set<String> = [entity.name]
    while let next = queue.popLast() {
      definitions[next.name] = JSONSchemaWriter.schema(of: next, unknownKeys: unknownKeys)
      for relationship in next.relationships {
        let destination = next.destination(of: relationship)
        if seen.insert(destination.name).inserted { queue.append(destination) }
      }
    }
    // Model types met inside values (an enum's associated values, arrays of them) bring their
    // own `$defs`; they join the root's.
    var hoisted: [(String, JSON)] = []
    for name in definitions.keys.sorted() { definitions[name] = ValueSchemas.hoist(definitions[name]!, into: &hoisted) }
    for (name, definition) in hoisted where definitions[name] == nil { definitions[name] = definition }
    return [
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": .string(entity.name),
      "$ref": .string("#/$defs/\(entity.name)"),
      "$defs": .object(JSONObject(definitions.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
    ]
  }
}

enum JSONSchemaWriter {
  /// An entity's object schema.
  static func schema(of entity: EntityDescription, unknownKeys: UnknownKeyPolicy) -> JSON {
    var root = ObjectNode()
    for attribute in entity.attributes {
      let defaultValue = attribute.defaultValueString.flatMap { AttributeValues.value(fromDefault: $0, type: attribute.type) }
      var value = schema(of: attribute, nullable: flag("jsonNullable", attribute.userInfo) ?? attribute.isOptional)
      if let defaultValue, let json = try? AttributeValues.encode(defaultValue, attribute) {
        value = merged(value, [("default", json)])
      }
      let required = flag("jsonRequired", attribute.userInfo) ?? (!attribute.isOptional && defaultValue == nil)
      root.insert(value, at: JSONKeyPath(attribute.jsonKeyPath), required: required)
    }
    for relationship in entity.relationships {
      let destination = entity.destination(of: relationship)
      var item: JSON = ["$ref": .string("#/$defs/\(destination.name)")]
      if let key = destination.primaryKey, let attribute = destination.attribute(named: key) {
        item = ["anyOf": [item, schema(ofType: attribute)]]
      }
      var value: JSON
      let nullable = flag("jsonNullable", relationship.userInfo) ?? relationship.isOptional
      if relationship.isToMany {
        var array: [(String, JSON)] = [("type", nullable ? ["array", "null"] : "array"), ("items", item)]
        if let min = relationship.minCount, min > 0 { array.append(("minItems", .number(JSONNumber(Int64(min))))) }
        if let max = relationship.maxCount, max > 0 { array.append(("maxItems", .number(JSONNumber(Int64(max))))) }
        value = .object(JSONObject(array))
      } else {
        value = nullable ? ["anyOf": [item, ["type": "null"]]] : item
      }
      let required = flag("jsonRequired", relationship.userInfo) ?? (!relationship.isOptional && !relationship.isToMany)
      root.insert(value, at: JSONKeyPath(relationship.jsonKeyPath), required: required)
    }
    // Closed when the caller asks, or when the type itself rejects unknown keys.
    let closed = unknownKeys == .reject || entity.userInfo["jsonUnknownKeys"] == "reject"
    return root.json(title: entity.name, additionalProperties: !closed)
  }

  /// A `YES`/`NO` entry of user info (what a `@JSONModel` type's own decoding requires).
  static func flag(_ key: String, _ userInfo: [String: String]) -> Bool? {
    userInfo[key].map { $0 == "YES" }
  }

  /// An attribute's value schema, `null` allowed when `nullable`.
  static func schema(of attribute: AttributeDescription, nullable: Bool) -> JSON {
    let value = schema(ofType: attribute)
    guard nullable, value != [:] else { return value }
    if case .object(let members) = value, members.count == 1, case .string(let type)? = members["type"] {
      return ["type": [.string(type), "null"]]
    }
    return ["anyOf": [value, ["type": "null"]]]
  }

  /// The JSON an attribute's values are read from (not null).
  static func schema(ofType attribute: AttributeDescription) -> JSON {
    if let name = attribute.transformerName ?? AttributeValues.defaultTransformer(attribute.type) {
      return attribute.transformers[name]?.jsonSchema ?? [:]
    }
    return schema(ofPlainType: attribute.type)
  }

  /// The JSON values of an attribute type are read from without a transformer (any JSON for
  /// dates, data and transformable values, which need one).
  static func schema(ofPlainType type: AttributeType) -> JSON {
    switch type {
    case .integer16: return ["type": "integer", "minimum": .number(JSONNumber(Int64(Int16.min))), "maximum": .number(JSONNumber(Int64(Int16.max)))]
    case .integer32: return ["type": "integer", "minimum": .number(JSONNumber(Int64(Int32.min))), "maximum": .number(JSONNumber(Int64(Int32.max)))]
    case .integer64: return ["type": "integer", "minimum": .number(JSONNumber(Int64.min)), "maximum": .number(JSONNumber(Int64.max))]
    case .double, .float: return ["type": "number"]
    case .decimal: return ["type": ["number", "string"]]
    case .string: return ["type": "string"]
    case .boolean: return ["type": "boolean"]
    case .uuid: return ["type": "string", "format": "uuid"]
    case .uri: return ["type": "string", "format": "uri"]
    case .date, .binaryData, .transformable: return [:]
    }
  }

  static func merged(_ schema: JSON, _ extra: [(String, JSON)]) -> JSON {
    guard case .object(let members) = schema else { return schema }
    return .object(JSONObject(Array(members.map { ($0.key, $0.value) }) + extra))
  }

  /// An object schema built from values at key paths.
  struct ObjectNode {
    var properties: [(String, Property)] = []
    var required: [String] = []

    enum Property {
      case value(JSON)
      case object(ObjectNode)
    }

    mutating func insert(_ value: JSON, at path: JSONKeyPath, required isRequired: Bool) {
      insert(value, components: path.components[...], required: isRequired)
    }

    private mutating func insert(_ value: JSON, components: ArraySlice<JSONKeyPath.Component>, required isRequired: Bool) {
      guard let first = components.first else { return }
      let key = first.key
      if isRequired, !required.contains(key) { required.append(key) }
      let rest = components.dropFirst()
      let index = properties.firstIndex { $0.0 == key }
      if rest.isEmpty || first.index != nil {
        // A value here (or past an array index, which the schema does not follow): any JSON
        // for an index, as an object member may also be named by digits.
        let schema: JSON = rest.isEmpty && first.index == nil ? value : [:]
        if let index { properties[index].1 = .value(schema) } else { properties.append((key, .value(schema))) }
        return
      }
      var node = ObjectNode()
      if let index, case .object(let existing) = properties[index].1 { node = existing }
      node.insert(value, components: rest, required: isRequired)
      if let index { properties[index].1 = .object(node) } else { properties.append((key, .object(node))) }
    }

    func json(title: String? = nil, additionalProperties: Bool) -> JSON {
      var members: [(String, JSON)] = []
      if let title { members.append(("title", .string(title))) }
      members.append(("type", "object"))
      members.append(
        (
          "properties",
          .object(
            JSONObject(
              properties.map { key, property in
                switch property {
                case .value(let value): (key, value)
                case .object(let node): (key, node.json(additionalProperties: true))
                }
              }))
        ))
      if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
      if !additionalProperties { members.append(("additionalProperties", false)) }
      return .object(JSONObject(members))
    }
  }
}

extension JSONModel {
  /// JSON Schema 2020-12 of this type's JSON (and of the model types it refers to, under
  /// `$defs`), made from its entity (`ObjectModel(models:)`): key paths, optionals, defaults
  /// (a property with a default may be absent), transformers' JSON, enums that are
  /// `CaseIterable`; other values (arrays and dictionaries of values, `JSON`) are any JSON.
  /// Structs and final classes only (a class hierarchy is `SchemaError.notAnEntity`).
  ///
  /// ```swift
  /// let schema = try Writer.jsonSchema
  /// print(try schema.jsonString([.prettyPrinted, .sortedKeys]))
  /// ```
  public static var jsonSchema: JSON {
    get throws(SchemaError) {
      let model = try ObjectModel(models: [Self.self])
      return model.jsonSchema(for: model.entity(named: ObjectModel.entityName(of: Self.self))!)
    }
  }
}

extension JSONConvertible {
  /// JSON Schema 2020-12 of an enum with associated values (`@JSONModel`, in any tagging):
  /// `oneOf` its cases, the model types their values use under `$defs`; nil for other types.
  ///
  /// ```swift
  /// @JSONModel(tag: "type") enum Shape { case circle(radius: Double) }
  /// let schema = Shape.enumJSONSchema   // {"oneOf": [{"type": "object", "properties": …}]}
  /// ```
  public static var enumJSONSchema: JSON? {
    guard let description = _jsonModelEnum else { return nil }
    // An enum with associated values: its cases at the root, the models they use in `$defs`.
    var definitions: [(String, JSON)] = []
    let cases = ValueSchemas.hoist(ValueSchemas.taggedEnum(description), into: &definitions)
    var members: [(String, JSON)] = [
      ("$schema", "https://json-schema.org/draft/2020-12/schema"), ("title", .string(String(describing: Self.self))),
    ]
    if case .object(let object) = cases { members += object.map { ($0.key, $0.value) } }
    if !definitions.isEmpty { members.append(("$defs", .object(JSONObject(definitions.sorted { $0.0 < $1.0 })))) }
    return .object(JSONObject(members))
  }
}
