import Foundation
import MapwrightEngine

/// A drop-in replacement for Foundation's `JSONDecoder` that runs on Mapwright's parser: the
/// same API and results, faster, with better errors.
///
/// ```swift
/// import Foundation
/// import MapwrightCodable
///
/// typealias JSONDecoder = MapwrightJSONDecoder   // once per module: every JSONDecoder() switches
///
/// struct User: Codable { var id: Int; var name: String }
///
/// let decoder = JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let users = try decoder.decode([User].self, from: data)
/// ```
///
/// Results and errors are Foundation's (`DecodingError` cases and coding paths), with the
/// JSON path, line and column of the failing value added to each debug description. Where
/// Foundation accepts what RFC 8259 forbids or loses data, the default follows the standard;
/// `compatibility = .foundation` reproduces Foundation (see `CodableCompatibility`).
/// Opt-in extras: `coercion = .lenient` (`"101"` into an `Int`), and `decodeReporting`,
/// which lists everything forgiven.
open class MapwrightJSONDecoder: @unchecked Sendable {
  /// How keys in the JSON are matched to `CodingKey`s.
  public enum KeyDecodingStrategy: Sendable {
    case useDefaultKeys
    /// `first_name` matches `firstName`; leading and trailing underscores are kept.
    case convertFromSnakeCase
    /// The closure gets the coding path with the JSON key last and returns the key to match.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How `Date` values are read.
  public enum DateDecodingStrategy: @unchecked Sendable {
    /// `Date`'s own `Decodable` conformance: seconds since 2001-01-01.
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    /// ISO 8601 date and time with a time zone, without fractional seconds.
    case iso8601
    case formatted(DateFormatter)
    case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
  }

  /// How `Data` values are read.
  public enum DataDecodingStrategy: Sendable {
    /// `Data`'s own `Decodable` conformance: an array of bytes.
    case deferredToData
    case base64
    case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
  }

  /// How strings standing for non-finite numbers are read.
  public enum NonConformingFloatDecodingStrategy: Sendable {
    case `throw`
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  private let lock = NSLock()
  private var _options = DecoderOptions()

  private func withOptions<R>(_ body: (inout DecoderOptions) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&_options)
  }

  /// A decoder with Foundation's defaults (the strategies of `JSONDecoder()`).
  public init() {}

  /// A coder with the settings of `other`, to change without touching one that is shared.
  public convenience init(copying other: MapwrightJSONDecoder) {
    self.init()
    _options = other.withOptions { $0 }
  }

