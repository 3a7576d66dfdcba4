import Foundation
import MapwrightCodable
import Testing

/// JSON5's number grammar (https://spec.json5.org/#numbers) and its NUL escapes, through
/// Mapwright's decoder and Foundation's side by side: one row per form, with what each must
/// give. Where Foundation departs from the grammar the row says so (Docs/Codable.md lists
/// each); where Foundation traps, it is not run.
@Suite("JSON5 number forms and escapes, both decoders")
struct JSON5FormTests {
  enum Expected: Equatable, CustomStringConvertible {
    case value(Double)
    case error
    /// Foundation stops the process on this input.
    case trap

    var description: String {
      switch self {
      case .value(let value): "\(value)"
      case .error: "error"
      case .trap: "trap"
      }
    }
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let text: String
    /// Into `Double`: Mapwright's result, and Foundation's where it differs.
    let double: Expected
    let foundationDouble: Expected?
    /// Into `Int`.
    let int: Expected
    let foundationInt: Expected?
    var testDescription: String { text }

    init(_ text: String, _ double: Expected, _ int: Expected, foundationDouble: Expected? = nil, foundationInt: Expected? = nil) {
      self.text = text
      self.double = double
      self.int = int
      self.foundationDouble = foundationDouble
      self.foundationInt = foundationInt
    }
  }

  static let rows: [Row] = [
    // Hexadecimal: digits only, no fraction, no exponent, up to 64 bits.
    Row("0x1F", .value(31), .value(31)),
    Row("0X1f", .value(31), .value(31)),
    Row("-0x1F", .value(-31), .value(-31)),
    Row("+0x1F", .value(31), .value(31)),
    Row("0x00", .value(0), .value(0)),
    Row("0x1e2", .value(482), .value(482)),
    Row("0x2.2", .error, .error),
    Row("0x1.", .error, .error, foundationInt: .value(1)),
    Row("0x.1", .error, .error),
    Row("0x1E+2", .error, .error, foundationInt: .trap),
    Row("0x1p2", .error, .error, foundationInt: .value(4)),
    Row("0x", .error, .error),
    Row("0xG", .error, .error),
    Row("0x-1", .error, .error),
    Row("00x1", .error, .error),
    Row("0x8000000000000000", .value(9_223_372_036_854_775_808), .error),
    Row("-0x8000000000000000", .value(-9_223_372_036_854_775_808), .value(Double(Int.min))),
    Row("0xFFFFFFFFFFFFFFFF", .value(Double(UInt64.max)), .error, foundationDouble: .error),
    Row("0x10000000000000000", .error, .error),
    // Leading and trailing decimal points, a leading `+`.
    Row(".5", .value(0.5), .error),
    Row("5.", .value(5), .value(5)),
    Row("-.5", .value(-0.5), .error),
    Row("+.5", .value(0.5), .error),
    Row("+5", .value(5), .value(5)),
    Row("+0", .value(0), .value(0)),
    Row("-0", .value(-0.0), .value(0)),
    Row(".", .error, .error),
    Row("+", .error, .error),
    Row("-", .error, .error),
    Row("5..5", .error, .error),
    Row("5.5.5", .error, .error),
    Row("1+2", .error, .error),
    Row("01", .error, .error),
    Row("1_000", .error, .error),
    // Exponents.
    Row("+1.5e3", .value(1500), .value(1500)),
    Row("5.e1", .value(50), .value(50)),
    Row(".5e1", .value(5), .value(5)),
    Row(".e1", .error, .error),
    Row("1e", .error, .error),
    Row("1e+", .error, .error, foundationDouble: .trap, foundationInt: .value(1)),
    Row("1e-", .error, .error, foundationDouble: .trap, foundationInt: .value(1)),
    // Infinity and NaN, signed or not (NaN compared by kind).
    Row("Infinity", .value(.infinity), .error),
    Row("-Infinity", .value(-.infinity), .error),
    Row("+Infinity", .value(.infinity), .error),
    Row("NaN", .value(.nan), .error),
    Row("-NaN", .value(.nan), .error),
    Row("+NaN", .value(.nan), .error),
    Row("Infinity.5", .error, .error),
    Row("NaN5", .error, .error),
    Row("Inf", .error, .error),
    Row("infinity", .error, .error),
  ]

