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
  public var predicateValue: Any {
    switch primaryKeyValue {
    case .integer(let value): value
    case .text(let value): value
    }
  }
}

extension Int: StoreKey { public var primaryKeyValue: PrimaryKeyValue { .integer(Int64(self)) } }
extension Int64: StoreKey { public var primaryKeyValue: PrimaryKeyValue { .integer(self) } }
extension Int32: StoreKey { public var primaryKeyValue: PrimaryKeyValue { .integer(Int64(self)) } }
extension String: StoreKey { public var primaryKeyValue: PrimaryKeyValue { .text(self) } }
extension UUID: StoreKey {
  public var primaryKeyValue: PrimaryKeyValue { .text(uuidString) }
  public var predicateValue: Any { self }
}
extension PrimaryKeyValue: StoreKey {
  public var primaryKeyValue: PrimaryKeyValue { self }
}
