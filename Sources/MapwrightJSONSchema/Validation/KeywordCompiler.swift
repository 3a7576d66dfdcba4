// One subschema's keywords, compiled by its dialect's rules: which keywords exist (a word of
// another dialect is a warning, not applied), `items`/`additionalItems` against
// `prefixItems`/`items`, draft-04's Boolean `exclusiveMinimum`, `dependencies` split into
// required names and schemas, `format` asserted or an annotation. `unevaluatedItems` and
// `unevaluatedProperties` come last: they need what every other keyword evaluated.

import Foundation
import MapwrightJSON

struct KeywordCompiler {
  let compiler: SchemaCompiler
  let place: SchemaPlace
  let scope: SchemaScope
  let object: JSONObject

  private var dialect: JSONSchemaDialect { scope.dialect.dialect }

  /// Keywords that are annotations only, or read by another keyword's compilation.
  static let annotations: Set<String> = [
    "$schema", "$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary", "$comment", "$defs",
    "definitions", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "contentEncoding", "contentMediaType", "contentSchema", "then", "else", "additionalItems", "minContains", "maxContains",
    "exclusiveMinimum", "exclusiveMaximum",
  ]

  mutating func keywords() throws(JSONSchemaError) -> [CompiledKeyword] {
    if dialect.referenceOverridesSiblings, let reference = object["$ref"] {
      return [CompiledKeyword(name: "$ref", keyword: .reference(try compiler.reference(try string(reference, "$ref"), from: scope)))]
    }
    var result: [CompiledKeyword] = []
    var last: [CompiledKeyword] = []
    for (name, value) in object {
      guard scope.dialect.keywords.contains(name) else {
        if scope.dialect.known[name] != nil {
          compiler.warn("\(location(name)): \(name) is not applied (its vocabulary is off in this schema's meta-schema)")
        } else if !Self.annotations.contains(name) {
          compiler.warn("\(location(name)): \(name) is not a keyword of \(dialect); ignored")
        }
        continue
      }
      if let keyword = try compile(name, value) {
        if name.hasPrefix("unevaluated") {
          last.append(CompiledKeyword(name: name, keyword: keyword))
        } else {
          result.append(CompiledKeyword(name: name, keyword: keyword))
        }
      }
    }
    return result + last
  }

  private func location(_ name: String) -> String {
    scope.base.description + "#" + (place.pointer + [name]).map { "/" + SchemaPointer.escaped($0) }.joined()
  }

  // MARK: Keywords

