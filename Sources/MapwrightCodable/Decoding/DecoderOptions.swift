import Foundation
import MapwrightEngine

/// A decoder's settings, copied once per `decode` call.
struct DecoderOptions: @unchecked Sendable {
  var keys: MapwrightJSONDecoder.KeyDecodingStrategy = .useDefaultKeys
  var dates: MapwrightJSONDecoder.DateDecodingStrategy = .deferredToDate
  var data: MapwrightJSONDecoder.DataDecodingStrategy = .base64
  var nonConformingFloats: MapwrightJSONDecoder.NonConformingFloatDecodingStrategy = .throw
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  var allowsJSON5 = false
  var assumesTopLevelDictionary = false
  var compatibility: CodableCompatibility = .standard
  var rejectsInexactDecimals = false
  var coercion: CoercionPolicy = .strict
  /// Snake-case conversions, kept across calls.
  var snakeCaseCache: KeyConversionCache?

  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keys { true } else { false }
  }

  mutating func setKeys(_ strategy: MapwrightJSONDecoder.KeyDecodingStrategy) {
    keys = strategy
    if case .convertFromSnakeCase = strategy, snakeCaseCache == nil {
      snakeCaseCache = KeyConversionCache(convertFromSnakeCase)
    }
  }

  /// Parses `input`: data that is plain JSON in UTF-8 (the usual case) where it is, without a
  /// copy; anything to be rewritten first (UTF-16 or UTF-32, JSON5, members without braces)
  /// through its bytes (`parse(_:)` with bytes).
  func parse(_ input: DecoderInput) throws -> (document: JSONDocument, json5: JSON5Translation?) {
    switch input {
    case .bytes(let bytes):
      return try parse(bytes)
    case .data(let data):
      guard !allowsJSON5, !assumesTopLevelDictionary, detectedUnicodeEncoding(Array(data.prefix(4))) == nil else {
        return try parse(data.byteArray)
      }
      do {
        return (try JSONDocument(data, options: parsingOptions), nil)
      } catch {
        throw Self.corrupted(error)
      }
    }
  }

  /// The parser's options for these decoding options.
  private var parsingOptions: JSONParsingOptions {
    var parsing = JSONParsingOptions()
    parsing.maximumDepth = 512
    parsing.allowsComments = allowsJSON5
    parsing.allowsTrailingCommas = allowsJSON5 || compatibility == .foundation
    return parsing
  }

  /// The error for input that does not parse.
  private static func corrupted(_ error: any Error) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON. \(error)", underlyingError: error))
  }

  /// Parses `bytes` under these settings; a syntax error becomes Foundation's
  /// `dataCorrupted` error, with the parser's message, line and column added. JSON5 is read
  /// through its translation to JSON, returned for locations and non-finite numbers.
  func parse(_ bytes: [UInt8]) throws -> (document: JSONDocument, json5: JSON5Translation?) {
    let parsing = parsingOptions
    var input = bytes
    if let encoding = detectedUnicodeEncoding(bytes) {
      // Foundation reads UTF-16 and UTF-32 too; RFC 8259 asks senders for UTF-8 but does
      // not forbid a reader to accept more, and nothing is lost, so both modes convert.
      guard let text = String(data: Data(bytes), encoding: encoding.encoding) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [], debugDescription: "The given data was not valid JSON. It looks like \(encoding.name) but does not decode as such."))
      }
      input = Array(text.utf8)
      if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
    }
    do {
      if allowsJSON5 {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        let json5 = try JSON5Translation(
          input, keepsEscapedLineBreaks: compatibility == .foundation,
          wrapInBraces: assumesTopLevelDictionary && !startsWithBrace(input))
        do {
          return (try JSONDocument(json5.json, options: parsing), json5)
        } catch {
          throw json5.relocated(error)
        }
      }
      if assumesTopLevelDictionary, !startsWithBrace(input) {
        // As Foundation, with or without JSON5: members without their braces (none at all
        // when the input is empty) are the top-level object.
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        let members = JSON5Translation(membersOf: input)
        do {
          return (try JSONDocument(members.json, options: parsing), members)
        } catch {
          throw members.relocated(error)
        }
      }
      return (try JSONDocument(input, options: parsing), nil)
    } catch {
      throw Self.corrupted(error)
    }
  }

  /// UTF-16 or UTF-32 input, told by its byte order mark or by the zero bytes around the
  /// first (ASCII) character; nil for UTF-8.
  private func detectedUnicodeEncoding(_ bytes: [UInt8]) -> (encoding: String.Encoding, name: String)? {
    let b = Array(bytes.prefix(4)) + Array(repeating: 0xAA, count: max(0, 4 - bytes.count))
    if bytes.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (.utf32BigEndian, "UTF-32") }
    if bytes.count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (.utf32LittleEndian, "UTF-32") }
    if bytes.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return (.utf16BigEndian, "UTF-16") }
    if bytes.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return (.utf16LittleEndian, "UTF-16") }
    if bytes.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return (.utf32BigEndian, "UTF-32") }
    if bytes.count >= 4, b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return (.utf32LittleEndian, "UTF-32") }
    if bytes.count >= 2, b[0] == 0, b[1] != 0 { return (.utf16BigEndian, "UTF-16") }
    if bytes.count >= 2, b[0] != 0, b[1] == 0 { return (.utf16LittleEndian, "UTF-16") }
    return nil
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

/// What a decoder parses: bytes, or data read in place (see `DecoderOptions.parse(_:)`).
enum DecoderInput {
  case bytes([UInt8])
  case data(Data)
}
