// A schema compiled for validation: every subschema reachable from the root (through `$ref`s
// into other documents too) becomes a node of one array, and every keyword a case that holds
// what it needs ready — node indexes, compiled patterns, canonical forms for `enum` and
// `const`, numbers as exact decimals (`SchemaDecimal`). Validation then never looks at the schema's JSON again.

import Foundation
import MapwrightJSON

/// The JSON types, as a bit set.
struct SchemaTypes: OptionSet, Sendable {
  let rawValue: UInt8
  static let null = SchemaTypes(rawValue: 1)
  static let boolean = SchemaTypes(rawValue: 2)
  static let object = SchemaTypes(rawValue: 4)
  static let array = SchemaTypes(rawValue: 8)
  static let number = SchemaTypes(rawValue: 16)
  static let string = SchemaTypes(rawValue: 32)
  static let integer = SchemaTypes(rawValue: 64)

  static let names: [(String, SchemaTypes)] = [
    ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array), ("number", .number),
    ("string", .string), ("integer", .integer),
  ]

  var description: String { Self.names.filter { contains($0.1) }.map(\.0).joined(separator: " or ") }
}

/// What a size bound counts: a string's code points, an array's elements, an object's members.
enum SchemaSize: Sendable {
  case characters, elements, members

  var tapeKind: TapeKind { self == .characters ? .string : self == .elements ? .array : .object }
  var noun: String { self == .characters ? "characters" : self == .elements ? "elements" : "members" }
}

/// One keyword, ready to apply. Node references are indexes into `CompiledSchema.nodes`.
enum SchemaKeyword: Sendable {
  case type(SchemaTypes)
  case enumeration(Set<[UInt8]>, [JSON])
  case constant([UInt8], JSON)
  case multipleOf(SchemaNumberBound, JSON)
  case minimum(SchemaNumberBound, exclusive: Bool, JSON)
  case maximum(SchemaNumberBound, exclusive: Bool, JSON)
  /// `minLength`, `maxLength`, `minItems`, `maxItems`, `minProperties`, `maxProperties`.
  case size(SchemaSize, limit: Int, maximum: Bool)
  case pattern(SchemaPattern)
  /// An asserted format (an unchecked one is no keyword, and a warning).
  case format(SchemaFormat)
  case uniqueItems
  /// The names (each once) and a table of their positions.
  case required([String], SchemaKeyTable)
  case dependentRequired([(key: String, required: [String])])
  case properties(SchemaKeyTable)
  case patternProperties([(pattern: SchemaPattern, node: Int)])
  case additionalProperties(Int, properties: SchemaKeyTable, patterns: [SchemaPattern])
  case propertyNames(Int)
  case dependentSchemas([(key: String, node: Int)])
  /// Up to draft-07: `dependentRequired` and `dependentSchemas` in one keyword.
  case dependencies(required: [(key: String, required: [String])], schemas: [(key: String, node: Int)])
  /// `prefixItems` (or the array form of `items`), and the `additionalItems` after it.
  case prefixItems([Int], rest: Int?)
  /// `items` after a prefix (2020-12's `items`, or `additionalItems` after an array `items`).
  case items(Int, after: Int)
  case contains(Int, minimum: Int, maximum: Int?, annotates: Bool)
  case allOf([Int])
  case anyOf([Int])
  case oneOf([Int])
  case not(Int)
  case conditional(condition: Int, then: Int?, else: Int?)
  case reference(Int)
  case dynamicReference(Int, anchor: String)
  case recursiveReference(Int)
  case unevaluatedItems(Int)
  case unevaluatedProperties(Int)
  /// For the verdict alone: a node's member keywords in one pass (SchemaVerdictPlan.swift).
  case members(SchemaMemberPlan)
}

/// A keyword and its name (for the keyword location). A final class with constant
/// properties, so that validation reads the keyword's payload in place: a struct read out of
/// the node's array is a copy, which retains every table and list the keyword holds.
final class CompiledKeyword: Sendable {
  let name: String
  let keyword: SchemaKeyword
  /// The keyword again when it is one of those most schemas are made of, in a form that
  /// copies for free: switching over `keyword` copies its payload (retaining what it holds),
  /// which cost more than most keywords' work.
  let quick: SchemaQuickKeyword

  init(name: String, keyword: SchemaKeyword) {
    self.name = name
    self.keyword = keyword
    switch keyword {
    case .type(let types): quick = .type(types)
    case .reference(let target): quick = .reference(target)
    case .minimum(let bound, let exclusive, _): quick = bound.integer.map { .minimum($0, exclusive: exclusive) } ?? .none
    case .maximum(let bound, let exclusive, _): quick = bound.integer.map { .maximum($0, exclusive: exclusive) } ?? .none
    default: quick = .none
    }
  }
}

/// `CompiledKeyword.quick`: the evaluator applies these before switching over the keyword,
/// and only their passes (a failure is recorded by the keyword's own case).
enum SchemaQuickKeyword: Sendable {
  case none
  case type(SchemaTypes)
  case reference(Int)
  /// Integer bounds.
  case minimum(Int64, exclusive: Bool)
  case maximum(Int64, exclusive: Bool)
}

/// One subschema. A class, so that validation reads a node without copying it; it is changed
/// only while the schema is compiled, hence the unchecked Sendable.
final class SchemaNode: @unchecked Sendable {
  /// `true` or `false` for a boolean schema (or an empty one, `true`).
  var constant: Bool?
  var keywords: [CompiledKeyword] = [] {
    didSet { verdictKeywords = keywords }
  }
  /// The keywords as a verdict alone applies them (SchemaVerdictPlan.swift): the same
  /// keywords until the whole schema is compiled and planned.
  var verdictKeywords: [CompiledKeyword] = []
  /// `uri#pointer` of the subschema.
  var location: String
  /// The schema resource it belongs to (for `$dynamicRef` and `$recursiveRef`).
  var resource: Int
  /// Has `unevaluatedItems` or `unevaluatedProperties`: its keywords report what they
  /// evaluated.
  var tracksEvaluation = false

  init(constant: Bool?, location: String, resource: Int) {
    self.constant = constant
    self.location = location
    self.resource = resource
  }
}

/// A schema resource: a document, or a subschema with its own `$id`.
struct SchemaResource: Sendable {
  var uri: String
  /// `$dynamicAnchor`s, by name: their nodes (filled once every reachable node is compiled).
  var dynamicAnchors: [String: Int] = [:]
  /// `$recursiveAnchor: true` at its root (2019-09).
  var recursiveAnchor = false
  /// The root's node.
  var root: Int?
}

/// The compiled form of a schema and everything it refers to.
struct CompiledSchema: Sendable {
  var nodes: [SchemaNode] = []
  var resources: [SchemaResource] = []
  var root = 0
}
