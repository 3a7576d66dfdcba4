// Compiling a schema: two passes over each document it reaches.
//
// 1. Scanning walks a document's subschemas (only where the dialect puts schemas: a `$id`
//    inside `enum` or an unknown keyword is not an identifier) and records, for each, the base
//    URI, dialect and vocabularies in force; it registers schema resources (`$id`), anchors
//    (`$anchor`, `$dynamicAnchor`, draft-07's `$id: "#name"`) and `$recursiveAnchor`.
// 2. Compiling turns the subschema at a place into a node, following `$ref`s into other
//    documents of the registry (scanned when first reached). Nodes are memoised by place, so
//    recursive references end. Once everything reachable is compiled, the `$dynamicAnchor`s
//    of every resource reached are compiled too, for `$dynamicRef` at validation time.
//
// Up to draft-07 a `$ref` stands alone: its siblings (a `$id` among them) are neither scanned
// nor applied. A reference that cannot be resolved, an unknown `$schema` and a vocabulary
// required but not implemented are errors; a keyword the dialect does not define is a warning.

import Foundation
import MapwrightJSON

/// A place in a document: the document's URI and a JSON pointer's tokens.
struct SchemaPlace: Hashable {
  var document: String
  var pointer: [String]

  var key: String { document + "#" + pointer.map { "/" + SchemaPointer.escaped($0) }.joined() }
  func appending(_ tokens: String...) -> SchemaPlace { SchemaPlace(document: document, pointer: pointer + tokens) }
}

/// What is in force at a subschema: base URI, dialect and the keywords it applies.
struct SchemaScope {
  var base: SchemaURI
  var dialect: DialectInfo
  var resource: Int
}

/// A dialect with the vocabularies its meta-schema turns on.
struct DialectInfo {
  var dialect: JSONSchemaDialect
  var vocabularies: Set<SchemaVocabulary>
  /// Keywords applied (their vocabulary is on).
  var keywords: Set<String>
  /// Keywords the dialect knows, on or off.
  var known: [String: SchemaVocabulary]
  var assertsFormats: Bool

  init(_ dialect: JSONSchemaDialect, vocabularies: Set<SchemaVocabulary>, assertFormats: Bool?) {
    self.dialect = dialect
    var vocabularies = vocabularies
    vocabularies.insert(dialect <= .draft7 ? .legacy : .core)
    self.vocabularies = vocabularies
    known = SchemaKeywords.known(in: dialect)
    keywords = Set(known.filter { vocabularies.contains($0.value) || $0.value == .formatAssertion }.keys)
    if vocabularies.contains(.formatAssertion) { keywords.insert("format") }
    assertsFormats = assertFormats ?? (vocabularies.contains(.formatAssertion) || dialect <= .draft7)
  }
}

final class SchemaCompiler {
  let registry: JSONSchemaRegistry
  let defaultDialect: JSONSchemaDialect
  let assertFormats: Bool?
  var program = CompiledSchema()
  var warnings: [String] = []
  private var warned: Set<String> = []

  private var documents: [String: JSON] = [:]
  private var scopes: [SchemaPlace: SchemaScope] = [:]
  private var resourcePlaces: [String: SchemaPlace] = [:]
  private var anchors: [String: SchemaPlace] = [:]
  private var dynamicAnchorPlaces: [Int: [String: SchemaPlace]] = [:]
  private var nodes: [SchemaPlace: Int] = [:]
  private var dialects: [String: DialectInfo] = [:]

  init(registry: JSONSchemaRegistry, dialect: JSONSchemaDialect, assertFormats: Bool?) {
    self.registry = registry
    defaultDialect = dialect
    self.assertFormats = assertFormats
  }

  /// Compiles `schema`, whose retrieval URI is `baseURI`.
  func compile(_ schema: JSON, baseURI: String) throws(JSONSchemaError) -> CompiledSchema {
    let base = SchemaURI(baseURI).withoutFragment
    let place = try load(schema, uri: base.description)
    program.root = try node(at: place)
    try compileDynamicAnchors()
    SchemaVerdictPlanner.plan(program)
    return program
  }

  // MARK: Documents and dialects

  /// Scans a document (once) and returns the place of its root.
  private func load(_ document: JSON, uri: String) throws(JSONSchemaError) -> SchemaPlace {
    let place = SchemaPlace(document: uri, pointer: [])
    if documents[uri] != nil { return place }
    documents[uri] = document
    let resource = addResource(uri, at: place)
    let scope = SchemaScope(base: SchemaURI(uri), dialect: try dialectInfo(for: nil, inherited: nil), resource: resource)
    try scan(document, at: place, scope: scope, isRoot: true)
    return place
  }

  private func addResource(_ uri: String, at place: SchemaPlace) -> Int {
    program.resources.append(SchemaResource(uri: uri))
    if resourcePlaces[uri] == nil { resourcePlaces[uri] = place }
    return program.resources.count - 1
  }

