// Swift names for JSON keys: a property name from any key (`snake_case`, `kebab-case`,
// `PascalCase`, spaces, leading digits, Swift keywords), a type name from a key (singular for
// the elements of an array: `labels` → `Label`), and the key strategy of `@JSONModel(keys:)`
// that explains the most keys of a type (the same rule the macro applies).

import MapwrightEngine
import MapwrightNaming

enum SwiftNames {
  /// `html_url` → `htmlUrl`, `Content-Type` → `contentType`, `2fa` → `_2fa`, `class` → `` `class` ``.
  /// The property name for `key` in a type that already uses `used` (bare names): the
  /// name, or with a number after it (`name2`) when taken; the name is added to `used`.
  static func uniquePropertyName(forKey key: String, used: inout Set<String>) -> String {
    var name = propertyName(forKey: key)
    if used.contains(bare(name)) {
      var suffix = 2
      while used.contains(bare(name) + "\(suffix)") { suffix += 1 }
      name = bare(name) + "\(suffix)"
    }
    used.insert(bare(name))
    return name
  }

  static func propertyName(forKey key: String) -> String {
    let words = splitWords(key)
    guard let first = words.first else { return "_" }
    var name = first.lowercased()
    for (index, word) in words.enumerated().dropFirst() {
      // `html_url` → `htmlURL`, `user_id` → `userID`, unless an acronym follows (`URLHTTPS`
      // would read as one word).
      let next = index + 1 < words.count ? words[index + 1].lowercased() : nil
      if acronyms.contains(word.lowercased()), next.map({ !acronyms.contains($0) }) ?? true {
        name += word.uppercased()
      } else {
        name += capitalized(word)
      }
    }
    if let initial = name.unicodeScalars.first, !isIdentifierStart(initial) { name = "_" + name }
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// `user_profile` → `UserProfile`; with `singular`, `labels` → `Label`.
  static func typeName(forKey key: String, singular: Bool = false) -> String {
    var words = splitWords(key)
    if singular, let last = words.popLast() { words.append(singularize(last)) }
    var name = words.map(capitalized).joined()
    if name.isEmpty { name = "Value" }
    if let initial = name.unicodeScalars.first, !isIdentifierStart(initial) { name = "_" + name }
    return reservedTypeNames.contains(name) ? name + "Value" : name
  }

  /// The property name without the backticks of a keyword (what key strategies see).
  static func bare(_ name: String) -> String { name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name }

  /// The key strategies a generated type may use, best first when tied.
  static let strategies: [(rule: KeyNamingRule, source: String)] = [
    (.useDefaultKeys, ""), (.snakeCase, ".snakeCase"), (.kebabCase, ".kebabCase"), (.pascalCase, ".pascalCase"),
    (.screamingSnakeCase, ".screamingSnakeCase"),
  ]

  /// The strategy under which the most of `pairs` (property name, key) need no `@Key`.
  static func bestStrategy(for pairs: [(name: String, key: String)]) -> (rule: KeyNamingRule, source: String) {
    var best = strategies[0]
    var bestCount = -1
    for strategy in strategies {
      let explained = pairs.filter { strategy.rule.key(for: bare($0.name)) == $0.key }.count
      if explained > bestCount {
        best = strategy
        bestCount = explained
      }
    }
    return best
  }

  /// Words of a key: split at anything not a letter or digit, and where the macro's rule splits
  /// camel case (`htmlURL` → html, URL).
  static func splitWords(_ key: String) -> [String] {
    var words: [String] = []
    var current = ""
    // A sign before a digit is a word (`+1` → plus 1, `-1` → minus 1).
    var scalars = Substring(key).unicodeScalars[...]
    if let sign = scalars.first, sign == "+" || sign == "-", let next = scalars.dropFirst().first, ("0"..."9").contains(next) {
      words.append(sign == "+" ? "plus" : "minus")
      scalars = scalars.dropFirst()
    }
    for scalar in scalars {
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words.flatMap { KeyNamingRule.words($0) }
  }

  private static func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    // A word in capitals is a word (`PLEYEL` → `Pleyel`); others keep their inner capitals.
    let rest = word.dropFirst()
    return first.uppercased() + (word == word.uppercased() ? rest.lowercased() : String(rest))
  }

  private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic
  }

  /// `categories` → `category`, `statuses` → `status`, `boxes` → `box`, `labels` → `label`.
  static func singularize(_ word: String) -> String {
    let lower = word.lowercased()
    if lower.hasSuffix("ies"), word.count > 3 { return String(word.dropLast(3)) + (word.last!.isUppercase ? "Y" : "y") }
    for suffix in ["sses", "shes", "ches", "xes", "zes", "uses"] where lower.hasSuffix(suffix) {
      return String(word.dropLast(2))
    }
    if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), word.count > 1 {
      return String(word.dropLast())
    }
    return word
  }

  /// `Item` → `Items`, `Box` → `Boxes`, `Category` → `Categories` (the name of a list of them).
  static func pluralize(_ word: String) -> String {
    let lower = word.lowercased()
    if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
      return String(word.dropLast()) + (word.last!.isUppercase ? "IES" : "ies")
    }
    for suffix in ["s", "x", "z", "ch", "sh"] where lower.hasSuffix(suffix) {
      return word + (word.last!.isUppercase ? "ES" : "es")
    }
    return word + (word.count > 1 && word.allSatisfy(\.isUppercase) ? "S" : "s")
  }

  /// Words written in capitals inside a property name, as Swift's API guidelines do.
  static let acronyms: Set<String> = ["id", "url", "uri", "uuid", "html", "json", "api", "http", "https", "ip"]

  /// Swift's keywords (SwiftSource.swift).
  static var keywords: Set<String> { SwiftSource.keywords }

  /// Type names that would shadow what generated code uses.
  static let reservedTypeNames: Set<String> = [
    "Any", "Self", "Type", "Protocol", "String", "Int", "Int64", "UInt64", "Double", "Bool", "Date", "URL", "UUID",
    "Decimal", "JSON", "Array", "Dictionary", "Optional", "Set", "Data", "Error", "Mapwright", "Foundation",
    "TimeZone", "Locale", "Calendar", "Float", "Character", "Result", "Range", "Int32", "UInt", "Never", "Void",
    "Sendable", "Codable", "Equatable", "Hashable",
  ]
}
