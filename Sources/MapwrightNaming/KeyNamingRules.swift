// Key naming strategies of `@JSONModel(keys:)`, applied at compile time to property names.
// Words are split where a lower-case letter or digit meets an upper-case one, and before the
// last capital of a run of capitals followed by a lower-case letter: `htmlURL` is
// html|URL, `URLValue` is URL|Value, `userID2` is user|ID2. A target of its own, without
// dependencies, so that the macros and the model generators (`mapwright generate`) apply one
// rule.

package enum KeyNamingRule: Equatable, Sendable {
  case useDefaultKeys, snakeCase, kebabCase, pascalCase, screamingSnakeCase
  /// Applied at run time: the expression of the closure.
  case custom(String)

  package func key(for name: String) -> String {
    switch self {
    case .useDefaultKeys, .custom: name
    case .snakeCase: Self.words(name).map { $0.lowercased() }.joined(separator: "_")
    case .kebabCase: Self.words(name).map { $0.lowercased() }.joined(separator: "-")
    case .screamingSnakeCase: Self.words(name).map { $0.uppercased() }.joined(separator: "_")
    case .pascalCase: Self.words(name).map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }
  }

  package static func words(_ name: String) -> [String] {
    let characters = Array(name)
    var words: [String] = []
    var current = ""
    for (i, character) in characters.enumerated() {
      if character == "_" {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if character.isUppercase, !current.isEmpty {
        let previous = characters[i - 1]
        let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          words.append(current)
          current = ""
        }
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
