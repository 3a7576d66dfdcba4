import Foundation

/// A transformer with its value type erased, for models described outside code.
public struct AnyJSONTransformer: Sendable {
  /// The Swift type the transformer decodes to.
  public let valueType: any Any.Type
  /// The JSON the transformer decodes, as JSON Schema (nil: any JSON).
  public let jsonSchema: JSON?
  private let decodeBody: @Sendable (JSON) throws -> Any
  private let encodeBody: @Sendable (Any) throws -> JSON

  /// `transformer` with its value type erased.
  public init<T: JSONTransformer>(_ transformer: T) {
    valueType = T.Value.self
    jsonSchema = transformer.jsonSchema
    decodeBody = { try transformer.decode($0) }
    encodeBody = { value in
      guard let typed = value as? T.Value else {
        throw TransformError("expected a \(T.Value.self), found \(type(of: value))")
      }
      return try transformer.encode(typed)
    }
  }

  /// The value the JSON holds, as the transformer decodes it; a `TransformError` when it refuses the JSON.
  public func decode(_ json: JSON) throws -> Any { try decodeBody(json) }
  /// The JSON the transformer writes for `value` (which must be of `valueType`).
  public func encode(_ value: Any) throws -> JSON { try encodeBody(value) }
}

/// Transformers registered by name, for models whose transformers are named in a model file
/// (Modelmatic's and JSONObjectMapper's `JSONValueTransformer` user-info key).
///
/// ```swift
/// TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "ShortDate")
/// let transformer = TransformerRegistry.shared["ShortDate"]
/// ```
///
/// `shared` starts with the built-ins: `iso8601`, `iso8601WithFractionalSeconds`,
/// `epochSeconds`, `epochMilliseconds`, `url`, `uuid`, `base64`, `decimal`, `decimalString`.
///
/// Unchecked `Sendable`: its one mutable member, the table, is only touched under `lock`.
public final class TransformerRegistry: @unchecked Sendable {
  /// The process-wide registry, holding the built-ins; model files' transformer names are looked up here.
  public static let shared = TransformerRegistry(builtIns: true)

  private var transformers: [String: AnyJSONTransformer] = [:]
  private let lock = NSLock()
  /// Where names this registry does not have are looked up.
  public let fallback: TransformerRegistry?

  /// A registry, with the built-ins or empty, looking up other names in `fallback`.
  ///
  /// ```swift
  /// let mine = TransformerRegistry(fallback: .shared)   // own names first, then the shared ones
  /// mine.register(.dateFormat("dd.MM.yyyy"), named: "germanDate")
  /// ```
  public init(builtIns: Bool = false, fallback: TransformerRegistry? = nil) {
    self.fallback = fallback
    guard builtIns else { return }
    register(.iso8601, named: "iso8601")
    register(.iso8601WithFractionalSeconds, named: "iso8601WithFractionalSeconds")
    register(.epochSeconds, named: "epochSeconds")
    register(.epochMilliseconds, named: "epochMilliseconds")
    register(.url, named: "url")
    register(.uuid, named: "uuid")
    register(.base64, named: "base64")
    register(.decimal, named: "decimal")
    register(.decimalString, named: "decimalString")
  }

  /// Registers (or replaces) a transformer under `name`.
  public func register<T: JSONTransformer>(_ transformer: T, named name: String) {
    let erased = AnyJSONTransformer(transformer)
    lock.withLock { transformers[name] = erased }
  }

  /// Registers an already type-erased transformer (another name for a registered one).
  public func register(_ transformer: AnyJSONTransformer, named name: String) {
    lock.withLock { transformers[name] = transformer }
  }

  /// The transformer registered as `name` here, or else in the fallback; nil when neither has one.
  public subscript(name: String) -> AnyJSONTransformer? {
    lock.withLock { transformers[name] } ?? fallback?[name]
  }

  /// Every name this registry answers, its fallback's included.
  public var names: [String] { Set(lock.withLock { transformers.keys }).union(fallback?.names ?? []).sorted() }
}

extension TransformerRegistry {
  /// Decodes `value` through the transformer registered as `name`, the one way every path
  /// does: no transformer by that name, or one that throws, is `transformFailed` at the value.
  public func decode(_ value: JSONValue, named name: String) throws(MappingError) -> Any {
    do {
      return try decode(JSON(value), named: name)
    } catch {
      throw error.relocated(to: value)
    }
  }

  /// Decodes an owned `json` through the transformer registered as `name` (errors at the
  /// root of `json`).
  public func decode(_ json: JSON, named name: String) throws(MappingError) -> Any {
    guard let transformer = self[name] else {
      throw MappingError(.transformFailed("no transformer is registered as \"\(name)\""), path: .root)
    }
    do {
      return try transformer.decode(json)
    } catch let error as MappingError {
      throw error
    } catch {
      throw MappingError(.transformFailed("\(name): \(error)"), path: .root)
    }
  }
}

extension TransformerRegistry: Hashable {
  /// Registries are told apart by identity (options holding the same registry are equal).
  public static func == (lhs: TransformerRegistry, rhs: TransformerRegistry) -> Bool { lhs === rhs }
  /// Hashes the registry's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
