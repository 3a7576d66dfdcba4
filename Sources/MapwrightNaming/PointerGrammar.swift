// RFC 6901 JSON Pointer tokens, in the lowest layer that needs them: `JSONPointer`
// (MapwrightJSON) parses with them, and the macros read `@Key(pointer:)` with them at compile
// time, as a key path of the dot grammar (KeyPathGrammar.swift).
// - "" is the whole document; otherwise the text starts with "/" and each "/" starts a token.
// - In a token "~1" stands for "/" and "~0" for "~"; "~" followed by anything else is an error.

package enum PointerGrammar {
  /// The unescaped tokens of pointer text; nil when it does not start with "/" (and is not
  /// empty) or holds an invalid escape.
  package static func tokens(of text: String) -> [String]? {
    guard !text.isEmpty else { return [] }
    guard text.utf8.first == UInt8(ascii: "/") else { return nil }
    var tokens: [String] = []
    for raw in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      guard let token = unescaped(raw) else { return nil }
      tokens.append(token)
    }
    return tokens
  }

  /// A token's text with `~1` and `~0` undone, or nil when a `~` starts anything else.
  package static func unescaped(_ raw: some Collection<UInt8>) -> String? {
    guard raw.contains(UInt8(ascii: "~")) else { return String(decoding: raw, as: UTF8.self) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var escaping = false
    for byte in raw {
      if escaping {
        switch byte {
        case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
        default: return nil
        }
        escaping = false
      } else if byte == UInt8(ascii: "~") {
        escaping = true
      } else {
        bytes.append(byte)
      }
    }
    return escaping ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// A token escaped for pointer text (`~` → `~0`, `/` → `~1`).
  package static func escaped(_ token: String) -> String {
    escapingASCII(token) { byte in
      switch byte {
      case UInt8(ascii: "~"): "~0"
      case UInt8(ascii: "/"): "~1"
      default: nil
      }
    }
  }
}

extension KeyPathGrammar {
  /// The key-path text of these components: each dot and backslash in them escaped, so that
  /// `components(of:)` gives them back (`["a.b", "c"]` is `a\.b.c`).
  package static func text(of components: [String]) -> String {
    components.map { component in
      escapingASCII(component) { byte in
        switch byte {
        case UInt8(ascii: "."): "\\."
        case UInt8(ascii: "\\"): "\\\\"
        default: nil
        }
      }
    }.joined(separator: ".")
  }
}
