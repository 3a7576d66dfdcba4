// What every generator of Swift source (models from samples, from JSON Schema, from Xcode
// model files) writes the same way: identifiers, in backticks when they are keywords (one
// list), and string literals that read back as the very string they were made from.
//
// A literal is written between double quotes with `\"` and `\\` escaped, line breaks and
// tabs as `\n`, `\r`, `\t`, and every other control character (C0, DEL, C1) and the line and
// paragraph separators as `\u{…}`. Everything else — any scalar, combining marks, emoji — is
// written as it is, which Swift reads back unchanged.

import MapwrightEngine

enum SwiftSource {
  /// Words that are keywords where a generated name may stand (a property, a type, a case).
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
  ]

  /// `name`, in backticks when it is a keyword: `class` → `` `class` ``.
  static func identifier(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

  /// A Swift string literal of `text`: `a"b` → `"a\"b"`, a tab → `"\t"`.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      default:
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
          literal += "\\u{\(String(value, radix: 16, uppercase: true))}"
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }
}
