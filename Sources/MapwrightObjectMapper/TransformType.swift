// ObjectMapper's transforms, with its signatures: they receive the JSON value as Foundation
// objects (`String`, `NSNumber`, `[String: Any]`, …) and return nil when they cannot convert.

import Foundation
import MapwrightCodable

/// ObjectMapper's transform: converts a JSON value, seen as Foundation objects, to `Object` and back.
///
/// ```swift
/// birthday <- (map["birthday"], DateTransform())
/// ```
public protocol TransformType {
  associatedtype Object
  associatedtype JSON

  func transformFromJSON(_ value: Any?) -> Object?
  func transformToJSON(_ value: Object?) -> JSON?
}

/// A transform from two closures.
open class TransformOf<ObjectType, JSONType>: TransformType {
  /// The Swift type the transform produces.
  public typealias Object = ObjectType
  /// The JSON type the transform writes.
  public typealias JSON = JSONType

  private let fromJSON: (JSONType?) -> ObjectType?
  private let toJSON: (ObjectType?) -> JSONType?

  /// A transform that calls `fromJSON` with the value cast to `JSONType` and `toJSON` to write.
  public init(fromJSON: @escaping (JSONType?) -> ObjectType?, toJSON: @escaping (ObjectType?) -> JSONType?) {
    self.fromJSON = fromJSON
    self.toJSON = toJSON
  }

  open func transformFromJSON(_ value: Any?) -> ObjectType? { fromJSON(value as? JSONType) }
  open func transformToJSON(_ value: ObjectType?) -> JSONType? { toJSON(value) }
}

/// Dates as a number of seconds (or milliseconds) since 1970; numeric strings accepted.
open class DateTransform: TransformType {
  /// Produces dates.
  public typealias Object = Date
  /// Writes the number of units since 1970.
  public typealias JSON = Double

  /// What one unit of the number is.
  public enum Unit: TimeInterval {
    case seconds = 1
    case milliseconds = 1_000

    func addScale(to interval: Double) -> TimeInterval { interval * rawValue }
    func removeScale(from interval: Double) -> TimeInterval { interval / rawValue }
  }

  private let unit: Unit

  /// Dates as numbers of `unit` since 1970.
  public init(unit: Unit = .seconds) { self.unit = unit }

  open func transformFromJSON(_ value: Any?) -> Date? {
    var interval: Double?
    if let number = value as? NSNumber, !(value is String) { interval = number.doubleValue }
    if let text = value as? String { interval = Double(text) }
    guard let interval else { return nil }
    return Date(timeIntervalSince1970: unit.removeScale(from: interval))
  }

  open func transformToJSON(_ value: Date?) -> Double? {
    value.map { unit.addScale(to: $0.timeIntervalSince1970) }
  }
}

/// Dates through a `DateFormatter`.
open class DateFormatterTransform: TransformType {
  /// Produces dates.
  public typealias Object = Date
  /// Writes the formatter's string.
  public typealias JSON = String

  /// The formatter that reads and writes the strings.
  public let dateFormatter: DateFormatter

  /// Dates through `dateFormatter`.
  public init(dateFormatter: DateFormatter) { self.dateFormatter = dateFormatter }

  open func transformFromJSON(_ value: Any?) -> Date? {
    (value as? String).flatMap { dateFormatter.date(from: $0) }
  }

  open func transformToJSON(_ value: Date?) -> String? {
    value.map { dateFormatter.string(from: $0) }
  }
}

/// ISO 8601 dates in ObjectMapper's format, `yyyy-MM-dd'T'HH:mm:ssZZZZZ`.
open class ISO8601DateTransform: DateFormatterTransform {
  /// ISO 8601 dates in UTC, `yyyy-MM-dd'T'HH:mm:ssZZZZZ`.
  public init() {
    let formatter = DateFormatter()
    formatter.calendar = Calendar(identifier: .iso8601)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZZZZZ"
    super.init(dateFormatter: formatter)
  }
}

/// Dates in a custom format, with the POSIX locale.
open class CustomDateFormatTransform: DateFormatterTransform {
  /// Dates in `formatString` (`DateFormatter`'s pattern syntax).
  public init(formatString: String) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = formatString
    super.init(dateFormatter: formatter)
  }
}

/// URLs from strings, optionally percent-encoding the string first.
open class URLTransform: TransformType {
  /// Produces URLs.
  public typealias Object = URL
  /// Writes the absolute string.
  public typealias JSON = String

  private let shouldEncodeURLString: Bool
  private let allowedCharacterSet: CharacterSet

