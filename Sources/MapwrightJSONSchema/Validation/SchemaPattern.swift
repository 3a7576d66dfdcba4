// A `pattern` or a `patternProperties` name: an ECMA-262 regular expression, matched anywhere
// in the text (`test`, no flags). Most schemas' patterns are a run of single characters with
// quantifiers and anchors; those run on `SchemaRegex`, over the bytes of the parse. The rest
// run on ICU (`NSRegularExpression`), after a translation that gives ICU's syntax ECMA-262's
// meaning where they differ:
// - `\d`, `\w` (and negations) are ASCII, and `\s` is ECMA-262's white space and line
//   terminators (ICU's are Unicode-wide, and its `\s` lacks U+000B and U+FEFF);
// - `.` matches any code point but \n, \r, U+2028 and U+2029 (ICU's also stops at U+0085);
// - `$` is the end of the text (ICU's also matches before a final line terminator).
// A test runs both on seeded random patterns and texts and asserts they agree.

import Foundation

struct SchemaPattern: @unchecked Sendable {
  let source: String
  /// The pattern as the small matcher runs it, when it can.
  let fast: SchemaRegex?
  /// The pattern as ICU runs it, when the small matcher cannot.
  let expression: NSRegularExpression?

  /// Compiles `source`; nil when it is not a regular expression. `fast: false` leaves the
  /// small matcher out (for the test that holds the two to the same answers).
  init?(_ source: String, fast: Bool = true) {
    self.source = source
    self.fast = fast ? SchemaRegex(source) : nil
    guard let expression = try? NSRegularExpression(pattern: Self.translated(source)) else { return nil }
    self.expression = self.fast == nil ? expression : nil
  }

  func matches(_ text: String) -> Bool {
    if let fast { return fast.matches(text) }
    return expression!.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// Matches valid UTF-8 bytes (a string's raw bytes from the parse, without escapes).
  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if let fast { return fast.matches(bytes) }
    return matches(String(decoding: bytes, as: UTF8.self))
  }

  /// ECMA-262's white space and line terminators, as members of an ICU set.
  private static let space = #"\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF"#

  /// An ECMA-262 pattern in ICU's syntax.
  static func translated(_ source: String) -> String {
    var result = ""
    var escaped = false
    var inClass = false
    for character in source {
      if escaped {
        escaped = false
        switch character {
        case "d": result += inClass ? "0-9" : "[0-9]"
        case "D": result += inClass ? "\\D" : "[^0-9]"
        case "w": result += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
        case "W": result += inClass ? "\\W" : "[^a-zA-Z0-9_]"
        case "s": result += inClass ? space : "[\(space)]"
        case "S": result += inClass ? "\\S" : "[^\(space)]"
        default: result += "\\" + String(character)
        }
        continue
      }
      switch character {
      case "\\": escaped = true
      case "[":
        inClass = true
        result.append(character)
      case "]":
        inClass = false
        result.append(character)
      case "." where !inClass: result += #"[^\n\r\u2028\u2029]"#
      case "$" where !inClass: result += #"\z"#
      default: result.append(character)
      }
    }
    if escaped { result += "\\" }
    return result
  }
}