  open var keyDecodingStrategy: KeyDecodingStrategy {
    get { withOptions { $0.keys } }
    set { withOptions { $0.setKeys(newValue) } }
  }
  open var dateDecodingStrategy: DateDecodingStrategy {
    get { withOptions { $0.dates } }
    set { withOptions { $0.dates = newValue } }
  }
  open var dataDecodingStrategy: DataDecodingStrategy {
    get { withOptions { $0.data } }
    set { withOptions { $0.data = newValue } }
  }
  open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { withOptions { $0.nonConformingFloats } }
    set { withOptions { $0.nonConformingFloats = newValue } }
  }
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withOptions { $0.userInfo } }
    set { withOptions { $0.userInfo = newValue } }
  }
  /// Read JSON5: comments, trailing commas, unquoted member names, single-quoted strings and
  /// JSON5's escapes, hexadecimal numbers, `+`, leading and trailing decimal points,
  /// `Infinity` and `NaN` (into `Double` and `Float`), and JSON5's extra whitespace. Errors
  /// name the line and column in the JSON5 as written. Differences from Foundation's reading
  /// are listed in Docs/Codable.md.
  open var allowsJSON5: Bool {
    get { withOptions { $0.allowsJSON5 } }
    set { withOptions { $0.allowsJSON5 = newValue } }
  }
  /// A document without its outer braces (`"a": 1, "b": 2`, or nothing at all) is read as an
  /// object, with or without `allowsJSON5`, as Foundation reads it.
  open var assumesTopLevelDictionary: Bool {
    get { withOptions { $0.assumesTopLevelDictionary } }
    set { withOptions { $0.assumesTopLevelDictionary = newValue } }
  }
  /// `.standard` (the default) or `.foundation`; see `CodableCompatibility`.
  open var compatibility: CodableCompatibility {
    get { withOptions { $0.compatibility } }
    set { withOptions { $0.compatibility = newValue } }
  }
  /// A number with more significant digits than `Decimal` holds (38), decoded into a
  /// `Decimal`: `false` (the default) gives Foundation's value, the digits beyond cut off;
  /// `true` makes it a `dataCorrupted` error, for data where every digit counts.
  ///
  /// ```swift
  /// let text = "[0.1000000000000000055511151231257827021181583404541015625]"
  /// try decoder.decode([Decimal].self, from: text)   // [0.100000000000000005551115123125782702118]
  /// decoder.rejectsInexactDecimals = true
  /// try decoder.decode([Decimal].self, from: text)   // DecodingError.dataCorrupted
  /// ```
  open var rejectsInexactDecimals: Bool {
    get { withOptions { $0.rejectsInexactDecimals } }
    set { withOptions { $0.rejectsInexactDecimals = newValue } }
  }
  /// `.strict` (the default, as Foundation) or `.lenient`: numbers written as strings,
  /// numbers into `String`, `"true"`/`0`/`1` into `Bool`, each recorded in the report.
  open var coercion: CoercionPolicy {
    get { withOptions { $0.coercion } }
    set { withOptions { $0.coercion = newValue } }
  }

  /// Decodes a value of `type` from UTF-8 JSON.
  open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try run(type, input: .data(data), report: false).value
  }

  /// Decodes a value of `type` from UTF-8 JSON bytes.
  open func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try run(type, input: .bytes(bytes), report: false).value
  }

  /// Decodes a value of `type` from JSON text.
  open func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try run(type, input: .bytes(Array(text.utf8)), report: false).value
  }

  /// Decodes a value and lists what was forgiven on the way (lenient coercions).
  ///
  /// ```swift
  /// decoder.coercion = .lenient
  /// let (user, report) = try decoder.decodeReporting(User.self, from: data)
  /// print(report)   // $.id: coerced string "101" to Int
  /// ```
  open func decodeReporting<T: Decodable>(_ type: T.Type, from data: Data) throws -> (value: T, report: MappingReport) {
    try run(type, input: .data(data), report: true)
  }

  /// Decodes a `DecodableWithConfiguration` value, handing it `configuration`.
  ///
  /// ```swift
  /// let measure = try decoder.decode(Measure.self, from: data, configuration: Units(scale: 1000))
  /// ```
  open func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    try run(input: .data(data), report: false) { try $0.decodeRoot(type, configuration: configuration) }.value
  }

  /// Decodes a `DecodableWithConfiguration` value with the configuration a
  /// `DecodingConfigurationProviding` type provides.
  open func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
  where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
    try decode(type, from: data, configuration: C.decodingConfiguration)
  }

  private func run<T: Decodable>(_ type: T.Type, input: DecoderInput, report: Bool) throws -> (value: T, report: MappingReport) {
    try run(input: input, report: report) { try $0.decodeRoot(type) }
  }

  /// Parses `input` and runs `decodeRoot` on a decoder over it.
  private func run<T>(input: DecoderInput, report: Bool, _ decodeRoot: (CodableDecoder) throws -> T) throws -> (value: T, report: MappingReport) {
    let options = withOptions { $0 }
    let (document, json5) = try options.parse(input)
    return try document._withRawAccess { raw in
      let decoder = CodableDecoder(document: document, raw: raw, options: options, reporting: report, json5: json5)
      let value = try decodeRoot(decoder)
      return (value, decoder.report)
    }
  }
}
