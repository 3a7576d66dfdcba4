// ObjectMapper's transforms, with its signatures: they receive the JSON value as Foundation
// objects (`String`, `NSNumber`, `[String: Any]`, …) and return nil when they cannot convert.

import Foundation
import MapwrightCodable

public protocol TransformType {
  associatedtype Object
  associatedtype JSON

  func transformFromJSON(_ value: Any?) -> Object?
  func transformToJSON(_ value: Object?) -> JSON?
}

/// A transform from two closures.
open class TransformOf<ObjectType, JSONType>: TransformType {
  public typealias Object = ObjectType
  public typealias JSON = JSONType

  private let fromJSON: (JSONType?) -> ObjectType?
  private let toJSON: (ObjectType?) -> JSONType?

  public init(fromJSON: @escaping (JSONType?) -> ObjectType?, toJSON: @escaping (ObjectType?) -> JSONType?) {
    self.fromJSON = fromJSON
    self.toJSON = toJSON
  }

  open func transformFromJSON(_ value: Any?) -> ObjectType? { fromJSON(value as? JSONType) }
  open func transformToJSON(_ value: ObjectType?) -> JSONType? { toJSON(value) }
}

/// Dates as a number of seconds (or milliseconds) since 1970; numeric strings accepted.
open class DateTransform: TransformType {
  public typealias Object = Date
  public typealias JSON = Double

  public enum Unit: TimeInterval {
    case seconds = 1
    case milliseconds = 1_000

    func addScale(to interval: Double) -> TimeInterval { interval * rawValue }
    func removeScale(from interval: Double) -> TimeInterval { interval / rawValue }
  }

  private let unit: Unit

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
  public typealias Object = Date
  public typealias JSON = String

  public let dateFormatter: DateFormatter

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
  public init(formatString: String) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = formatString
    super.init(dateFormatter: formatter)
  }
}

/// URLs from strings, optionally percent-encoding the string first.
open class URLTransform: TransformType {
  public typealias Object = URL
  public typealias JSON = String

  private let shouldEncodeURLString: Bool
  private let allowedCharacterSet: CharacterSet

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
  public typealias Object = T
  public typealias JSON = T.RawValue

  public init() {}

  open func transformFromJSON(_ value: Any?) -> T? {
    (value as? T.RawValue).flatMap { T(rawValue: $0) }
  }

  open func transformToJSON(_ value: T?) -> T.RawValue? { value?.rawValue }
}

/// `Data` as a Base64 string.
open class DataTransform: TransformType {
  public typealias Object = Data
  public typealias JSON = String

  public init() {}

  open func transformFromJSON(_ value: Any?) -> Data? {
    (value as? String).flatMap { Data(base64Encoded: $0) }
  }

  open func transformToJSON(_ value: Data?) -> String? { value?.base64EncodedString() }
}

/// A JSON object of models keyed by an enum's raw values.
public struct DictionaryTransform<Key, Value>: TransformType
where Key: Hashable & RawRepresentable, Key.RawValue == String, Value: Mappable {
  public init() {}

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

  public func transformToJSON(_ value: [Key: Value]?) -> Any? {
    guard let value else { return nil }
    var result: [String: Any] = [:]
    for (key, model) in value { result[key.rawValue] = model.toJSON() }
    return result
  }
}

/// `NSDecimalNumber` from a string or a number; written as a string.
open class NSDecimalNumberTransform: TransformType {
  public typealias Object = NSDecimalNumber
  public typealias JSON = String

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
  public typealias Object = T
  public typealias JSON = Any

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
