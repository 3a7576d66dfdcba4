// Attribute values: what Swift type each attribute type holds, and its JSON through the
// mapping engine. Integers of every size are held as `Int64` (decoded as their own size, so
// a 70000 in an Integer 16 attribute is out of range); a Date is ISO 8601 text unless a
// transformer says otherwise; Binary Data is base64; a Transformable attribute without a
// transformer keeps its JSON as a `JSON` value.

import MapwrightEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

package enum AttributeValues {
  /// The value of a `defaultValueString`, or nil when the type has no textual default.
  package static func value(fromDefault text: String, type: AttributeType) -> Any? {
    switch type {
    case .integer16, .integer32, .integer64: Int64(text)
    case .double: Double(text)
    case .float: Float(text)
    case .decimal: Decimal(string: text)
    case .string: text
    case .boolean: ["YES", "true", "1"].contains(text)
    case .uuid: UUID(uuidString: text)
    case .uri: URL(string: text)
    case .date, .binaryData, .transformable: nil
    }
  }

  /// Whether `value` is what an attribute of `type` holds.
  package static func accepts(_ value: Any, type: AttributeType) -> Bool {
    switch type {
    case .integer16, .integer32, .integer64: value is Int64
    case .double: value is Double
    case .float: value is Float
    case .decimal: value is Decimal
    case .string: value is String
    case .boolean: value is Bool
    case .date: value is Date
    case .binaryData: value is Data
    case .uuid: value is UUID
    case .uri: value is URL
    case .transformable: true
    }
  }

  /// Decodes an attribute's value (not null) through the engine: coercion, errors and report
  /// as for any model.
  package static func decode(_ value: JSONValue, _ attribute: AttributeDescription, in session: DecodingSession) throws(MappingError) -> Any {
    if let name = attribute.transformerName { return try attribute.transformers.decode(value, named: name) }
    switch attribute.type {
    case .integer16: return Int64(try Int16.decode(from: value, in: session))
    case .integer32: return Int64(try Int32.decode(from: value, in: session))
    case .integer64: return try Int64.decode(from: value, in: session)
    case .double: return try Double.decode(from: value, in: session)
    case .float: return try Float.decode(from: value, in: session)
    case .decimal: return try Decimal.decode(from: value, in: session)
    case .string: return try String.decode(from: value, in: session)
    case .boolean: return try Bool.decode(from: value, in: session)
    case .uuid: return try UUID.decode(from: value, in: session)
    case .uri: return try URL.decode(from: value, in: session)
    case .date: return try attribute.transformers.decode(value, named: "iso8601")
    case .binaryData: return try attribute.transformers.decode(value, named: "base64")
    case .transformable: return JSON(value)
    }
  }

  /// The JSON of an attribute's value.
  package static func encode(_ value: Any, _ attribute: AttributeDescription) throws -> JSON {
    if let name = attribute.transformerName ?? defaultTransformer(attribute.type) {
      guard let transformer = attribute.transformers[name] else {
        throw MappingError(invalidValue: "no transformer is registered as \"\(name)\"")
      }
      return try transformer.encode(value)
    }
    switch value {
    case let value as Int64: return JSON(value)
    case let value as Double: return JSON(value)
    case let value as Float: return .number(JSONNumber(value))
    case let value as Decimal: return .number(JSONNumber(value))
    case let value as String: return .string(value)
    case let value as Bool: return .bool(value)
    case let value as UUID: return .string(value.uuidString)
    case let value as URL: return .string(value.absoluteString)
    case let value as JSON: return value
    default: throw MappingError(invalidValue: "\(attribute.name): a \(type(of: value)) has no JSON form")
    }
  }

  package static func defaultTransformer(_ type: AttributeType) -> String? {
    switch type {
    case .date: "iso8601"
    case .binaryData: "base64"
    default: nil
    }
  }
}
