// JSON5 (https://spec.json5.org) read by rewriting it as JSON, token by token, then parsing
// that with the ordinary parser (trailing commas allowed). What the rewrite does:
//
//   unquoted key `name:`             → `"name":` (ECMAScript identifier characters; `\uXXXX`
//                                      escapes in it are kept and decoded by the parser)
//   'single quoted'                  → "double quoted" (`"` inside escaped, `\'` unescaped)
//   \xHH  \v  \0  \<other character> → \u00HH  \u000B  \u0000  the character
//   \ + line break in a string       → nothing (the JSON5 rule), or the line break itself
//                                      when `keepsEscapedLineBreaks` (Foundation's reading)
//   0x1F, -0x10                      → 31, -16 (up to 64 bits; no fraction or exponent)
//   +1  .5  5.  5.e1                 → 1  0.5  5  5e1
//   Infinity  -Infinity  NaN         → a number that fits no type, and its value in
//                                      `nonFinite` (keyed by its offset in the JSON)
//   \v \f, NBSP, BOM, U+2028/9, Zs   → as many spaces as the character had bytes
//   // and /* */ comments             → spaces (line feeds kept)
//
// Every token's offset in the JSON is mapped back to its offset in the source (`anchors`),
// so parse and decoding errors name the line and column of the JSON5 the user wrote.