  /// The dialect a `$schema` names (the inherited one, or the default, when nil).
  private func dialectInfo(for metaSchema: String?, inherited: DialectInfo?) throws(JSONSchemaError) -> DialectInfo {
    guard let metaSchema else {
      return inherited ?? DialectInfo(defaultDialect, vocabularies: defaultDialect.defaultVocabularies, assertFormats: assertFormats)
    }
    if let known = dialects[metaSchema] { return known }
    let info: DialectInfo
    if let dialect = JSONSchemaDialect(metaSchemaURI: metaSchema) {
      info = DialectInfo(dialect, vocabularies: dialect.defaultVocabularies, assertFormats: assertFormats)
    } else {
      let uri = SchemaURI(metaSchema).withoutFragment.description
      guard let document = registry.documents[uri] else {
        throw JSONSchemaError("unknown $schema \(metaSchema): not one of the five dialects, and no registered meta-schema")
      }
      dialects[metaSchema] = DialectInfo(defaultDialect, vocabularies: defaultDialect.defaultVocabularies, assertFormats: assertFormats)
      let parent = try dialectInfo(for: document["$schema"]?.stringValue, inherited: nil)
      if parent.dialect >= .draft2019_09, case .object(let declared)? = document["$vocabulary"] {
        var vocabularies: Set<SchemaVocabulary> = []
        for (vocabularyURI, required) in declared {
          if let vocabulary = SchemaVocabulary(uri: vocabularyURI) {
            vocabularies.insert(vocabulary)
          } else if required == true {
            throw JSONSchemaError("the meta-schema \(metaSchema) requires the vocabulary \(vocabularyURI), which is not implemented")
          }
        }
        info = DialectInfo(parent.dialect, vocabularies: vocabularies, assertFormats: assertFormats)
      } else {
        info = parent
      }
    }
    dialects[metaSchema] = info
    return info
  }

  // MARK: Scanning

  /// The keywords whose value is one subschema, a list of them, or a map to them.
  static let singleSubschema: Set<String> = [
    "additionalItems", "additionalProperties", "contains", "contentSchema", "else", "if", "not", "propertyNames", "then",
    "unevaluatedItems", "unevaluatedProperties",
  ]
  static let subschemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
  static let subschemaMaps: Set<String> = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"]

  private func scan(_ json: JSON, at place: SchemaPlace, scope inherited: SchemaScope, isRoot: Bool) throws(JSONSchemaError) {
    guard case .object(let object) = json else {
      if scopes[place] == nil { scopes[place] = inherited }
      return
    }
    var scope = inherited
    let idKeyword = scope.dialect.dialect.idKeyword
    let id = object[idKeyword]?.stringValue
    let refStandsAlone = object["$ref"] != nil && scope.dialect.dialect.referenceOverridesSiblings
    if isRoot || id != nil, let metaSchema = object["$schema"]?.stringValue {
      scope.dialect = try dialectInfo(for: metaSchema, inherited: scope.dialect)
    }
    if let id, !refStandsAlone {
      let target = scope.base.resolving(id)
      if scope.dialect.dialect <= .draft7, id.hasPrefix("#") {
        anchors[scope.base.withoutFragment.description + id] = place
      } else {
        let uri = target.withoutFragment.description
        if !isRoot || uri != scope.base.withoutFragment.description { scope.resource = addResource(uri, at: place) }
        scope.base = target.withoutFragment
        resourcePlaces[uri] = place
        if let fragment = target.fragment, !fragment.isEmpty { anchors[uri + "#" + fragment] = place }
      }
    }
    if scope.dialect.dialect >= .draft2019_09 {
      let base = scope.base.withoutFragment.description
      if let anchor = object["$anchor"]?.stringValue { anchors[base + "#" + anchor] = place }
      if scope.dialect.dialect >= .draft2020_12, let anchor = object["$dynamicAnchor"]?.stringValue {
        if anchors[base + "#" + anchor] == nil { anchors[base + "#" + anchor] = place }
        dynamicAnchorPlaces[scope.resource, default: [:]][anchor] = place
      }
      if scope.dialect.dialect == .draft2019_09, object["$recursiveAnchor"] == true, resourcePlaces[base] == place {
        program.resources[scope.resource].recursiveAnchor = true
      }
    }
    scopes[place] = scope
    if refStandsAlone { return }
    for (keyword, value) in object where scope.dialect.known[keyword] != nil {
      let at = place.appending(keyword)
      if Self.singleSubschema.contains(keyword) || (keyword == "items" && value.arrayValue == nil) {
        try scan(value, at: at, scope: scope, isRoot: false)
      } else if Self.subschemaLists.contains(keyword) || keyword == "items" {
        for (index, item) in (value.arrayValue ?? []).enumerated() {
          try scan(item, at: at.appending(String(index)), scope: scope, isRoot: false)
        }
      } else if Self.subschemaMaps.contains(keyword) || keyword == "dependencies", case .object(let members) = value {
        for (name, member) in members where keyword != "dependencies" || member.arrayValue == nil {
          try scan(member, at: at.appending(name), scope: scope, isRoot: false)
        }
      }
    }
  }

