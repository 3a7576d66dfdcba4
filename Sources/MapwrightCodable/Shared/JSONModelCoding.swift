// `@JSONModel` types met by the drop-in coders: read by their generated reader from the
// decoder's own parse, written by their generated writer into the encoder's own output (see
// MapwrightEngine's JSONModel+Codable.swift). The model's mapping applies — its keys,
// transformers and defaults — not the coder's strategies; the decoder's coercion policy is the
// model's default, as `MappingOptions.coercion` is for a model decoded on its own. A problem is
// a `DecodingError`, as from any decoder, with the `MappingError` (line and column) beneath.

import MapwrightEngine
import MapwrightJSON

extension CodableDecoder {
  /// A model read from this decoder's parse (`decodeJSONModel`, which the class overrides).
  func decodeModel<T: JSONConvertible>(_ type: T.Type) throws -> T {
    var mapping = MappingOptions()
    mapping.coercion = options.coercion
    let session = DecodingSession(document: document, options: mapping)
    let model: T
    do {
      model = try session.decodeRoot(T.self, at: document.value(atTapeIndex: current))
    } catch let error as MappingError {
      // Codable's contract: a `DecodingError`, the mapping error (its path, line and column in
      // this document, which are the coding path's) underneath.
      throw error.decodingError(T.self, codingPath: [])
    } catch let errors as MappingErrors {
      throw errors.errors[0].decodingError(T.self, codingPath: [])
    }
    if let reportBox {
      for entry in session.report.entries { reportBox.report.record(entry) }
    }
    return model
  }
}

extension CodableEncoder {
  /// A model written into this encoder's output (`encodeJSONModel`, which the class overrides).
  func encodeModel(_ write: (inout JSONOutput) throws -> Void) throws -> Bool {
    // Indentation and key order are the encoder's to decide: those go through containers.
    guard !pretty && !sorted else { return false }
    var output = JSONOutput()
    try write(&output)
    // NaN and infinities follow the encoder's strategy, through containers.
    guard !output.sawNonFinite else { return false }
    beginSingle()
    output.withWrittenBytes { out.append($0) }
    return true
  }
}
