import Foundation
import MapwrightCodable
import Testing

/// What a decoding ended in, in a form both decoders' results can be compared by: the value,
/// or the error's case, type, key and coding path (debug descriptions differ on purpose).
enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
  case value(T)
  case error(String)

  init(_ body: () throws -> T) {
    do {
      self = .value(try body())
    } catch let error as DecodingError {
      self = .error(signature(error))
    } catch let error as EncodingError {
      self = .error(signature(error))
    } catch {
      self = .error("other: \(error)")
    }
  }

  var description: String {
    switch self {
    case .value(let value): "value \(value)"
    case .error(let text): "error \(text)"
    }
  }
}

func pathSignature(_ path: [any CodingKey]) -> String {
  path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: "/")
}

func signature(_ error: DecodingError) -> String {
  switch error {
  case .typeMismatch(let type, let context): "typeMismatch(\(type)) at \(pathSignature(context.codingPath))"
  case .valueNotFound(let type, let context): "valueNotFound(\(type)) at \(pathSignature(context.codingPath))"
  case .keyNotFound(let key, let context): "keyNotFound(\(key.stringValue)) at \(pathSignature(context.codingPath))"
  case .dataCorrupted(let context): "dataCorrupted at \(pathSignature(context.codingPath))"
  @unknown default: "unknown"
  }
}

func signature(_ error: EncodingError) -> String {
  switch error {
  case .invalidValue(_, let context): "invalidValue at \(pathSignature(context.codingPath))"
  @unknown default: "unknown"
  }
}

/// Decodes `json` with both decoders and expects the same outcome.
func expectSameDecoding<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String,
  mapwright: (MapwrightJSONDecoder) -> Void = { _ in },
  foundation: (Foundation.JSONDecoder) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let ours = MapwrightJSONDecoder()
  mapwright(ours)
  let theirs = Foundation.JSONDecoder()
  foundation(theirs)
  let mine = Outcome { try ours.decode(T.self, from: Data(json.utf8)) }
  let reference = Outcome { try theirs.decode(T.self, from: Data(json.utf8)) }
  #expect(mine == reference, "\(json)", sourceLocation: sourceLocation)
}

/// The decoding error thrown for `json`, for inspecting its description.
func decodingError<T: Decodable>(_ type: T.Type, _ json: String, _ configure: (MapwrightJSONDecoder) -> Void = { _ in }) -> DecodingError? {
  let decoder = MapwrightJSONDecoder()
  configure(decoder)
  do {
    _ = try decoder.decode(T.self, from: Data(json.utf8))
    return nil
  } catch {
    return error as? DecodingError
  }
}
/// Encodes `value` with both encoders and expects the same bytes (or the same error).
func expectSameEncoding<T: Encodable>(
  _ value: T,
  mapwright: (MapwrightJSONEncoder) -> Void = { _ in },
  foundation: (Foundation.JSONEncoder) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let ours = MapwrightJSONEncoder()
  mapwright(ours)
  let theirs = Foundation.JSONEncoder()
  foundation(theirs)
  let mine = Outcome { String(decoding: try ours.encode(value), as: UTF8.self) }
  let reference = Outcome { String(decoding: try theirs.encode(value), as: UTF8.self) }
  #expect(mine == reference, "\(value)", sourceLocation: sourceLocation)
}