  /// The scope at a place that scanning did not reach (a `$ref` into an unknown keyword, say):
  /// scanned now, with the scope of its nearest scanned ancestor.
  private func scope(at place: SchemaPlace, json: JSON) throws(JSONSchemaError) -> SchemaScope {
    if let scope = scopes[place] { return scope }
    var ancestor = place
    while !ancestor.pointer.isEmpty {
      ancestor.pointer.removeLast()
      if let scope = scopes[ancestor] {
        try scan(json, at: place, scope: scope, isRoot: false)
        return scopes[place] ?? scope
      }
    }
    throw JSONSchemaError("no schema at \(place.key)")
  }

  // MARK: References

  /// The place a reference names, from a scope.
  private func resolve(_ reference: String, from scope: SchemaScope) throws(JSONSchemaError) -> SchemaPlace {
    let target = scope.base.resolving(reference)
    let uri = target.withoutFragment.description
    if resourcePlaces[uri] == nil {
      guard let document = registry.documents[uri] else {
        throw JSONSchemaError(
          "the $ref \(reference) names \(uri), which is not registered (register it with --register FILE or JSONSchemaRegistry; nothing is fetched)"
        )
      }
      _ = try load(document, uri: uri)
    }
    guard let resource = resourcePlaces[uri] else { throw JSONSchemaError("the $ref \(reference) cannot be resolved") }
    let fragment = target.fragment ?? ""
    if let tokens = SchemaPointer.tokens(ofFragment: fragment) {
      return SchemaPlace(document: resource.document, pointer: resource.pointer + tokens)
    }
    guard let anchored = anchors[uri + "#" + SchemaPointer.percentDecoded(fragment)] else {
      throw JSONSchemaError("the $ref \(reference): no anchor \(fragment) in \(uri)")
    }
    return anchored
  }

  private func json(at place: SchemaPlace) -> JSON? {
    documents[place.document].flatMap { SchemaPointer.value(at: place.pointer, in: $0) }
  }

  // MARK: Nodes

  /// The node of the subschema at `place`, compiled once.
  func node(at place: SchemaPlace) throws(JSONSchemaError) -> Int {
    if let index = nodes[place] { return index }
    guard let json = json(at: place) else { throw JSONSchemaError("no schema at \(place.key)") }
    let scope = try scope(at: place, json: json)
    let index = program.nodes.count
    nodes[place] = index
    let location = scope.base.description + "#" + place.pointer.map { "/" + SchemaPointer.escaped($0) }.joined()
    program.nodes.append(SchemaNode(constant: nil, location: location, resource: scope.resource))
    if resourcePlaces[scope.base.withoutFragment.description] == place {
      program.resources[scope.resource].root = index
    }
    switch json {
    case .bool(let value):
      program.nodes[index].constant = value
    case .object(let object):
      var compiler = KeywordCompiler(compiler: self, place: place, scope: scope, object: object)
      let keywords = try compiler.keywords()
      program.nodes[index].keywords = keywords
      if keywords.isEmpty { program.nodes[index].constant = true }
      if keywords.contains(where: { $0.name == "unevaluatedItems" || $0.name == "unevaluatedProperties" }) {
        program.nodes[index].tracksEvaluation = true
      }
    default:
      throw JSONSchemaError("\(place.key): a schema is an object or a boolean, not \(json.kind)")
    }
    return index
  }

  func reference(_ reference: String, from scope: SchemaScope) throws(JSONSchemaError) -> Int {
    try node(at: resolve(reference, from: scope))
  }

  /// `$dynamicRef`: the statically resolved node, and the anchor name when the target has a
  /// `$dynamicAnchor` of that name (else it is a plain `$ref`).
  func dynamicReference(_ reference: String, from scope: SchemaScope) throws(JSONSchemaError) -> (Int, String?) {
    let place = try resolve(reference, from: scope)
    let index = try node(at: place)
    let fragment = SchemaURI(reference).fragment ?? ""
    guard !fragment.isEmpty, SchemaPointer.tokens(ofFragment: fragment) == nil,
      json(at: place)?["$dynamicAnchor"]?.stringValue == fragment
    else { return (index, nil) }
    return (index, fragment)
  }

  private func compileDynamicAnchors() throws(JSONSchemaError) {
    var changed = true
    while changed {
      changed = false
      let reached = Set(program.nodes.map(\.resource))
      for resource in reached {
        for (name, place) in dynamicAnchorPlaces[resource] ?? [:] where program.resources[resource].dynamicAnchors[name] == nil {
          program.resources[resource].dynamicAnchors[name] = try node(at: place)
          changed = true
        }
      }
    }
  }

  private var patterns: [String: SchemaPattern] = [:]

  /// A pattern, compiled once per source.
  func pattern(_ source: String) throws(JSONSchemaError) -> SchemaPattern {
    if let known = patterns[source] { return known }
    guard let pattern = SchemaPattern(source) else {
      throw JSONSchemaError("the pattern /\(source)/ is not a regular expression")
    }
    patterns[source] = pattern
    return pattern
  }

  func warn(_ message: String) {
    if warned.insert(message).inserted { warnings.append(message) }
  }
}
