// RFC 6901 JSON Pointer: "" is the whole document, "/a/b" the member "b" of the member "a",
// "/list/0" an array's first element. In a token "~1" stands for "/" and "~0" for "~" (and
// "~" followed by anything else is an error). An array index is "0" or digits without a
// leading zero; JSON Patch's "add" also takes "-", the place after the last element.

import MapwrightNaming

/// A JSON Pointer (RFC 6901): the tokens from the root to one value.
///
/// ```swift
/// let pointer = try JSONPointer(parsing: "/store/books/0/title")
/// let json: JSON = ["store": ["books": [["title": "Dune"]]]]
/// json[pointer: pointer]                        // "Dune"
/// JSONPointer(tokens: ["a/b", "~c"]).description  // "/a~1b/~0c"
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped tokens, root first; empty for the whole document.
  public var tokens: [String]

  /// The whole document ("").
  public static let root = JSONPointer(tokens: [])

  /// A pointer of these (unescaped) tokens.
  public init(tokens: [String]) { self.tokens = tokens }

  /// Parses pointer text: "" or "/"-separated tokens with `~0` and `~1` escapes.
  public init(parsing text: String) throws(JSONPointerError) {
    guard let tokens = PointerGrammar.tokens(of: text) else {
      throw JSONPointerError(text: text, reason: text.utf8.first == UInt8(ascii: "/") ? .invalidEscape : .missingLeadingSlash)
    }
    self.tokens = tokens
  }

  /// The pointer's text, tokens escaped.
  public var description: String { tokens.map { "/" + Self.escaped($0) }.joined() }

  /// The pointer one token deeper.
  public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens: tokens + [token]) }

  /// The pointer one token deeper, at an array index.
  public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

  /// The pointer to the container of this one's value; nil for the root.
  public var parent: JSONPointer? { tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast())) }

  /// Whether `other` is this pointer or lies inside the value it points to.
  public func isPrefix(of other: JSONPointer) -> Bool { other.tokens.starts(with: tokens) }

  /// A token escaped for pointer text (`~` → `~0`, `/` → `~1`).
  public static func escaped(_ token: String) -> String { PointerGrammar.escaped(token) }

  /// A token's text with `~1` and `~0` undone, or nil when a `~` starts anything else.
  package static func unescaped(_ raw: some Collection<UInt8>) -> String? { PointerGrammar.unescaped(raw) }

  /// The array index a token names ("0", or digits without a leading zero), or nil.
  package static func index(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, utf8.count <= 18, first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
    var value = 0
    for byte in utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// The pointer as a path (`$.a[0]`): a token that is an index where the value is an array.
  func path(in root: JSON?) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = root
    for token in tokens {
      if case .array(let elements)? = current, let index = Self.index(token) {
        components.append(.index(index))
        current = index < elements.count ? elements[index] : nil
      } else {
        components.append(.key(token))
        current = current?[token]
      }
    }
    return JSONPath(components)
  }
}

extension JSON {
  /// The value `pointer` names, or nil when there is none.
  ///
  /// ```swift
  /// let json: JSON = ["a/b": [10, 20]]
  /// json[pointer: try JSONPointer(parsing: "/a~1b/1")]   // 20
  /// ```
  public subscript(pointer pointer: JSONPointer) -> JSON? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let elements):
        guard let index = JSONPointer.index(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }
}

extension JSONValue {
  /// The value `pointer` names inside this one, read in place (nothing is copied), or nil
  /// when there is none.
  ///
  /// ```swift
  /// let document = try JSONDocument(#"{"books": [{"title": "Dune"}]}"#)
  /// document.root[pointer: try JSONPointer(parsing: "/books/0/title")]?.stringValue   // "Dune"
  /// ```
  public subscript(pointer pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current.kind {
      case .object:
        guard let next = current[token] else { return nil }
        current = next
      case .array:
        guard let index = JSONPointer.index(token), let next = current[index] else { return nil }
        current = next
      default:
        return nil
      }
    }
    return current
  }
}
