import Foundation
import MapwrightJSON

/// An encoder's settings, copied once per `encode` call.
struct EncoderOptions: @unchecked Sendable {
  var formatting: MapwrightJSONEncoder.OutputFormatting = []
  var keys: MapwrightJSONEncoder.KeyEncodingStrategy = .useDefaultKeys
  var dates: MapwrightJSONEncoder.DateEncodingStrategy = .deferredToDate
  var data: MapwrightJSONEncoder.DataEncodingStrategy = .base64
  var nonConformingFloats: MapwrightJSONEncoder.NonConformingFloatEncodingStrategy = .throw
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// Snake-case conversions, kept across calls.
  var snakeCaseCache: KeyConversionCache?

  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keys { true } else { false }
  }

  mutating func setKeys(_ strategy: MapwrightJSONEncoder.KeyEncodingStrategy) {
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
