// The five dialects of JSON Schema the validator implements, and the keywords each defines,
// by vocabulary. A schema's dialect comes from its `$schema` (a custom meta-schema's own
// `$schema` and `$vocabulary` in 2019-09 and 2020-12), else from the validator's default.
// A keyword outside its dialect is not applied (draft-07's `dependentRequired` in draft-07 is
// an unknown word), and is reported as a warning, never passed over in silence.

/// A JSON Schema dialect.
///
/// ```swift
/// let validator = try JSONSchemaValidator(schema: schema, dialect: .draft7)
/// ```
public enum JSONSchemaDialect: String, Sendable, CaseIterable, CustomStringConvertible {
  case draft4 = "draft-04"
  case draft6 = "draft-06"
  case draft7 = "draft-07"
  case draft2019_09 = "2019-09"
  case draft2020_12 = "2020-12"

  /// The dialect's name (`2020-12`, `draft-07`).
  public var description: String { rawValue }

  /// The URI of the dialect's meta-schema (what `$schema` names).
  public var metaSchemaURI: String {
    switch self {
    case .draft4: "http://json-schema.org/draft-04/schema"
    case .draft6: "http://json-schema.org/draft-06/schema"
    case .draft7: "http://json-schema.org/draft-07/schema"
    case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
    case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
    }
  }

  /// The dialect a `$schema` value names (a trailing `#` and `http`/`https` aside), or nil.
  public init?(metaSchemaURI uri: String) {
    var text = uri
    if text.hasSuffix("#") { text.removeLast() }
    if text.hasPrefix("https://json-schema.org/draft-0") { text = "http" + text.dropFirst(5) }
    guard let dialect = Self.allCases.first(where: { $0.metaSchemaURI == text }) else { return nil }
    self = dialect
  }

  /// The dialect named on the command line: `2020-12`, `2019-09`, `7`, `draft-07`, `draft7`…
  public init?(name: String) {
    let text = name.lowercased().replacingOccurrences(of: "draft", with: "").trimmingCharacters(in: ["-", " "])
    switch text {
    case "4", "04": self = .draft4
    case "6", "06": self = .draft6
    case "7", "07": self = .draft7
    case "2019-09", "201909": self = .draft2019_09
    case "2020-12", "202012": self = .draft2020_12
    default: return nil
    }
  }

  /// `$id` (or draft-04's `id`).
  var idKeyword: String { self == .draft4 ? "id" : "$id" }

  /// Up to draft-07, `$ref` stands alone: its siblings are not applied.
  var referenceOverridesSiblings: Bool { self <= .draft7 }

  /// The vocabularies a dialect's own meta-schema turns on.
  var defaultVocabularies: Set<SchemaVocabulary> {
    switch self {
    case .draft4, .draft6, .draft7: [.legacy]
    case .draft2019_09: [.core, .applicator, .validation, .metaData, .formatAnnotation, .content]
    case .draft2020_12: [.core, .applicator, .unevaluated, .validation, .metaData, .formatAnnotation, .content]
    }
  }
}

extension JSONSchemaDialect: Comparable {
  /// Earlier dialects first: draft-04 < draft-06 < draft-07 < 2019-09 < 2020-12.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// A vocabulary: a set of keywords a meta-schema's `$vocabulary` turns on (2019-09, 2020-12);
/// `legacy` is the whole of an earlier draft.
enum SchemaVocabulary: Hashable, Sendable {
  case core, applicator, unevaluated, validation, metaData, formatAnnotation, formatAssertion, content, legacy

  /// The vocabulary a `$vocabulary` URI names, for a dialect.
  init?(uri: String) {
    let names: [String: SchemaVocabulary] = [
      "core": .core, "applicator": .applicator, "unevaluated": .unevaluated, "validation": .validation,
      "meta-data": .metaData, "format-annotation": .formatAnnotation, "format-assertion": .formatAssertion,
      "content": .content, "format": .formatAnnotation,
    ]
    for prefix in ["https://json-schema.org/draft/2020-12/vocab/", "https://json-schema.org/draft/2019-09/vocab/"]
    where uri.hasPrefix(prefix) {
      if let vocabulary = names[String(uri.dropFirst(prefix.count))] {
        self = vocabulary
        return
      }
    }
    return nil
  }
}

/// The keywords a dialect defines, by what they are.
enum SchemaKeywords {
  /// Every keyword a dialect knows (applied, or an annotation), with its vocabulary.
  static func known(in dialect: JSONSchemaDialect) -> [String: SchemaVocabulary] {
    var words: [String: SchemaVocabulary] = [:]
    func add(_ vocabulary: SchemaVocabulary, _ names: [String]) { for name in names { words[name] = vocabulary } }
    let validation = [
      "type", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
      "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
    ]
    let metaData = ["title", "description", "default"]
    switch dialect {
    case .draft4, .draft6, .draft7:
      add(.legacy, validation + metaData)
      add(.legacy, ["$schema", "$ref", "definitions", "items", "additionalItems", "properties", "patternProperties"])
      add(.legacy, ["additionalProperties", "dependencies", "allOf", "anyOf", "oneOf", "not", "format"])
      add(.legacy, dialect == .draft4 ? ["id"] : ["$id", "const", "contains", "propertyNames", "examples"])
      if dialect == .draft7 {
        add(.legacy, ["if", "then", "else", "$comment", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"])
      }
    case .draft2019_09, .draft2020_12:
      add(.core, ["$schema", "$id", "$ref", "$anchor", "$vocabulary", "$comment", "$defs"])
      add(.core, dialect == .draft2019_09 ? ["$recursiveRef", "$recursiveAnchor"] : ["$dynamicRef", "$dynamicAnchor"])
      add(.applicator, ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "items", "contains"])
      add(.applicator, ["properties", "patternProperties", "additionalProperties", "propertyNames"])
      add(.applicator, dialect == .draft2019_09 ? ["additionalItems", "unevaluatedItems", "unevaluatedProperties"] : ["prefixItems"])
      if dialect == .draft2020_12 { add(.unevaluated, ["unevaluatedItems", "unevaluatedProperties"]) }
      add(.validation, validation + ["const", "maxContains", "minContains", "dependentRequired"])
      add(.metaData, metaData + ["deprecated", "readOnly", "writeOnly", "examples"])
      add(.formatAnnotation, ["format"])
      add(.content, ["contentEncoding", "contentMediaType", "contentSchema"])
      // Kept by both meta-schemas for compatibility with earlier drafts.
      add(.core, ["definitions", "dependencies"])
    }
    return words
  }
}
