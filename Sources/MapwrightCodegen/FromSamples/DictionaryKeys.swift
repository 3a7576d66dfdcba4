// Objects that are dictionaries: when the keys of an object place are data (ids, dates) rather
// than names a type would declare, the place is `[String: T]`, not a struct with a property per
// key. The rule:
//
// - every key is all digits (`"1001"`), a UUID, or a date (`yyyy-MM-dd…`); or an object that
//   was always empty — whatever the values;
// - or, at least `minimumIdKeys` keys, every one an id of one form — one prefix before digits
//   (`sku-1001`, `sku-1002`: the same `sku-`), or a hash (hexadecimal, one length of 7 or more,
//   each with a digit) — and the values of one shape: one kind, and for objects keys that
//   mostly agree (each value's keys at least three quarters of all the values' keys, the rule
//   of similar types). Two fields `address1` and `address2` holding strings are not a
//   dictionary (two keys); three product entries keyed `sku-…` are.

import Foundation

extension DeclarationBuilder {
  /// The fewest keys of the id forms (prefix and digits, hashes) that make a dictionary.
  static let minimumIdKeys = 3

  /// Whether the object place `shape` is a `[String: T]`.
  func looksLikeDictionary(_ shape: SampleShape) -> Bool {
    let keys = shape.memberKeys
    let dataKeys = keys.allSatisfy { key in
      !key.isEmpty && (key.allSatisfy(\.isNumber) || UUID(uuidString: key) != nil || looksLikeDate(key))
    }
    if dataKeys { return true }
    guard keys.count >= Self.minimumIdKeys, sharePrefixBeforeDigits(keys) || areHashes(keys) else { return false }
    return valuesShareOneShape(shape)
  }

  private func looksLikeDate(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard bytes.count >= 10 else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
    return digits && bytes[4] == 0x2D && bytes[7] == 0x2D
  }

  /// `sku-1001`, `sku-1002`: one non-empty prefix, then one or more ASCII digits.
  private func sharePrefixBeforeDigits(_ keys: [String]) -> Bool {
    var prefix: String?
    for key in keys {
      let scalars = key.unicodeScalars
      let digits = scalars.reversed().prefix { $0.isASCII && $0.properties.numericType == .decimal }.count
      guard digits > 0, digits < scalars.count else { return false }
      let own = String(scalars.dropLast(digits))
      if let prefix, prefix != own { return false }
      prefix = own
    }
    return true
  }

  /// Hexadecimal strings of one length (7 or more), one case, each with a digit.
  private func areHashes(_ keys: [String]) -> Bool {
    guard let length = keys.first?.utf8.count, length >= 7 else { return false }
    let lower = keys.allSatisfy { $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) } }
    let upper = keys.allSatisfy { $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) } }
    return (lower || upper)
      && keys.allSatisfy { key in key.utf8.count == length && key.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } }
  }

  /// The members' values are of one kind (nulls aside), and objects' keys mostly agree.
  private func valuesShareOneShape(_ shape: SampleShape) -> Bool {
    let values = shape.memberKeys.compactMap { shape.members[$0] }
    let kinds = Set(values.map(\.kindName))
    guard kinds.count == 1, let kind = kinds.first, kind != "mixed" else { return false }
    guard kind == "object" else { return true }
    let all = Set(values.flatMap(\.memberKeys))
    return values.allSatisfy { 4 * $0.memberKeys.count >= 3 * all.count }
  }
}

extension SampleShape {
  /// The one kind of value seen here (nulls aside; integers and fractions are one, `number`),
  /// or `mixed`.
  var kindName: String {
    guard nonNullKinds == 1 else { return nonNullKinds == 0 ? "null" : "mixed" }
    if bools > 0 { return "bool" }
    if integers + fractions > 0 { return "number" }
    if strings > 0 { return "string" }
    return arrays > 0 ? "array" : "object"
  }
}
