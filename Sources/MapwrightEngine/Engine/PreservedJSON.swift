// Round-tripping what a model does not name (NTJsonModel kept the whole dictionary): a model
// decoded with `unknownKeys: .preserve` keeps its source object, and encoding merges what the
// model writes back into it:
//
// - members in the source's order; keys the model does not know come back untouched;
// - a mapped value whose meaning did not change keeps its source representation (`1.50`
//   stays `1.50`, a number that arrived as the string `"21"` goes back as `"21"`);
// - under a key that the model reads through key paths (`user.login`), the source object's
//   other members are kept, recursively;
// - a mapped key the model no longer writes (an optional set to nil) is left out, and keys
//   the source did not have are added at the end.

/// The source object of a model decoded with `unknownKeys: .preserve`, kept so that encoding
/// writes back everything the model does not name. It takes no part in the model's equality
/// or hash: two models with the same mapped values are equal.
public struct PreservedJSON: Sendable, Hashable {
  /// The object the model was decoded from (empty for a model made in code).
  public let source: JSONObject
  /// Keys of `source` that the model does not map.
  public var unknownKeys: Set<String> { Set(unknownKeyBytes.map(\.text)) }
  /// The same, by their bytes ("é" and "e\u{301}" are different keys).
  private let unknownKeyBytes: Set<ByteKey>
  /// Keys under which the model reads key paths: the source's other members there are kept.
  let pathPrefixes: Set<String>

  /// Nothing preserved (a model made in code).
  public init() {
    source = JSONObject()
    unknownKeyBytes = []
    pathPrefixes = []
  }

  /// Keeps `source`; `isKnown` tells the model's own keys, `pathPrefixes` the keys it reads
  /// key paths under.
  public init(source: JSONObject, isKnown: (String) -> Bool, pathPrefixes: Set<String>) {
    self.source = source
    var unknown = Set<ByteKey>()
    for (key, _) in source where !isKnown(key) { unknown.insert(ByteKey(key)) }
    unknownKeyBytes = unknown
    self.pathPrefixes = pathPrefixes
  }

  /// Always equal: what a model keeps of its source does not make two models different.
  public static func == (lhs: PreservedJSON, rhs: PreservedJSON) -> Bool { true }
  /// Nothing: preserved JSON does not take part in a model's hash.
  public func hash(into hasher: inout Hasher) {}

  /// `written` (what the model encodes) merged into the source, as the header describes.
  public func restoring(_ written: JSONObject) -> JSONObject {
    if source.isEmpty { return written }
    var result = JSONObject()
    for (key, original) in source {
      if let value = written[key] {
        if pathPrefixes.contains(key), case .object(let inner) = value, case .object(let sourceInner) = original {
          result[key] = .object(Self.mergeKeeping(sourceInner, written: inner))
        } else {
          result[key] = Self.representation(of: value, source: original)
        }
      } else if unknownKeyBytes.contains(ByteKey(key)) {
        result[key] = original
      }
    }
    for (key, value) in written where result[key] == nil && source[key] == nil { result[key] = value }
    return result
  }

  /// Inside a key-path prefix: written members win (in their source representation), the
  /// source's others are kept.
  static func mergeKeeping(_ source: JSONObject, written: JSONObject) -> JSONObject {
    var result = JSONObject()
    for (key, original) in source {
      if let value = written[key] {
        if case .object(let inner) = value, case .object(let sourceInner) = original {
          result[key] = .object(mergeKeeping(sourceInner, written: inner))
        } else {
          result[key] = representation(of: value, source: original)
        }
      } else {
        result[key] = original
      }
    }
    for (key, value) in written where source[key] == nil { result[key] = value }
    return result
  }

  /// The source's representation when it means the same as the written value, else the
  /// written value.
  static func representation(of written: JSON, source: JSON) -> JSON {
    switch (written, source) {
    case (.number(let new), .number(let old)):
      return new == old ? source : written
    case (.number(let new), .string(let text)):
      // Read leniently from a string: the same number goes back as that string.
      return JSONNumber(text: text.trimmingSpaces) == new ? source : written
    case (.bool(let new), .string(let text)):
      return (text == "true" && new) || (text == "false" && !new) ? source : written
    case (.bool(let new), .number(let number)):
      return (number == JSONNumber(1) && new) || (number == JSONNumber(0) && !new) ? source : written
    case (.string(let new), .number(let number)):
      return number.text == new ? source : written
    default:
      return written
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var slice = Substring(self)
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
