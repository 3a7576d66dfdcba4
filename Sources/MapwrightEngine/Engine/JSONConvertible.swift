/// A type the mapping engine can decode from a JSON value and encode back.
///
/// The standard scalar types, `URL`, `UUID`, `Decimal`, `JSON`, optionals, arrays, sets and
/// string-keyed dictionaries of convertible types conform; so does every `Mappable`,
/// `StaticMappable` and `ImmutableMappable` model. Conform a type of your own when one JSON
/// value maps to it directly:
///
/// ```swift
/// struct Celsius: JSONConvertible {
///   var degrees: Double
///   static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Celsius {
///     Celsius(degrees: try Double.decode(from: value, in: session))
///   }
///   func encodeJSON(in session: EncodingSession) -> JSON { JSON(degrees) }
/// }
/// ```
public protocol JSONConvertible {
  /// Decodes a value, throwing the first problem with its path.
  static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> Self

  /// Encodes the value.
  func encodeJSON(in session: EncodingSession) -> JSON

  /// Writes the value compactly to `output`. The default goes through `encodeJSON`; scalars,
  /// collections and `@JSONModel` models write directly.
  func writeJSON(to output: inout JSONOutput, in session: EncodingSession)

  /// The value to use when the key is missing, or nil when a missing key is an error.
  /// Optionals answer `.some(nil)`.
  static var valueForMissingKey: Self? { get }

  /// True for `Optional`: a nil value is left out on encoding unless nil values are included.
  var isNilValue: Bool { get }
}

extension JSONConvertible {
  public static var valueForMissingKey: Self? { nil }
  public var isNilValue: Bool { false }

  @inlinable
  public func writeJSON(to output: inout JSONOutput, in session: EncodingSession) {
    output.json(encodeJSON(in: session))
  }
}

extension JSONOutput {
  /// Writes `key` and `value`, leaving out a nil optional unless nil values are included.
  @inlinable
  public mutating func write<T: JSONConvertible>(_ value: T, key: String, in session: EncodingSession) {
    if value.isNilValue && !session.includesNilValues { return }
    self.key(key)
    value.writeJSON(to: &self, in: session)
  }

  /// Writes `key` and `value` through a transformer.
  public mutating func write<T: JSONTransformer>(_ value: T.Value, key: String, using transformer: T, in session: EncodingSession) {
    do {
      let json = try transformer.encode(value)
      self.key(key)
      self.json(json)
    } catch {
      session.record(MappingError(.transformFailed("\(error)"), path: JSONPath([.key(key)])))
    }
  }

  public mutating func write<T: JSONTransformer>(_ value: T.Value?, key: String, using transformer: T, in session: EncodingSession) {
    guard let value else {
      if session.includesNilValues {
        self.key(key)
        null()
      }
      return
    }
    write(value, key: key, using: transformer, in: session)
  }
}

// MARK: Decoding and encoding whole documents

