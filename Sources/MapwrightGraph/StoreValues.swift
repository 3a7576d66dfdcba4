// Attribute values as a relational store holds them, and back: integers and Booleans as
// INTEGER, Double and Float as REAL, Decimal as its exact TEXT, dates as REAL seconds since
// 1970, data as BLOB, UUIDs and URLs as TEXT, transformable values as their JSON TEXT.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mapwright
import MapwrightSchema

public enum StoreValues {
  /// The column type of an attribute.
  public static func columnType(_ type: AttributeType) -> String {
    switch type {
    case .integer16, .integer32, .integer64, .boolean: "INTEGER"
    case .double, .float, .date: "REAL"
    case .binaryData: "BLOB"
    case .decimal, .string, .uuid, .uri, .transformable: "TEXT"
    }
  }

  public static func value(_ value: Any, _ attribute: AttributeDescription) throws -> StoreValue {
    switch value {
    case let value as Int64: return .integer(value)
    case let value as Bool: return .integer(value ? 1 : 0)
    case let value as Double: return .real(value)
    case let value as Float: return .real(Double(value))
    case let value as Decimal: return .text("\(value)")
    case let value as String: return .text(value)
    case let value as Date: return .real(value.timeIntervalSince1970)
    case let value as Data: return .blob([UInt8](value))
    case let value as UUID: return .text(value.uuidString)
    case let value as URL: return .text(value.absoluteString)
    case let value as JSON: return .text(try value.jsonString())
    default:
      // A transformer's own value type: stored as the JSON the transformer writes.
      return .text(try AttributeValues.encode(value, attribute).jsonString())
    }
  }

  /// The attribute value of a stored column (nil for NULL).
  public static func attributeValue(_ stored: StoreValue, _ attribute: AttributeDescription) -> Any? {
    switch (attribute.type, stored) {
    case (_, .null): return nil
    case (.integer16, .integer(let v)), (.integer32, .integer(let v)), (.integer64, .integer(let v)): return v
    case (.boolean, .integer(let v)): return v != 0
    case (.double, .real(let v)): return v
    case (.double, .integer(let v)): return Double(v)
    case (.float, .real(let v)): return Float(v)
    case (.float, .integer(let v)): return Float(v)
    case (.date, .real(let v)): return Date(timeIntervalSince1970: v)
    case (.date, .integer(let v)): return Date(timeIntervalSince1970: Double(v))
    case (.decimal, .text(let v)): return Decimal(string: v)
    case (.string, .text(let v)): return v
    case (.uuid, .text(let v)): return UUID(uuidString: v)
    case (.uri, .text(let v)): return URL(string: v)
    case (.binaryData, .blob(let v)): return Data(v)
    case (.transformable, .text(let v)):
      guard let json = try? JSON(parsing: v) else { return nil }
      if let name = attribute.transformerName, let transformer = TransformerRegistry.shared[name] { return try? transformer.decode(json) }
      return json
    default: return nil
    }
  }
}