  private func compile(_ name: String, _ value: JSON) throws(JSONSchemaError) -> SchemaKeyword? {
    switch name {
    case "type": return .type(try types(value))
    case "enum":
      guard case .array(let values) = value else { throw wrong(name, "an array") }
      return .enumeration(Set(values.map(SchemaCanonical.form)), values)
    case "const": return .constant(SchemaCanonical.form(value), value)
    case "multipleOf":
      let step = try number(value, name)
      guard !step.decimal.isZero, !step.decimal.negative else { throw wrong(name, "a number above 0") }
      return .multipleOf(step, value)
    case "minimum", "maximum":
      let bound = try number(value, name)
      let exclusiveName = name == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"
      let exclusive = dialect == .draft4 && object[exclusiveName] == true
      return name == "minimum" ? .minimum(bound, exclusive: exclusive, value) : .maximum(bound, exclusive: exclusive, value)
    case "exclusiveMinimum", "exclusiveMaximum":
      guard dialect != .draft4 else { return nil }  // a modifier of minimum/maximum there
      let bound = try number(value, name)
      return name == "exclusiveMinimum" ? .minimum(bound, exclusive: true, value) : .maximum(bound, exclusive: true, value)
    case "minLength", "maxLength": return .size(.characters, limit: try count(value, name), maximum: name == "maxLength")
    case "pattern": return .pattern(try pattern(try string(value, name)))
    case "format":
      guard scope.dialect.assertsFormats else { return nil }
      let format = try string(value, name)
      guard let checker = SchemaFormat(name: format) else {
        compiler.warn("\(location(name)): the format \(format) is not checked")
        return nil
      }
      return .format(checker)
    case "minItems", "maxItems": return .size(.elements, limit: try count(value, name), maximum: name == "maxItems")
    case "uniqueItems": return value == true ? .uniqueItems : nil
    case "minProperties", "maxProperties":
      return .size(.members, limit: try count(value, name), maximum: name == "maxProperties")
    case "required":
      guard case .array(let names) = value else { throw wrong(name, "an array of strings") }
      var keys: [String] = []
      for key in try strings(value, name) where !keys.contains(key) { keys.append(key) }
      return keys.isEmpty ? nil : .required(keys, SchemaKeyTable(keys.enumerated().map { ($1, $0) }))
    case "dependentRequired":
      guard case .object(let members) = value else { throw wrong(name, "an object") }
      var dependencies: [(key: String, required: [String])] = []
      for (key, names) in members { dependencies.append((key, try strings(names, name))) }
      return .dependentRequired(dependencies)
    case "dependentSchemas":
      guard case .object(let members) = value else { throw wrong(name, "an object") }
      var dependencies: [(key: String, node: Int)] = []
      for (key, _) in members { dependencies.append((key, try sub(name, key))) }
      return .dependentSchemas(dependencies)
    case "dependencies":
      guard case .object(let members) = value else { throw wrong(name, "an object") }
      var required: [(key: String, required: [String])] = []
      var schemas: [(key: String, node: Int)] = []
      for (key, member) in members {
        if case .array = member { required.append((key, try strings(member, name))) } else { schemas.append((key, try sub(name, key))) }
      }
      return .dependencies(required: required, schemas: schemas)
    case "properties":
      guard case .object(let members) = value else { throw wrong(name, "an object") }
      var nodes: [(String, Int)] = []
      for (key, _) in members { nodes.append((key, try sub(name, key))) }
      return .properties(SchemaKeyTable(nodes))
    case "patternProperties":
      guard case .object(let members) = value else { throw wrong(name, "an object") }
      var patterns: [(pattern: SchemaPattern, node: Int)] = []
      for (key, _) in members { patterns.append((try pattern(key), try sub(name, key))) }
      return .patternProperties(patterns)
    case "additionalProperties":
      let properties = SchemaKeyTable(memberNames(object["properties"]).map { ($0, 0) })
      var patterns: [SchemaPattern] = []
      for key in memberNames(object["patternProperties"]) { patterns.append(try pattern(key)) }
      return .additionalProperties(try sub(name), properties: properties, patterns: patterns)
    case "propertyNames": return .propertyNames(try sub(name))
    case "prefixItems":
      guard case .array(let items) = value else { throw wrong(name, "an array of schemas") }
      return .prefixItems(try items.indices.map { index throws(JSONSchemaError) in try sub(name, String(index)) }, rest: nil)
    case "items":
      if case .array(let items) = value {
        guard dialect <= .draft2019_09 else { throw wrong(name, "a schema (an array is prefixItems in 2020-12)") }
        let prefix = try items.indices.map { index throws(JSONSchemaError) in try sub(name, String(index)) }
        if object["additionalItems"] != nil, scope.dialect.keywords.contains("additionalItems") {
          return .prefixItems(prefix, rest: try sub("additionalItems"))
        }
        return .prefixItems(prefix, rest: nil)
      }
      let after = dialect >= .draft2020_12 ? object["prefixItems"]?.arrayValue?.count ?? 0 : 0
      return .items(try sub(name), after: after)
    case "contains":
      var minimum = 1
      var maximum: Int?
      if dialect >= .draft2019_09 {
        if let json = object["minContains"] { minimum = try count(json, "minContains") }
        if let json = object["maxContains"] { maximum = try count(json, "maxContains") }
      }
      return .contains(try sub(name), minimum: minimum, maximum: maximum, annotates: dialect >= .draft2020_12)
    case "allOf", "anyOf", "oneOf":
      guard case .array(let parts) = value, !parts.isEmpty else { throw wrong(name, "a non-empty array of schemas") }
      let nodes = try parts.indices.map { index throws(JSONSchemaError) in try sub(name, String(index)) }
      return name == "allOf" ? .allOf(nodes) : name == "anyOf" ? .anyOf(nodes) : .oneOf(nodes)
    case "not": return .not(try sub(name))
    case "if":
      let then = try object["then"].map { _ throws(JSONSchemaError) in try sub("then") }
      let otherwise = try object["else"].map { _ throws(JSONSchemaError) in try sub("else") }
      return .conditional(condition: try sub(name), then: then, else: otherwise)
    case "$ref": return .reference(try compiler.reference(try string(value, name), from: scope))
    case "$dynamicRef":
      let (node, anchor) = try compiler.dynamicReference(try string(value, name), from: scope)
      return anchor.map { .dynamicReference(node, anchor: $0) } ?? .reference(node)
    case "$recursiveRef": return .recursiveReference(try compiler.reference(try string(value, name), from: scope))
    case "unevaluatedItems": return .unevaluatedItems(try sub(name))
    case "unevaluatedProperties": return .unevaluatedProperties(try sub(name))
    default:
      return nil  // an annotation, or read by another keyword
    }
  }

  // MARK: Values

  private func memberNames(_ json: JSON?) -> [String] {
    guard case .object(let members)? = json else { return [] }
    return members.map(\.key)
  }

  private func sub(_ tokens: String...) throws(JSONSchemaError) -> Int {
    try compiler.node(at: SchemaPlace(document: place.document, pointer: place.pointer + tokens))
  }

  private func wrong(_ name: String, _ expected: String) -> JSONSchemaError {
    JSONSchemaError("\(location(name)): \(name) must be \(expected)")
  }

  private func string(_ value: JSON, _ name: String) throws(JSONSchemaError) -> String {
    guard case .string(let text) = value else { throw wrong(name, "a string") }
    return text
  }

  private func strings(_ value: JSON, _ name: String) throws(JSONSchemaError) -> [String] {
    guard case .array(let items) = value else { throw wrong(name, "an array of strings") }
    return try items.map { item throws(JSONSchemaError) in try string(item, name) }
  }

  private func number(_ value: JSON, _ name: String) throws(JSONSchemaError) -> SchemaNumberBound {
    guard case .number(let number) = value else { throw wrong(name, "a number") }
    return SchemaNumberBound(text: number.text)
  }

  private func count(_ value: JSON, _ name: String) throws(JSONSchemaError) -> Int {
    guard case .number(let number) = value, let double = number.doubleValue, double >= 0, double.rounded() == double else {
      throw wrong(name, "a whole number, 0 or more")
    }
    return double > Double(Int.max / 2) ? Int.max / 2 : Int(double)
  }

  private func types(_ value: JSON) throws(JSONSchemaError) -> SchemaTypes {
    let names: [JSON] = value.arrayValue ?? [value]
    var types: SchemaTypes = []
    for name in names {
      guard let text = name.stringValue, let type = SchemaTypes.names.first(where: { $0.0 == text })?.1 else {
        throw wrong("type", "a type name or an array of them")
      }
      types.insert(type)
    }
    return types
  }

  private func pattern(_ source: String) throws(JSONSchemaError) -> SchemaPattern {
    try compiler.pattern(source)
  }
}
