import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightEngine

/// `DateFormatTransformer`'s fast path for numeric formats agrees with `DateFormatter` (the
/// shared rule) on every string it reads, and leaves every other string to it.
@Suite struct NumericDatePatternTests {
  static let formats = ["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSS", "dd/MM/yyyy", "yyyyMMdd", "MM-dd-yyyy HH:mm"]

  @Test(arguments: formats) func agreesWithDateFormatterOnRandomDatesAndNearMisses(_ format: String) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")!
    formatter.dateFormat = format
    let pattern = NumericDatePattern(format: format, timeZone: TimeZone(identifier: "UTC")!)
    if format == "yyyyMMdd" {
      #expect(pattern == nil)  // adjacent fields: DateFormatter's rules
      return
    }
    let fast = try #require(pattern)
    var random = SeededGenerator(seed: 0x5eed_da7e)
    var read = 0
    for _ in 0..<3_000 {
      // Mostly valid dates, some out of range, some of another shape, some before 1583.
      let year = Int.random(in: 1500...2400, using: &random)
      let month = Int.random(in: 0...13, using: &random)
      let day = Int.random(in: 0...32, using: &random)
      let hour = Int.random(in: 0...24, using: &random)
      let minute = Int.random(in: 0...60, using: &random)
      let second = Int.random(in: 0...60, using: &random)
      let millisecond = Int.random(in: 0...999, using: &random)
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      var text = format.replacingOccurrences(of: "'T'", with: "T").replacingOccurrences(of: "yyyy", with: "\(year)")
        .replacingOccurrences(of: "MM", with: two(month)).replacingOccurrences(of: "dd", with: two(day))
        .replacingOccurrences(of: "HH", with: two(hour)).replacingOccurrences(of: "mm", with: two(minute))
        .replacingOccurrences(of: "ss", with: two(second)).replacingOccurrences(of: "SSS", with: String(format: "%03d", millisecond))
      if Int.random(in: 0..<10, using: &random) == 0 { text = " " + text }
      if Int.random(in: 0..<10, using: &random) == 0 { text = text.replacingOccurrences(of: "-", with: "/") }
      guard let date = fast.date(from: text) else { continue }
      read += 1
      let reference = formatter.date(from: text)
      #expect(reference == date, "\(format): \(text) → \(date.timeIntervalSince1970), DateFormatter \(reference?.timeIntervalSince1970 ?? .nan)")
    }
    #expect(read > 500)
  }

  @Test func zonesWithDaylightSavingTimeAndOtherFieldsUseDateFormatter() throws {
    #expect(NumericDatePattern(format: "yyyy-MM-dd", timeZone: TimeZone(identifier: "Europe/Paris")!) == nil)
    #expect(NumericDatePattern(format: "yyyy-MM-dd", timeZone: TimeZone(secondsFromGMT: 3600)!) != nil)
    #expect(NumericDatePattern(format: "d MMM yyyy", timeZone: TimeZone(identifier: "UTC")!) == nil)
    #expect(NumericDatePattern(format: "yy-MM-dd", timeZone: TimeZone(identifier: "UTC")!) == nil)
    // Through the transformer: the fast path and the fallback together.
    let transformer = DateFormatTransformer(format: "yyyy-MM-dd")
    #expect(try transformer.decode("1835-11-30") == Date(timeIntervalSince1970: -4_231_440_000))
    #expect(
      try transformer.decode("1500-01-01")
        == {
          let f = DateFormatter()
          f.locale = Locale(identifier: "en_US_POSIX")
          f.timeZone = TimeZone(identifier: "UTC")
          f.dateFormat = "yyyy-MM-dd"
          return f.date(from: "1500-01-01")!
        }())
    #expect(throws: TransformError.self) { try transformer.decode("2021-02-29") }
  }
}
