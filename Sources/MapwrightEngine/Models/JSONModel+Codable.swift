// A `@JSONModel` type declared `Codable` (`@JSONModel struct Issue: Codable`) is Codable by
// its own mapping — its keys, transformers, defaults and rules, whichever coder runs it: the
// protocol extensions below supply `init(from:)` and `encode(to:)`, so Swift synthesises
// nothing (the properties need not be Codable). Structs and final classes may be `Codable`;
// a class others subclass may be `Encodable` (decoding it would need a `required`
// initialiser). The conformance is the user's to declare: a macro that may add a conformance
// makes Swift 6.3 crash on subclasses of model classes.
//
// A coder that holds parsed JSON — `MapwrightJSONDecoder` and `MapwrightJSONEncoder` —
// conforms to `JSONModelDecoder` / `JSONModelEncoder`, and a model met anywhere in what it
// decodes or encodes (at the top or inside a `Codable` type) is read by its generated reader
// from the coder's own parse and written by its generated writer into the coder's own output.
// Any other coder (Foundation's `JSONDecoder`, a property-list coder) goes through containers:
// the value is read as `JSON` and decoded from it, or encoded as `JSON`.

import MapwrightJSON

/// A `Decoder` that holds parsed JSON, so that a `@JSONModel` type reads its value directly.
/// - Note: For coders; `MapwrightJSONDecoder`'s decoder conforms.
public protocol JSONModelDecoder: Decoder {
  /// Decodes a model from the value being decoded, in the decoder's own session.
  func decodeJSONModel<T: JSONModel>(_ type: T.Type) throws -> T
}

/// An `Encoder` that writes JSON text, so that a `@JSONModel` type writes itself into it.
/// - Note: For coders; `MapwrightJSONEncoder`'s encoder conforms.
public protocol JSONModelEncoder: Encoder {
  /// Writes the compact JSON `write` produces as the value being encoded; false when the
  /// encoder's settings (pretty printing, sorted keys) need the value through containers.
  func encodeJSONModel(_ write: (inout JSONOutput) throws -> Void) throws -> Bool
}

extension JSONModel where Self: Decodable {
  /// Decodes the model by its own mapping. Mapwright's decoder reads it from its parse;
  /// other decoders hand over a `JSON` value, and errors name the coding path.
  ///
  /// ```swift
  /// let issue = try JSONDecoder().decode(Issue.self, from: data)   // Foundation's, too
  /// ```
  public init(from decoder: any Decoder) throws {
    if let mapwright = decoder as? any JSONModelDecoder {
      self = try mapwright.decodeJSONModel(Self.self)
      return
    }
    let json = try JSON(from: decoder)
    do {
      self = try Self(json: json)
    } catch let error as MappingError {
      // The path from the top of what the decoder decodes; a line in the text made of `json`
      // would mislead.
      let prefix = decoder.codingPath.map { key in key.intValue.map { JSONPath.Component.index($0) } ?? .key(key.stringValue) }
      throw error.moved(to: JSONPath(prefix + error.path.components), line: nil, column: nil)
    }
  }
}

extension JSONModel where Self: Encodable {
  /// Encodes the model by its own mapping: written straight into Mapwright's encoder, as a
  /// `JSON` value through any other encoder's containers.
  public func encode(to encoder: any Encoder) throws {
    if let mapwright = encoder as? any JSONModelEncoder {
      let session = EncodingSession()
      let written = try mapwright.encodeJSONModel { output in
        writeJSON(to: &output, in: session)
        try session.throwIfFailed()
      }
      if written { return }
    }
    let session = EncodingSession()
    let json = encodeJSON(in: session)
    try session.throwIfFailed()
    try json.encode(to: encoder)
  }
}
