// Equality as JSON Schema defines it (`enum`, `const`, `uniqueItems`): by value, where numbers
// are equal when they are mathematically equal (1, 1.0, 1e0 and 10e-1 are one number) and
// strings when their code points are (so "\u00e9" and "e\u0301" differ, unlike Swift's `==`).
//
// Each value has a canonical form — bytes, compared and hashed as bytes — written straight
// from the parse's tape:
//   null `n`, true `t`, false `f`;
//   a number `#`, its sign, its significant digits, `e`, its scale, NUL (`SchemaDecimal`'s
//     exact form: 100 and 1e2 are `#1e2`, 0.50 is `#5e-1`, zero is `#0e0`);
//   a string `"`, its UTF-8 byte count, `:`, its UTF-8;
//   an array `[`, its element count, `:`, its elements;
//   an object `{`, its member count, `:`, then each member (key as a string's count and
//     bytes, then the value) sorted by the key's UTF-8; a repeated key counts once, the first.
// The schema's own values (`enum`, `const`) are parsed into a document and written the same
// way, so there is one writer.

import MapwrightJSON

enum SchemaCanonical {
  /// The canonical bytes of a schema value.
  static func form(_ value: JSON) -> [UInt8] {
    guard let bytes = try? value.jsonBytes(), let document = try? JSONDocument(bytes) else { return [] }
    let instance = SchemaInstance(document)
    return form(instance, document.root.index)
  }

  /// The canonical bytes of the value at `index`.
  static func form(_ instance: SchemaInstance, _ index: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    write(instance, index, into: &bytes)
    return bytes
  }

  /// Appends the canonical bytes of the value at `index`.
  static func write(_ instance: SchemaInstance, _ index: Int, into bytes: inout [UInt8]) {
    switch instance.kind(index) {
    case .null: bytes.append(UInt8(ascii: "n"))
    case .true: bytes.append(UInt8(ascii: "t"))
    case .false: bytes.append(UInt8(ascii: "f"))
    case .number:
      bytes.append(UInt8(ascii: "#"))
      instance.withNumberText(index) { appendNumber($0, into: &bytes) }
      bytes.append(0)
    case .string:
      bytes.append(UInt8(ascii: "\""))
      instance.withText(index) { appendCounted($0, into: &bytes) }
    case .array:
      bytes.append(UInt8(ascii: "["))
      appendCount(instance.count(index), into: &bytes)
      var element = instance.first(index)
      for _ in 0..<instance.count(index) {
        write(instance, element, into: &bytes)
        element = instance.next(element)
      }
    case .object:
      var members: [(key: [UInt8], value: [UInt8])] = []
      _ = instance.forEachMember(of: index) { key in
        members.append((instance.withText(key) { Array($0) }, form(instance, key + 1)))
        return true
      }
      // A stable sort keeps a repeated key's first member first.
      members = members.enumerated().sorted {
        $0.element.key.lexicographicallyPrecedes($1.element.key) || ($0.element.key == $1.element.key && $0.offset < $1.offset)
      }.map(\.element)
      var unique: [(key: [UInt8], value: [UInt8])] = []
      for member in members where unique.last?.key != member.key { unique.append(member) }
      bytes.append(UInt8(ascii: "{"))
      appendCount(unique.count, into: &bytes)
      for member in unique {
        member.key.withUnsafeBufferPointer { appendCounted($0, into: &bytes) }
        bytes.append(contentsOf: member.value)
      }
    }
  }

  /// A number's exact form. An integer literal (no `.`, no exponent) is read in place: its
  /// digits less the trailing zeros, whose count is the scale; anything else through
  /// `SchemaDecimal`. A test holds the two to one answer.
  static func appendNumber(_ text: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
    if isIntegerLiteral(text) {
      let negative = text[0] == UInt8(ascii: "-")
      let start = negative ? 1 : 0
      var end = text.count
      while end > start, text[end - 1] == UInt8(ascii: "0") { end -= 1 }
      if end == start {  // zero
        bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "e"), UInt8(ascii: "0")])
        return
      }
      if negative { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
      bytes.append(UInt8(ascii: "e"))
      appendDecimal(text.count - end, into: &bytes)
      return
    }
    appendExact(SchemaDecimal(text: text), into: &bytes)
  }

  /// The exact form of any number, as `appendNumber` writes it.
  static func appendExact(_ number: SchemaDecimal, into bytes: inout [UInt8]) {
    if number.isZero {
      bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "e"), UInt8(ascii: "0")])
      return
    }
    if number.negative { bytes.append(UInt8(ascii: "-")) }
    for digit in number.digits { bytes.append(UInt8(ascii: "0") + digit) }
    bytes.append(UInt8(ascii: "e"))
    appendDecimal(number.scale, into: &bytes)
  }

  private static func isIntegerLiteral(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !text.isEmpty && !text.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
  }

  /// `value` in decimal, by the writer's digit routine.
  private static func appendDecimal(_ value: Int, into bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      let count = OutputBuffer.writeDecimal(UInt64(value.magnitude), at: digits.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
    }
  }

  private static func appendCount(_ count: Int, into bytes: inout [UInt8]) {
    appendDecimal(count, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  private static func appendCounted(_ text: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
    appendCount(text.count, into: &bytes)
    bytes.append(contentsOf: text)
  }
}

/// Canonical forms written one after another into one buffer, and told apart by a hash set
/// of their ranges: `uniqueItems` without an array per element.
struct SchemaCanonicalSet {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []

  /// Appends the form of the value at `index`.
  mutating func append(_ instance: SchemaInstance, _ index: Int) {
    SchemaCanonical.write(instance, index, into: &bytes)
    ends.append(bytes.count)
  }

  /// The positions (in append order) of the forms equal to an earlier one.
  func repeats() -> [Int] {
    bytes.withUnsafeBufferPointer { base in
      var seen = Set<Form>(minimumCapacity: ends.count)
      var found: [Int] = []
      var start = 0
      for (position, end) in ends.enumerated() {
        if !seen.insert(Form(bytes: UnsafeBufferPointer(rebasing: base[start..<end]))).inserted { found.append(position) }
        start = end
      }
      return found
    }
  }

  private struct Form: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }

    static func == (a: Form, b: Form) -> Bool {
      a.bytes.count == b.bytes.count && a.bytes.elementsEqual(b.bytes)
    }
  }
}