/// JSON5 text rewritten as JSON, with the map back to the source (or, `init(membersOf:)`,
/// plain JSON members given the braces they lack).
package final class JSON5Translation: @unchecked Sendable {
  /// The JSON to parse.
  package private(set) var json: [UInt8] = []
  /// The values of `Infinity`, `-Infinity` and `NaN`, by their byte offset in `json`.
  package private(set) var nonFinite: [Int: Double] = [:]
  /// A copy of the source, for locations (owned here so that a pointer to it stays valid).
  package let source: UnsafeMutableBufferPointer<UInt8>
  /// (offset in `json`, offset in the source) at the start of every token, ascending.
  private var anchors: [(json: Int, source: Int)] = []
  private let keepsEscapedLineBreaks: Bool

  /// Rewrites `source`; with `wrapInBraces`, as the members of an object (JSON5 with
  /// `assumesTopLevelDictionary`).
  package init(_ source: [UInt8], keepsEscapedLineBreaks: Bool = false, wrapInBraces: Bool = false) throws(JSONError) {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(source.count, 1))
    _ = storage.initialize(from: source)
    self.source = UnsafeMutableBufferPointer(start: storage.baseAddress, count: source.count)
    self.keepsEscapedLineBreaks = keepsEscapedLineBreaks
    json.reserveCapacity(source.count + 16)
    if wrapInBraces { json.append(UInt8(ascii: "{")) }
    try translate()
    if wrapInBraces { json.append(contentsOf: [0x0A, UInt8(ascii: "}")]) }
  }

  /// `source` read as the members of an object without its braces (plain JSON with
  /// `assumesTopLevelDictionary`): `{`, the bytes as they are, `}`, offsets mapped back by one.
  package init(membersOf source: [UInt8]) {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(source.count, 1))
    _ = storage.initialize(from: source)
    self.source = UnsafeMutableBufferPointer(start: storage.baseAddress, count: source.count)
    keepsEscapedLineBreaks = false
    json = [UInt8(ascii: "{")] + source + [0x0A, UInt8(ascii: "}")]
    anchors = [(json: 1, source: 0)]
  }

  deinit { source.deallocate() }

  /// The offset in the source of the byte at `offset` in `json`.
  package func sourceOffset(ofJSONOffset offset: Int) -> Int {
    var low = 0
    var high = anchors.count
    while low < high {
      let mid = (low + high) / 2
      if anchors[mid].json <= offset { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else { return min(offset, source.count) }
    let anchor = anchors[low - 1]
    return min(anchor.source + (offset - anchor.json), source.count)
  }

  /// A parse error of `json` moved to the place in the source it comes from.
  package func relocated(_ error: JSONError) -> JSONError {
    let offset = sourceOffset(ofJSONOffset: error.offset)
    return JSONError(error.kind, offset: offset, location: SourceLocation(offset: offset, in: UnsafeBufferPointer(source)))
  }

  // MARK: The rewrite

  private var i = 0
  private var count: Int { source.count }

  private func fail(_ kind: JSONError.Kind, at offset: Int) -> JSONError {
    JSONError(kind, offset: offset, location: SourceLocation(offset: offset, in: UnsafeBufferPointer(source)))
  }

  private func anchor() { anchors.append((json.count, i)) }

  private func translate() throws(JSONError) {
    while i < count {
      let c = source[i]
      anchor()
      switch c {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
        UInt8(ascii: ","), UInt8(ascii: ":"):
        json.append(c)
        i += 1
      case 0x0B, 0x0C:
        json.append(0x20)
        i += 1
      case UInt8(ascii: "/"):
        try blankComment()
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        try string(quote: c)
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
        try number()
      default:
        if let width = extraWhitespaceWidth(at: i) {
          json.append(contentsOf: repeatElement(0x20, count: width))
          i += width
        } else if isIdentifierStart(at: i) {
          try identifier()
        } else {
          // Not JSON5: the parser reports the character where it stands.
          json.append(c)
          i += 1
        }
      }
    }
  }

  /// `//` to the end of the line (CR or LF, as Foundation ends it; not U+2028 or U+2029) or
  /// `/* … */`, written as spaces (line feeds kept), so that the parser needs no comment rules
  /// and offsets stay put.
  private func blankComment() throws(JSONError) {
    let start = i
    guard i + 1 < count, source[i + 1] == UInt8(ascii: "/") || source[i + 1] == UInt8(ascii: "*") else {
      json.append(source[i])  // not a comment: the parser reports it
      i += 1
      return
    }
    if source[i + 1] == UInt8(ascii: "/") {
      while i < count, source[i] != 0x0A, source[i] != 0x0D {
        json.append(0x20)
        i += 1
      }
      return
    }
    json.append(contentsOf: [0x20, 0x20])
    i += 2
    while i + 1 < count, !(source[i] == UInt8(ascii: "*") && source[i + 1] == UInt8(ascii: "/")) {
      json.append(source[i] == 0x0A ? 0x0A : 0x20)
      i += 1
    }
    guard i + 1 < count else { throw fail(.unexpectedEnd(expected: "'*/' to close the comment"), at: start) }
    json.append(contentsOf: [0x20, 0x20])
    i += 2
  }

  /// The byte width of JSON5 whitespace beyond JSON's at `at` (NBSP, BOM, U+2028, U+2029 and
  /// the other space separators), or nil.
  private func extraWhitespaceWidth(at: Int) -> Int? {
    let c = source[at]
    if c == 0xC2, at + 1 < count, source[at + 1] == 0xA0 { return 2 }  // U+00A0
    guard at + 2 < count else { return nil }
    let (b1, b2) = (source[at + 1], source[at + 2])
    switch c {
    case 0xEF where b1 == 0xBB && b2 == 0xBF: return 3  // U+FEFF
    case 0xE1 where b1 == 0x9A && b2 == 0x80: return 3  // U+1680
    case 0xE2 where b1 == 0x80 && (0x80...0x8A).contains(b2): return 3  // U+2000…U+200A
    case 0xE2 where b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF): return 3  // U+2028, U+2029, U+202F
    case 0xE2 where b1 == 0x81 && b2 == 0x9F: return 3  // U+205F
    case 0xE3 where b1 == 0x80 && b2 == 0x80: return 3  // U+3000
    default: return nil
    }
  }

  private func isIdentifierStart(at: Int) -> Bool {
    let c = source[at]
    return (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "$")
      || c == UInt8(ascii: "_") || c == UInt8(ascii: "\\") || c >= 0x80
  }

  private func isIdentifierPart(at: Int) -> Bool {
    isIdentifierStart(at: at) || (source[at] >= UInt8(ascii: "0") && source[at] <= UInt8(ascii: "9"))
  }

  /// A member name without quotes, or `true`, `false`, `null`, `Infinity`, `NaN`.
  private func identifier() throws(JSONError) {
    let start = i
    while i < count, isIdentifierPart(at: i), extraWhitespaceWidth(at: i) == nil {
      if source[i] == UInt8(ascii: "\\") {
        // Only `\uXXXX` escapes are allowed in a name.
        guard i + 5 < count, source[i + 1] == UInt8(ascii: "u"),
          (2...5).allSatisfy({ isHexDigit(source[i + $0]) })
        else { throw fail(.invalidEscape("in a member name (only \\uXXXX)"), at: i) }
        i += 6
      } else {
        i += 1
      }
    }
    let name = Array(source[start..<i])
    if nextSignificant() == UInt8(ascii: ":") {
      json.append(UInt8(ascii: "\""))
      json.append(contentsOf: name)
      json.append(UInt8(ascii: "\""))
      return
    }
    switch name {
    case Array("true".utf8), Array("false".utf8), Array("null".utf8): json.append(contentsOf: name)
    case Array("Infinity".utf8):
      nonFiniteValue(.infinity)
      try checkNumberEnd(start)
    case Array("NaN".utf8):
      nonFiniteValue(.nan)
      try checkNumberEnd(start)
    default:
      throw fail(.unexpectedCharacter(source[start], expected: "a value (unquoted names are for member keys)"), at: start)
    }
  }

  /// The byte after whitespace and comments from `i` on, without consuming anything.
  private func nextSignificant() -> UInt8? {
    var j = i
    while j < count {
      let c = source[j]
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C {
        j += 1
      } else if let width = extraWhitespaceWidth(at: j) {
        j += width
      } else if c == UInt8(ascii: "/"), j + 1 < count, source[j + 1] == UInt8(ascii: "/") {
        while j < count, source[j] != 0x0A, source[j] != 0x0D { j += 1 }
      } else if c == UInt8(ascii: "/"), j + 1 < count, source[j + 1] == UInt8(ascii: "*") {
        j += 2
        while j + 1 < count, !(source[j] == UInt8(ascii: "*") && source[j + 1] == UInt8(ascii: "/")) { j += 1 }
        j += 2
      } else {
        return c
      }
    }
    return nil
  }

  /// A number that no type takes (`1e99999`), standing for a non-finite value.
  private func nonFiniteValue(_ value: Double) {
    nonFinite[json.count] = value
    json.append(contentsOf: value.sign == .minus && !value.isNaN ? Array("-1e99999".utf8) : Array("1e99999".utf8))
  }

  private func number() throws(JSONError) {
    let start = i
    var negative = false
    if source[i] == UInt8(ascii: "+") || source[i] == UInt8(ascii: "-") {
      negative = source[i] == UInt8(ascii: "-")
      i += 1
      guard i < count else { throw fail(.unexpectedEnd(expected: "a number after the sign"), at: i) }
      if isIdentifierStart(at: i), source[i] != UInt8(ascii: "\\") {
        let nameStart = i
        while i < count, isIdentifierPart(at: i) { i += 1 }
        switch Array(source[nameStart..<i]) {
        case Array("Infinity".utf8): nonFiniteValue(negative ? -.infinity : .infinity)
        case Array("NaN".utf8): nonFiniteValue(.nan)
        default: throw fail(.invalidNumber(String(decoding: source[start..<i], as: UTF8.self), reason: "not a number"), at: start)
        }
        return try checkNumberEnd(start)
      }
    }
    // Hexadecimal.
    if i + 1 < count, source[i] == UInt8(ascii: "0"), source[i + 1] | 0x20 == UInt8(ascii: "x") {
      i += 2
      var magnitude: UInt64 = 0
      let digitsStart = i
      while i < count, isHexDigit(source[i]) {
        let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 16)
        guard !overflow else {
          throw fail(.invalidNumber(String(decoding: source[start..<i], as: UTF8.self), reason: "wider than 64 bits"), at: start)
        }
        magnitude = shifted | UInt64(hexValue(source[i]))
        i += 1
      }
      guard i > digitsStart else {
        throw fail(.invalidNumber(String(decoding: source[start..<i], as: UTF8.self), reason: "no hexadecimal digits"), at: start)
      }
      if negative { json.append(UInt8(ascii: "-")) }
      json.append(contentsOf: Array(String(magnitude).utf8))
      return try checkNumberEnd(start, hexadecimal: true)
    }
    if negative { json.append(UInt8(ascii: "-")) }
    // Decimal: digits, a point, digits, an exponent; the parser checks what is left.
    let integerStart = i
    while i < count, isDigit(source[i]) {
      json.append(source[i])
      i += 1
    }
    let hasInteger = i > integerStart
    if i < count, source[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      if !hasInteger { json.append(UInt8(ascii: "0")) }
      if i < count, isDigit(source[i]) { json.append(UInt8(ascii: ".")) }
      while i < count, isDigit(source[i]) {
        json.append(source[i])
        i += 1
      }
      guard hasInteger || i > fractionStart else {
        throw fail(.invalidNumber(String(decoding: source[start..<i], as: UTF8.self), reason: "no digits"), at: start)
      }
    } else if !hasInteger {
      throw fail(.invalidNumber(String(decoding: source[start..<min(i + 1, count)], as: UTF8.self), reason: "no digits"), at: start)
    }
    if i < count, source[i] | 0x20 == UInt8(ascii: "e") {
      json.append(source[i])
      i += 1
      if i < count, source[i] == UInt8(ascii: "+") || source[i] == UInt8(ascii: "-") {
        json.append(source[i])
        i += 1
      }
      while i < count, isDigit(source[i]) {
        json.append(source[i])
        i += 1
      }
    }
    try checkNumberEnd(start)
  }

  /// A number ends before whitespace, a comment or punctuation. Anything that could go on
  /// with it (`0x2.2`, `0x1E+2`, `1+2`, `5..5`, `1x`) is an error here, rather than the next
  /// token's translation being written straight after it (`0x2.2` read as `20.2`).
  private func checkNumberEnd(_ start: Int, hexadecimal: Bool = false) throws(JSONError) {
    func continues(_ at: Int) -> Bool {
      let c = source[at]
      return c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        || (isIdentifierPart(at: at) && extraWhitespaceWidth(at: at) == nil)
    }
    guard i < count, continues(i) else { return }
    let next = source[i]
    var end = i
    while end < count, continues(end) { end += 1 }
    let text = String(decoding: source[start..<end], as: UTF8.self)
    let reason =
      hexadecimal && next == UInt8(ascii: ".")
      ? "a hexadecimal number has no fraction"
      : hexadecimal && (next == UInt8(ascii: "+") || next == UInt8(ascii: "-"))
        ? "a hexadecimal number has no exponent"
        : "unexpected '\(Character(Unicode.Scalar(next)))' after the number"
    throw fail(.invalidNumber(text, reason: reason), at: start)
  }

  private func string(quote: UInt8) throws(JSONError) {
    let start = i
    json.append(UInt8(ascii: "\""))
    i += 1
    while i < count {
      let c = source[i]
      if c == quote {
        json.append(UInt8(ascii: "\""))
        i += 1
        return
      }
      if c == UInt8(ascii: "\"") {
        json.append(contentsOf: [UInt8(ascii: "\\"), c])  // only in a single-quoted string
        i += 1
      } else if c == UInt8(ascii: "\\") {
        try escape()
      } else {
        json.append(c)
        i += 1
      }
    }
    throw fail(.unterminatedString, at: start)
  }

  private func escape() throws(JSONError) {
    guard i + 1 < count else { throw fail(.unterminatedString, at: i) }
    let c = source[i + 1]
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "u"):
      json.append(contentsOf: [UInt8(ascii: "\\"), c])  // JSON's own (the parser checks \u)
      i += 2
    case UInt8(ascii: "'"):
      json.append(c)
      i += 2
    case UInt8(ascii: "x"):
      guard i + 3 < count, isHexDigit(source[i + 2]), isHexDigit(source[i + 3]) else {
        throw fail(.invalidEscape("\\x without two hexadecimal digits"), at: i)
      }
      json.append(contentsOf: Array("\\u00".utf8) + [source[i + 2], source[i + 3]])
      i += 4
    case UInt8(ascii: "v"):
      json.append(contentsOf: Array("\\u000B".utf8))
      i += 2
    case UInt8(ascii: "0") where !(i + 2 < count && isDigit(source[i + 2])):
      json.append(contentsOf: Array("\\u0000".utf8))
      i += 2
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      throw fail(.invalidEscape("\\\(Character(Unicode.Scalar(c))) (JSON5 has no octal escapes)"), at: i)
    case 0x0A, 0x0D:
      // A line continuation: the line break is dropped (JSON5) or kept (Foundation).
      let width = c == 0x0D && i + 2 < count && source[i + 2] == 0x0A ? 2 : 1
      if keepsEscapedLineBreaks { json.append(contentsOf: width == 2 ? Array("\\r\\n".utf8) : c == 0x0A ? Array("\\n".utf8) : Array("\\r".utf8)) }
      i += 1 + width
    case 0xE2 where i + 3 < count && source[i + 2] == 0x80 && (source[i + 3] == 0xA8 || source[i + 3] == 0xA9):
      if keepsEscapedLineBreaks { json.append(contentsOf: source[(i + 1)...(i + 3)]) }
      i += 4
    default:
      // Any other character stands for itself.
      i += 1
      json.append(source[i])
      i += 1
      while i < count, source[i] & 0xC0 == 0x80 {
        json.append(source[i])
        i += 1
      }
    }
  }
}

private func isHexDigit(_ c: UInt8) -> Bool {
  isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
}

private func hexValue(_ c: UInt8) -> UInt8 { isDigit(c) ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10 }
