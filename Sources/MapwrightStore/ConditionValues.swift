// The value of a condition, checked against the attribute it compares: a value of a kind the
// attribute cannot hold is an error that names the attribute and the kinds it takes, never a
// condition that silently matches nothing. `JSON` values (what a model's enum or a decoded
// payload gives) are read as the scalar they hold.

import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StoreValues {
  /// The kinds of Swift value a condition on an attribute of `type` takes, for messages.
  static func conditionKinds(_ type: AttributeType) -> String {
    switch type {
    case .integer16, .integer32, .integer64: "an integer (Int, Int64, …) or a JSON number without a fraction"
    case .double, .float: "a number (Double, Float, an integer) or a JSON number"
    case .decimal: "a Decimal, a number or a JSON number"
    case .string: "a String or a JSON string"
    case .boolean: "a Bool or a JSON bool"
    case .date: "a Date"
    case .binaryData: "Data or [UInt8]"
    case .uuid: "a UUID, or a String holding one"
    case .uri: "a URL, or a String holding one"
    case .transformable: "a JSON value, or a value of the attribute's transformer"
    }
  }

  /// `value` as the store holds `attribute`'s values, for a condition on `entity`.
  static func condition(_ value: Any, _ attribute: AttributeDescription, of entity: String) throws -> StoreValue {
    let refused = StoreError(
      .invalidValue,
      "\(entity).\(attribute.name) is of type \(attribute.type.rawValue): a condition on it takes \(conditionKinds(attribute.type)), not \(describe(value))"
    )
    // A JSON scalar stands for the Swift value it holds.
    if let json = value as? JSON, attribute.type != .transformable {
      switch json {
      case .string(let text): return try condition(text, attribute, of: entity)
      case .bool(let flag): return try condition(flag, attribute, of: entity)
      case .number(let number):
        if attribute.type.isIntegerType, let integer = number.int64Value { return .integer(integer) }
        if attribute.type == .decimal, let decimal = number.decimalValue { return .text("\(decimal)") }
        if [.double, .float].contains(attribute.type), let double = number.doubleValue { return .real(double) }
        throw refused
      default: throw refused
      }
    }
    switch attribute.type {
    case .integer16, .integer32, .integer64:
      guard let integer = value as? any BinaryInteger, let fitted = Int64(exactly: integer) else { throw refused }
      return .integer(fitted)
    case .double, .float:
      if let double = value as? Double { return .real(double) }
      if let float = value as? Float { return .real(Double(float)) }
      if let integer = value as? any BinaryInteger, let double = Double(exactly: integer) { return .real(double) }
      throw refused
    case .decimal:
      if let decimal = value as? Decimal { return .text("\(decimal)") }
      if let integer = value as? any BinaryInteger { return .text("\(integer)") }
      if let double = value as? Double { return .text("\(Decimal(double))") }
      throw refused
    case .string:
      if let text = value as? String { return .text(text) }
      if let text = value as? Substring { return .text(String(text)) }
      throw refused
    case .boolean:
      guard let flag = value as? Bool else { throw refused }
      return .integer(flag ? 1 : 0)
    case .date:
      guard let date = value as? Date else { throw refused }
      return .real(date.timeIntervalSince1970)
    case .binaryData:
      if let data = value as? Data { return .blob(data.byteArray) }
      if let bytes = value as? [UInt8] { return .blob(bytes) }
      throw refused
    case .uuid:
      if let uuid = value as? UUID { return .text(uuid.uuidString) }
      if let text = value as? String, let uuid = UUID(uuidString: text) { return .text(uuid.uuidString) }
      throw refused
    case .uri:
      if let url = value as? URL { return .text(url.absoluteString) }
      if let text = value as? String, URL(string: text) != nil { return .text(text) }
      throw refused
    case .transformable:
      return try self.value(value, attribute)
    }
  }

  /// A value's kind, for messages: `JSON.number(12)`, `Int 12`.
  static func describe(_ value: Any) -> String {
    if let json = value as? JSON { return "JSON \(json.kind.rawValue) \((try? json.jsonString()) ?? "")" }
    return "\(type(of: value)) \(value)"
  }
}
