// What the macros can tell about a type from its spelling alone (they see no other
// declarations): whether it is a standard collection or optional, and whether it is made only
// of standard value types that are known to be Sendable.

enum TypeText {
  /// Types whose values are known to be Sendable.
  static let sendableLeaves: Set<String> = [
    "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
    "UInt64", "Double", "Float", "Bool", "Decimal", "URL", "UUID", "Date", "Data", "JSON", "JSONNumber", "JSONObject",
    "Mapwright.JSON",
  ]

  static let numeric: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "Decimal", "CGFloat", "Float16", "Float80",
  ]
  static let integers: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
  /// Standard types that no literal but their own kind can make.
  static let nonLiteral: Set<String> = ["URL", "UUID", "Date", "Data"]

  /// The spelling without spaces and without one level of optional.
  static func unwrapped(_ type: String) -> (base: String, optional: Bool) {
    let compact = type.filter { !$0.isWhitespace }
    if compact.hasSuffix("?") || compact.hasSuffix("!") { return (String(compact.dropLast()), true) }
    if compact.hasPrefix("Optional<"), compact.hasSuffix(">") { return (String(compact.dropFirst(9).dropLast()), true) }
    return (compact, false)
  }

  enum Shape: Equatable { case array, set, dictionary, other }

  /// Whether the spelling is an array, a set, a dictionary or something else.
  static func shape(_ type: String) -> Shape {
    let base = unwrapped(type).base
    if base.hasPrefix("Set<") { return .set }
    if base.hasPrefix("Dictionary<") { return .dictionary }
    if base.hasPrefix("Array<") || base.hasPrefix("ContiguousArray<") { return .array }
    if base.hasPrefix("["), base.hasSuffix("]") {
      return topLevelSplit(String(base.dropFirst().dropLast()), on: ":").count == 2 ? .dictionary : .array
    }
    return .other
  }

  /// Whether every part of the spelling is a known Sendable type.
  static func isKnownSendable(_ type: String) -> Bool {
    let base = unwrapped(type).base
    if sendableLeaves.contains(base) { return true }
    if base.hasPrefix("["), base.hasSuffix("]") {
      let inner = String(base.dropFirst().dropLast())
      let parts = topLevelSplit(inner, on: ":")
      return parts.allSatisfy(isKnownSendable)
    }
    for generic in ["Set<", "Array<", "Dictionary<", "Optional<"] where base.hasPrefix(generic) && base.hasSuffix(">") {
      let inner = String(base.dropFirst(generic.count).dropLast())
      return topLevelSplit(inner, on: ",").allSatisfy(isKnownSendable)
    }
    return false
  }

  /// `text` split at `separator` where it is not nested in brackets.
  static func topLevelSplit(_ text: String, on separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      switch character {
      case "[", "<", "(": depth += 1
      case "]", ">", ")": depth -= 1
      default: break
      }
      if character == separator && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }
}
