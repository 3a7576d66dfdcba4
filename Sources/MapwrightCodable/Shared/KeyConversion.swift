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
  // Characters, not scalars: "_\u{301}" is one character and not an underscore.
  guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
  var last = key.index(before: key.endIndex)
  while last > first, key[last] == "_" { key.formIndex(before: &last) }
  let parts = key[first...last].split(separator: "_")
  guard parts.count > 1 else { return key }
  var result = String(key[..<first])
  result += parts[0].lowercased()
  for part in parts.dropFirst() { result += part.capitalized }
  result += key[key.index(after: last)...]
  return result
}

func convertToSnakeCase(_ key: String) -> String {
  guard !key.isEmpty else { return key }
  // Letters are found scalar by scalar; steps to the next or previous letter are steps of one
  // character (so a combining mark stays with its letter), as in Foundation.
  func isUpper(_ s: Unicode.Scalar) -> Bool {
    let category = s.properties.generalCategory
    return category == .uppercaseLetter || category == .titlecaseLetter
  }
  func isLower(_ s: Unicode.Scalar) -> Bool { s.properties.generalCategory == .lowercaseLetter }
  func first(_ test: (Unicode.Scalar) -> Bool, in range: Range<String.Index>) -> String.Index? {
    let scalars = key.unicodeScalars
    var index = range.lowerBound
    while index < range.upperBound {
      if test(scalars[index]) { return index }
      scalars.formIndex(after: &index)
    }
    return nil
  }
  var words: [Range<String.Index>] = []
  var wordStart = key.startIndex
  var searchRange = key.index(after: wordStart)..<key.endIndex
  while let upper = first(isUpper, in: searchRange) {
    words.append(wordStart..<upper)
    searchRange = upper..<searchRange.upperBound
    guard let lower = first(isLower, in: searchRange) else {
      wordStart = searchRange.lowerBound
      break
    }
    if lower == key.index(after: upper) {
      wordStart = upper
    } else {
      let beforeLower = key.index(before: lower)
      words.append(upper..<beforeLower)
      wordStart = beforeLower
    }
    searchRange = key.unicodeScalars.index(after: lower)..<searchRange.upperBound
  }
  words.append(wordStart..<searchRange.upperBound)
  return words.map { key[$0].lowercased() }.joined(separator: "_")
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
