// Equality as JSON Schema defines it (`enum`, `const`, `uniqueItems`): by value, where numbers
// are equal when they are mathematically equal (1, 1.0 and 1e0 are one number) and strings
// when their code points are (so "\u00e9" and "e\u0301" differ, unlike Swift's `==`). Each value
// has a canonical form — bytes, compared and hashed as bytes — in which an object's members are
// sorted by their keys' UTF-8, numbers are written one way, strings as their UTF-8.

import Foundation
import MapwrightJSON

enum SchemaCanonical {
  /// The canonical bytes of `value`.
  static func form(_ value: JSON) -> [UInt8] {
    var bytes: [UInt8] = []
    write(value, into: &bytes)
    return bytes
  }

  /// The canonical bytes of a parsed value.
  static func form(_ value: JSONValue) -> [UInt8] { form(JSON(value)) }

  private static func write(_ value: JSON, into bytes: inout [UInt8]) {
    switch value {
    case .null: bytes.append(UInt8(ascii: "n"))
    case .bool(let flag): bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
    case .number(let number):
      bytes.append(UInt8(ascii: "#"))
      bytes.append(contentsOf: canonicalNumber(number.text).utf8)
      bytes.append(0)
    case .string(let text):
      bytes.append(UInt8(ascii: "\""))
      appendCounted(Array(text.utf8), into: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      appendCount(items.count, into: &bytes)
      for item in items { write(item, into: &bytes) }
    case .object(let object):
      bytes.append(UInt8(ascii: "{"))
      appendCount(object.count, into: &bytes)
      let members = object.map { (key: Array($0.key.utf8), value: $0.value) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
      for member in members {
        appendCounted(member.key, into: &bytes)
        write(member.value, into: &bytes)
      }
    }
  }

  private static func appendCount(_ count: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: String(count).utf8)
    bytes.append(UInt8(ascii: ":"))
  }

  private static func appendCounted(_ text: [UInt8], into bytes: inout [UInt8]) {
    appendCount(text.count, into: &bytes)
    bytes.append(contentsOf: text)
  }

  /// One spelling per number: an integer in decimal digits (however it was written, `1.0`,
  /// `1e2`, a big integer's digits), anything else as the shortest double that reads back.
  static func canonicalNumber(_ text: String) -> String {
    if let decimal = Decimal(string: text), decimal.isFinite {
      var rounded = decimal
      var source = decimal
      NSDecimalRound(&rounded, &source, 0, .plain)
      if rounded == decimal { return decimal.isZero ? "0" : "\(decimal)" }
    }
    if let double = Double(text) { return double == 0 ? "0" : "\(double)" }
    return text
  }
}
