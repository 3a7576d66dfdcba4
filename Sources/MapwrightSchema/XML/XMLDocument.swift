// A small XML reader for Xcode's model files (`contents` of an `.xcdatamodel`, and the
// `.xccurrentversion` property list): elements, attributes, text, character and entity
// references, comments, CDATA, and a prolog or DOCTYPE that is skipped. It builds a tree;
// namespaces, DTD validation and external entities are not part of these files and are not
// supported. Errors carry the line and column. Foundation's XMLParser is not used: on Linux
// it lives in FoundationXML, which needs libxml2 at run time.

import MapwrightJSON

/// An XML element: its name, attributes in document order, child elements and text.
struct XMLElement {
  var name: String
  var attributes: [(name: String, value: String)]
  var children: [XMLElement]
  var text: String
  /// Where the element starts (1-based).
  var line: Int

  func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

  func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

  func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}

/// A malformed XML document: what and where.
struct XMLSyntaxError: Error, CustomStringConvertible {
  var message: String
  var line: Int
  var column: Int

  var description: String { "\(message) (line \(line), column \(column))" }
}

/// Parses `bytes` (UTF-8) into the root element.
func parseXML(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLElement {
  var reader = XMLReader(bytes: bytes)
  return try reader.document()
}

private struct XMLReader {
  let bytes: [UInt8]
  var pos = 0
  /// Deepest nesting accepted (the model files nest four or five levels).
  let maxDepth = 256

  /// Lines and columns of offsets, for errors (MapwrightJSON's one rule).
  let locations = LocationIndex()

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
  }

  mutating func document() throws(XMLSyntaxError) -> XMLElement {
    try skipMisc()
    guard peek() == UInt8(ascii: "<") else { throw fail("expected the root element") }
    let root = try element(depth: 0)
    try skipMisc()
    guard pos == bytes.count else { throw fail("unexpected content after the root element") }
    return root
  }

  // MARK: Markup

  /// Whitespace, comments, processing instructions and a DOCTYPE before or after the root.
  mutating func skipMisc() throws(XMLSyntaxError) {
    while true {
      skipSpaces()
      if starts(with: "<?") {
        try skip(past: "?>")
      } else if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<!DOCTYPE") {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  mutating func skipDoctype() throws(XMLSyntaxError) {
    var depth = 0
    while pos < bytes.count {
      let c = bytes[pos]
      pos += 1
      if c == UInt8(ascii: "[") { depth += 1 }
      if c == UInt8(ascii: "]") { depth -= 1 }
      if c == UInt8(ascii: ">") && depth <= 0 { return }
    }
    throw fail("unterminated DOCTYPE")
  }

  mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElement {
    guard depth < maxDepth else { throw fail("elements nested deeper than \(maxDepth)") }
    let line = location(of: pos).line
    pos += 1  // <
    let name = try self.name()
    var element = XMLElement(name: name, attributes: [], children: [], text: "", line: line)
    while true {
      skipSpaces()
      guard let c = peek() else { throw fail("unterminated start tag <\(name)>") }
      if c == UInt8(ascii: "/") {
        guard starts(with: "/>") else { throw fail("expected '/>'") }
        pos += 2
        return element
      }
      if c == UInt8(ascii: ">") {
        pos += 1
        break
      }
      let attributeName = try self.name()
      skipSpaces()
      guard peek() == UInt8(ascii: "=") else { throw fail("expected '=' after the attribute \(attributeName)") }
      pos += 1
      skipSpaces()
      let value = try quoted()
      if element.attribute(attributeName) != nil { throw fail("the attribute \(attributeName) appears twice") }
      element.attributes.append((attributeName, value))
    }
    // Content.
    while true {
      guard pos < bytes.count else { throw fail("missing </\(name)>") }
      if starts(with: "</") {
        pos += 2
        let closing = try self.name()
        guard closing == name else { throw fail("</\(closing)> closes <\(name)>") }
        skipSpaces()
        guard peek() == UInt8(ascii: ">") else { throw fail("expected '>'") }
        pos += 1
        return element
      }
      if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        pos += 9
        let start = pos
        try skip(past: "]]>")
        element.text += String(decoding: bytes[start..<pos - 3], as: UTF8.self)
      } else if starts(with: "<?") {
        try skip(past: "?>")
      } else if peek() == UInt8(ascii: "<") {
        element.children.append(try self.element(depth: depth + 1))
      } else {
        element.text += try text(until: UInt8(ascii: "<"))
      }
    }
  }

  mutating func name() throws(XMLSyntaxError) -> String {
    let start = pos
    while let c = peek(), isNameByte(c) { pos += 1 }
    guard pos > start else { throw fail("expected a name") }
    return String(decoding: bytes[start..<pos], as: UTF8.self)
  }

  func isNameByte(_ c: UInt8) -> Bool {
    c >= 0x80 || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
      || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
  }

  mutating func quoted() throws(XMLSyntaxError) -> String {
    guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw fail("expected a quoted attribute value")
    }
    pos += 1
    let value = try text(until: quote)
    guard peek() == quote else { throw fail("unterminated attribute value") }
    pos += 1
    return value
  }

  /// Text up to `end` (not consumed), with references resolved.
  mutating func text(until end: UInt8) throws(XMLSyntaxError) -> String {
    var result: [UInt8] = []
    while let c = peek(), c != end {
      if c == UInt8(ascii: "&") {
        result += try reference()
      } else {
        if end == UInt8(ascii: "<") || c != UInt8(ascii: "<") {
          result.append(c)
        } else {
          throw fail("'<' in an attribute value")
        }
        pos += 1
      }
    }
    guard let text = String(validating: result, as: UTF8.self) else { throw fail("invalid UTF-8") }
    return text
  }

  /// `&amp;` and the other predefined entities, `&#60;`, `&#x3C;`.
  mutating func reference() throws(XMLSyntaxError) -> [UInt8] {
    let start = pos
    pos += 1
    while let c = peek(), c != UInt8(ascii: ";") {
      guard pos - start < 12 else { throw fail("unterminated reference", at: start) }
      pos += 1
    }
    guard peek() == UInt8(ascii: ";") else { throw fail("unterminated reference", at: start) }
    let body = String(decoding: bytes[start + 1..<pos], as: UTF8.self)
    pos += 1
    switch body {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      var scalar: UInt32?
      if body.hasPrefix("#x") {
        scalar = UInt32(body.dropFirst(2), radix: 16)
      } else if body.hasPrefix("#") {
        scalar = UInt32(body.dropFirst(), radix: 10)
      }
      guard let scalar, let character = Unicode.Scalar(scalar) else { throw fail("unknown reference &\(body);", at: start) }
      return Array(String(Character(character)).utf8)
    }
  }

  // MARK: Bytes

  func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

  func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard pos + count <= bytes.count else { return false }
    for i in 0..<count where bytes[pos + i] != text.utf8Start[i] { return false }
    return true
  }

  mutating func skipSpaces() {
    while let c = peek(), c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 }
  }

  mutating func skip(past end: StaticString) throws(XMLSyntaxError) {
    let start = pos
    while pos < bytes.count {
      if starts(with: end) {
        pos += end.utf8CodeUnitCount
        return
      }
      pos += 1
    }
    throw fail("missing '\(end)'", at: start)
  }

  func location(of offset: Int) -> (line: Int, column: Int) {
    bytes.withUnsafeBufferPointer { locations.location(of: offset, in: $0) }
  }

  func fail(_ message: String, at offset: Int? = nil) -> XMLSyntaxError {
    let (line, column) = location(of: offset ?? pos)
    return XMLSyntaxError(message: message, line: line, column: column)
  }
}
