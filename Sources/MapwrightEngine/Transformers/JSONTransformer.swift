// Typed, reversible, throwing transformers between a JSON value and a Swift value.

/// Converts between a JSON value and a `Value`, in both directions, throwing on bad input.
///
/// ```swift
/// struct Cents: JSONTransformer {
///   func decode(_ json: JSON) throws -> Int {
///     guard let dollars = json.numberValue?.decimalValue else { throw TransformError("expected a number") }
///     return NSDecimalNumber(decimal: dollars * 100).intValue
///   }
///   func encode(_ cents: Int) throws -> JSON { JSON(Double(cents) / 100) }
/// }
/// price <- (map["price"], Cents())
/// ```
///
/// Built-ins are available as static members: `.iso8601`, `.epochSeconds`,
/// `.epochMilliseconds`, `.dateFormat("yyyy-MM-dd")`, `.url`, `.url(relativeTo:)`, `.uuid`,
/// `.base64`, `.decimal`, `.valueMap([...], default:)`, `.closure(decode:encode:)`, and
/// transformers compose with `then(_:)` and `map(decode:encode:)`.
///
/// Transformers are `Sendable`: one value is shared by every decoding, on any thread, and by
/// the registry (closures given to `.closure`, `map` and `then` are `@Sendable`).
public protocol JSONTransformer<Value>: Sendable {
  associatedtype Value
  func decode(_ json: JSON) throws -> Value
  func encode(_ value: Value) throws -> JSON
  /// The JSON this transformer decodes, as JSON Schema (`{"type": "string", "format":
  /// "date-time"}`), for the schemas models describe themselves with; nil when unknown (any
  /// JSON). The built-in transformers say; your own may.
  var jsonSchema: JSON? { get }
}

extension JSONTransformer {
  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { nil }
}

/// A transformer made of two closures.
public struct ClosureTransformer<Value>: JSONTransformer {
  let decodeBody: @Sendable (JSON) throws -> Value
  let encodeBody: @Sendable (Value) throws -> JSON
  /// The JSON `decode` accepts, as JSON Schema (nil: any JSON).
  public let jsonSchema: JSON?

  /// `jsonSchema`: the JSON `decode` accepts, as JSON Schema (nil: any JSON).
  public init(
    decode: @escaping @Sendable (JSON) throws -> Value, encode: @escaping @Sendable (Value) throws -> JSON, jsonSchema: JSON? = nil
  ) {
    decodeBody = decode
    encodeBody = encode
    self.jsonSchema = jsonSchema
  }

  /// The `Value` the JSON holds; another form throws a `TransformError` saying what was found.
  public func decode(_ json: JSON) throws -> Value { try decodeBody(json) }
  /// The JSON written for a `Value`.
  public func encode(_ value: Value) throws -> JSON { try encodeBody(value) }
}

extension JSONTransformer {
  /// A transformer from closures: `.closure(decode: { … }, encode: { … })`.
  public static func closure<V>(
    decode: @escaping @Sendable (JSON) throws -> V, encode: @escaping @Sendable (V) throws -> JSON
  ) -> Self where Self == ClosureTransformer<V> {
    ClosureTransformer(decode: decode, encode: encode)
  }

  /// This transformer followed by a conversion of its value (and back on encoding).
  ///
  /// ```swift
  /// let year = JSONTransformers.iso8601.map(decode: { Calendar.current.component(.year, from: $0) },
  ///                                         encode: { … })
  /// ```
  public func map<U>(
    decode: @escaping @Sendable (Value) throws -> U, encode: @escaping @Sendable (U) throws -> Value
  ) -> ClosureTransformer<U> {
    ClosureTransformer(decode: { try decode(self.decode($0)) }, encode: { try self.encode(encode($0)) }, jsonSchema: jsonSchema)
  }
}

extension JSONTransformer where Value == JSON {
  /// This JSON-to-JSON transformer, then `next`: decoding runs this one first; encoding runs
  /// `next` first.
  public func then<Next: JSONTransformer>(_ next: Next) -> ClosureTransformer<Next.Value> {
    ClosureTransformer(decode: { try next.decode(self.decode($0)) }, encode: { try self.encode(next.encode($0)) }, jsonSchema: jsonSchema)
  }
}

/// Decodes the JSON value of `value` through `transformer`, with errors at its path.
@usableFromInline
package func decode<T: JSONTransformer>(_ value: JSONValue, with transformer: T) throws(MappingError) -> T.Value {
  do {
    return try transformer.decode(JSON(value))
  } catch let error as MappingError {
    throw error.relocated(to: value)
  } catch {
    throw MappingError(.transformFailed("\(error)"), at: value)
  }
}