extension JSONConvertible {
  /// Decodes UTF-8 JSON bytes.
  ///
  /// ```swift
  /// let user = try User(json: data)
  /// let users = try [User](json: #"[{"username": "ana"}]"#)
  /// ```
  public init(json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws {
    self = try Self.decodeReporting(json: bytes, options: options).value
  }

  public init(json data: Data, options: MappingOptions = MappingOptions()) throws {
    self = try Self.decodeReporting(json: data.byteArray, options: options).value
  }

  public init(json text: String, options: MappingOptions = MappingOptions()) throws {
    self = try Self.decodeReporting(json: Array(text.utf8), options: options).value
  }

  /// Decodes a value of a parsed document (errors carry its place in that document).
  public init(json value: JSONValue, options: MappingOptions = MappingOptions()) throws {
    self = try DecodingSession(document: value.document, options: options).decodeRoot(Self.self, at: value)
  }

  /// Decodes from an owned JSON value.
  public init(json value: JSON, options: MappingOptions = MappingOptions()) throws {
    self = try Self.decodeReporting(json: try value.jsonBytes(), options: options).value
  }

  /// Decodes and returns what was forgiven along with the value.
  ///
  /// ```swift
  /// let (authors, report) = try [Author].decodeReporting(json: data, options: .lenient)
  /// report.coercions   // each "101" read as 101, with its path
  /// ```
  public static func decodeReporting(
    json bytes: [UInt8], options: MappingOptions = MappingOptions(), context: MappingContext? = nil
  ) throws -> (value: Self, report: MappingReport) {
    let session = try DecodingSession(parsing: bytes, options: options, context: context)
    let value = try session.decodeRoot(Self.self)
    return (value, session.report)
  }

  public static func decodeReporting(
    json data: Data, options: MappingOptions = MappingOptions(), context: MappingContext? = nil
  ) throws -> (value: Self, report: MappingReport) {
    try decodeReporting(json: data.byteArray, options: options, context: context)
  }

  public static func decodeReporting(
    json text: String, options: MappingOptions = MappingOptions(), context: MappingContext? = nil
  ) throws -> (value: Self, report: MappingReport) {
    try decodeReporting(json: Array(text.utf8), options: options, context: context)
  }

  /// The value as an owned JSON value.
  /// `recordingVersions`: versioned models write their version (see `JSONVersioning`).
  /// `transformers`: where `@Transform(named:)` finds its transformers.
  public func json(
    includingNilValues: Bool = false, recordingVersions: Bool = false, context: MappingContext? = nil,
    transformers: TransformerRegistry = .shared
  ) -> JSON {
    encodeJSON(in: EncodingSession(
      includesNilValues: includingNilValues, recordsVersions: recordingVersions, context: context, transformers: transformers))
  }

  /// The value as JSON text.
  public func jsonString(
    _ options: JSONWriter.Options = [], recordingVersions: Bool = false, transformers: TransformerRegistry = .shared
  ) throws -> String {
    String(decoding: try jsonBytes(options, recordingVersions: recordingVersions, transformers: transformers), as: UTF8.self)
  }

  /// The value as UTF-8 JSON bytes.
  public func jsonBytes(
    _ options: JSONWriter.Options = [], recordingVersions: Bool = false, transformers: TransformerRegistry = .shared
  ) throws -> [UInt8] {
    if recordingVersions {
      let session = EncodingSession(recordsVersions: true, transformers: transformers)
      let json = encodeJSON(in: session)
      try session.throwIfFailed()
      return try json.jsonBytes(options)
    }
    if options.isEmpty {
      // Compact output is streamed; a NaN or infinity goes the long way for its error.
      let session = EncodingSession(transformers: transformers)
      var output = JSONOutput()
      writeJSON(to: &output, in: session)
      try session.throwIfFailed()
      if !output.sawNonFinite { return output.bytes }
    }
    let session = EncodingSession(transformers: transformers)
    let json = encodeJSON(in: session)
    try session.throwIfFailed()
    return try json.jsonBytes(options)
  }

  /// The value as UTF-8 JSON.
  public func jsonData(
    _ options: JSONWriter.Options = [], recordingVersions: Bool = false, transformers: TransformerRegistry = .shared
  ) throws -> Data {
    Data(try jsonBytes(options, recordingVersions: recordingVersions, transformers: transformers))
  }
}

extension DecodingSession {
  /// Parses `bytes`, turning a parse error into a `MappingError` with its place.
  public convenience init(parsing bytes: [UInt8], options: MappingOptions, context: MappingContext? = nil) throws(MappingError) {
    let document: JSONDocument
    do {
      document = try JSONDocument(bytes, options: options.parsing)
    } catch {
      throw MappingError(.invalidJSON(error), path: .root, line: error.line, column: error.column)
    }
    self.init(document: document, options: options, context: context)
  }

  /// Decodes the root value (or `value`) and throws whatever was recorded.
  public func decodeRoot<T: JSONConvertible>(_ type: T.Type, at root: JSONValue? = nil) throws -> T {
    let value: T
    do {
      value = try T.decode(from: root ?? document.root, in: self)
    } catch {
      record(error)
      try throwIfFailed()
      throw error
    }
    try throwIfFailed()
    return value
  }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
