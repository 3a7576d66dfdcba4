// The instance as the evaluator reads it: values named by their index in the parse's tape,
// read from the tape and the input bytes directly. A `JSONValue` holds its document, so each
// one made, copied or dropped retains or releases it; the walk made one per value and per
// member key, and those counts were a quarter of a validation's time. Here the document is
// held once, for the walk, and a `JSONValue` is made only where a failure is recorded or a
// keyword that reads a value whole (`format`) asks for one.

import MapwrightJSON

struct SchemaInstance {
  let document: JSONDocument
  private let tape: UnsafeMutablePointer<TapeEntry>
  private let input: UnsafeBufferPointer<UInt8>

  init(_ document: JSONDocument) {
    self.document = document
    tape = document.tape.entries
    input = document.input
  }

  @inline(__always) func entry(_ index: Int) -> TapeEntry { tape[index] }

  @inline(__always) func kind(_ index: Int) -> TapeKind { tape[index].kind }

  /// The value at `index` as a view (it retains the document).
  func value(_ index: Int) -> JSONValue { JSONValue(document: document, index: index) }

  /// Elements of an array, members of an object.
  @inline(__always) func count(_ index: Int) -> Int { Int(tape[index].length) }

  /// The first element of an array, or the first member's key of an object.
  @inline(__always) func first(_ index: Int) -> Int { index + 1 }

  /// The value after the one at `index` in its container.
  @inline(__always) func next(_ index: Int) -> Int { Int(tape[index].next) }

  /// Calls `body` with each member's key index and value index (key + 1), in document order,
  /// while it returns true; returns whether every call did.
  @inline(__always)
  func forEachMember(of object: Int, _ body: (_ key: Int) -> Bool) -> Bool {
    var key = object + 1
    for _ in 0..<count(object) {
      guard body(key) else { return false }
      key = next(key + 1)
    }
    return true
  }

  /// Calls `body` with a string's UTF-8 text: its raw bytes when it has no escapes (nothing
  /// is made), else its decoded text.
  @inline(__always)
  func withText<R>(_ string: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let entry = tape[string]
    if !entry.has(TapeFlag.hasEscapes | TapeFlag.needsRepair) {
      return body(UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
    }
    var text = decodeStringEntry(entry, in: input)
    return text.withUTF8 { body($0) }
  }

  /// A string's text.
  func string(_ index: Int) -> String { decodeStringEntry(tape[index], in: input) }

  /// A string's length in code points.
  func characterCount(_ string: Int) -> Int {
    let entry = tape[string]
    if !entry.has(TapeFlag.hasEscapes | TapeFlag.needsRepair | TapeFlag.nonASCII) { return Int(entry.length) }
    return withText(string) { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
  }

  /// Whether a number is written as an integer literal.
  @inline(__always) func isIntegerLiteral(_ number: Int) -> Bool { tape[number].has(TapeFlag.integerLiteral) }

  /// Calls `body` with a number's text, in place.
  @inline(__always)
  func withNumberText<R>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let entry = tape[number]
    return body(UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
  }

  /// A number as the nearest double, nil beyond `Double`'s range.
  func double(_ number: Int) -> Double? { withNumberText(number, readDouble) }

  /// A number read exactly.
  func decimal(_ number: Int) -> SchemaDecimal { withNumberText(number) { SchemaDecimal(text: $0) } }

  /// A number written as an integer literal that `Int64` holds, as an integer.
  @inline(__always)
  func smallInteger(_ number: Int) -> Int64? {
    let entry = tape[number]
    guard entry.has(TapeFlag.integerLiteral), entry.length <= 20 else { return nil }
    let digits = input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]
    if entry.length <= 18 {  // no overflow possible
      var value: Int64 = 0
      var negative = false
      for byte in digits {
        if byte == UInt8(ascii: "-") { negative = true } else { value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0")) }
      }
      return negative ? -value : value
    }
    var magnitude: UInt64 = 0
    var negative = false
    for byte in digits {
      if byte == UInt8(ascii: "-") {
        negative = true
        continue
      }
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = shifted.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      magnitude = sum
    }
    if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value of the member of `object` named `key` (the first if it repeats), or nil.
  func member(of object: Int, named key: String) -> Int? {
    var key = key
    return key.withUTF8 { key in
      var found: Int?
      _ = forEachMember(of: object) { index in
        guard stringEntry(tape[index], in: input, equals: key) else { return true }
        found = index + 1
        return false
      }
      return found
    }
  }
}
