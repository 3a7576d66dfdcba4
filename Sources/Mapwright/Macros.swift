// The macros. `@JSONModel` generates a model's mapping; the property attributes only mark
// properties for it (they expand to nothing themselves).

/// How `@JSONModel` names the JSON key of a property without `@Key`.
public enum KeyNaming: Sendable {
  /// The property name as it is (`htmlURL` → `htmlURL`).
  case useDefaultKeys
  /// `htmlURL` → `html_url`, `userID2` → `user_id2`.
  case snakeCase
  /// `htmlURL` → `html-url`.
  case kebabCase
  /// `htmlURL` → `HtmlUrl`.
  case pascalCase
  /// `htmlURL` → `HTML_URL`.
  case screamingSnakeCase
  /// Your own function of the property name, applied once per model type.
  case custom(@Sendable (String) -> String)

  /// The key for a property name under a custom strategy (the built-in strategies are
  /// applied by the macro at compile time).
  public func key(for name: String) -> String {
    if case .custom(let transform) = self { return transform(name) }
    return name
  }
}

/// Generates a model's mapping: decoding straight from the parsed tape in one pass over each
/// object's members, and encoding, both through the engine's key paths, transformers,
/// coercion, errors and reports.
///
/// ```swift
/// @JSONModel(keys: .snakeCase)
/// struct Issue {
///   var number: Int
///   @Key("user.login") var reporterLogin: String
///   @Key("html_url", "htmlUrl") var htmlURL: URL        // first present key wins
///   @Transform(.iso8601) var updatedAt: Date
///   @Default([Label]()) var labels: [Label]
///   @Lossy var assignees: [User]                         // bad elements skipped, reported
///   var body: String = ""                                // missing → "" (reported)
///   @Ignore var retrievedAt = Date()
/// }
/// let issue = try Issue(json: data)
/// ```
///
/// `partial: true` adds `Issue.Partial`, the model as far as its JSON has arrived (every
/// property optional), which `PartialDecoder` builds while a document streams in.
@attached(
  member,
  names: named(init(_jsonReader:)), named(_jsonModelFields), named(_jsonModelFieldsStorage), named(encodeJSON(in:)),
  named(_jsonModelCluster), named(_jsonModelClusterStorage), named(_jsonPreserved), named(init(_jsonModelDraft:)),
  named(_jsonModelDescribedFields), named(_jsonModelIsEqual(to:)), named(_jsonModelHash(into:)), named(==), named(hash(into:)),
  named(init(_codableReader:)), named(_jsonModelEncode(to:)), named(init(from:)))
@attached(
  extension, conformances: JSONModel, JSONConvertible, CustomStringConvertible,
  names: named(_jsonModelFields), named(init(_jsonReader:)), named(init(_codableReader:)), named(encodeJSON(in:)),
  named(_jsonModelEncode(to:)), named(writeJSON(to:in:)), named(decode(from:in:)), named(_jsonModelProperties), named(init(_jsonModelDraft:)),
  named(_jsonModelDescribedFields),
  named(description), named(_jsonModelFieldKeyPaths), named(_jsonModelDecodeField(_:_:)), named(_jsonModelEntity), named(_jsonModelEnum),
  named(init(from:)), named(encode(to:)), named(Partial), named(_partialEmpty(_:level:)), named(_partialApply(_:_:level:)))
public macro JSONModel(
  keys: KeyNaming = .useDefaultKeys, coercion: CoercionPolicy? = nil, unknownKeys: UnknownKeyPolicy? = nil,
  version: Int? = nil, versionKey: String = "_version", primaryKey: String? = nil, partial: Bool = false
) = #externalMacro(module: "MapwrightMacros", type: "JSONModelMacro")

