// The models the parity table runs through every path: one per value type, declared once as
// a @JSONModel (which also gives the ModelObject entity and the import's table, and is
// declared Codable, so that other coders run the same mapping), once as a Mappable and once
// as a Codable type. Each holds `id` (the import's primary key) and `value`.

import Foundation
import Mapwright
import MapwrightObjectMapper

/// A model whose `value` the parity table reads.
protocol ValueHolder {
  associatedtype Value
  var value: Value { get }
}

@JSONModel(primaryKey: "id")
struct RowInt: ValueHolder, Codable {
  var id: Int
  var value: Int
}

struct MappedInt: Mappable, ValueHolder {
  var id = 0
  var value: Int = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedInt: Codable, ValueHolder {
  var id: Int
  var value: Int
}

@JSONModel(primaryKey: "id")
struct RowInt8: ValueHolder, Codable {
  var id: Int
  var value: Int8
}

struct MappedInt8: Mappable, ValueHolder {
  var id = 0
  var value: Int8 = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedInt8: Codable, ValueHolder {
  var id: Int
  var value: Int8
}

@JSONModel(primaryKey: "id")
struct RowUInt8: ValueHolder, Codable {
  var id: Int
  var value: UInt8
}

struct MappedUInt8: Mappable, ValueHolder {
  var id = 0
  var value: UInt8 = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedUInt8: Codable, ValueHolder {
  var id: Int
  var value: UInt8
}

@JSONModel(primaryKey: "id")
struct RowInt64: ValueHolder, Codable {
  var id: Int
  var value: Int64
}

struct MappedInt64: Mappable, ValueHolder {
  var id = 0
  var value: Int64 = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedInt64: Codable, ValueHolder {
  var id: Int
  var value: Int64
}

@JSONModel(primaryKey: "id")
struct RowDouble: ValueHolder, Codable {
  var id: Int
  var value: Double
}

struct MappedDouble: Mappable, ValueHolder {
  var id = 0
  var value: Double = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedDouble: Codable, ValueHolder {
  var id: Int
  var value: Double
}

@JSONModel(primaryKey: "id")
struct RowFloat: ValueHolder, Codable {
  var id: Int
  var value: Float
}

struct MappedFloat: Mappable, ValueHolder {
  var id = 0
  var value: Float = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedFloat: Codable, ValueHolder {
  var id: Int
  var value: Float
}

@JSONModel(primaryKey: "id")
struct RowDecimal: ValueHolder, Codable {
  var id: Int
  var value: Decimal
}

struct MappedDecimal: Mappable, ValueHolder {
  var id = 0
  var value: Decimal = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedDecimal: Codable, ValueHolder {
  var id: Int
  var value: Decimal
}

@JSONModel(primaryKey: "id")
struct RowBool: ValueHolder, Codable {
  var id: Int
  var value: Bool
}

struct MappedBool: Mappable, ValueHolder {
  var id = 0
  var value: Bool = false
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedBool: Codable, ValueHolder {
  var id: Int
  var value: Bool
}

@JSONModel(primaryKey: "id")
struct RowString: ValueHolder, Codable {
  var id: Int
  var value: String
}

struct MappedString: Mappable, ValueHolder {
  var id = 0
  var value: String = ""
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedString: Codable, ValueHolder {
  var id: Int
  var value: String
}

// Key paths: `value` read at `meta.value` (nested) and at `list.1` (an array index).

@JSONModel(primaryKey: "id")
struct RowNested: ValueHolder, Codable {
  var id: Int
  @Key("meta.value") var value: Int
}

struct MappedNested: Mappable, ValueHolder {
  var id = 0
  var value = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["meta.value"]
  }
}

struct CodedNested: Decodable, ValueHolder {
  var id: Int
  var value: Int
  enum Keys: String, CodingKey { case id, meta, value }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(Int.self, forKey: .id)
    value = try container.nestedContainer(keyedBy: Keys.self, forKey: .meta).decode(Int.self, forKey: .value)
  }
}

@JSONModel(primaryKey: "id")
struct RowIndexed: ValueHolder, Codable {
  var id: Int
  @Key("list.1") var value: Int
}

struct MappedIndexed: Mappable, ValueHolder {
  var id = 0
  var value = 0
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["list.1"]
  }
}

struct CodedIndexed: Decodable, ValueHolder {
  var id: Int
  var value: Int
  enum Keys: String, CodingKey { case id, list }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(Int.self, forKey: .id)
    var list = try container.nestedUnkeyedContainer(forKey: .list)
    _ = try list.decode(JSONSkip.self)
    value = try list.decode(Int.self)
  }
}

/// Decodes any one value and keeps nothing (to step over an array element).
struct JSONSkip: Decodable {
  init(from decoder: any Decoder) throws {}
}

// Defaults: `value` is 7 when the key is missing.

@JSONModel(primaryKey: "id")
struct RowDefaulted: ValueHolder, Codable {
  var id: Int
  @Default(7) var value: Int
}

struct MappedDefaulted: Mappable, ValueHolder {
  var id = 0
  var value = 7
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    value <- map["value"]
  }
}

struct CodedDefaulted: Decodable, ValueHolder {
  var id: Int
  var value: Int
  enum Keys: String, CodingKey { case id, value }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(Int.self, forKey: .id)
    value = try container.decodeIfPresent(Int.self, forKey: .value) ?? 7
  }
}
