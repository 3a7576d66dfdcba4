// The writer's integers, two digits at a time from a table: the text is the standard
// library's, for every length of number, both signs and the extremes, on seeded values.

import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct DecimalWritingTests {
  func written(_ magnitude: UInt64, negative: Bool) -> String {
    var buffer = OutputBuffer(capacity: 16)
    buffer.appendDecimal(magnitude, negative: negative)
    return String(decoding: buffer.copyBytes(), as: UTF8.self)
  }

  @Test func everyLengthIsTheStandardLibrarysText() {
    var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, UInt64.max, UInt64(Int64.max), UInt64(Int64.max) + 1]
    var power: UInt64 = 1
    for _ in 0..<19 {
      power *= 10
      values += [power - 1, power, power + 1]
    }
    var generator = SeededGenerator(seed: 0xD1617)
    for bits in 1...64 {
      for _ in 0..<200 { values.append(UInt64.random(in: 0...(UInt64.max >> (64 - bits)), using: &generator)) }
    }
    for value in values {
      #expect(written(value, negative: false) == String(value), "\(value)")
      #expect(written(value, negative: true) == "-" + String(value), "-\(value)")
    }
    // Int64.min's magnitude, as JSONOutput.integer passes it.
    #expect(written(Int64.min.magnitude, negative: true) == String(Int64.min))
  }
}
