// A line of JSON Lines samples that is not JSON.

import MapwrightJSON

/// A line of a JSON Lines input that is not JSON.
public struct SampleLineError: Error, Sendable, CustomStringConvertible {
  /// The 1-based line of the input.
  public let line: Int
  /// The parser's error, positioned within the line.
  public let error: JSONError

  /// `line N: message`.
  public var description: String { "line \(line): \(error.message)" }
}

extension SampleLineError: MapwrightError {
  /// The parse error's code.
  public var errorCode: String { error.errorCode }
  /// The parse error's category.
  public var errorCategory: MapwrightErrorCategory { error.errorCategory }
  /// The line in the samples and the parse error's column in it.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace(line: line, column: error.column) }
}
