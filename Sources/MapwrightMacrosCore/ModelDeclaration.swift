import MapwrightNaming
import SwiftSyntax

/// What `@JSONModel` learned about a type: the result of parsing, checked before generating.
struct ModelDeclaration {
  enum Kind { case `struct`, `class`, finalClass }

  /// How a class cluster's base chooses the class of an object.
  enum Cluster {
    /// `discriminator:` and the source of `subclasses:`.
    case discriminator(String, subclasses: String)
    /// The source of the `subclass:` closure.
    case closure(String)
  }

  var name: String
  var kind: Kind
  var isGeneric: Bool
  var isPublic: Bool
  var isOpen = false
  /// The superclass (the first inherited type that is not a known protocol), as written.
  var superclass: String?
  var cluster: Cluster?
  /// `version:` (source text), `versionKey:`, and whether the body declares `migrate`.
  var version: String?
  var versionKey: String?
  var hasMigrate = false
  /// The class lists `Equatable` / `Hashable`: the macro writes them from mapped properties.
  var asksEquatable = false
  var asksHashable = false
  /// The body declares its own `description`.
  var hasDescription = false
  var keyNaming: KeyNamingRule
  /// Source text of the `coercion:` and `unknownKeys:` arguments, when given.
  var coercion: String?
  var unknownKeys: String?
  /// `primaryKey:` (a property name) and where it was written.
  var primaryKey: (name: String, node: Syntax)?
  var properties: [PropertyDeclaration]
  /// A struct whose body gives Swift's memberwise initialiser exactly `properties` as its
  /// parameters, in order, at internal access or wider: no initialiser of its own, no
  /// property wrappers, `lazy`, `private` or `fileprivate` stored properties, `#if` blocks or
  /// other attributes on the type that could add members (see `ModelParser`).
  var hasMemberwiseInitializer = false

  /// What the declaration's inheritance clause asks of Codable.
  struct Codability {
    var decodes = false
    var encodes = false
  }
  var codable = Codability()
  /// `partial: true`, where it was written: the model gets a `Partial` companion.
  var partial: Syntax?
  /// The names in the inheritance clause, as written.
  var inherited: Set<String> = []

  /// Whether the macro writes `init(_codableReader:)`: for models declared `Decodable`, and for
  /// classes with the mapping in their body (a protocol's initialiser requirement is met only
  /// by a `required` initialiser there, for subclasses to override).
  var writesCodableReading: Bool { codable.decodes || mappingInBody }
  /// Whether the macro writes `_jsonModelEncode(to:)` (as `writesCodableReading`, for `Encodable`).
  var writesCodableWriting: Bool { codable.encodes || mappingInBody }

  /// Whether the class's mapping lives in its body so that subclasses can override it: a
  /// class that is not final, or that has a superclass. (A struct's, and a final root
  /// class's, goes in the extension, with only a class's initialiser in the body.)
  var mappingInBody: Bool { kind == .class || superclass != nil }

  /// Structs and final root classes can be copied with changes (`JSONModelCopyable`).
  var isCopyable: Bool { kind == .struct || (kind == .finalClass && superclass == nil) }

  /// `unknownKeys: .preserve`: the model stores its source object to write unknown keys back.
  var preservesUnknownKeys: Bool { unknownKeys?.hasSuffix(".preserve") ?? false }

  /// The mapped properties (not `@Ignore`d), in declaration order: field numbers.
  var fields: [PropertyDeclaration] { properties.filter { !$0.ignored } }
}

/// One stored property and its attributes.
struct PropertyDeclaration {
  var name: String
  var type: String?
  var isLet: Bool
  var initializer: String?
  /// The JSON key paths: `@Key`'s, or the name under the naming rule.
  var paths: [String]
  var hasKeyAttribute: Bool
  var transform: String?
  var transformName: String?
  var defaultValue: String?
  var defaultNode: ExprSyntax?
  var defaultOnNull: Bool
  var ignored: Bool
  var lossy: Bool
  var flatten = false
  /// `@WritesNull`: nil is written as `null`, not left out.
  var writesNull = false
  /// `@Inverse`'s key path expression.
  var inverse: String?
  var coercion: String?
  /// Where to point diagnostics.
  var node: Syntax
  var keyAttribute: AttributeSyntax?

  var isOptional: Bool {
    guard let type else { return false }
    return type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<")
  }

  /// Read in the one pass over the object's members: a single key of one component.
  var isPlainKey: Bool { !flatten && paths.count == 1 && !paths[0].contains(".") }

  /// Non-optional, no default, no initial value: a missing key is an error.
  var isRequired: Bool { !isOptional && defaultValue == nil && initializer == nil }
}
