import Foundation
import MapwrightEngine

/// A drop-in replacement for Foundation's `JSONEncoder` that writes JSON as it goes.
///
/// ```swift
/// import Foundation
/// import MapwrightCodable
///
/// typealias JSONEncoder = MapwrightJSONEncoder   // once per module: every JSONEncoder() switches
///
/// let encoder = JSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let data = try encoder.encode(users)
/// ```
///
/// The output is byte for byte Foundation's for the same settings, except that without
/// `.sortedKeys` members keep the order the type encoded them in (Foundation's order is
/// unspecified). Values are written straight to bytes; only containers made with
/// `nestedContainer`/`superEncoder` are held until their parent closes.
open class MapwrightJSONEncoder: @unchecked Sendable {
  /// How the output is laid out.
  public struct OutputFormatting: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: UInt
    /// The options whose bits are set in `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Two-space indentation, one member or element per line, `"key" : value`.
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Object members in key order (by Unicode code point).
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// `/` written as is rather than `\/`.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
  }

  /// How `CodingKey`s become JSON keys.
  public enum KeyEncodingStrategy: Sendable {
    case useDefaultKeys
    /// `firstName` is written `first_name`, `myURLValue` `my_url_value`.
    case convertToSnakeCase
    /// The closure gets the coding path with the key last and returns the key to write.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How `Date` values are written.
  public enum DateEncodingStrategy: @unchecked Sendable {
    /// `Date`'s own `Encodable` conformance: seconds since 2001-01-01.
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    /// ISO 8601 in UTC, `2024-02-29T12:30:00Z`.
    case iso8601
    case formatted(DateFormatter)
    case custom(@Sendable (Date, any Encoder) throws -> Void)
  }

  /// How `Data` values are written.
  public enum DataEncodingStrategy: Sendable {
    /// `Data`'s own `Encodable` conformance: an array of bytes.
    case deferredToData
    case base64
    case custom(@Sendable (Data, any Encoder) throws -> Void)
  }

  /// What to do with NaN and infinities.
  public enum NonConformingFloatEncodingStrategy: Sendable {
    case `throw`
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  private let lock = NSLock()
  private var _options = EncoderOptions()
  /// The length of the last text this encoder wrote: the next one starts with room for about
  /// as much, so that encoding many values of one shape (a server's responses) does not grow
  /// and copy its buffer a dozen times each.
  private var lastOutputSize = 0

  private func withOptions<R>(_ body: (inout EncoderOptions) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&_options)
  }

  /// An encoder for one value, with this encoder's settings.
  private func makeEncoder() -> CodableEncoder {
    lock.lock()
    let options = _options
    let size = lastOutputSize
    lock.unlock()
    return CodableEncoder(options: options, capacity: size + size / 16 + 64)
  }

  private func noteOutputSize(_ encoder: CodableEncoder) {
    let size = encoder.out.count
    lock.lock()
    lastOutputSize = size
    lock.unlock()
  }

  /// An encoder with Foundation's defaults (the strategies of `JSONEncoder()`).
  public init() {}

  /// A coder with the settings of `other`, to change without touching one that is shared.
  public convenience init(copying other: MapwrightJSONEncoder) {
    self.init()
    _options = other.withOptions { $0 }
  }

  open var outputFormatting: OutputFormatting {
    get { withOptions { $0.formatting } }
    set { withOptions { $0.formatting = newValue } }
  }
  open var keyEncodingStrategy: KeyEncodingStrategy {
    get { withOptions { $0.keys } }
    set { withOptions { $0.setKeys(newValue) } }
  }
  open var dateEncodingStrategy: DateEncodingStrategy {
    get { withOptions { $0.dates } }
    set { withOptions { $0.dates = newValue } }
  }
  open var dataEncodingStrategy: DataEncodingStrategy {
    get { withOptions { $0.data } }
    set { withOptions { $0.data = newValue } }
  }
  open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { withOptions { $0.nonConformingFloats } }
    set { withOptions { $0.nonConformingFloats = newValue } }
  }
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withOptions { $0.userInfo } }
    set { withOptions { $0.userInfo = newValue } }
  }

  /// The JSON of `value`, as `Data`.
  open func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = makeEncoder()
    try encoder.encodeRoot(value)
    noteOutputSize(encoder)
    return encoder.out.takeData()
  }

  /// The JSON of `value`, as bytes.
  open func encodeToBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = makeEncoder()
    try encoder.encodeRoot(value)
    noteOutputSize(encoder)
    return encoder.out.copyBytes()
  }

  /// The JSON of an `EncodableWithConfiguration` value, handed `configuration`.
  ///
  /// ```swift
  /// let data = try encoder.encode(measure, configuration: Units(scale: 1000))
  /// ```
  open func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
    let encoder = makeEncoder()
    try encoder.encodeRoot(value) { try value.encode(to: encoder, configuration: configuration) }
    noteOutputSize(encoder)
    return encoder.out.takeData()
  }

  /// The JSON of an `EncodableWithConfiguration` value, with the configuration an
  /// `EncodingConfigurationProviding` type provides.
  open func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
  where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
    try encode(value, configuration: C.encodingConfiguration)
  }

  /// The JSON of `value`, as text.
  open func encodeToString<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try encodeToBytes(value), as: UTF8.self)
  }
}
