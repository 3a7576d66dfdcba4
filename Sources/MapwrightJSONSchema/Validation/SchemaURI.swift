// URI references as JSON Schema uses them (RFC 3986): a schema's `$id` and `$ref` are resolved
// against the base URI in force, and a reference's fragment is either a JSON pointer
// (`#/$defs/a~1b`, percent-encoded, with `~0` and `~1` escapes) or a plain-name anchor.
// URNs (`urn:uuid:…`) have no hierarchy: a relative reference against one keeps only its
// fragment. Only strings are handled — nothing is ever fetched.

import MapwrightJSON

/// An absolute URI split into its parts (RFC 3986, section 3).
struct SchemaURI: Hashable, Sendable, CustomStringConvertible {
  var scheme: String?
  var authority: String?
  var path: String
  var query: String?
  var fragment: String?

  /// Parses `text` by RFC 3986's regular expression (appendix B).
  init(_ text: String) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
      rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
    {
      scheme = String(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      authority = String(rest[..<end])
      rest = rest[end...]
    }
    path = String(rest)
  }

  init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
    (self.scheme, self.authority, self.path, self.query, self.fragment) = (scheme, authority, path, query, fragment)
  }

  var description: String {
    var text = ""
    if let scheme { text += scheme + ":" }
    if let authority { text += "//" + authority }
    text += path
    if let query { text += "?" + query }
    if let fragment { text += "#" + fragment }
    return text
  }

  /// The URI without its fragment (what names a schema resource).
  var withoutFragment: SchemaURI {
    var copy = self
    copy.fragment = nil
    return copy
  }

  /// `reference` resolved against this URI (RFC 3986, section 5.2.2).
  func resolving(_ reference: String) -> SchemaURI {
    let r = SchemaURI(reference)
    if r.scheme != nil {
      return SchemaURI(scheme: r.scheme, authority: r.authority, path: Self.removingDotSegments(r.path), query: r.query, fragment: r.fragment)
    }
    // A URN or another URI without hierarchy: only a fragment (or nothing) can be relative.
    if authority == nil, !path.hasPrefix("/"), scheme != nil, r.authority == nil, !r.path.isEmpty {
      return SchemaURI(scheme: scheme, authority: nil, path: r.path, query: r.query, fragment: r.fragment)
    }
    if r.authority != nil {
      return SchemaURI(scheme: scheme, authority: r.authority, path: Self.removingDotSegments(r.path), query: r.query, fragment: r.fragment)
    }
    if r.path.isEmpty {
      return SchemaURI(scheme: scheme, authority: authority, path: path, query: r.query ?? query, fragment: r.fragment)
    }
    let merged: String
    if r.path.hasPrefix("/") {
      merged = r.path
    } else if authority != nil, path.isEmpty {
      merged = "/" + r.path
    } else if let slash = path.lastIndex(of: "/") {
      merged = path[...slash] + r.path
    } else {
      merged = r.path
    }
    return SchemaURI(scheme: scheme, authority: authority, path: Self.removingDotSegments(merged), query: r.query, fragment: r.fragment)
  }

  /// RFC 3986, section 5.2.4.
  static func removingDotSegments(_ path: String) -> String {
    guard path.contains(".") else { return path }
    var output: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, segment) in segments.enumerated() {
      let last = index == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
        if last { output.append("") }
      default:
        output.append(segment)
      }
    }
    var result = output.joined(separator: "/")
    if path.hasPrefix("/"), !result.hasPrefix("/") { result = "/" + result }
    return result
  }
}

/// JSON pointers (RFC 6901) as URI fragments.
package enum SchemaPointer {
  /// The tokens of a pointer fragment (`/a/b~1c` → ["a", "b/c"]), percent-decoded; nil when
  /// the text is not a pointer.
  static func tokens(ofFragment fragment: String) -> [String]? {
    let decoded = percentDecoded(fragment)
    if decoded.isEmpty { return [] }
    // Split on the bytes: a "/" that a combining mark follows is one `Character` with it.
    guard decoded.utf8.first == UInt8(ascii: "/") else { return nil }
    return decoded.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { token in
      JSONPointer.unescaped(token) ?? String(decoding: token, as: UTF8.self)  // an invalid escape is kept as written
    }
  }

  /// A pointer token's text (`~1` → `/`, `~0` → `~`).
  package static func unescaped(_ token: String) -> String {
    JSONPointer.unescaped(token.utf8) ?? token  // an invalid escape is kept as written
  }

  /// A token escaped for a pointer (`~` → `~0`, `/` → `~1`).
  static func escaped(_ token: String) -> String { JSONPointer.escaped(token) }

  /// `%xx` sequences decoded as UTF-8 (an invalid one is kept as written).
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.first {
      if byte == UInt8(ascii: "%"), utf8.count >= 3, let high = hexValue(utf8[utf8.startIndex + 1]),
        let low = hexValue(utf8[utf8.startIndex + 2])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(3)
      } else {
        bytes.append(byte)
        utf8 = utf8.dropFirst()
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The value at `tokens` inside `json`, or nil.
  static func value(at tokens: [String], in json: JSON) -> JSON? {
    var current = json
    for token in tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let items):
        guard let index = Int(token), String(index) == token, items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }
}
