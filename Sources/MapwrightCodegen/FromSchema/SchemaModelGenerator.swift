// Swift `@JSONModel` types from JSON Schema (`mapwright generate swift --schema FILE`), drafts
// 2020-12 and 07 (and OpenAPI's `nullable`), through the same declaration builder as
// inference from samples (names, key strategies, formatting):
//
// - `type`: string → `String` (`format` date-time → `Date` with `@Transform(.iso8601)`, date →
//   `Date` with `@Transform(.dateFormat("yyyy-MM-dd"))`, uri → `URL`, uuid → `UUID`), integer →
//   `Int` (`Int32`/`Int64` by `format`), number → `Double` (`Decimal` with `--decimal` or
//   `format: decimal`), boolean → `Bool`, array → `[T]` of `items`, object → a struct of its
//   `properties`, or `[String: T]` of `additionalProperties` when it has none;
// - `required` and no `default` → non-optional; `default` (a string, number or Boolean) →
//   `@Default(…)`; a `null` type (`["string", "null"]`, `nullable: true`, `anyOf` with
//   `{"type": "null"}`) → optional;
// - `enum` of strings → a `String` enum listing exactly those cases (`CaseIterable`);
// - `$ref` to `#/$defs/…` or `#/definitions/…` → the type of that definition, declared once
//   and named after it;
// - `oneOf`/`anyOf` of objects told apart by a `discriminator` (OpenAPI) or by a property that
//   is a different `const` (or one-value `enum`) in each → an internally tagged enum
//   (`@JSONModel(tag:)`), each case's associated values the variant's other properties;
// - `anyOf` of objects with no such property → an untagged enum (`@JSONModel(tagging:
//   .untagged)`), a case per variant (named after its `$ref` or `title`) in the schema's order;
// - `additionalProperties: false` → `unknownKeys: .reject`.
// What the Swift cannot say (`allOf`, `not`, `if`, `patternProperties`, `const` elsewhere,
// string `pattern`s and lengths, number bounds, mixed types…) is a warning naming the schema
// path, and the place becomes the nearest type that holds it (`JSON` when nothing narrower
// does): nothing is dropped silently.

import Foundation
import MapwrightEngine
import MapwrightJSON
import MapwrightJSONSchema

/// Generates `@JSONModel` types from a JSON Schema.
///
/// ```swift
/// var generator = SchemaModelGenerator(schema: try JSON(parsing: schemaText), rootName: "Pet")
/// let source = generator.source(command: "mapwright generate swift --schema pet.json --name Pet")
/// for warning in generator.warnings { print("warning: \(warning)") }
/// ```
public struct SchemaModelGenerator {
  /// The schema the types are generated from.
  public let schema: JSON
  /// The name of the root schema's type.
  public let rootName: String
  /// How the source is written.
  public var options: SampleModelOptions
  /// What the Swift does not express, each with its schema path (`#/properties/age: …`).
  public private(set) var warnings: [String] = []

  private var builder: DeclarationBuilder
  /// Swift type names of the definitions (`#/$defs/Pet` → `Pet`), once declared or reserved.
  private var definitions: [String: String] = [:]

  /// A generator for `schema`, its root type named `rootName`.
  public init(schema: JSON, rootName: String, options: SampleModelOptions = SampleModelOptions()) {
    self.schema = schema
    self.rootName = rootName
    self.options = options
    builder = DeclarationBuilder(options: options)
  }

