import Foundation
import Mapwright

/// A decoder's settings, copied once per `decode` call.
struct DecoderOptions: @unchecked Sendable {
  var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
  var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
  var data: JSONDecoder.DataDecodingStrategy = .base64
  var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  var allowsJSON5 = false
  var assumesTopLevelDictionary = false
  var compatibility: CodableCompatibility = .standard
  var coercion: CoercionPolicy = .strict
  /// Snake-case conversions, kept across calls.
  var snakeCaseCache: KeyConversionCache?

  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keys { true } else { false }
  }

  mutating func setKeys(_ strategy: JSONDecoder.KeyDecodingStrategy) {
    keys = strategy
    if case .convertFromSnakeCase = strategy, snakeCaseCache == nil {
      snakeCaseCache = KeyConversionCache(convertFromSnakeCase)
    }
  }

  /// Parses `bytes` under these settings; a syntax error becomes Foundation's
  /// `dataCorrupted` error, with the parser's message, line and column added.
  func parse(_ bytes: [UInt8]) throws -> JSONDocument {
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = 512
    parsing.allowsComments = allowsJSON5
    parsing.allowsTrailingCommas = allowsJSON5 || compatibility == .foundation
    var input = bytes
    if allowsJSON5, assumesTopLevelDictionary, !startsWithBrace(bytes) {
      input = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "\n"), UInt8(ascii: "}")]
    }
    do {
      return try JSONDocument(input, options: parsing)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON. \(error)", underlyingError: error))
    }
  }

  private func startsWithBrace(_ bytes: [UInt8]) -> Bool {
    var i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      case UInt8(ascii: "/"):
        // A comment: skip it (the parser reports a malformed one).
        guard i + 1 < bytes.count else { return false }
        if bytes[i + 1] == UInt8(ascii: "/") {
          while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        } else if bytes[i + 1] == UInt8(ascii: "*") {
          i += 2
          while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
          i += 2
        } else {
          return false
        }
      default: return bytes[i] == UInt8(ascii: "{")
      }
    }
    return false
  }
}
