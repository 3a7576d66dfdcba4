import Foundation
import MapwrightJSON

/// An encoder's settings, copied once per `encode` call.
struct EncoderOptions: @unchecked Sendable {
  var formatting: JSONEncoder.OutputFormatting = []
  var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
  var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
  var data: JSONEncoder.DataEncodingStrategy = .base64
  var nonConformingFloats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// Snake-case conversions, kept across calls.
  var snakeCaseCache: KeyConversionCache?

  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keys { true } else { false }
  }

  mutating func setKeys(_ strategy: JSONEncoder.KeyEncodingStrategy) {
    keys = strategy
    if case .convertToSnakeCase = strategy, snakeCaseCache == nil {
      snakeCaseCache = KeyConversionCache(convertToSnakeCase)
    }
  }

  /// The string writer for these settings (Foundation escapes `/` unless told not to).
  var stringWriter: JSONWriter {
    JSONWriter(options: formatting.contains(.withoutEscapingSlashes) ? [] : [.escapeSlashes])
  }
}