/// A class cluster's base: decoding it (by any entry point) makes an instance of the subclass
/// that the `discriminator` key's value names; a value that names none makes the base class
/// (noted in the report as `fallbackUsed`), and so does a missing key. Encoding writes the
/// discriminator of the instance's class. The subclasses are named by their type names (a
/// reference to them here would be circular: they inherit from the type being expanded);
/// each is a `@JSONModel` too:
///
/// ```swift
/// @JSONModel(discriminator: "kind", subclasses: ["dog": "Dog", "cat": "Cat"])
/// class Animal { var name: String }
/// @JSONModel class Dog: Animal { var barks: Bool }
/// @JSONModel class Cat: Animal { var lives: Int }
///
/// let pets = try [Animal](json: #"[{"kind": "dog", "name": "Rex", "barks": true}]"#)
/// pets[0] is Dog   // true
/// ```
///
/// When no single key decides, a base class without `discriminator:` declares
/// `class func jsonModelClass(for object: JSONValue) -> Base.Type?` (Mantle's
/// `classForParsingJSONDictionary:`), returning nil for the base class itself.
@attached(
  member,
  names: named(init(_jsonReader:)), named(_jsonModelFields), named(_jsonModelFieldsStorage), named(encodeJSON(in:)),
  named(_jsonModelCluster), named(_jsonModelClusterStorage), named(_jsonPreserved), named(init(_jsonModelDraft:)),
  named(_jsonModelDescribedFields), named(_jsonModelIsEqual(to:)), named(_jsonModelHash(into:)), named(==), named(hash(into:)),
  named(init(_codableReader:)), named(_jsonModelEncode(to:)), named(init(from:)))
@attached(extension, conformances: JSONModel, JSONConvertible, CustomStringConvertible, names: named(description))
public macro JSONModel(
  keys: KeyNaming = .useDefaultKeys, coercion: CoercionPolicy? = nil, unknownKeys: UnknownKeyPolicy? = nil,
  version: Int? = nil, versionKey: String = "_version", discriminator: String, subclasses: KeyValuePairs<String, String>
) = #externalMacro(module: "MapwrightMacros", type: "JSONModelMacro")

/// An enum with associated values in a tagged encoding: internally tagged with `tag:` alone
/// (`{"type": "circle", "radius": 1}`), adjacently tagged with `tag:` and `content:`
/// (`{"type": "circle", "data": {"radius": 1}}`). Without arguments an enum with associated
/// values is externally tagged (`{"circle": {"radius": 1}}`, and `"empty"` for a case without
/// values). Associated values are keyed by their labels, or by what `keys:` makes of them
/// (`keys: .snakeCase`: `createdAt` is `"created_at"`); `@Key("name")` renames a case.
@attached(member, names: named(init(_jsonReader:)), named(_jsonPreserved))
@attached(
  extension, conformances: JSONModel, JSONConvertible, Sendable,
  names: named(_jsonModelFields), named(init(_jsonReader:)), named(encodeJSON(in:)), named(writeJSON(to:in:)),
  named(decode(from:in:)), named(_jsonModelEnum), named(init(from:)), named(encode(to:)))
public macro JSONModel(tag: String, content: String? = nil, keys: KeyNaming = .useDefaultKeys) =
  #externalMacro(module: "MapwrightMacros", type: "JSONModelMacro")

/// An enum with associated values told apart by shape alone, with no key naming the case
/// (serde's `untagged`): a case's JSON is the object of its associated values, its one
/// unlabeled value itself, or `null` for a case without values. Decoding tries the cases in
/// declaration order and the first that decodes wins (put the stricter shapes first); when
/// none does, the `noMatchingCase` error lists each case's failure (`caseFailures`).
///
/// ```swift
/// @JSONModel(tagging: .untagged)
/// enum Content: Equatable {
///   case image(url: String, width: Int)   // {"url": "…", "width": 640}
///   case text(String)                     // "hello"
///   case none                             // null
/// }
/// let items = try [Content](json: #"["hi", {"url": "a.png", "width": 2}, null]"#)
/// // [.text("hi"), .image(url: "a.png", width: 2), .none]
/// ```
///
/// Under a lenient coercion policy, every case is first tried strictly, so `"7"` is
/// `text("7")` even when a case before it holds an `Int`.
@attached(member, names: named(init(_jsonReader:)), named(_jsonPreserved))
@attached(
  extension, conformances: JSONModel, JSONConvertible, Sendable,
  names: named(_jsonModelFields), named(init(_jsonReader:)), named(encodeJSON(in:)), named(writeJSON(to:in:)),
  named(decode(from:in:)), named(_jsonModelEnum), named(init(from:)), named(encode(to:)))
