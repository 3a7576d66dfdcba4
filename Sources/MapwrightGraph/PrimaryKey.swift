// Primary keys: the value that identifies an object of an entity, as the store compares it.

import MapwrightJSON
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A primary key value: integers compare as integers, everything else as text.
public enum PrimaryKeyValue: Hashable, Sendable, CustomStringConvertible {
  case integer(Int64)
  case text(String)

  /// The key of an attribute value (`Int64`, `String`, `UUID`, `URL`, `Decimal`, `Double`).
  public init?(_ value: Any) {
    switch value {
    case let value as Int64: self = .integer(value)
    case let value as Int: self = .integer(Int64(value))
    case let value as String: self = .text(value)
    case let value as UUID: self = .text(value.uuidString)
    case let value as URL: self = .text(value.absoluteString)
    case let value as Decimal: self = .text("\(value)")
    case let value as Double: self = .text("\(value)")
    default: return nil
    }
  }

  /// The key as a column holds it (bound as a parameter, written in a placeholder row).
  public var storeValue: StoreValue {
    switch self {
    case .integer(let value): .integer(value)
    case .text(let value): .text(value)
    }
  }

  /// Text keys are equal when their UTF-8 bytes are, as SQLite compares TEXT (Swift's `String`
  /// equality would take `"é"` and `"e\u{301}"` for one key and link or update the wrong row).
  public static func == (lhs: PrimaryKeyValue, rhs: PrimaryKeyValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): a == b
    case (.text(let a), .text(let b)): ByteKey(a) == ByteKey(b)
    default: false
    }
  }

  /// Hashes integers by value and text by its bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .integer(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .text(let value):
      hasher.combine(1)
      hasher.combine(ByteKey(value))
    }
  }

  /// The key as it is written in messages: an integer, or text in quotes.
  public var description: String {
    switch self {
    case .integer(let value): "\(value)"
    case .text(let value): "\"\(value)\""
    }
  }
}

/// A value that looks an object up by its primary key: `Int`, `Int64`, `Int32`, `String`,
/// `UUID`, or a `PrimaryKeyValue`.
///
/// ```swift
/// let twain = try store.object(authorEntity, key: 101)
/// let ada = try store.value(Writer.self, key: "ada")
/// ```
public protocol StoreKey: Sendable {
  /// The key as the store compares it.
  var primaryKeyValue: PrimaryKeyValue { get }
  /// The key as a predicate value for its attribute.
  var predicateValue: Any { get }
}

extension StoreKey {
  /// The key as an integer or a string.
  public var predicateValue: Any {
    switch primaryKeyValue {
    case .integer(let value): value
    case .text(let value): value
    }
  }
}

extension Int: StoreKey {
  /// The integer as a key.
  public var primaryKeyValue: PrimaryKeyValue { .integer(Int64(self)) }
}

extension Int64: StoreKey {
  /// The integer as a key.
  public var primaryKeyValue: PrimaryKeyValue { .integer(self) }
}

extension Int32: StoreKey {
  /// The integer as a key.
  public var primaryKeyValue: PrimaryKeyValue { .integer(Int64(self)) }
}

extension String: StoreKey {
  /// The string as a key (compared byte for byte).
  public var primaryKeyValue: PrimaryKeyValue { .text(self) }
}

extension UUID: StoreKey {
  /// The UUID as a key, its upper-case text.
  public var primaryKeyValue: PrimaryKeyValue { .text(uuidString) }
  /// The UUID itself, for a UUID attribute.
  public var predicateValue: Any { self }
}

extension PrimaryKeyValue: StoreKey {
  /// The key itself.
  public var primaryKeyValue: PrimaryKeyValue { self }
}
