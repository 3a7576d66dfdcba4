// A fast path for `DateFormatTransformer`: formats made only of numeric fields (`yyyy`, `MM`,
// `dd`, `HH`, `mm`, `ss`, `SSS`) and literal separators (`yyyy-MM-dd`, `yyyy-MM-dd'T'HH:mm:ss`,
// `dd/MM/yyyy`…), in a time zone without daylight saving time (UTC by default). ICU's
// `DateFormatter` clones its formatter on every parse, which made date parsing 40% of a lenient
// import's time. This path reads a string only when it has exactly the format's shape (every
// field all digits, of the field's width) and a valid Gregorian date from 1583 on; anything
// else goes to `DateFormatter`, so the two never disagree on what they both read (a test
// compares them on random dates and near-misses).

import Foundation

struct NumericDatePattern: Sendable {
  enum Part: Sendable {
    case field(Field, width: Int)
    case literal(UInt8)
  }

  enum Field: Sendable { case year, month, day, hour, minute, second, millisecond }

  let parts: [Part]
  let length: Int
  /// Seconds east of UTC.
  let offset: Int

  init?(format: String, timeZone: TimeZone) {
    // Only zones whose offset never changes: UTC and fixed offsets ("GMT+0100"), by name (asking
    // Foundation for a zone's transitions is slower than the whole fast path saves).
    let identifier = timeZone.identifier
    guard identifier == "UTC" || identifier == "GMT" || identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") else { return nil }
    offset = timeZone.secondsFromGMT()
    var parts: [Part] = []
    let bytes = Array(format.utf8)
    var i = 0
    var seen: Set<String> = []
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "'") {
        // A quoted literal: 'T'. ('' and longer quotes go to DateFormatter.)
        guard i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "'"), bytes[i + 1] != UInt8(ascii: "'"), bytes[i + 1] < 0x80 else { return nil }
        parts.append(.literal(bytes[i + 1]))
        i += 3
        continue
      }
      let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      guard isLetter else {
        guard byte < 0x80, !(byte >= 0x30 && byte <= 0x39) else { return nil }
        parts.append(.literal(byte))
        i += 1
        continue
      }
      var run = 1
      while i + run < bytes.count, bytes[i + run] == byte { run += 1 }
      let token = String(repeating: Character(Unicode.Scalar(byte)), count: run)
      let field: Field
      switch token {
      case "yyyy": field = .year
      case "MM": field = .month
      case "dd": field = .day
      case "HH": field = .hour
      case "mm": field = .minute
      case "ss": field = .second
      case "SSS": field = .millisecond
      default: return nil
      }
      guard seen.insert(token).inserted else { return nil }
      // Two adjacent fields would need DateFormatter's digit-splitting rules.
      if case .field? = parts.last { return nil }
      parts.append(.field(field, width: run))
      i += run
    }
    guard seen.contains("yyyy"), seen.contains("MM"), seen.contains("dd") else { return nil }
    self.parts = parts
    length = parts.reduce(0) { total, part in
      switch part {
      case .field(_, let width): total + width
      case .literal: total + 1
      }
    }
  }

  /// The date `text` names, or nil when it does not have the exact shape (then DateFormatter
  /// decides).
  func date(from text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      guard bytes.count == length else { return nil }
      var values = (year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millisecond: 0)
      var i = 0
      for part in parts {
        switch part {
        case .literal(let byte):
          guard bytes[i] == byte else { return nil }
          i += 1
        case .field(let field, let width):
          var value = 0
          for _ in 0..<width {
            let digit = Int(bytes[i]) - 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
            i += 1
          }
          switch field {
          case .year: values.year = value
          case .month: values.month = value
          case .day: values.day = value
          case .hour: values.hour = value
          case .minute: values.minute = value
          case .second: values.second = value
          case .millisecond: values.millisecond = value
          }
        }
      }
      // Julian dates (before 1583 in ICU's calendar) and anything out of range: DateFormatter.
      guard values.year >= 1583, (1...12).contains(values.month), values.day >= 1,
        values.day <= Self.daysInMonth(values.month, of: values.year), values.hour <= 23, values.minute <= 59, values.second <= 59
      else { return nil }
      let days = Self.daysFromCivil(year: values.year, month: values.month, day: values.day)
      let seconds = days * 86_400 + values.hour * 3_600 + values.minute * 60 + values.second - offset
      // As ICU and CoreFoundation compute it (milliseconds, then seconds since 2001), so that
      // the Double is the one DateFormatter gives, bit for bit.
      let milliseconds = Double(seconds * 1000 + values.millisecond)
      return Date(timeIntervalSinceReferenceDate: milliseconds / 1000 - 978_307_200)
    }
  }

  static func daysInMonth(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
