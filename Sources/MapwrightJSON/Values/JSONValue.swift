#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The kind of a JSON value.
public enum JSONKind: String, Sendable, Hashable {
  case null, bool, number, string, array, object
}

/// A read-only view of one value in a parsed `JSONDocument`.
///
/// Views are cheap (a reference and an index); reading converts only what is read.
/// Accessors return nil when the value is of another kind, or when it cannot be represented
/// exactly in the requested type:
///
/// ```swift
/// let doc = try JSONDocument(#"{"id": 18446744073709551615, "ratio": 1.5, "tags": ["a"]}"#)
/// doc.root["id"]?.uint64Value          // 18446744073709551615
/// doc.root["id"]?.int64Value           // nil: out of range, never wrapped
/// doc.root["ratio"]?.intValue          // nil: 1.5 has a fraction
/// doc.root["ratio"]?.doubleValue       // 1.5
/// doc.root["tags"]?[0]?.stringValue    // "a"
/// for member in doc.root.members { print(member.key, member.value.kind) }
/// ```
public struct JSONValue: Sendable {
  /// The document this value belongs to.
  public let document: JSONDocument
  /// The value's index in the document's tape.
  package let index: Int

  package init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  var entry: TapeEntry { document.tape[index] }

  /// The value's kind.
  public var kind: JSONKind {
    switch entry.kind {
    case .null: .null
    case .true, .false: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The byte offset of the value in the document's input.
  public var byteOffset: Int {
    let entry = entry
    return entry.kind == .string ? Int(entry.offset) - 1 : Int(entry.offset)
  }

  /// Line, column and excerpt of the value in the input.
  public var location: SourceLocation { document.location(ofOffset: byteOffset) }

  // MARK: Scalars

  /// True for `null`.
  public var isNull: Bool { entry.kind == .null }

  /// The value of `true` or `false`.
  public var boolValue: Bool? {
    switch entry.kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The text of a string, escapes resolved.
  public var stringValue: String? {
    let entry = entry
    guard entry.kind == .string else { return nil }
    return document.withInput { decodeStringEntry(entry, in: $0) }
  }

  /// Calls `body` with the raw UTF-8 bytes between a string's quotes (escapes unresolved),
  /// or returns nil for other kinds.
  public func withUnsafeRawStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    let entry = entry
    guard entry.kind == .string else { return nil }
    return try document.withInput {
      try body(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
    }
  }
}

extension JSONValue {
  /// The raw bytes of a string (see `withUnsafeRawStringBytes`).
  @available(*, deprecated, renamed: "withUnsafeRawStringBytes")
  public func withRawStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    try withUnsafeRawStringBytes(body)
  }
}