  /// The Swift source (`command` is named in the header comment); `warnings` then lists what
  /// it does not express.
  public mutating func source(command: String) -> String {
    warnings = []
    builder = DeclarationBuilder(options: options)
    definitions = [:]
    var preferred = options.typePrefix + SwiftNames.typeName(forKey: rootName)
    var rootAlias: String?
    let resolved = resolve(schema, path: "#")
    if isObjectSchema(resolved.schema) {
      // A `$ref` root is its definition's type, declared (and prefixed) as every definition is.
      let name =
        if let definition = resolved.name {
          declareDefinition(resolved.schema, name: definition, path: resolved.path)
        } else {
          declareObject(resolved.schema, preferredName: preferred, parentName: "", path: resolved.path)
        }
      builder.markRoot(name)
      if name != preferred { rootAlias = name }
    } else {
      // Not an object: the types inside are named from the items' title or, singular, from
      // the name (an array of `Item`s), and the root is an alias named after the name — or
      // its plural, when the name is the element's (`typealias Items = [Item]`).
      let key = resolved.schema["items"].map { resolve($0, path: "#/items").schema["title"]?.stringValue } ?? nil
      let (type, markers, optional) = swiftType(schema, key: key ?? rootName, parentName: "", path: "#", singular: false)
      if !markers.isEmpty {
        warn("#", "\(markers.joined(separator: " ")) cannot apply to a type alias; decode the root as \(type) with that transformer")
      }
      let named = builder.generatedNames(in: type)
      builder.markRoot(named.first ?? preferred)
      if type != preferred {
        rootAlias = type + (optional ? "?" : "")
        if named.contains(preferred) || builder.declarations[preferred] != nil {
          preferred = options.typePrefix + SwiftNames.pluralize(SwiftNames.typeName(forKey: rootName))
          if builder.declarations[preferred] != nil { preferred = builder.uniqueName(preferred + "List", parentName: "") }
        }
      }
    }
    var lines = [
      "// Generated by `\(command)`.",
      "// From JSON Schema: check the warnings it printed, then edit freely.",
      "",
      "import Foundation",
      "import Mapwright",
    ]
    if let rootAlias { lines += ["", "\(options.isPublic ? "public " : "")typealias \(preferred) = \(rootAlias)"] }
    for declaration in builder.orderedDeclarations() where !declaration.lines.isEmpty {
      lines.append("")
      lines += declaration.lines
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: References

  /// A schema with `$ref` followed (and the definition's name, when it was one).
  private mutating func resolve(_ schema: JSON, path: String) -> (schema: JSON, name: String?, path: String) {
    var current = schema
    var name: String?
    var currentPath = path
    var hops = 0
    while let reference = current["$ref"]?.stringValue, hops < 32 {
      hops += 1
      guard let (target, definitionName) = lookUp(reference) else {
        warn(currentPath, "$ref \(reference) is not a local definition (#/$defs/… or #/definitions/…); the value is JSON")
        return ([:], nil, currentPath)
      }
      current = target
      name = definitionName
      currentPath = reference
    }
    return (current, name, currentPath)
  }

  private func lookUp(_ reference: String) -> (JSON, String)? {
    for prefix in ["#/$defs/", "#/definitions/", "#/components/schemas/"] where reference.hasPrefix(prefix) {
      let name = SchemaPointer.unescaped(String(reference.dropFirst(prefix.count)))
      let container: JSON? =
        switch prefix {
        case "#/$defs/": schema["$defs"]
        case "#/definitions/": schema["definitions"]
        default: schema["components"]?["schemas"]
        }
      if let target = container?[name] { return (target, name) }
    }
    if reference == "#" { return (schema, rootName) }
    return nil
  }

  // MARK: Types

  private func isObjectSchema(_ schema: JSON) -> Bool {
    types(of: schema).nonNull == ["object"] && schema["properties"] != nil
  }

  /// The `type` keyword as a set, `null` apart (`nullable: true` counts as `null`).
  private func types(of schema: JSON) -> (nonNull: [String], null: Bool) {
    var names: [String] = []
    switch schema["type"] {
    case .string(let name)?: names = [name]
    case .array(let list)?: names = list.compactMap(\.stringValue)
    default:
      if schema["properties"] != nil { names = ["object"] } else if schema["items"] != nil { names = ["array"] }
    }
    let null = names.contains("null") || schema["nullable"] == true
    return (names.filter { $0 != "null" }, null)
  }

  /// The Swift type of a value schema, its markers, and whether it allows null.
  private mutating func swiftType(_ schema: JSON, key: String, parentName: String, path: String, singular: Bool) -> (String, [String], Bool) {
    if schema == true || schema == [:] { return ("JSON", [], true) }
    if schema["$ref"] != nil {
      let (target, name, targetPath) = resolve(schema, path: path)
      if let name, let known = definitions[name] { return (known, [], types(of: target).null) }
      if let name, isObjectSchema(target) || target["oneOf"] != nil || target["anyOf"] != nil || target["enum"] != nil {
        let type = declareDefinition(target, name: name, path: targetPath)
        return (type, [], types(of: target).null)
      }
      return swiftType(target, key: name ?? key, parentName: parentName, path: targetPath, singular: singular)
    }
    for keyword in ["allOf", "not", "if", "patternProperties", "dependentSchemas", "prefixItems"] where schema[keyword] != nil {
      warn(path, "\(keyword) is not expressed in Swift; the value is JSON")
      return ("JSON", [], true)
    }
    if let variants = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue {
      let nonNull = variants.filter { types(of: $0).nonNull.isEmpty && types(of: $0).null ? false : true }
      let allowsNull = nonNull.count < variants.count
      if nonNull.count == 1 {
        let (type, markers, null) = swiftType(nonNull[0], key: key, parentName: parentName, path: path + "/oneOf/0", singular: singular)
        return (type, markers, null || allowsNull)
      }
      if let tagged = declareTaggedEnum(schema, variants: nonNull, key: key, parentName: parentName, path: path, singular: singular) {
        return (tagged, [], allowsNull)
      }
      warn(
        path, "\(schema["oneOf"] != nil ? "oneOf" : "anyOf") of \(nonNull.count) schemas without a discriminator is not expressed; the value is JSON")
      return ("JSON", [], true)
    }
    let (typeNames, null) = types(of: schema)
    if let values = schema["enum"]?.arrayValue {
      let strings = values.compactMap(\.stringValue)
      let allowsNull = null || values.contains(.null)
      if strings.count == values.filter({ $0 != .null }).count, !strings.isEmpty {
        let name = options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular)
        return (builder.declareEnum(strings, preferredName: name, parentName: parentName, closed: true), [], allowsNull)
      }
      warn(path, "enum of values that are not all strings is not expressed; the value is \(typeNames.count == 1 ? typeNames[0] : "JSON")")
    }
    if schema["const"] != nil { warn(path, "const is not enforced by the Swift type") }
    guard typeNames.count == 1 else {
      if typeNames.count > 1 { warn(path, "several types (\(typeNames.joined(separator: ", "))) are not expressed; the value is JSON") }
      return ("JSON", [], true)
    }
    switch typeNames[0] {
    case "string":
      for keyword in ["pattern", "minLength", "maxLength"] where schema[keyword] != nil { warn(path, "\(keyword) is not enforced by the Swift type") }
      switch schema["format"]?.stringValue {
      case "date-time"?: return ("Date", ["@Transform(.iso8601)"], null)
      case "date"?: return ("Date", [#"@Transform(.dateFormat("yyyy-MM-dd"))"#], null)
      case "uri"?, "url"?: return ("URL", [], null)
      case "uuid"?: return ("UUID", [], null)
      default: return ("String", [], null)
      }
    case "integer":
      boundsWarning(schema, path)
      switch schema["format"]?.stringValue {
      case "int32"?:
        if schema["minimum"] == nil || schema["maximum"] == nil {
          warn(path, "format int32 makes it an Int32, narrower than the schema checks")
        }
        return ("Int32", [], null)
      case "int64"?: return ("Int64", [], null)
      default: return ("Int", [], null)
      }
    case "number":
      boundsWarning(schema, path)
      return (options.decimals || schema["format"]?.stringValue == "decimal" ? "Decimal" : "Double", [], null)
    case "boolean":
      return ("Bool", [], null)
    case "array":
      guard let items = schema["items"], items != true, items != [:] else { return ("[JSON]", [], null) }
      let (type, markers, elementNull) = swiftType(items, key: key, parentName: parentName, path: path + "/items", singular: true)
      if elementNull, !markers.isEmpty {
        warn(path + "/items", "null elements cannot go through \(markers.joined(separator: " ")); the elements are JSON")
        return ("[JSON]", [], null)
      }
      return ("[\(type)\(elementNull && type != "JSON" ? "?" : "")]", DeclarationBuilder.elementwise(markers, ".each"), null)
    case "object":
      if schema["properties"] != nil {
        let name = declareObject(
          schema, preferredName: options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular), parentName: parentName, path: path)
        return (name, [], null)
      }
      if let values = schema["additionalProperties"], values != false, values != true, values != [:] {
        let (type, markers, valueNull) = swiftType(values, key: key, parentName: parentName, path: path + "/additionalProperties", singular: true)
        if valueNull, !markers.isEmpty {
          warn(path + "/additionalProperties", "null values cannot go through \(markers.joined(separator: " ")); the values are JSON")
          return ("[String: JSON]", [], null)
        }
        return ("[String: \(type)\(valueNull && type != "JSON" ? "?" : "")]", DeclarationBuilder.elementwise(markers, ".eachValue"), null)
      }
      return ("[String: JSON]", [], null)
    default:
      warn(path, "type \(typeNames[0]) is not a JSON Schema type; the value is JSON")
      return ("JSON", [], true)
    }
  }

  private mutating func boundsWarning(_ schema: JSON, _ path: String) {
    for keyword in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] where schema[keyword] != nil {
      warn(path, "\(keyword) is not enforced by the Swift type")
    }
  }

  /// A definition's type, declared once under its name (reserved first, so that a definition
  /// that refers to itself finds it).
  private mutating func declareDefinition(_ schema: JSON, name: String, path: String) -> String {
    let preferred = options.typePrefix + SwiftNames.typeName(forKey: name)
    if isObjectSchema(schema) {
      let reserved = builder.reserve(preferred)
      definitions[name] = reserved
      let (properties, references, arguments) = objectProperties(schema, typeName: reserved, path: path)
      builder.define(reserved, properties, references: references, modelArguments: arguments)
      return reserved
    }
    let (type, _, _) = swiftType(schema, key: name, parentName: "", path: path, singular: false)
    definitions[name] = type
    return type
  }

  private mutating func declareObject(_ schema: JSON, preferredName: String, parentName: String, path: String) -> String {
    let (properties, references, arguments) = objectProperties(schema, typeName: preferredName, path: path)
    return builder.declareObject(properties, references: references, preferredName: preferredName, parentName: parentName, modelArguments: arguments)
  }

  /// An object schema's properties as Swift properties.
  private mutating func objectProperties(_ schema: JSON, typeName: String, path: String)
    -> ([(name: String, key: String, type: String, markers: [String])], [String], [String])
  {
    let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    var used: Set<String> = []
    var properties: [(name: String, key: String, type: String, markers: [String])] = []
    var references: [String] = []
    guard case .object(let members)? = schema["properties"] else { return ([], [], []) }
    for (key, value) in members {
      let name = SwiftNames.uniquePropertyName(forKey: key, used: &used)
      let propertyPath = path + "/properties/" + key
      var (type, markers, null) = swiftType(value, key: key, parentName: typeName, path: propertyPath, singular: false)
      if let defaultValue = value["default"] ?? resolve(value, path: propertyPath).schema["default"] {
        if let literal = literal(defaultValue, type: type) {
          markers.append("@Default(\(literal))")
          properties.append((name, key, type + (null && type != "JSON" ? "?" : ""), markers))
        } else {
          warn(propertyPath, "the default \((try? defaultValue.jsonString()) ?? "") is not expressed; the property is optional")
          properties.append((name, key, type + (type == "JSON" ? "" : "?"), markers))
        }
      } else {
        let optional = (null || !required.contains(key)) && type != "JSON"
        properties.append((name, key, type + (optional ? "?" : ""), markers))
      }
      references.append(contentsOf: builder.generatedNames(in: type))
    }
    for key in required where !members.keys.contains(key) {
      warn(path, "required \(key) is not among the properties; it is not checked")
    }
    let arguments = schema["additionalProperties"] == false ? ["unknownKeys: .reject"] : []
    return (properties, references, arguments)
  }

  /// A Swift literal for a default value of `type`, or nil.
  private func literal(_ value: JSON, type: String) -> String? {
    switch (value, type) {
    case (.bool(let flag), "Bool"): return flag ? "true" : "false"
    case (.number(let number), "Int"), (.number(let number), "Int32"), (.number(let number), "Int64"):
      return number.int64Value.map { String($0) }
    case (.number(let number), "Double"): return number.doubleValue.map { "\($0)" }
    case (.string(let text), "String"): return builder.stringLiteral(text)
    case (.string(let text), _) where definitions.values.contains(type) || builder.declarations[type] != nil:
      // A case of a generated enum.
      return "." + SwiftNames.propertyName(forKey: text)
    default: return nil
    }
  }

  // MARK: Tagged enums

  /// `oneOf` objects told apart by one property (a discriminator, or a `const` in each): an
  /// internally tagged enum whose cases carry the other properties.
  private mutating func declareTaggedEnum(
    _ schema: JSON, variants: [JSON], key: String, parentName: String, path: String, singular: Bool
  ) -> String? {
    // Types declared for the variants go again when the enum cannot be said.
    let before = builder
    guard let name = declareTaggedCases(schema, variants: variants, key: key, parentName: parentName, path: path, singular: singular) else {
      builder = before
      return nil
    }
    return name
  }

  private mutating func declareTaggedCases(
    _ schema: JSON, variants: [JSON], key: String, parentName: String, path: String, singular: Bool
  ) -> String? {
    let resolved = variants.enumerated().map { resolve($0.element, path: path + "/oneOf/\($0.offset)") }
    guard resolved.allSatisfy({ isObjectSchema($0.schema) }) else { return nil }
    var tag = schema["discriminator"]?["propertyName"]?.stringValue
    if tag == nil, case .object(let first)? = resolved.first?.schema["properties"] {
      tag = first.keys.first { candidate in
        resolved.allSatisfy { tagValue($0.schema["properties"]?[candidate]) != nil }
      }
    }
    // `anyOf` objects with no property to tell them apart: an untagged enum, the first case
    // whose properties decode winning.
    let untagged = tag == nil && schema["anyOf"] != nil && schema["discriminator"] == nil
    guard tag != nil || untagged else { return nil }
    // Each variant's tag value: its const, its one-value enum, or the discriminator's mapping.
    var mapping: [String: String] = [:]
    if case .object(let map)? = schema["discriminator"]?["mapping"] {
      for (value, reference) in map { if let target = reference.stringValue { mapping[target] = value } }
    }
    var cases: [(line: String, values: [(label: String, key: String, type: String)], path: String)] = []
    var references: [String] = []
    var usedCases: Set<String> = []
    for (index, variant) in resolved.enumerated() {
      let reference = variants[index]["$ref"]?.stringValue
      let named = untagged ? variant.name ?? variant.schema["title"]?.stringValue ?? "variant\(index + 1)" : nil
      guard let value = named ?? tag.flatMap({ tagValue(variant.schema["properties"]?[$0]) }) ?? reference.flatMap({ mapping[$0] }) ?? variant.name
      else { return nil }
      let caseName = SwiftNames.propertyName(forKey: value)
      guard usedCases.insert(SwiftNames.bare(caseName)).inserted else { return nil }
      let required = Set(variant.schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      var values: [(label: String, key: String, type: String)] = []
      var usedLabels: Set<String> = []
      if untagged, variant.schema["properties"]?.objectValue?.isEmpty ?? true {
        warn(variant.path, "an untagged case without properties would be null, not an object; the variants are JSON")
        return nil
      }
      if case .object(let members)? = variant.schema["properties"] {
        for (memberKey, member) in members where memberKey != tag {
          let label = SwiftNames.uniquePropertyName(forKey: memberKey, used: &usedLabels)
          let (type, markers, null) = swiftType(
            member, key: memberKey, parentName: parentName, path: variant.path + "/properties/" + memberKey, singular: false)
          if !markers.isEmpty {
            warn(variant.path + "/properties/" + memberKey, "a transformed associated value is not expressed; it is JSON")
            values.append((label, memberKey, "JSON"))
            continue
          }
          values.append((label, memberKey, "\(type)\((null || !required.contains(memberKey)) && type != "JSON" ? "?" : "")"))
          references += builder.generatedNames(in: type)
        }
      }
      let declaration = "case \(caseName)"
      cases.append(
        (
          SwiftNames.bare(caseName) == value || untagged ? "  \(declaration)" : "  @Key(\(builder.stringLiteral(value))) \(declaration)", values,
          variant.path
        ))
    }
    // Associated values have no `@Key`: one `keys:` naming for the enum must give every key.
    let pairs = cases.flatMap { $0.values.map { (name: $0.label, key: $0.key) } }
    let strategy = SwiftNames.bestStrategy(for: pairs)
    for enumCase in cases {
      for value in enumCase.values where strategy.rule.key(for: SwiftNames.bare(value.label)) != value.key {
        warn(
          enumCase.path,
          "\(value.key) cannot be an associated value's key beside the others (no one key naming gives them all); the variants are JSON")
        return nil
      }
    }
    let lines = cases.map { enumCase in
      enumCase.values.isEmpty ? enumCase.line : enumCase.line + "(" + enumCase.values.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
    }
    let name = options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular)
    return builder.declareTaggedEnum(lines, tag: tag, keys: strategy.source, references: references, preferredName: name, parentName: parentName)
  }

  private func tagValue(_ property: JSON?) -> String? {
    guard let property else { return nil }
    if let constant = property["const"]?.stringValue { return constant }
    if let values = property["enum"]?.arrayValue, values.count == 1 { return values[0].stringValue }
    return nil
  }

  private mutating func warn(_ path: String, _ message: String) {
    warnings.append("\(path): \(message)")
  }
}
