// Attribute values as a relational store holds them, and back: integers and Booleans as
// INTEGER, Double and Float as REAL, Decimal as its exact TEXT, dates as REAL seconds since
// 1970, data as BLOB, UUIDs and URLs as TEXT, transformable values as their JSON TEXT.

import MapwrightEngine
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How attribute values become store values and back, for every store: the one mapping
/// between a model's attribute types and `StoreValue`.
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

  /// The store value of an attribute's value (as a `ModelObject` holds it); a value of a
  /// transformer's own type is stored as the JSON its transformer writes (which throws when
  /// it cannot).
  public static func value(_ value: Any, _ attribute: AttributeDescription) throws -> StoreValue {
    // The attribute's own type first: one cast, not a walk through every case below (a
    // failing dynamic cast costs about as much as a succeeding one).
    switch attribute.type {
    case .decimal: if let value = value as? Decimal { return .text("\(value)") }
    case .date: if let value = value as? Date { return .real(value.timeIntervalSince1970) }
    case .uri: if let value = value as? URL { return .text(value.absoluteString) }
    case .uuid: if let value = value as? UUID { return .text(value.uuidString) }
    case .transformable: if let value = value as? JSON { return .text(try value.jsonString()) }
    default: break
    }
    switch value {
    case let value as Int64: return .integer(value)
    case let value as Bool: return .integer(value ? 1 : 0)
    case let value as Double: return .real(value)
    case let value as Float: return .real(Double(value))
    case let value as Decimal: return .text("\(value)")
    case let value as String: return .text(value)
    case let value as Date: return .real(value.timeIntervalSince1970)
    case let value as Data: return .blob(value.byteArray)
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
      if let name = attribute.transformerName, let transformer = attribute.transformers[name] { return try? transformer.decode(json) }
      return json
    default: return nil
    }
  }
}

extension StoreValues {
  /// An attribute's JSON value (not null) decoded straight to its stored form, through the
  /// engine (same coercion, errors and report as `AttributeValues.decode`).
  static func decode(_ value: JSONValue, _ planned: EntityPlan.Attribute, in session: DecodingSession) throws -> StoreValue {
    if planned.transformerName != nil {
      return try StoreValues.value(AttributeValues.decode(value, planned.description, in: session), planned.description)
    }
    // Exact JSON types read directly; anything else through the engine (coercion, errors).
    switch planned.type {
    case .integer64 where value.isIntegerLiteral:
      if let integer = value.int64Value { return .integer(integer) }
    case .integer32 where value.isIntegerLiteral:
      if let integer = value.integer(as: Int32.self) { return .integer(Int64(integer)) }
    case .integer16 where value.isIntegerLiteral:
      if let integer = value.integer(as: Int16.self) { return .integer(Int64(integer)) }
    case .string where value.kind == .string:
      if let text = value.stringValue { return .text(text) }
    case .double where value.kind == .number:
      if let number = value.doubleValue { return .real(number) }
    default: break
    }
    switch planned.type {
    case .integer16: return .integer(Int64(try Int16.decode(from: value, in: session)))
    case .integer32: return .integer(Int64(try Int32.decode(from: value, in: session)))
    case .integer64: return .integer(try Int64.decode(from: value, in: session))
    case .double: return .real(try Double.decode(from: value, in: session))
    case .float: return .real(Double(try Float.decode(from: value, in: session)))
    case .string: return .text(try String.decode(from: value, in: session))
    case .boolean: return .integer(try Bool.decode(from: value, in: session) ? 1 : 0)
    case .decimal: return .text(try session.decimalText(value))
    default: return try StoreValues.value(AttributeValues.decode(value, planned.description, in: session), planned.description)
    }
  }
}
