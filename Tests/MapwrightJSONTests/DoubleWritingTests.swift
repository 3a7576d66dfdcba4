// The writer's doubles (Schubfach digits, `description`'s layout): the text is the standard
// library's, byte for byte, on every number of the benchmark corpus's float-heavy files, on
// the edges of each layout and of the binary format, and on seeded random bit patterns.
// `mapwright-bench --verify-doubles N` runs the random check at 10⁷ in a release build.

import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct DoubleWritingTests {
  func written(_ value: Double) -> String {
    var output = JSONOutput()
    output.double(value)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  func expectStandardText(_ value: Double, _ context: String = "") {
    let text = written(value)
    #expect(text == value.description, "\(value.bitPattern) \(context)")
  }

  @Test func layoutEdgesAreTheStandardLibrarysText() {
    var values: [Double] = [
      0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1e-4, 1e-5, 9.999e-5, 0.00012345, 123.456, 100, 1e15, 1e16, 1e22, 1e23,
      0x1p53, 0x1p53 + 2, 0x1p53 - 1, 0x1p54, 9.5e15, 9_999_999_999_999_998,
      .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne, .pi,
      5e-324, 1e-323, 2.2250738585072009e-308, 4.9406564584124654e-324, 1.7976931348623157e308,
    ]
    // Every power of two and of ten in range, and their neighbours (where the interval is
    // lopsided, and where the shortest digits may come from the coarser scale).
    for exponent in -1074...1023 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown]
    }
    for exponent in -323...308 {
      let power = Double("1e\(exponent)")!
      values += [power, power.nextUp, power.nextDown]
    }
    // Integers around the layouts' edges and small integers of every length.
    var integer: Double = 1
    for _ in 0..<23 {
      values += [integer, integer - 1, integer + 1, integer * 1.5]
      integer *= 10
    }
    for value in values {
      expectStandardText(value)
      expectStandardText(-value)
    }
  }

  @Test func seededBitPatternsAreTheStandardLibrarysText() {
    var generator = SeededGenerator(seed: 0xD0B1_E5)
    var checked = 0
    while checked < 200_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      expectStandardText(value, "(seed 0xD0B1E5)")
      checked += 1
    }
    // Short decimals, the kind most documents hold: digits the interval admits one fewer of.
    for _ in 0..<50_000 {
      let digits = Int.random(in: 1...17, using: &generator)
      let significand = UInt64.random(in: 1...(UInt64(pow(10, Double(digits))) - 1), using: &generator)
      let text = "\(significand)e\(Int.random(in: -330...310, using: &generator))"
      if let value = Double(text), value.isFinite { expectStandardText(value, text) }
    }
  }

  /// Sixteen and seventeen digits (most doubles that are not integers), with runs of zeros
  /// across the two words of eight the writer makes them in: at the end of either word, the
  /// whole of the second, all but the first digit.
  @Test func longSignificandsWithZeroRunsAreTheStandardLibrarysText() {
    var generator = SeededGenerator(seed: 0x1617)
    var values: [Double] = [1.0000000000000002, 1.000000000000001, 9_007_199_254_740_993, 0.30000000000000004, 1e16 + 2]
    for _ in 0..<40_000 {
      let length = Int.random(in: 16...17, using: &generator)
      var digits = (0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }
      digits[0] = Character(String(Int.random(in: 1...9, using: &generator)))
      let zerosFrom = Int.random(in: 1..<length, using: &generator)
      let zerosTo = Int.random(in: zerosFrom...length, using: &generator)
      for index in zerosFrom..<zerosTo { digits[index] = "0" }
      let text = "\(String(digits))e\(Int.random(in: -40...40, using: &generator))"
      if let value = Double(text) { values.append(value) }
    }
    for value in values {
      expectStandardText(value, "(seed 0x1617)")
      expectStandardText(-value, "(seed 0x1617)")
    }
  }

  @Test(arguments: ["canada.json", "numbers.json", "mesh.json"])
  func everyNumberOfTheCorpusIsTheStandardLibrarysText(file: String) throws {
    let bytes = try SharedFiles.bytes(SharedFiles.benchData, file)
    var numbers = 0
    var start: Int? = nil
    for index in 0...bytes.count {
      let byte = index < bytes.count ? bytes[index] : 0x20
      let inNumber = (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65 || byte == 0x45
      if inNumber {
        if start == nil { start = index }
      } else if let first = start {
        start = nil
        guard let value = Double(String(decoding: bytes[first..<index], as: UTF8.self)) else { continue }
        expectStandardText(value, file)
        numbers += 1
      }
    }
    #expect(numbers > 1_000)
  }

  /// `doubleArray` writes what `beginArray`, `double` for each element and `endArray` write,
  /// inside objects and arrays, across its blocks of 4,096, with non-finite values flagged.
  @Test func doubleArrayIsTheElementByElementText() {
    var generator = SeededGenerator(seed: 0xA77A)
    for count in [0, 1, 2, 3, 4_095, 4_096, 4_097, 9_000] {
      var values: [Double] = []
      for _ in 0..<count {
        switch generator.next() % 8 {
        case 0: values.append(Double(bitPattern: generator.next()))  // NaN and infinities too
        case 1: values.append(Double(Int64(bitPattern: generator.next()) >> 20))
        default: values.append(Double(Int64(bitPattern: generator.next()) >> 11) / 1e7)
        }
      }
      func written(inOneCall: Bool) -> JSONOutput {
        var out = JSONOutput()
        func array() {
          if inOneCall {
            out.doubleArray(values)
          } else {
            out.beginArray()
            for value in values { out.double(value) }
            out.endArray()
          }
        }
        // After a sibling, after a key, and first in an array.
        out.beginObject()
        out.key("a")
        out.beginArray()
        out.integer(7)
        array()
        out.endArray()
        out.key("b")
        array()
        out.key("c")
        out.beginArray()
        array()
        out.endArray()
        out.endObject()
        return out
      }
      let together = written(inOneCall: true)
      let oneByOne = written(inOneCall: false)
      #expect(together.bytes == oneByOne.bytes, "\(count) elements")
      #expect(together.sawNonFinite == oneByOne.sawNonFinite)
    }
    var out = JSONOutput()
    out.doubleArray([1.5, -0.25, 100])
    #expect(String(decoding: out.bytes, as: UTF8.self) == "[1.5,-0.25,100.0]")
  }

  /// The Codable encoder writes a double with the same digits (and drops an integer's ".0",
  /// as Foundation does); a `Float` keeps the standard library's text.
  @Test func codableAndFloatPathsAgree() throws {
    var generator = SeededGenerator(seed: 0xF10A7)
    for _ in 0..<2_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      let text = FloatText(value).withBytes { String(decoding: $0, as: UTF8.self) }
      #expect(text == value.description)
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
      guard float.isFinite else { continue }
      #expect(FloatText(float).withBytes { String(decoding: $0, as: UTF8.self) } == float.description)
    }
  }
}
