import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct ValueTests {
  let document: JSONDocument

  init() throws {
    document = try JSONDocument(
      #"""
      {"user": {"login": "octocat", "id": 583231},
       "labels": [{"name": "bug"}, {"name": "ui"}],
       "escaped \"key\"": "tab\there \u00e9 \ud83d\ude00",
       "flags": [true, false, null],
       "empty": {}, "none": []}
      """#)
  }

  @Test func kindsAndScalars() throws {
    let root = document.root
    #expect(root.kind == .object)
    #expect(root.count == 6)
    #expect(root["user"]?["login"]?.stringValue == "octocat")
    #expect(root["user"]?["id"]?.intValue == 583231)
    #expect(root["flags"]?[0]?.boolValue == true)
    #expect(root["flags"]?[1]?.boolValue == false)
    #expect(root["flags"]?[2]?.isNull == true)
    #expect(root["flags"]?[2]?.kind == .null)
    #expect(root["flags"]?[3] == nil)
    #expect(root["flags"]?[-1] == nil)
    #expect(root["missing"] == nil)
    #expect(root["user"]?["login"]?.intValue == nil)
    #expect(root["empty"]?.count == 0)
    #expect(root["none"]?.elements.count == 0)
  }

  @Test func escapedStringsAndKeys() {
    let root = document.root
    #expect(root["escaped \"key\""]?.stringValue == "tab\there é 😀")
    #expect(
      root["escaped \"key\""]?.withUnsafeRawStringBytes { String(decoding: $0, as: UTF8.self) }
        == #"tab\there \u00e9 \ud83d\ude00"#)
  }

  @Test func keyLookupMatchesEscapedKeys() throws {
    let doc = try JSONDocument(#"{"caf\u00e9": 1, "a\/b": 2, "\ud83d\ude00": 3}"#)
    #expect(doc.root["café"]?.intValue == 1)
    #expect(doc.root["a/b"]?.intValue == 2)
    #expect(doc.root["😀"]?.intValue == 3)
    #expect(doc.root["cafe"] == nil)
  }

  @Test func iterationIsInDocumentOrder() throws {
    let keys = document.root.members.map(\.key)
    #expect(keys == ["user", "labels", "escaped \"key\"", "flags", "empty", "none"])
    let names = document.root["labels"]?.elements.compactMap { $0["name"]?.stringValue }
    #expect(names == ["bug", "ui"])
    let doc = try JSONDocument(#"{"b": 1, "a": 2, "b": 3}"#)
    #expect(doc.root.members.map(\.key) == ["b", "a", "b"])
    #expect(doc.root.members.map { $0.value.intValue } == [1, 2, 3])
  }

  @Test func locationsOfValues() throws {
    let doc = try JSONDocument("{\n  \"a\": [1,\n    \"x\"]\n}")
    let x = try #require(doc.root["a"]?[1])
    #expect(x.location.line == 3)
    #expect(x.location.column == 5)
    #expect(x.byteOffset == 17)
  }

  @Test func inputForms() throws {
    let text = #"{"a": [1, 2]}"#
    let fromString = try JSONDocument(text)
    let fromBytes = try JSONDocument(Array(text.utf8))
    let fromData = try JSONDocument(Data(text.utf8))
    let fromSlice = try JSONDocument(bytes: Array(("  " + text).utf8)[2...])
    for doc in [fromString, fromBytes, fromData, fromSlice] {
      #expect(doc.root["a"]?[1]?.intValue == 2)
    }
    try Array(text.utf8).withUnsafeBytes { try JSONDocument.validate($0) }
    #expect(throws: JSONError.self) { try Array("[1,".utf8).withUnsafeBytes { try JSONDocument.validate($0) } }
  }
}

@Suite struct NumberTests {
  func value(_ text: String) throws -> JSONValue { try JSONDocument(text).root }

  @Test func integersAreExactAcrossBothRanges() throws {
    #expect(try value("9223372036854775807").int64Value == .max)
    #expect(try value("-9223372036854775808").int64Value == .min)
    #expect(try value("9223372036854775808").int64Value == nil)
    #expect(try value("-9223372036854775809").int64Value == nil)
    #expect(try value("18446744073709551615").uint64Value == .max)
    #expect(try value("18446744073709551616").uint64Value == nil)
    #expect(try value("-1").uint64Value == nil)
    #expect(try value("-0").intValue == 0)
    #expect(try value("300").integer(as: UInt8.self) == nil)
    #expect(try value("255").integer(as: UInt8.self) == 255)
    #expect(try value("-128").integer(as: Int8.self) == -128)
    #expect(try value("-129").integer(as: Int8.self) == nil)
    #expect(try value("170141183460469231731687303715884105727").integer(as: Int128.self) == .max)
    #expect(try value("-170141183460469231731687303715884105728").integer(as: Int128.self) == .min)
    #expect(try value("170141183460469231731687303715884105728").integer(as: Int128.self) == nil)
  }

  @Test func fractionsAreNeverTruncated() throws {
    #expect(try value("1.5").intValue == nil)
    #expect(try value("1.000000000000000005").intValue == nil)
    #expect(try value("1e-999").intValue == nil)
    #expect(try value("0.5e1").intValue == 5)
    #expect(try value("1.0").intValue == 1)
    #expect(try value("1e3").intValue == 1000)
    #expect(try value("1.50e1").intValue == 15)
    #expect(try value("0e999999999999").intValue == 0)
    #expect(try value("1e19").int64Value == nil)
    #expect(try value("1e19").uint64Value == 10_000_000_000_000_000_000)
    #expect(try value("1.0").integer(as: Int.self, forms: .literalsOnly) == nil)
    #expect(try value("1e3").integer(as: Int.self, forms: .literalsOnly) == nil)
    #expect(try value("7").integer(as: Int.self, forms: .literalsOnly) == 7)
    #expect(try value("1.0").isIntegerLiteral == false)
    #expect(try value("-12").isIntegerLiteral == true)
  }

  @Test func bigIntegersStayReadableAsText() throws {
    let big = "123456789012345678901234567890123456789012345678901234567890"
    let v = try value(big)
    #expect(v.numberText == big)
    #expect(v.int64Value == nil)
    #expect(v.decimalValue == nil)  // 60 significant digits do not fit a Decimal
    #expect(v.doubleValue == 1.2345678901234568e59)
    #expect(try value("1.50").numberText == "1.50")
  }

  @Test func doublesAreCorrectlyRounded() throws {
    let samples = [
      "0.1", "-0.0", "1e-5", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
      "9007199254740993", "0.30000000000000004", "123456789.123456789", "1e22", "1e23",
      "-65.613616999999977", "43.420273000000009", "2.5e-3", "1e-400", "7.2057594037927933e16",
    ]
    for text in samples {
      #expect(try value(text).doubleValue == Double(text), "\(text)")
    }
    // Seeded: a failure names the seed, and MAPWRIGHT_SEED replays it.
    let seed = ProcessInfo.processInfo.environment["MAPWRIGHT_SEED"].flatMap { UInt64($0) } ?? 0xD0_0B1E
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<2000 {
      let d = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
      let text = "\(d)"
      #expect(try value(text).doubleValue == d, "\(text) (seed \(seed))")
      let digits = String(generator.next() % 100_000_000_000_000_000)
      let exponent = Int.random(in: -30...30, using: &generator)
      let composed = "\(digits)e\(exponent)"
      #expect(try value(composed).doubleValue == Double(composed), "\(composed) (seed \(seed))")
    }
  }

  /// Plain decimals (no exponent, as canada.json's coordinates) of every length of integer
  /// and fraction part, with and without leading zeros after the point: the fraction's last
  /// digits are read several at a time, which must round as the standard library does.
  @Test func decimalFractionsOfEveryLengthAreCorrectlyRounded() throws {
    let seed = ProcessInfo.processInfo.environment["MAPWRIGHT_SEED"].flatMap { UInt64($0) } ?? 0xF4AC_7105
    var generator = SeededGenerator(seed: seed)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
    var checked = 0
    for integerLength in 0...13 {
      for fractionLength in 1...22 {
        for _ in 0..<12 {
          let integer = integerLength == 0 ? "0" : String(Int.random(in: 1...9, using: &generator)) + digits(integerLength - 1)
          let zeros = Bool.random(using: &generator) ? String(repeating: "0", count: Int.random(in: 1...4, using: &generator)) : ""
          let sign = Bool.random(using: &generator) ? "-" : ""
          let exponent = Int.random(in: 0..<6, using: &generator) == 0 ? "e\(Int.random(in: -20...20, using: &generator))" : ""
          let text = sign + integer + "." + zeros + digits(fractionLength) + exponent
          #expect(try value(text).doubleValue == Double(text), "\(text) (seed \(seed))")
          checked += 1
        }
      }
    }
    #expect(checked == 14 * 22 * 12)
  }

  @Test func doubleOverflowIsNilUnderflowIsZero() throws {
    #expect(try value("1e999").doubleValue == nil)
    #expect(try value("-1e999").doubleValue == nil)
    #expect(try value("1e-999").doubleValue == 0)
    #expect(try value("1.5").doubleValue == 1.5)
    #expect(try value("\"1.5\"").doubleValue == nil)
  }

  @Test func decimalsAreExact() throws {
    #expect(try value("19.990").decimalValue == Decimal(string: "19.99"))
    #expect(try value("-1.5e3").decimalValue == Decimal(-1500))
    #expect(try value("0.1").decimalValue == Decimal(string: "0.1"))
    #expect(
      try value("12345678901234567890123456789012345678").decimalValue
        == Decimal(string: "12345678901234567890123456789012345678"))
    #expect(try value("1e200").decimalValue == nil)
    #expect(try value("1e-999").decimalValue == nil)
  }
}

extension NumberTests {
  /// Seventeen- to nineteen-digit significands with small exponents (canada.json's kind of
  /// number) take the Eisel–Lemire path; every result must equal Double(String).
  @Test func longSignificandsAreCorrectlyRounded() throws {
    let seed: UInt64 = 0x5EED_0002  // fixed: a failure replays exactly
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<20_000 {
      let digits = 15 + Int(generator.next() % 5)
      var text = String(1 + generator.next() % 9)
      for _ in 1..<digits { text += String(generator.next() % 10) }
      let point = Int(generator.next() % UInt64(digits))
      if point > 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
      let exponent = Int(generator.next() % 50) - 25
      let number = (generator.next() % 2 == 0 ? "-" : "") + text + "e\(exponent)"
      #expect(try value(number).doubleValue == Double(number), "\(number) (seed \(seed))")
    }
    // Exact midpoints between two Doubles round to even; 20 digits go to the standard library.
    for text in [
      "9007199254740993", "9007199254740993.0", "0.30000000000000001665", "-65.613616999999977", "18014398509481986",
      "18014398509481990", "9007199254740995", "1.0000000000000002220446049250313080847263336181640625",
    ] {
      #expect(try value(text).doubleValue == Double(text), "\(text)")
    }
  }

  /// The Eisel–Lemire conversion over its whole table: one to nineteen digits, exponents from
  /// one past the smallest to the largest, the edges of the normal range (where it hands over
  /// to the standard library for subnormals and infinity) — every result equal to
  /// Double(String).
  @Test func theWholeExponentRangeIsCorrectlyRounded() throws {
    let seed: UInt64 = 0x5EED_0003
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<30_000 {
      let digits = 1 + Int(generator.next() % 19)
      var text = String(1 + generator.next() % 9)
      for _ in 1..<digits { text += String(generator.next() % 10) }
      let exponent = Int(generator.next() % 660) - 345
      let number = text + "e\(exponent)"
      // An overflow is nil (the standard library says infinity).
      let expected = Double(number).flatMap { $0.isFinite ? $0 : nil }
      #expect(try value(number).doubleValue == expected, "\(number) (seed \(seed))")
    }
    for text in [
      "2.2250738585072011e-308", "2.2250738585072014e-308", "2.2250738585072009e-308", "4.9406564584124654e-324",
      "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e-342", "1e-343", "1e308",
      "9999999999999999999e288", "1e-325", "5e-324", "123456789012345678e-330",
    ] {
      #expect(try value(text).doubleValue == Double(text).flatMap { $0.isFinite ? $0 : nil }, "\(text)")
    }
  }
}

extension NumberTests {
  @Test func eightDigitChunksMatchDigitByDigitReading() throws {
    for text in ["0.12345678", "1.1234567812345678", "-3.00000001", "12.87654321e3", "0.000000012345678901", "5.999999999999999999"] {
      #expect(try value(text).doubleValue == Double(text), "\(text)")
    }
  }
}

/// `memoryEqual`, which matches keys, against element-wise equality: every length up to 40,
/// a single differing byte at every place, and equal runs.
@Suite struct MemoryEqualTests {
  @Test func aDifferenceAnywhereIsFound() {
    var random = SeededGenerator(seed: 21)
    for length in 0...40 {
      let a = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      // One side inside a larger buffer: the runs need not start at an aligned address.
      let padded = [0xAA] + a + [0x55]
      padded.withUnsafeBufferPointer { pa in
        a.withUnsafeBufferPointer { same in
          #expect(length == 0 || memoryEqual(pa.baseAddress! + 1, same.baseAddress!, length))
        }
        for place in 0..<length {
          var b = a
          b[place] ^= UInt8.random(in: 1...255, using: &random)
          b.withUnsafeBufferPointer { pb in
            #expect(!memoryEqual(pa.baseAddress! + 1, pb.baseAddress!, length), "length \(length), byte \(place)")
          }
        }
      }
    }
  }
}