  private static func outcome<T: Decodable & BinaryFloatingPoint>(_ decode: () throws -> [T]) -> Expected {
    guard let values = try? decode(), values.count == 1 else { return .error }
    return .value(Double(values[0]))
  }

  private static func same(_ a: Expected, _ b: Expected) -> Bool {
    if case .value(let x) = a, case .value(let y) = b, x.isNaN || y.isNaN { return x.isNaN && y.isNaN }
    if case .value(let x) = a, case .value(let y) = b { return x == y && x.sign == y.sign }
    return a == b
  }

  @Test(arguments: rows)
  func readsAsTheGrammarSays(_ row: Row) {
    let json = "[\(row.text)]"
    let ours = MapwrightJSONDecoder()
    ours.allowsJSON5 = true
    let theirs = Foundation.JSONDecoder()
    theirs.allowsJSON5 = true

    let double = Self.outcome { try ours.decode([Double].self, from: Data(json.utf8)) }
    #expect(Self.same(double, row.double), "Mapwright, \(json) into Double: \(double)")
    let int = Self.outcome { try ours.decode([Int].self, from: Data(json.utf8)).map(Double.init) }
    #expect(Self.same(int, row.int), "Mapwright, \(json) into Int: \(int)")

    let foundationDouble = row.foundationDouble ?? row.double
    if foundationDouble != .trap {
      let theirDouble = Self.outcome { try theirs.decode([Double].self, from: Data(json.utf8)) }
      #expect(Self.same(theirDouble, foundationDouble), "Foundation, \(json) into Double: \(theirDouble)")
    }
    let foundationInt = row.foundationInt ?? row.int
    if foundationInt != .trap {
      let theirInt = Self.outcome { try theirs.decode([Int].self, from: Data(json.utf8)).map(Double.init) }
      #expect(Self.same(theirInt, foundationInt), "Foundation, \(json) into Int: \(theirInt)")
    }
  }

  /// The error names the number and its place in the JSON5 as written.
  @Test func aHexadecimalFractionIsAnErrorAtItsPlace() throws {
    let error = try #require(decodingError([Double].self, "[1,\n 0x2.2]") { $0.allowsJSON5 = true })
    guard case .dataCorrupted(let context) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(context.debugDescription.contains("a hexadecimal number has no fraction"), "\(context.debugDescription)")
    #expect(context.debugDescription.contains("line 2, column 2"), "\(context.debugDescription)")
  }

  /// `\0` (not before a digit), `\x00` and `\u0000` are NUL in JSON5; Foundation refuses all
  /// three in JSON5 mode (and reads `\u0000` in plain JSON). Mapwright follows the
  /// specification in both modes.
  @Test func nulEscapesFollowTheSpecification() throws {
    let ours = MapwrightJSONDecoder()
    ours.allowsJSON5 = true
    let theirs = Foundation.JSONDecoder()
    theirs.allowsJSON5 = true
    for text in [#"['a\0b']"#, #"['a\x00b']"#, #"['a\u0000b']"#, #"["a\0"]"#] {
      let value = try ours.decode([String].self, from: Data(text.utf8))
      #expect(value.first?.unicodeScalars.contains("\u{0}") == true, "\(text)")
      #expect(throws: DecodingError.self, "\(text)") { try theirs.decode([String].self, from: Data(text.utf8)) }
    }
    #expect(try ours.decode([String].self, from: Data(#"['a\0b']"#.utf8)) == ["a\u{0}b"])
    // `\0` before a digit would be an octal escape, which JSON5 does not have: both refuse.
    for text in [#"['a\01']"#, #"['\1']"#] {
      #expect(throws: DecodingError.self, "\(text)") { try ours.decode([String].self, from: Data(text.utf8)) }
      #expect(throws: DecodingError.self, "\(text)") { try theirs.decode([String].self, from: Data(text.utf8)) }
    }
    // Plain JSON: `\u0000` is NUL in both.
    expectSameDecoding([String].self, #"["a\u0000b"]"#)
  }
}