public macro JSONModel(tagging: EnumTagging, keys: KeyNaming = .useDefaultKeys) =
  #externalMacro(module: "MapwrightMacros", type: "JSONModelMacro")

/// The case a raw-value enum takes for a raw value that names no case (noted in the report):
///
/// ```swift
/// @JSONModel enum State: String { case open, closed; @Fallback case unknown }
/// ```
@attached(peer)
public macro Fallback() = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// The JSON key of a property: a key path (`"user.login"`, `"labels.0.name"`), or several,
/// the first present one winning (encoding uses the first).
@attached(peer)
public macro Key(_ path: String, _ fallbacks: String...) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// The JSON key of a property as an RFC 6901 JSON Pointer (`"/user/login"`, `"/labels/0/name"`,
/// `"/a~1b"` for the key `a/b`): the same as `@Key` with the key path of its tokens, a dot in a
/// token being part of its key.
///
/// ```swift
/// @JSONModel struct Commit { @Key(pointer: "/author/e.mail") var email: String }
/// ```
@attached(peer)
public macro Key(pointer: String) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// Decode and encode the property through a transformer (`.iso8601`, `.valueMap(…)`, …).
@attached(peer)
public macro Transform<T: JSONTransformer>(_ transformer: T) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// Decode and encode the property through a transformer registered by name.
@attached(peer)
public macro Transform(named name: String) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// The value used when the key is missing (and, with `onNull: true`, when it is null);
/// using it is noted in the report.
@attached(peer)
public macro Default<T>(_ value: T, onNull: Bool = false) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// Not mapped: the property keeps its initial value.
@attached(peer)
public macro Ignore() = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// An optional property written as `null` when it is nil (a nil optional is otherwise left
/// out): a member that is `null` in the data goes back as `null`. `mapwright generate swift`
/// marks the members that were null in its samples.
///
/// ```swift
/// @JSONModel struct Status { var id: Int; @WritesNull var inReplyTo: Int? }
/// // Status(id: 1, inReplyTo: nil).jsonString() == #"{"id":1,"inReplyTo":null}"#
/// ```
@attached(peer)
public macro WritesNull() = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// An array, set or dictionary whose elements that do not decode are left out (and reported)
/// instead of failing the model.
@attached(peer)
public macro Lossy() = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// The property's model reads its keys from this object, not from a nested one, and writes
/// them into it: `@Flatten var stats: Stats` with `{"id": 1, "stars": 5, "forks": 2}`.
@attached(peer)
public macro Flatten() = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// After decoding, each child in this property gets its parent reference set to the model
/// (Modelmatic's inverse relationships). The model must be a class; the child's reference is
/// usually `@Ignore weak var`:
///
/// ```swift
/// @JSONModel final class Author { var name: String; @Inverse(\Book.author) var books: [Book] }
/// @JSONModel final class Book { var title: String; @Ignore weak var author: Author? }
/// ```
@attached(peer)
public macro Inverse<Child, Parent>(_ keyPath: ReferenceWritableKeyPath<Child, Parent>) =
  #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")

/// A coercion policy for this property alone.
@attached(peer)
public macro Coercion(_ policy: CoercionPolicy) = #externalMacro(module: "MapwrightMacros", type: "PropertyMarkerMacro")
