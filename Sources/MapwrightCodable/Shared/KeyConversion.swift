// Foundation's key strategies, reimplemented to give the same results (the tests compare
// them with Foundation's coders key by key).
//
// From snake case: leading and trailing underscores stay; the rest is split at underscores;
// one part alone is returned unchanged; otherwise the first part is lowercased and each
// later part capitalized (Foundation's `capitalized`: "b2c" → "B2C", "ß" → "Ss").
//
// To snake case: words end before an uppercase letter; a run of uppercase letters followed
// by a lowercase one is a word of its own, except its last letter, which starts the next
// word ("HTTPSConnection" → "h_ttps_connection"; the first character never starts a word).
// Words are lowercased and joined with underscores.

import Foundation

func convertFromSnakeCase(_ key: String) -> String {
  guard !key.isEmpty else { return key }
  let scalars = Array(key.unicodeScalars)
  guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
  let last = scalars.lastIndex(where: { $0 != "_" })!
  let parts = scalars[first...last].split(separator: "_").map { String(String.UnicodeScalarView($0)) }
  guard parts.count > 1 else { return key }
  var result = String(String.UnicodeScalarView(scalars[..<first]))
  result += parts[0].lowercased()
  for part in parts.dropFirst() { result += part.capitalized }
  result += String(String.UnicodeScalarView(scalars[(last + 1)...]))
  return result
}

func convertToSnakeCase(_ key: String) -> String {
  let scalars = Array(key.unicodeScalars)
  guard scalars.count > 1 else { return key.lowercased() }
  func isUpper(_ s: Unicode.Scalar) -> Bool {
    let category = s.properties.generalCategory
    return category == .uppercaseLetter || category == .titlecaseLetter
  }
  func isLower(_ s: Unicode.Scalar) -> Bool { s.properties.generalCategory == .lowercaseLetter }
  var words: [Range<Int>] = []
  var wordStart = 0
  var searchStart = 1
  while let upper = scalars[searchStart...].firstIndex(where: isUpper) {
    words.append(wordStart..<upper)
    guard let lower = scalars[upper...].firstIndex(where: isLower) else {
      wordStart = upper
      searchStart = scalars.count
      break
    }
    if lower == upper + 1 {
      wordStart = upper
    } else {
      words.append(upper..<(lower - 1))
      wordStart = lower - 1
    }
    searchStart = lower + 1
    if searchStart >= scalars.count { break }
  }
  words.append(wordStart..<scalars.count)
  return words.map { String(String.UnicodeScalarView(scalars[$0])).lowercased() }.joined(separator: "_")
}

/// Converted keys, cached: the same few keys are converted over and over.
final class KeyConversionCache: @unchecked Sendable {
  private var cache: [String: String] = [:]
  private let lock = NSLock()
  private let convert: (String) -> String

  init(_ convert: @escaping (String) -> String) { self.convert = convert }

  func converted(_ key: String) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let hit = cache[key] { return hit }
    let result = convert(key)
    if cache.count < 4096 { cache[key] = result }
    return result
  }
}