  /// URLs from strings; with `shouldEncodeURLString`, the string is percent-encoded with `allowedCharacterSet` first.
  public init(shouldEncodeURLString: Bool = false, allowedCharacterSet: CharacterSet = .urlQueryAllowed) {
    self.shouldEncodeURLString = shouldEncodeURLString
    self.allowedCharacterSet = allowedCharacterSet
  }

  open func transformFromJSON(_ value: Any?) -> URL? {
    guard let text = value as? String else { return nil }
    guard shouldEncodeURLString else { return URL(string: text) }
    return text.addingPercentEncoding(withAllowedCharacters: allowedCharacterSet).flatMap { URL(string: $0) }
  }

  open func transformToJSON(_ value: URL?) -> String? { value?.absoluteString }
}

/// Enums through their raw values.
open class EnumTransform<T: RawRepresentable>: TransformType {
  /// Produces the enum.
  public typealias Object = T
  /// Writes the raw value.
  public typealias JSON = T.RawValue

  /// An enum transform.
  public init() {}

  open func transformFromJSON(_ value: Any?) -> T? {
    (value as? T.RawValue).flatMap { T(rawValue: $0) }
  }

  open func transformToJSON(_ value: T?) -> T.RawValue? { value?.rawValue }
}

/// `Data` as a Base64 string.
open class DataTransform: TransformType {
  /// Produces data.
  public typealias Object = Data
  /// Writes the Base64 string.
  public typealias JSON = String

  /// A Base64 transform.
  public init() {}

  open func transformFromJSON(_ value: Any?) -> Data? {
    (value as? String).flatMap { Data(base64Encoded: $0) }
  }

  open func transformToJSON(_ value: Data?) -> String? { value?.base64EncodedString() }
}

/// A JSON object of models keyed by an enum's raw values.
public struct DictionaryTransform<Key, Value>: TransformType
where Key: Hashable & RawRepresentable, Key.RawValue == String, Value: Mappable {
  /// A dictionary transform.
  public init() {}

  /// The models of a JSON object whose keys are raw values of `Key`; members that do not map are left out.
  public func transformFromJSON(_ value: Any?) -> [Key: Value]? {
    guard let dictionary = value as? [String: Any] else { return nil }
    var result: [Key: Value] = [:]
    for (rawKey, json) in dictionary {
      guard let key = Key(rawValue: rawKey), let object = json as? [String: Any],
        let model = Mapper<Value>().map(JSON: object)
      else { continue }
      result[key] = model
    }
    return result
  }

  /// The models as a dictionary of Foundation dictionaries, keyed by raw values.
  public func transformToJSON(_ value: [Key: Value]?) -> Any? {
    guard let value else { return nil }
    var result: [String: Any] = [:]
    for (key, model) in value { result[key.rawValue] = model.toJSON() }
    return result
  }
}

/// `NSDecimalNumber` from a string or a number; written as a string.
open class NSDecimalNumberTransform: TransformType {
  /// Produces decimal numbers.
  public typealias Object = NSDecimalNumber
  /// Writes the number's string.
  public typealias JSON = String

  /// A decimal-number transform.
  public init() {}

  open func transformFromJSON(_ value: Any?) -> NSDecimalNumber? {
    if let text = value as? String {
      let number = NSDecimalNumber(string: text)
      return number == .notANumber ? nil : number
    }
    if let number = value as? NSNumber { return NSDecimalNumber(string: number.stringValue) }
    return nil
  }

  open func transformToJSON(_ value: NSDecimalNumber?) -> String? { value?.description }
}

/// Any `Codable` type from its JSON and back, through MapwrightCodable's decoder and encoder
/// (ObjectMapper's `CodableTransform`): `location <- (map["location"], CodableTransform<Location>())`.
open class CodableTransform<T: Codable>: TransformType {
  /// Produces the `Codable` type.
  public typealias Object = T
  /// Writes the value's JSON as Foundation objects.
  public typealias JSON = Any

  /// A `Codable` transform.
  public init() {}

  open func transformFromJSON(_ value: Any?) -> T? {
    guard let value, let bytes = try? MapwrightJSON.JSON(foundationObject: value).jsonBytes() else { return nil }
    return try? MapwrightJSONDecoder().decode(T.self, from: bytes)
  }

  open func transformToJSON(_ value: T?) -> Any? {
    guard let value, let bytes = try? MapwrightJSONEncoder().encodeToBytes(value) else { return nil }
    return (try? MapwrightJSON.JSON(parsing: bytes))?.foundationObject
  }
}
