// An element a stream writer cannot frame.

/// An element a stream writer cannot frame (a line feed inside a JSON Lines element, a
/// record separator in a sequence), or an element after `finish()`.
public struct JSONStreamWriteError: Error, Sendable, CustomStringConvertible {
  /// What cannot be written.
  public let description: String
}

extension JSONStreamWriteError: MapwrightError {
  /// `unframeableElement`.
  public var errorCode: String { "unframeableElement" }
  /// The element cannot be written as the format frames it: `data`.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// Not in an input.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
