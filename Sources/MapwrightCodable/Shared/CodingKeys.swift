import MapwrightJSON

/// The string keys the coders make themselves: `super`, the keys of `[String: Value]`, and
/// JSON keys handed to a custom key strategy. (Array indices are `IndexKey`s.)
struct AnyCodingKey: CodingKey, Sendable {
  let stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  static let `super` = AnyCodingKey(stringValue: "super")
}

/// A coding path as the text of a JSON path (`$.users[2].name`), for error descriptions.
func pathText(_ path: [any CodingKey]) -> String {
  JSONPath(path.map { key in (key as? IndexKey).map { .index($0.index) } ?? .key(key.stringValue) }).description
}
