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
/// A `[UInt8]` input is kept as it is, without copying, and so is a `Data` input of more
/// than a few bytes (read in place); `String` inputs and small `Data` are copied once into the
/// document. The document is immutable and `Sendable`.
public final class JSONDocument: Sendable {
  /// What holds the input. Neither is ever changed, so the address of its bytes (`input`)
  /// holds for as long as the document.
  private enum Storage: Sendable {
    case array([UInt8])
    case data(Data)
  }
  private let storage: Storage
  /// The UTF-8 input the tape points into, inside `storage`.
  @usableFromInline nonisolated(unsafe) package let input: UnsafeBufferPointer<UInt8>
  @usableFromInline package let tape: Tape

  /// The UTF-8 input the tape points into (for a document parsed from `Data`, a copy of it).
  public var bytes: [UInt8] {
    switch storage {
    case .array(let array): array
    case .data: Array(input)
    }
  }

  /// The input's length in bytes.
  public var byteCount: Int { input.count }

  /// Calls `body` with the input's bytes, the document kept alive meanwhile; they must not
  /// escape it.
  @inlinable
  package func withInput<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    defer { withExtendedLifetime(self) {} }
    return try body(input)
  }

  /// Parses UTF-8 bytes.
  public init(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    storage = .array(bytes)
    // The array's own buffer ([UInt8] is always native and contiguous), kept by `storage`.
    input = bytes.withUnsafeBufferPointer { $0 }
    tape = try parseTape(input, options: options)
  }

  /// Parses UTF-8 data. Data of more than `inPlaceMinimum` bytes is read where it is (its
  /// storage is then shared with the document, never copied); smaller data, which `Data` may
  /// keep inline in the value itself, with no address of its own, is copied.
  public init(_ data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    if data.count > Self.inPlaceMinimum {
      storage = .data(data)
      input = data.withUnsafeBytes { $0.assumingMemoryBound(to: UInt8.self) }
    } else {
      let bytes = data.byteArray
      storage = .array(bytes)
      input = bytes.withUnsafeBufferPointer { $0 }
    }
    tape = try parseTape(input, options: options)
  }

  /// The size above which `Data` is read in place (far above the 14 bytes `Data` can hold
  /// inline on 64-bit platforms).
  static var inPlaceMinimum: Int { 256 }

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
    withInput { SourceLocation(offset: offset, in: $0) }
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
