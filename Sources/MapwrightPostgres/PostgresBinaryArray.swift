// A batch's column as one parameter in PostgreSQL's binary array format, written in one pass
// into the bind buffer (PostgresNIO's generic array encoding went element by element through
// slices of temporary buffers, a large share of the import's writer thread).
//
// Format (one dimension, no NULLs): Int32 number of dimensions (1, or 0 when empty), Int32
// flags (0: no NULLs), UInt32 element type OID, then per dimension Int32 length and Int32
// lower bound (1); then each element as Int32 byte length and its bytes (big-endian for
// numbers, UTF-8 for text).

#if Postgres
  import NIOCore
  import PostgresNIO

  struct PostgresBinaryArray: PostgresDynamicTypeEncodable {
    enum Elements {
      case integers([Int64])
      case reals([Double])
      case texts([String])
    }

    let elements: Elements

    var psqlType: PostgresDataType {
      switch elements {
      case .integers: .int8Array
      case .reals: .float8Array
      case .texts: .textArray
      }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
      let (count, element): (Int, PostgresDataType) =
        switch elements {
        case .integers(let values): (values.count, .int8)
        case .reals(let values): (values.count, .float8)
        case .texts(let values): (values.count, .text)
        }
      buffer.writeInteger(Int32(count == 0 ? 0 : 1))
      buffer.writeInteger(Int32(0))
      buffer.writeInteger(element.rawValue)
      guard count > 0 else { return }
      buffer.writeInteger(Int32(count))
      buffer.writeInteger(Int32(1))
      switch elements {
      case .integers(let values):
        buffer.reserveCapacity(minimumWritableBytes: values.count * 12)
        for value in values {
          buffer.writeInteger(Int32(8))
          buffer.writeInteger(value)
        }
      case .reals(let values):
        buffer.reserveCapacity(minimumWritableBytes: values.count * 12)
        for value in values {
          buffer.writeInteger(Int32(8))
          buffer.writeInteger(value.bitPattern)
        }
      case .texts(let values):
        for value in values {
          var value = value
          value.withUTF8 { utf8 in
            buffer.writeInteger(Int32(utf8.count))
            buffer.writeBytes(utf8)
          }
        }
      }
    }
  }
#endif
