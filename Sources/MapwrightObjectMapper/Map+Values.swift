// ObjectMapper's throwing reads for `ImmutableMappable`: `try map.value("key")`. A missing key
// or a value that does not convert throws `MapError` (Mapwright's `MappingError`) with the
// path, line and column.

import Foundation

extension Map {
  /// Positions the map on `key` and returns the value there, or throws `missingKey`.
  private func presentValue(_ key: String, nested: Bool?, delimiter: String) throws(MappingError) -> JSONValue {
    _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
    guard let current else { throw missingKeyError() }
    return current
  }

  func missingKeyError() -> MappingError {
    guard let object else { return MappingError(.missingKey, path: JSONPath(currentPath.map { .key($0) })) }
    return FieldRules.missingKey(at: JSONKeyPath(components: currentPath), in: object)
  }

  private var decodingSession: DecodingSession {
    get throws(MappingError) {
      guard let session else { throw MappingError(invalidValue: "map.value(_:) is for reading JSON") }
      return session
    }
  }

  /// The value at `key` decoded as `T`; a missing key throws unless `T` is optional.
  public func value<T: JSONConvertible>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
    guard let current else {
      if let fallback = T.valueForMissingKey { return fallback }
      throw missingKeyError()
    }
    let session = try decodingSession
    return try session.throwingRecordedErrors { () throws(MappingError) in try T.decode(from: current, in: session) }
  }

  /// The value at `key`, or `defaultValue` when the key is missing or null.
  public func value<T: JSONConvertible>(_ key: String, nested: Bool? = nil, delimiter: String = ".", default defaultValue: T) throws -> T {
    _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
    guard let current, !current.isNull else { return defaultValue }
    return try T.decode(from: current, in: try decodingSession)
  }

  /// A raw-representable enum: its raw value decoded by the engine when convertible, else
  /// cast from the JSON value's Foundation form (`enum Level: NSNumber`).
  public func value<T: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    return try AnyRawValueBox<T>.decode(from: value, in: try decodingSession).value
  }

  /// An optional raw-representable enum: nil when missing or null.
  public func value<T: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T? {
    _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
    guard let current, !current.isNull else { return nil }
    return try AnyRawValueBox<T>.decode(from: current, in: try decodingSession).value
  }

  /// An array of raw-representable enums; any element that does not decode throws.
  public func value<T: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [T] {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    let session = try decodingSession
    return try session.throwingRecordedErrors { () throws(MappingError) in
      try [AnyRawValueBox<T>].decode(from: value, in: session).map(\.value)
    }
  }

  /// A value through an ObjectMapper transform; a missing key or a failed transform throws.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> Transform.Object {
    try transformOrThrow(try presentValue(key, nested: nested, delimiter: delimiter), transform)
  }

  /// An array, each element through the transform; any element that fails throws.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [Transform.Object] {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    return try elements(of: value).map { element throws(MappingError) in try transformOrThrow(element, transform) }
  }

  /// An array of arrays, each element through the transform.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [[Transform.Object]] {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    return try elements(of: value).map { inner throws(MappingError) in
      try elements(of: inner).map { element throws(MappingError) in try transformOrThrow(element, transform) }
    }
  }

  /// An object's members, each through the transform.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [String: Transform.Object] {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    guard value.kind == .object else { throw MappingError.typeMismatch(expected: "object", at: value) }
    var result: [String: Transform.Object] = [:]
    for member in value.members where result[member.key] == nil {  // the first of a repeated key wins
      result[member.key] = try transformOrThrow(member.value, transform)
    }
    return result
  }

  private func elements(of value: JSONValue) throws(MappingError) -> [JSONValue] {
    guard value.kind == .array else { throw MappingError.typeMismatch(expected: "array", at: value) }
    return Array(value.elements)
  }

  /// `value` through an ObjectMapper transform, which sees it as Foundation objects (nil for
  /// null); a value it makes nothing of is `transformFailed`. Every read through a
  /// `TransformType` (`<-`, `map.value(_:using:)`, elements of collections) comes here.
  func transformOrThrow<Transform: TransformType>(_ value: JSONValue, _ transform: Transform) throws(MappingError) -> Transform.Object {
    guard let object = transform.transformFromJSON(value.isNull ? nil : MapwrightJSON.JSON(value).foundationObject) else {
      throw MappingError(.transformFailed("\(Transform.self) could not transform \(describeFound(value))"), at: value)
    }
    return object
  }

  /// A value through a typed transformer.
  public func value<T: JSONTransformer>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transformer: T
  ) throws -> T.Value {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    return try decode(value, with: transformer)
  }

  /// A value through a typed transformer, or `defaultValue` when the key is missing or null.
  public func value<T: JSONTransformer>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transformer: T, default defaultValue: T.Value
  ) throws -> T.Value {
    _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
    guard let current, !current.isNull else { return defaultValue }
    return try decode(current, with: transformer)
  }

  /// Any other type, cast from Foundation objects (`[String: Any]`, `[Any]`, …).
  public func value<T>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    let value = try presentValue(key, nested: nested, delimiter: delimiter)
    guard let object = MapwrightJSON.JSON(value).foundationObject as? T else {
      throw MappingError.typeMismatch(expected: "\(T.self)", at: value)
    }
    return object
  }
}
