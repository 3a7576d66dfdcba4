// The `format`s the validator asserts (with `--assert-formats`, a format-assertion
// vocabulary, or by default up to draft-07), each by its RFC's grammar: date, time and
// date-time (RFC 3339, leap seconds at 23:59:60 UTC only), duration (RFC 3339 appendix A),
// email (RFC 5321 without comments), hostname (RFC 1123 labels), ipv4 (dotted quad, no
// leading zeros), ipv6 (RFC 4291), uri and uri-reference (RFC 3986 characters and shape),
// uuid (RFC 4122 layout), json-pointer (RFC 6901), relative-json-pointer and regex. Every other
// format (idn-email, idn-hostname, iri, iri-reference, uri-template, …) is not checked, and
// the compiler says so in a warning.

import Foundation

/// A format the validator asserts.
package enum SchemaFormat: String, Sendable, CaseIterable {
  case date, time, dateTime = "date-time", duration, email, hostname, ipv4, ipv6, uri
  case uriReference = "uri-reference", uuid, jsonPointer = "json-pointer"
  case relativeJSONPointer = "relative-json-pointer", regex

  init?(name: String) { self.init(rawValue: name) }

  /// What the text should be, for a problem's message.
  var expectation: String {
    switch self {
    case .date: "a date (RFC 3339: 2024-05-01)"
    case .time: "a time (RFC 3339: 12:30:00Z)"
    case .dateTime: "a date-time (RFC 3339: 2024-05-01T12:30:00Z)"
    case .duration: "a duration (ISO 8601: P1DT2H)"
    case .email: "an email address"
    case .hostname: "a hostname"
    case .ipv4: "an IPv4 address"
    case .ipv6: "an IPv6 address"
    case .uri: "an absolute URI"
    case .uriReference: "a URI reference"
    case .uuid: "a UUID"
    case .jsonPointer: "a JSON pointer"
    case .relativeJSONPointer: "a relative JSON pointer"
    case .regex: "a regular expression"
    }
  }

  package func accepts(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    switch self {
    case .date: return Self.isDate(bytes[...])
    case .time: return Self.isTime(bytes[...])
    case .dateTime:
      guard let t = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else { return false }
      return Self.isDate(bytes[..<t]) && Self.isTime(bytes[(t + 1)...])
    case .duration: return Self.isDuration(text)
    case .email: return Self.isEmail(text)
    case .hostname: return Self.isHostname(text)
    case .ipv4: return Self.isIPv4(Substring(text))
    case .ipv6: return Self.isIPv6(text)
    case .uri: return Self.isURIReference(text) && SchemaURI(text).scheme != nil
    case .uriReference: return Self.isURIReference(text)
    case .uuid: return Self.isUUID(bytes)
    case .jsonPointer: return Self.isJSONPointer(Substring(text))
    case .relativeJSONPointer: return Self.isRelativeJSONPointer(text)
    case .regex: return SchemaPattern(text, fast: false) != nil
    }
  }

  // MARK: Dates and times

  private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
    let b = Array(bytes)
    guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D, let year = digits(b[0..<4]), let month = digits(b[5..<7]),
      let day = digits(b[8..<10]), (1...12).contains(month), day >= 1
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return day <= days
  }

  static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
    let b = Array(bytes)
    guard b.count >= 9, b[2] == 0x3A, b[5] == 0x3A, let hour = digits(b[0..<2]), let minute = digits(b[3..<5]),
      let second = digits(b[6..<8]), hour < 24, minute < 60, second <= 60
    else { return false }
    var rest = b[8...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      let fraction = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard !fraction.isEmpty else { return false }
      rest = rest.dropFirst(fraction.count)
    }
    var offset = 0  // minutes east of UTC
    switch rest.first {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard rest.count == 1 else { return false }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let o = Array(rest)
      guard o.count == 6, o[3] == 0x3A, let h = digits(o[1..<3]), let m = digits(o[4..<6]), h < 24, m < 60 else { return false }
      offset = (h * 60 + m) * (o[0] == UInt8(ascii: "+") ? 1 : -1)
    default:
      return false
    }
    guard second == 60 else { return true }
    // A leap second is 23:59:60 in UTC.
    let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
    return utc == 23 * 60 + 59
  }

  static func isDuration(_ text: String) -> Bool {
    var rest = Substring(text)
    guard rest.first == "P" else { return false }
    rest = rest.dropFirst()
    if rest.hasSuffix("W") {
      let number = rest.dropLast()
      return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
    func units(_ part: Substring, _ order: [Character]) -> Bool {
      var position = 0
      var number = ""
      var any = false
      for character in part {
        if character.isASCII, character.isNumber {
          number.append(character)
        } else {
          guard !number.isEmpty, let index = order[position...].firstIndex(of: character) else { return false }
          position = index + 1
          number = ""
          any = true
        }
      }
      return number.isEmpty && any
    }
    let halves = rest.split(separator: "T", omittingEmptySubsequences: false)
    guard halves.count <= 2 else { return false }
    if !halves[0].isEmpty, !units(halves[0], ["Y", "M", "D"]) { return false }
    if halves.count == 2 { return units(halves[1], ["H", "M", "S"]) }
    return !halves[0].isEmpty
  }

  // MARK: Internet names and addresses

  static func isEmail(_ text: String) -> Bool {
    guard let at = text.lastIndex(of: "@") else { return false }
    let local = text[..<at]
    let domain = text[text.index(after: at)...]
    guard !local.isEmpty, local.utf8.count <= 64 else { return false }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.")
    if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
      // A quoted string: printable ASCII and spaces, `"` and `\` only escaped (RFC 5321 §4.1.2).
      var escaped = false
      for byte in local.utf8.dropFirst().dropLast() {
        guard byte >= 0x20, byte < 0x7F else { return false }
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          return false
        }
      }
      if escaped { return false }
    } else {
      // A dot-string: atoms joined by single dots.
      guard local.allSatisfy(allowed.contains), !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
    }
    if domain.hasPrefix("["), domain.hasSuffix("]") {
      let inner = domain.dropFirst().dropLast()
      if inner.hasPrefix("IPv6:") { return isIPv6(String(inner.dropFirst(5))) }
      return isIPv4(inner)
    }
    return isHostname(String(domain))
  }

  static func isHostname(_ text: String) -> Bool {
    var name = Substring(text)
    if name.hasSuffix(".") { name = name.dropLast() }
    guard !name.isEmpty, name.utf8.count <= 253 else { return false }
    return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        && !(label.count >= 4 && label.dropFirst(2).hasPrefix("--") && !label.lowercased().hasPrefix("xn--"))
    }
  }

  static func isIPv4(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return false }
        return value <= 255 && (part.count == 1 || part.first != "0")
      }
  }

  static func isIPv6(_ text: String) -> Bool {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { return false }
    var groups = text.components(separatedBy: ":")
    var limit = 8
    if let last = groups.last, last.contains(".") {
      guard isIPv4(Substring(last)) else { return false }
      groups.removeLast()
      groups.append("0")  // stands for two groups
      limit = 7
    }
    let compressed = text.components(separatedBy: "::").count - 1
    guard compressed <= 1 else { return false }
    if compressed == 0 {
      return groups.count == limit && groups.allSatisfy { !$0.isEmpty && $0.count <= 4 }
    }
    if text.hasPrefix(":") && !text.hasPrefix("::") { return false }
    if text.hasSuffix(":") && !text.hasSuffix("::") { return false }
    let filled = groups.filter { !$0.isEmpty }
    return filled.count < limit && filled.allSatisfy { $0.count <= 4 }
  }

  // MARK: URIs, pointers, identifiers

  static func isURIReference(_ text: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%")
    guard text.allSatisfy(allowed.contains) else { return false }
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
    }
    let uri = SchemaURI(text)
    if let scheme = uri.scheme, !(scheme.first?.isLetter ?? false) { return false }
    if uri.scheme == nil, let colon = uri.path.firstIndex(of: ":"), !uri.path[..<colon].contains("/") { return false }
    if let authority = uri.authority {
      guard authority.filter({ $0 == "[" }).count == authority.filter({ $0 == "]" }).count else { return false }
      // userinfo@host:port, the port digits only; an IP literal in brackets.
      let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority[...]
      var port: Substring = ""
      if hostAndPort.hasPrefix("[") {
        guard let close = hostAndPort.firstIndex(of: "]") else { return false }
        let after = hostAndPort[hostAndPort.index(after: close)...]
        guard after.isEmpty || after.hasPrefix(":") else { return false }
        port = after.dropFirst()
        guard isIPv6(String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])) else { return false }
      } else {
        guard !hostAndPort.contains("[") else { return false }
        if let colon = hostAndPort.lastIndex(of: ":") { port = hostAndPort[hostAndPort.index(after: colon)...] }
      }
      guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
    } else if text.contains("[") || text.contains("]") {
      return false
    }
    return !(uri.fragment?.contains("#") ?? false)
  }

  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if !byte.isHexDigit {
        return false
      }
    }
    return true
  }

  static func isJSONPointer(_ text: Substring) -> Bool {
    guard text.isEmpty || text.hasPrefix("/") else { return false }
    var characters = text.makeIterator()
    while let character = characters.next() {
      if character == "~" {
        guard let next = characters.next(), next == "0" || next == "1" else { return false }
      }
    }
    return true
  }

  static func isRelativeJSONPointer(_ text: String) -> Bool {
    let prefix = text.prefix { $0.isASCII && $0.isNumber }
    guard !prefix.isEmpty, prefix == "0" || prefix.first != "0" else { return false }
    let rest = text.dropFirst(prefix.count)
    return rest == "#" || isJSONPointer(rest)
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
  }
}
