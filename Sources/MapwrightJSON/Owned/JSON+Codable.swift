// `JSON` through any Codable coder: objects as keyed containers (member order kept where the
// encoder keeps it), arrays as unkeyed ones, numbers as the narrowest of Int64, UInt64 and
// Double that holds them. A coder that reads JSON itself (Mapwright's) never needs this; it is
// how a `JSON` value, or a `@JSONModel` type, travels through Foundation's coders and others.
// (An integer beyond 64 bits keeps its digits where the decoder reads a `Decimal`.)

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSON: Codable {
  /// Reads whatever value the decoder holds.
  ///
  /// ```swift
  /// let json = try JSONDecoder().decode(JSON.self, from: Data(#"{"a": [1, 2.5, "x", null]}"#.utf8))
  /// json["a"]?[1]   // 2.5
  /// ```
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, scalarsFirst: false)
  }

  /// Reads whatever value the decoder holds. With `scalarsFirst`, a string, then the other
  /// scalars, are tried before containers: for a value that is mostly a string (a
  /// transformer's input), since each form a decoder refuses costs it an error. (A decoder
  /// that reads any scalar as a string then gives strings.)
  public init(from decoder: any Decoder, scalarsFirst: Bool) throws {
    if scalarsFirst, let scalar = try? Self.scalar(decoder.singleValueContainer(), stringFirst: true) {
      self = scalar
      return
    }
    if let object = try? decoder.container(keyedBy: AnyJSONKey.self) {
      var members = JSONObject()
      for key in object.allKeys { members.append(key.stringValue, try object.decode(JSON.self, forKey: key)) }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSON] = []
      if let count = array.count { elements.reserveCapacity(count) }
      while !array.isAtEnd { elements.append(try array.decode(JSON.self)) }
      self = .array(elements)
    } else {
      let value = try decoder.singleValueContainer()
      self = try Self.scalar(value, stringFirst: false) ?? .string(value.decode(String.self))
    }
  }

  /// The scalar a single-value container holds, nil when it holds none (a string is tried
  /// first or last).
  private static func scalar(_ value: any SingleValueDecodingContainer, stringFirst: Bool) throws -> JSON? {
    if value.decodeNil() { return .null }
    if stringFirst, let string = try? value.decode(String.self) { return .string(string) }
    if let bool = try? value.decode(Bool.self) { return .bool(bool) }
    if let integer = try? value.decode(Int64.self) { return .number(JSONNumber(integer)) }
    if let integer = try? value.decode(UInt64.self) { return .number(JSONNumber(integer)) }
    if let double = try? value.decode(Double.self) {
      // An integer beyond 64 bits: its digits, where the decoder reads a `Decimal` from them.
      if double.rounded() == double, abs(double) >= 0x1p63, let decimal = try? value.decode(Decimal.self) {
        return .number(JSONNumber(decimal))
      }
      return .number(JSONNumber(double))
    }
    if let string = try? value.decode(String.self) { return .string(string) }
    return nil
  }

  /// Encodes the value with any encoder's containers: members in order, numbers as an
  /// integer when they are integral and fit, else as the nearest Double.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var value = encoder.singleValueContainer()
      try value.encodeNil()
    case .bool(let bool):
      var value = encoder.singleValueContainer()
      try value.encode(bool)
    case .string(let string):
      var value = encoder.singleValueContainer()
      try value.encode(string)
    case .number(let number):
      var value = encoder.singleValueContainer()
      if let integer = number.int64Value {
        try value.encode(integer)
      } else if let integer = number.uint64Value {
        try value.encode(integer)
      } else {
        try value.encode(number.doubleValue ?? .nan)
      }
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: AnyJSONKey.self)
      for (key, value) in members { try object.encode(value, forKey: AnyJSONKey(stringValue: key)) }
    }
  }
}

/// Any member name as a coding key.
struct AnyJSONKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
