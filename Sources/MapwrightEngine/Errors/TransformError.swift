// A value a transformer cannot convert.

import MapwrightJSON

/// A transformer's complaint about a value; becomes a `transformFailed` `MappingError` with
/// the value's path.
public struct TransformError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the value.
  public let description: String
  /// A complaint saying `description`.
  public init(_ description: String) { self.description = description }
}

extension TransformError: MapwrightError {
  /// `transformFailed`, the code of the `MappingError` it becomes.
  public var errorCode: String { "transformFailed" }
  /// `data`.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// The `MappingError` it becomes has the place.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
