import Foundation

/// ISO 8601 dates (`2011-04-22T13:33:48Z`, `2011-04-22T13:33:48.123+02:00`).
///
/// Decoding accepts the form with or without fractional seconds and any time zone offset;
/// encoding writes UTC, with milliseconds when `fractionalSeconds` is true.
public struct ISO8601Transformer: JSONTransformer, Sendable {
  /// Whether encoding writes milliseconds.
  public var fractionalSeconds: Bool

  /// ISO 8601 dates, encoded with milliseconds when `fractionalSeconds` is true.
  public init(fractionalSeconds: Bool = false) { self.fractionalSeconds = fractionalSeconds }

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { ["type": "string", "format": "date-time"] }

  /// The `Date` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Date {
    guard let text = json.stringValue else { throw TransformError("expected an ISO 8601 date string, found \(describeFound(json))") }
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    throw TransformError("\"\(text)\" is not an ISO 8601 date")
  }

  /// The JSON written for a `Date`.
  public func encode(_ date: Date) throws -> JSON {
    .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: fractionalSeconds)))
  }
}

/// Dates as seconds or milliseconds since 1970 (a number; a numeric string is accepted).
public struct EpochTransformer: JSONTransformer, Sendable {
  /// What one unit of the number is.
  public enum Unit: Double, Sendable {
    case seconds = 1
    case milliseconds = 1000
  }

  /// Seconds or milliseconds.
  public var unit: Unit

  /// Dates as numbers of `unit` since 1970.
  public init(unit: Unit) { self.unit = unit }

  /// A number, or a string holding one.
  public var jsonSchema: JSON? { ["type": ["number", "string"]] }

  /// The `Date` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Date {
    let number: Double?
    switch json {
    case .number(let value): number = value.doubleValue
    case .string(let text): number = JSONNumber(text: text)?.doubleValue
    default: number = nil
    }
    guard let number else { throw TransformError("expected a timestamp, found \(describeFound(json))") }
    return Date(timeIntervalSince1970: number / unit.rawValue)
  }

  /// The JSON written for a `Date`.
  public func encode(_ date: Date) throws -> JSON {
    let value = date.timeIntervalSince1970 * unit.rawValue
    // Whole values are written as integers (1303479228, not 1303479228.0).
    if value == value.rounded(), abs(value) < 9e15 { return JSON(Int64(value)) }
    return JSON(value)
  }
}

/// Dates in a fixed format (`yyyy-MM-dd HH:mm:ss`), read with the POSIX locale in the given
/// time zone (UTC by default).
public final class DateFormatTransformer: JSONTransformer, @unchecked Sendable {
  private let formatter: DateFormatter
  private let lock = NSLock()
  /// The date format (`DateFormatter`'s pattern syntax).
  public let format: String

  /// Dates in `format`, read with the POSIX locale in `timeZone`.
  public init(format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
    self.format = format
    formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = format
    numericPattern = NumericDatePattern(format: format, timeZone: timeZone)
  }

  /// The fast path for all-numeric formats in a fixed-offset zone (NumericDatePattern.swift).
  private let numericPattern: NumericDatePattern?

  /// A string; `format: date` for `yyyy-MM-dd`.
  public var jsonSchema: JSON? {
    format == "yyyy-MM-dd" ? ["type": "string", "format": "date"] : ["type": "string", "description": .string("a date as \(format)")]
  }

  /// The `Date` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Date {
    guard let text = json.stringValue else { throw TransformError("expected a date string, found \(describeFound(json))") }
    if let date = numericPattern?.date(from: text) { return date }
    let date = lock.withLock { formatter.date(from: text) }
    guard let date else { throw TransformError("\"\(text)\" does not match the date format \"\(format)\"") }
    return date
  }

  /// The JSON written for a `Date`.
  public func encode(_ date: Date) throws -> JSON {
    .string(lock.withLock { formatter.string(from: date) })
  }
}

extension JSONTransformer where Self == ISO8601Transformer {
  /// ISO 8601 dates; encodes without fractional seconds.
  public static var iso8601: ISO8601Transformer { ISO8601Transformer() }
  /// ISO 8601 dates; encodes with milliseconds.
  public static var iso8601WithFractionalSeconds: ISO8601Transformer { ISO8601Transformer(fractionalSeconds: true) }
}

extension JSONTransformer where Self == EpochTransformer {
  /// Dates as seconds since 1970.
  public static var epochSeconds: EpochTransformer { EpochTransformer(unit: .seconds) }
  /// Dates as milliseconds since 1970.
  public static var epochMilliseconds: EpochTransformer { EpochTransformer(unit: .milliseconds) }
}

extension JSONTransformer where Self == DateFormatTransformer {
  /// Dates in a fixed `format` (`yyyy-MM-dd HH:mm:ss`), read with the POSIX locale in `timeZone`.
  public static func dateFormat(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> DateFormatTransformer {
    DateFormatTransformer(format: format, timeZone: timeZone)
  }
}
