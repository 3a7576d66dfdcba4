// The standard scalars through a coder's keyed containers by their own overloads
// (`decode(Int.self, forKey:)`, `encode(_: Int, forKey:)`), as synthesised Codable calls them:
// a coder's generic entry point checks every value's type at run time (Foundation's tries
// `Date`, `URL`, `Data`, dictionaries… for each), the typed ones do not. The Codable driver's
// reader and writer prefer these (`_MapwrightRuntime.CodableReader`, `_MapwrightRuntime.CodableWriter`).

extension _MapwrightRuntime {
  /// A standard scalar that keyed containers read and write by a typed overload.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public protocol CodableScalar: JSONConvertible, Codable {
    /// The value at `key`, by the container's overload for this type.
    static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Self
    /// The value at `key` when present and not null.
    static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Self?
    /// Writes the value at `key` by the container's overload for this type.
    func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws
  }
}

extension Int: _MapwrightRuntime.CodableScalar {
  /// `decode(Int.self, forKey:)`.
  @inlinable
  public static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Int {
    try container.decode(Int.self, forKey: key)
  }
  /// `decodeIfPresent(Int.self, forKey:)`.
  @inlinable
  public static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Int? {
    try container.decodeIfPresent(Int.self, forKey: key)
  }
  /// `encode(_: Int, forKey:)`.
  @inlinable
  public func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws {
    try container.encode(self, forKey: key)
  }
}

extension Int64: _MapwrightRuntime.CodableScalar {
  /// `decode(Int64.self, forKey:)`.
  @inlinable
  public static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Int64 {
    try container.decode(Int64.self, forKey: key)
  }
  /// `decodeIfPresent(Int64.self, forKey:)`.
  @inlinable
  public static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Int64? {
    try container.decodeIfPresent(Int64.self, forKey: key)
  }
  /// `encode(_: Int64, forKey:)`.
  @inlinable
  public func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws {
    try container.encode(self, forKey: key)
  }
}

extension Double: _MapwrightRuntime.CodableScalar {
  /// `decode(Double.self, forKey:)`.
  @inlinable
  public static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Double {
    try container.decode(Double.self, forKey: key)
  }
  /// `decodeIfPresent(Double.self, forKey:)`.
  @inlinable
  public static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Double? {
    try container.decodeIfPresent(Double.self, forKey: key)
  }
  /// `encode(_: Double, forKey:)`.
  @inlinable
  public func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws {
    try container.encode(self, forKey: key)
  }
}

extension Bool: _MapwrightRuntime.CodableScalar {
  /// `decode(Bool.self, forKey:)`.
  @inlinable
  public static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Bool {
    try container.decode(Bool.self, forKey: key)
  }
  /// `decodeIfPresent(Bool.self, forKey:)`.
  @inlinable
  public static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Bool? {
    try container.decodeIfPresent(Bool.self, forKey: key)
  }
  /// `encode(_: Bool, forKey:)`.
  @inlinable
  public func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws {
    try container.encode(self, forKey: key)
  }
}

extension String: _MapwrightRuntime.CodableScalar {
  /// `decode(String.self, forKey:)`.
  @inlinable
  public static func _decode(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> String {
    try container.decode(String.self, forKey: key)
  }
  /// `decodeIfPresent(String.self, forKey:)`.
  @inlinable
  public static func _decodeIfPresent(from container: KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> String? {
    try container.decodeIfPresent(String.self, forKey: key)
  }
  /// `encode(_: String, forKey:)`.
  @inlinable
  public func _encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws {
    try container.encode(self, forKey: key)
  }
}
