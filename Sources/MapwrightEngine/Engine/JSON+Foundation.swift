// Conversions between `JSON` and the Foundation objects ObjectMapper's API speaks
// (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`), matching what
// `JSONSerialization` produces: numbers and booleans are `NSNumber`s, so `as? Double`,
// `as? Int` and `as? Bool` behave as they do on ObjectMapper's JSON.

import Foundation

extension JSON {
  /// The value as Foundation objects: `NSNull`, `NSNumber` (booleans and numbers), `String`,
  /// `[Any]` and `[String: Any]`. Integers within 64 bits become integer `NSNumber`s, numbers
  /// made from a `Float` `Float`s (so `as? Float` casts them back), from a `Decimal`
  /// `NSDecimalNumber`s (exact), other numbers `Double`s.
  public var foundationObject: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let flag): return NSNumber(value: flag)
    case .number(let number):
      if number.isIntegerLiteral {
        if let integer = number.int64Value { return NSNumber(value: integer) }
        if let integer = number.uint64Value { return NSNumber(value: integer) }
      }
      switch number.origin {
      case .float: if let float = Float(number.text) { return NSNumber(value: float) }
      case .decimal: if let decimal = number.decimalValue { return NSDecimalNumber(decimal: decimal) }
      case .text: break
      }
      return NSNumber(value: number.doubleValue ?? .nan)
    case .string(let text): return text
    case .array(let elements): return elements.map(\.foundationObject)
    case .object(let object):
      var dictionary: [String: Any] = [:]
      dictionary.reserveCapacity(object.count)
      for (key, value) in object { dictionary[key] = value.foundationObject }
      return dictionary
    }
  }

  /// A value from Foundation objects (what `JSONSerialization` accepts, plus Swift's own
  /// numbers and `Bool`). Throws `MappingError` naming the path of anything else.
  public init(foundationObject object: Any) throws {
    self = try JSON.convert(object, path: .root)
  }

  private static func convert(_ object: Any, path: JSONPath) throws -> JSON {
    // Swift's own scalars first (checked by exact type, as they also cast to NSNumber),
    // then Foundation's.
    switch object {
    case let flag as Bool where type(of: object) == Bool.self: return .bool(flag)
    case let number as Int where type(of: object) == Int.self: return .number(JSONNumber(number))
    case let number as Int64 where type(of: object) == Int64.self: return .number(JSONNumber(number))
    case let number as UInt64 where type(of: object) == UInt64.self: return .number(JSONNumber(number))
    case let number as Int32 where type(of: object) == Int32.self: return .number(JSONNumber(number))
    case let number as Double where type(of: object) == Double.self: return .number(JSONNumber(number))
    case let number as Float where type(of: object) == Float.self: return .number(JSONNumber(number))
    case let number as Decimal where type(of: object) == Decimal.self: return .number(JSONNumber(number))
    case is NSNull: return .null
    case let json as JSON: return json
    case let text as String: return .string(text)
    case let text as Substring: return .string(String(text))
    case let number as NSDecimalNumber: return .number(JSONNumber(number.decimalValue))
    case let number as NSNumber:
      return String(describing: type(of: number)).contains("Boolean")
        ? .bool(number.boolValue) : .number(jsonNumber(number))
    case let array as [Any]:
      return .array(try array.enumerated().map { try convert($1, path: path.appending(index: $0)) })
    case let dictionary as [String: Any]:
      var result = JSONObject()
      for (key, value) in dictionary { result[key] = try convert(value, path: path.appending(key: key)) }
      return .object(result)
    case let optional as Optional<Any>:
      guard case .some(let wrapped) = optional else { return .null }
      return try convert(wrapped, path: path)
    default:
      throw MappingError(.invalidValue("\(type(of: object)) is not a JSON value"), path: path)
    }
  }

  private static func jsonNumber(_ number: NSNumber) -> JSONNumber {
    switch String(cString: number.objCType) {
    case "f": return JSONNumber(number.floatValue)
    case "d": return JSONNumber(number.doubleValue)
    case "Q", "L", "I", "S", "C": return JSONNumber(number.uint64Value)
    default: return JSONNumber(number.int64Value)
    }
  }
}
