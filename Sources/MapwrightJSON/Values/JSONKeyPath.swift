// Key paths, one grammar for every place that reads one: `@Key` and `Mappable` models, the
// stream formats (`JSONStreamFormat.array(at:)`), the import (`ImportSource`), the CLI's
// `--key-path`, ObjectMapper's delimiters (already split components).
//
// A key path is written as member names separated by dots: `user.login`, `labels.0.name`.
// The rules, in one place:
// - a component made only of ASCII digits indexes an array when the value there is an array,
//   and names a member otherwise (`"0"` is a valid key);
// - `\.` is a literal dot inside a component and `\\` a literal backslash (`"a\.b"` is the
//   one key `a.b`); any other backslash is kept as it is;
// - empty components are kept and name the empty key (`"a..b"` is `a`, `""`, `b`; JSON allows
//   `""` as a key), so no text is silently read as another path.
// Reading walks the components from an object; writing turns them into a `JSONPath` whose
// numeric components make arrays; a missing key path is reported at the path the model asked
// for, with the line and column of the deepest object present on the way (`ValuePlace`).

import Foundation
import MapwrightNaming

/// A dotted key path into nested JSON (`"user.login"`, `"labels.0.name"`), parsed once.
///
/// ```swift
/// let path: JSONKeyPath = "labels.0.name"
/// path.components.count                           // 3
/// let doc = try JSONDocument(#"{"labels": [{"name": "bug"}]}"#)
/// doc.root.value(at: path)?.stringValue           // "bug"
/// JSONKeyPath("a\\.b").components                 // [JSONKeyPath.Component(key: "a.b")]
/// ```
public struct JSONKeyPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// One component: a member name, which indexes an array when it is all digits.
  public struct Component: Sendable, Hashable {
    /// The member name.
    public let key: String
    /// The array index the key stands for, when it is all ASCII digits.
    public let index: Int?

    /// A component for `key` (an index too when it is all digits).
    public init(key: String) {
      self.key = key
      index = !key.isEmpty && key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? Int(key) : nil
    }
  }

  /// The components, in order.
  public let components: [Component]
  /// The text the path was parsed from.
  public let text: String

  /// Parses `text` (see the rules above; MapwrightNaming's KeyPathGrammar.swift).
  public init(_ text: String) {
    self.text = text
    components = KeyPathGrammar.components(of: text).map(Component.init(key:))
  }

  /// The key path written as a literal: `"user.login"`.
  public init(stringLiteral text: String) { self.init(text) }

  /// A key path from components already split (ObjectMapper's custom delimiters).
  public init(components keys: [String]) {
    components = keys.map(Component.init(key:))
    text = KeyPathGrammar.text(of: keys)
  }

  /// The member names, in order.
  public var keys: [String] { components.map(\.key) }

  /// True for a path of more than one component.
  public var isNested: Bool { components.count > 1 }

  /// The text the path was parsed from.
  public var description: String { text }

  /// The path for writing: numeric components are array indices.
  public var jsonPath: JSONPath {
    JSONPath(components.map { component in component.index.map { .index($0) } ?? .key(component.key) })
  }
}

extension JSONValue {
  /// The value reached by `keyPath` from this value, or nil where a link is missing.
  public func value(at keyPath: JSONKeyPath) -> JSONValue? {
    var current = self
    for component in keyPath.components {
      if current.kind == .array, let index = component.index {
        guard let element = current[index] else { return nil }
        current = element
      } else {
        guard let member = current[component.key] else { return nil }
        current = member
      }
    }
    return current
  }

  /// The value reached by already split `components` (ObjectMapper's custom delimiters), by
  /// the same rule as `value(at:)`.
  public func value<S: StringProtocol>(atKeyPath components: some Sequence<S>) -> JSONValue? {
    value(at: JSONKeyPath(components: components.map { String($0) }))
  }

  /// The deepest value present along `keyPath`, and how many components lead to it.
  package func deepestPresent(along keyPath: JSONKeyPath) -> (value: JSONValue, depth: Int) {
    var current = self
    var depth = 0
    for component in keyPath.components.dropLast() {
      let next: JSONValue?
      if current.kind == .array, let index = component.index { next = current[index] } else { next = current[component.key] }
      guard let next, next.kind == .object || next.kind == .array else { break }
      current = next
      depth += 1
    }
    return (current, depth)
  }
}

extension JSONPath {
  /// A path for writing already split key path components, by the same rule as
  /// `JSONKeyPath.jsonPath` (components of digits are array indices).
  public init<S: StringProtocol>(keyPath components: some Sequence<S>) {
    self = JSONKeyPath(components: components.map { String($0) }).jsonPath
  }

  /// A path for writing `keyPath`: numeric components are array indices.
  public init(keyPath: JSONKeyPath) { self = keyPath.jsonPath }
}
