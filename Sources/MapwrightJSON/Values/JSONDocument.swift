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
/// `[UInt8]` and `Data` inputs are kept as they are, without copying; a `String` is copied
/// once into the document. The document is immutable and `Sendable`.
public final class JSONDocument: Sendable {
  /// The input the tape points into.
  @usableFromInline
  enum Storage: Sendable {
    case array([UInt8])
    case data(Data)
  }

  @usableFromInline let storage: Storage
  @usableFromInline let tape: Tape

  /// The UTF-8 input (a copy when the document was made from `Data`).
  public var bytes: [UInt8] {
    switch storage {
    case .array(let array): array
    case .data(let data): [UInt8](data)
    }
  }

  /// Parses UTF-8 bytes.
  public init(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.storage = .array(bytes)
    self.tape = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) in
      try parseTape(buffer, options: options)
    }
  }

  /// Parses UTF-8 data, in place.
  public init(_ data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.storage = .data(data)
    var failure: JSONError?
    let tape: Tape? = data.withUnsafeBytes { raw in
      do throws(JSONError) {
        return try parseTape(raw.assumingMemoryBound(to: UInt8.self), options: options)
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    self.tape = tape!
  }

  /// Calls `body` with the input bytes; the pointer must not escape it.
  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    // The standard library's closures rethrow untyped errors; carry the typed one out by hand.
    var failure: E?
    let result: R?
    switch storage {
    case .array(let array):
      result = array.withUnsafeBufferPointer { buffer in
        do throws(E) { return try body(buffer) } catch {
          failure = error
          return nil
        }
      }
    case .data(let data):
      result = data.withUnsafeBytes { raw in
        do throws(E) { return try body(raw.assumingMemoryBound(to: UInt8.self)) } catch {
          failure = error
          return nil
        }
      }
    }
    if let failure { throw failure }
    return result!
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
    withBytes { SourceLocation(offset: offset, in: $0) }
  }
}
