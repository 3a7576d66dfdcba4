// A `@JSONModel` type declared `Codable` (`@JSONModel struct Issue: Codable`) is Codable by
// its own mapping — its keys, transformers, defaults and rules, whichever coder runs it: the
// protocol extensions below supply `init(from:)` and `encode(to:)`, so Swift synthesises
// nothing (the properties need not be Codable). Structs and final classes may be `Codable`;
// a class others subclass may be `Encodable` (decoding it would need a `required`
// initialiser). The conformance is the user's to declare: a macro that may add a conformance
// makes Swift 6.3 crash on subclasses of model classes.
//
// A coder that holds parsed JSON — `MapwrightJSONDecoder` and `MapwrightJSONEncoder` —
// derives from `_JSONModelDecoderBase` / `_JSONModelEncoderBase`, and a model met anywhere in what it
// decodes or encodes (at the top or inside a `Codable` type) is read by its generated reader
// from the coder's own parse and written by its generated writer into the coder's own output.
// Any other coder (Foundation's `JSONDecoder`, a property-list coder) goes through its
// containers: the macro generates `init(_codableReader:)` and `_jsonModelEncode(to:)` for
// models declared `Codable`, the same mapping as the tape's reader and writer; a model whose
// conformance the macro did not see reads and writes a `JSON` value instead. Either way,
// errors are `DecodingError`s whose underlying error is the `MappingError`.

import MapwrightJSON

/// The class Mapwright's decoder derives from: a `Decoder` that holds parsed JSON, so that a
/// `@JSONModel` type reads its value from it directly. A class, not a protocol, so that a
/// model tells it from other decoders by one class check (a cast to a protocol costs about
/// 2,000 instructions, once per model decoded through Foundation's coders).
/// - Note: For coders; `MapwrightJSONDecoder`'s decoder derives from it.
open class _JSONModelDecoderBase {
  /// A decoder.
  public init() {}

  /// Decodes a model (or any value of the engine: a tagged enum) from the value being
  /// decoded, in the decoder's own session.
  open func decodeJSONModel<T: JSONConvertible>(_ type: T.Type) throws -> T {
    preconditionFailure("\(Self.self) does not decode models")
  }
}

/// The class Mapwright's encoder derives from: an `Encoder` that writes JSON text, so that a
/// `@JSONModel` type writes itself into it (a class for the reason `_JSONModelDecoderBase` is).
/// - Note: For coders; `MapwrightJSONEncoder`'s encoder derives from it.
open class _JSONModelEncoderBase {
  /// An encoder.
  public init() {}

  /// Writes the compact JSON `write` produces as the value being encoded; false when the
  /// encoder's settings (pretty printing, sorted keys) need the value through containers.
  open func encodeJSONModel(_ write: (inout JSONOutput) throws -> Void) throws -> Bool { false }
}

extension JSONModel {
  /// True: a model's `Codable` form (through the conformance below) is its mapping; false for
  /// a class cluster's base, whose `init(from:)` cannot make the subclass the JSON chooses
  /// (a property of its type is decoded by the engine; see `requireOwnClass`).
  @inlinable
  public static var _codableFormIsJSONForm: Bool { _jsonModelCluster == nil }

  /// Reads the model from the reader's decoder as a `JSON` value, then maps it (for models
  /// whose Codable reading the macro did not generate: conformance declared elsewhere).
  public init(_codableReader reader: inout _MapwrightRuntime.CodableReader) throws {
    self = try reader.engineValue(Self.self, from: JSON(from: reader.decoder), coercion: nil, at: reader.decoder.codingPath)
  }

  /// Writes the model as a `JSON` value (for models whose Codable writing the macro did not
  /// generate).
  public func _jsonModelEncode(to writer: inout _MapwrightRuntime.CodableWriter) throws {
    let json = encodeJSON(in: writer.session)
    try writer.session.throwIfFailed()
    writer.mergeMembers(of: json)
  }
}

extension JSONModel where Self: Decodable {
  /// Decodes the model by its own mapping. Mapwright's decoder reads it from its parse; other
  /// decoders through their containers (see `_MapwrightRuntime.CodableReader`). Errors are
  /// `DecodingError`s with the coding path, the `MappingError` as the underlying error.
  ///
  /// ```swift
  /// let issue = try JSONDecoder().decode(Issue.self, from: data)   // Foundation's, too
  /// ```
  public init(from decoder: any Decoder) throws {
    if let mapwright = decoder as? _JSONModelDecoderBase {
      self = try mapwright.decodeJSONModel(Self.self)
      return
    }
    var reader = try _MapwrightRuntime.CodableReader(decoder, fields: Self._jsonModelFields)
    self = try Self(_codableReader: &reader)
  }
}

extension JSONModel where Self: Encodable {
  /// Encodes the model by its own mapping: written straight into Mapwright's encoder, through
  /// any other encoder's containers (see `_MapwrightRuntime.CodableWriter`).
  public func encode(to encoder: any Encoder) throws {
    if let mapwright = encoder as? _JSONModelEncoderBase {
      let session = EncodingSession()
      let written = try mapwright.encodeJSONModel { output in
        writeJSON(to: &output, in: session)
        try session.throwIfFailed()
      }
      if written { return }
    }
    var writer = _MapwrightRuntime.CodableWriter(encoder)
    try _jsonModelEncode(to: &writer)
    try writer.finish()
  }
}

/// Decodes `type` through any decoder by its JSON mapping (what `@JSONModel` enums declared
/// `Codable` call): Mapwright's decoder reads it from its parse; any other reads a `JSON`
/// value, which the engine maps. Errors are `DecodingError`s with the `MappingError` beneath.
/// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
public func _jsonModelDecode<T: JSONConvertible>(_ type: T.Type, from decoder: any Decoder) throws -> T {
  if let mapwright = decoder as? _JSONModelDecoderBase { return try mapwright.decodeJSONModel(T.self) }
  return try _MapwrightRuntime.CodableReader.mapped(
    T.self, from: JSON(from: decoder), options: _MapwrightRuntime.CodableReader.options(of: decoder), at: decoder.codingPath)
}

/// Encodes `value` through any encoder by its JSON mapping: written straight into Mapwright's
/// encoder, as a `JSON` value through any other encoder's containers.
/// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
public func _jsonModelEncode<T: JSONConvertible>(_ value: T, to encoder: any Encoder) throws {
  let session = EncodingSession()
  if let mapwright = encoder as? _JSONModelEncoderBase {
    let written = try mapwright.encodeJSONModel { output in
      value.writeJSON(to: &output, in: session)
      try session.throwIfFailed()
    }
    if written { return }
  }
  let json = value.encodeJSON(in: session)
  try session.throwIfFailed()
  try json.encode(to: encoder)
}
