// How attribute values are held in PostgreSQL and how they cross the wire.
//
// Column types: integers `bigint`, Booleans `boolean`, Double and Float `double precision`,
// decimals `numeric` (exact), strings and URLs `text`, dates `timestamptz` (microseconds),
// UUIDs `uuid`, data `bytea`, transformable values `jsonb`; `_id` and relationship columns
// `bigint`.
//
// On the wire: a parameter is text cast in the SQL (`$1::numeric`); a column of a batch's rows
// is one array parameter, unnested — binary (`int8[]`, `float8[]`, `text[]`; decimals, UUIDs
// and JSON as `text[]`, each element cast) when it holds no NULL, else a PostgreSQL array
// literal (`{"1","2",NULL}`) cast to the array type; reads cast
// what PostgresNIO does not decode to text (`numeric`, `jsonb`, `uuid`). The `StoreValue`s the import makes are the same as for SQLite (dates as seconds
// since 1970, Booleans as 0 and 1), so one importer serves both stores.

#if Postgres
  import MapwrightGraph
  import MapwrightSchema
  import NIOCore
  import PostgresNIO

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  enum PostgresColumns {
    /// The column type of an attribute.
    static func columnType(_ type: AttributeType) -> String {
      switch type {
      case .integer16, .integer32, .integer64: "bigint"
      case .boolean: "boolean"
      case .double, .float: "double precision"
      case .decimal: "numeric"
      case .string, .uri: "text"
      case .date: "timestamptz"
      case .uuid: "uuid"
      case .binaryData: "bytea"
      case .transformable: "jsonb"
      }
    }

    /// The type values of an attribute travel as: dates as seconds (`float8`); decimals, UUIDs
    /// and JSON as text, so that a column of them is a binary `text[]` the server need not
    /// parse as an array literal (each element is cast once, in `fromWire`).
    static func wireType(_ type: AttributeType?) -> String {
      switch type {
      case nil: "bigint"  // `_id` and relationship columns
      case .date?: "double precision"
      case .decimal?, .uuid?, .transformable?: "text"
      case let type?: columnType(type)
      }
    }

    /// The SQL that turns a wire value (`expression`, of `wireType`) into the column's value.
    static func fromWire(_ expression: String, _ type: AttributeType?) -> String {
      switch type {
      case .date?: "to_timestamp(\(expression))"
      case .decimal?, .uuid?, .transformable?: "(\(expression))::\(columnType(type!))"
      default: expression
      }
    }

    /// A parameter mark for a value of an attribute (or of `_id` when nil), cast to its type.
    static func parameter(_ index: Int, _ type: AttributeType?) -> String {
      fromWire("$\(index)::\(wireType(type))", type)
    }

    /// The SQL that reads a column back as `StoreValues.attributeValue` expects it.
    static func read(_ column: String, _ type: AttributeType) -> String {
      switch type {
      case .date: "extract(epoch from \(column))::double precision"
      case .decimal, .transformable: "\(column)::text"
      case .uuid: "upper(\(column)::text)"
      default: column
      }
    }

    /// A stored value as its text for PostgreSQL (nil for NULL).
    static func text(_ value: StoreValue, _ type: AttributeType?) -> String? {
      switch value {
      case .null: return nil
      case .integer(let integer): return type == .boolean ? (integer != 0 ? "t" : "f") : String(integer)
      case .real(let real):
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
        return "\(real)"
      case .text(let text): return text
      case .blob(let bytes):
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var hex = [UInt8](repeating: 0, count: 2 + bytes.count * 2)
        hex[0] = UInt8(ascii: "\\")
        hex[1] = UInt8(ascii: "x")
        for (i, byte) in bytes.enumerated() {
          hex[2 + 2 * i] = digits[Int(byte >> 4)]
          hex[3 + 2 * i] = digits[Int(byte & 15)]
        }
        return String(decoding: hex, as: UTF8.self)
      }
    }

    /// Values as a PostgreSQL array literal: every element quoted (backslash and quote
    /// escaped), NULL bare. Built as UTF-8 bytes (both escaped characters are ASCII).
    static func arrayLiteral(_ values: some Sequence<String?>) -> String {
      let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
      var literal: [UInt8] = [UInt8(ascii: "{")]
      var first = true
      for value in values {
        if !first { literal.append(UInt8(ascii: ",")) }
        first = false
        guard let value else {
          literal.append(contentsOf: "NULL".utf8)
          continue
        }
        literal.append(quote)
        for byte in value.utf8 {
          if byte == quote || byte == backslash { literal.append(backslash) }
          literal.append(byte)
        }
        literal.append(quote)
      }
      literal.append(UInt8(ascii: "}"))
      return String(decoding: literal, as: UTF8.self)
    }

    /// A column of values as one array parameter: binary when every value is a non-NULL
    /// integer, real or text of a column that holds it as such, else a text array literal.
    static func arrayParameter(_ values: some Collection<StoreValue>, _ type: AttributeType?) -> PostgresSession.Parameter {
      /// The values as `T`s when every one is the case `extract` reads, else nil.
      func all<T>(_ extract: (StoreValue) -> T?) -> [T]? {
        var result: [T] = []
        result.reserveCapacity(values.count)
        for value in values {
          guard let item = extract(value) else { return nil }
          result.append(item)
        }
        return result
      }
      let binary: PostgresSession.Parameter? =
        switch wireType(type) {
        case "bigint": all { if case .integer(let v) = $0 { v } else { nil } }.map { .integers($0) }
        case "double precision": all { if case .real(let v) = $0 { v } else { nil } }.map { .reals($0) }
        case "text": all { if case .text(let v) = $0 { v } else { nil } }.map { .texts($0) }
        default: nil
        }
      return binary ?? .text(arrayLiteral(values.lazy.map { text($0, type) }))
    }

    /// A fetch's bound values as parameters: text, given their type by a cast in the SQL.
    static func parameters(_ values: [StoreValue]) -> [PostgresSession.Parameter] {
      values.map { .text(text($0, nil)) }
    }

    /// A result row's cells as `StoreValue`s.
    static func values(of row: PostgresRow) throws -> [StoreValue] {
      try row.makeRandomAccess().map { try value($0) }
    }

    /// A result cell as a `StoreValue` (Booleans as 0 and 1, bytea as bytes, text otherwise).
    static func value(_ cell: PostgresCell) throws -> StoreValue {
      guard cell.bytes != nil else { return .null }
      switch cell.dataType {
      case .int8, .int4, .int2: return .integer(try cell.decode(Int64.self))
      case .float8, .float4: return .real(try cell.decode(Double.self))
      case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
      case .bytea: return .blob(Array(try cell.decode(ByteBuffer.self).readableBytesView))
      default: return .text(try cell.decode(String.self))
      }
    }
  }
#endif
