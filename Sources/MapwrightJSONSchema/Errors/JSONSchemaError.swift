// A schema the validator cannot apply (an unknown $schema, a $ref that does not resolve, a
// keyword of the wrong kind), or a document the registry cannot read.

import MapwrightJSON

/// A schema that cannot be used: an unknown `$schema`, a reference to a document that is not
/// registered, a keyword with a value of the wrong kind, a vocabulary it does not implement.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, and where.
  public let message: String

  init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

extension JSONSchemaError: MapwrightError {
  /// `invalidSchema`.
  public var errorCode: String { "invalidSchema" }
  /// `data`: the schema's content.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// The message names the keyword's location.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
