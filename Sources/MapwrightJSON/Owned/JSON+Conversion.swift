#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
  /// Converts a parsed value into an owned one. For a repeated key the first member is kept.
  public init(_ value: JSONValue) {
    self = value.document.bytes.withUnsafeBufferPointer { bytes in
      JSON.build(value.document.tape, value.index, bytes)
    }
  }

  private static func build(_ tape: Tape, _ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> JSON {
    let entry = tape[index]
    switch entry.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .number:
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]), as: UTF8.self)
      return .number(JSONNumber(validatedText: text))
    case .string:
      return .string(decodeStringEntry(entry, in: bytes))
    case .array:
      var elements: [JSON] = []
      elements.reserveCapacity(Int(entry.length))
      var child = index + 1
      for _ in 0..<Int(entry.length) {
        elements.append(build(tape, child, bytes))
        child = Int(tape[child].next)
      }
      return .array(elements)
    case .object:
      var object = JSONObject()
      var keyIndex = index + 1
      for _ in 0..<Int(entry.length) {
        let key = decodeStringEntry(tape[keyIndex], in: bytes)
        if object.position(of: key) == nil {
          object.append(key, build(tape, keyIndex + 1, bytes))
        }
        keyIndex = Int(tape[keyIndex + 1].next)
      }
      return .object(object)
    }
  }

  /// Parses UTF-8 bytes into an owned value.
  public init(parsing bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(bytes, options: options).root)
  }

  /// Parses UTF-8 data into an owned value.
  public init(parsing data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(data, options: options).root)
  }

  /// Parses a string into an owned value.
  public init(parsing text: String, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(text, options: options).root)
  }
}
