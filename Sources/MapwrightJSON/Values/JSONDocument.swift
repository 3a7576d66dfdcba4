#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A parsed JSON document: the input bytes and their tape, read through `JSONValue` views.
///
/// Parsing validates everything (structure, escapes, UTF-8, number grammar) but converts
/// nothing: strings and numbers are decoded when a value is read.
///
/// ```swift
/// let document = try JSONDocument(#"{"user": {"login": "octocat"}, "ids": [1, 2]}"#)
/// let login = document.root["user"]?["login"]?.stringValue   // "octocat"
/// let second = document.root["ids"]?[1]?.intValue             // 2
/// ```
///
/// A `[UInt8]` input is kept as it is, without copying; `Data` and `String` inputs are
/// copied once into the document. The document is immutable and `Sendable`.
public final class JSONDocument: Sendable {
  /// The UTF-8 input the tape points into.
  public let bytes: [UInt8]
  @usableFromInline package let tape: Tape

  /// Parses UTF-8 bytes.
  public init(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.bytes = bytes
    self.tape = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) in
      try parseTape(buffer, options: options)
    }
  }

  /// Parses UTF-8 data.
  public convenience init(_ data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    try self.init(data.byteArray, options: options)
  }

  /// Parses a string.
  public convenience init(_ text: String, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    try self.init(Array(text.utf8), options: options)
  }

  /// Parses any contiguous UTF-8 bytes (`ArraySlice<UInt8>`, `ContiguousArray<UInt8>`, …).
  public convenience init<Bytes: Collection<UInt8>>(
    bytes: Bytes, options: JSONParsingOptions = JSONParsingOptions()
  ) throws(JSONError) {
    try self.init(Array(bytes), options: options)
  }

  /// The top-level value.
  public var root: JSONValue { JSONValue(document: self, index: 0) }

  /// The number of tape entries: one per value, key included.
  public var valueCount: Int { tape.count }

  /// Validates UTF-8 bytes as JSON without keeping anything.
  ///
  /// ```swift
  /// try JSONDocument.validate(bytes)   // throws JSONError on the first problem
  /// ```
  public static func validate(
    _ bytes: UnsafeRawBufferPointer, options: JSONParsingOptions = JSONParsingOptions()
  ) throws(JSONError) {
    _ = try parseTape(bytes.assumingMemoryBound(to: UInt8.self), options: options)
  }

  /// The line, column and excerpt of a byte offset in this document.
  public func location(ofOffset offset: Int) -> SourceLocation {
    bytes.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
  }
}

extension Data {
  /// The bytes as an array, copied in one block (`[UInt8](data)` goes through the generic
  /// collection copy, an element at a time).
  package var byteArray: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = copyBytes(to: buffer)
    }
  }
}
