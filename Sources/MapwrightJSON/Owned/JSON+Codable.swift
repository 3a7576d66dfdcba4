// `JSON` through any Codable coder: objects as keyed containers (member order kept where the
// encoder keeps it), arrays as unkeyed ones, numbers as the narrowest of Int64, UInt64 and
// Double that holds them. A coder that reads JSON itself (Mapwright's) never needs this; it is
// how a `JSON` value, or a `@JSONModel` type, travels through Foundation's coders and others.

extension JSON: Codable {
  /// Reads whatever value the decoder holds.
  ///
  /// ```swift
  /// let json = try JSONDecoder().decode(JSON.self, from: Data(#"{"a": [1, 2.5, "x", null]}"#.utf8))
  /// json["a"]?[1]   // 2.5
  /// ```
  public init(from decoder: any Decoder) throws {
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
      if value.decodeNil() {
        self = .null
      } else if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else if let integer = try? value.decode(Int64.self) {
        self = .number(JSONNumber(integer))
      } else if let integer = try? value.decode(UInt64.self) {
        self = .number(JSONNumber(integer))
      } else if let double = try? value.decode(Double.self) {
        self = .number(JSONNumber(double))
      } else {
        self = .string(try value.decode(String.self))
      }
    }
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
