// The spellings of a stream for every target, over one building block: `JSONStreamTarget`
// (how one element decodes, and where its errors are) makes the async sequence over byte
// chunks (or single bytes), or the reader of a file. Each target (JSON and JSONValue here;
// models, Codable, Mappable and model objects in their modules) is a few lines of this.

/// A file a stream reads synchronously: a path, an open descriptor, or standard input.
public enum JSONStreamFile: Sendable, Hashable {
  case path(String)
  case descriptor(Int32)

  /// Standard input (descriptor 0).
  public static var standardInput: JSONStreamFile { .descriptor(0) }
}

/// How one element of a stream becomes a value of a target, and where its errors are: what
/// each target's `elements(of:format:)` spellings are made from.
public struct JSONStreamTarget<Element> {
  /// Decodes one element.
  public let decode: JSONStreamDecoder<Element>.Decode
  /// Places an error of `decode` inside its element (nil: the default, for
  /// `JSONStreamElementFailure` errors).
  public let locate: JSONStreamDecoder<Element>.Locate?

  /// A target from its decode function, and how its errors are placed.
  public init(locate: JSONStreamDecoder<Element>.Locate? = nil, decode: @escaping JSONStreamDecoder<Element>.Decode) {
    self.decode = decode
    self.locate = locate
  }

  /// The elements of an async sequence of byte chunks or single bytes.
  public func elements<Source: AsyncSequence>(of source: Source, format: JSONStreamFormat, options: JSONStreamOptions)
    -> JSONElementSequence<Source, Element> where Source.Element: JSONByteChunk
  {
    JSONElementSequence(source, format: format, options: options, locate: locate, decode: decode)
  }

  /// The elements of a file, read a chunk at a time.
  public func elements(of file: JSONStreamFile, format: JSONStreamFormat, options: JSONStreamOptions) throws(JSONStreamFileError)
    -> JSONElementReader<Element>
  {
    switch file {
    case .path(let path): try JSONElementReader(contentsOfFile: path, format: format, options: options, locate: locate, decode: decode)
    case .descriptor(let descriptor): JSONElementReader(fileDescriptor: descriptor, format: format, options: options, locate: locate, decode: decode)
    }
  }
}

extension JSON {
  package static func streamTarget(_ options: JSONStreamOptions) -> JSONStreamTarget<JSON> {
    JSONStreamTarget { element in try JSON(parsing: element.bytes, options: options.parsing) }
  }

  /// The elements of an async stream of byte chunks (or single bytes) as owned values.
  ///
  /// ```swift
  /// for try await event in JSON.elements(of: chunks, format: .jsonLines) { print(event["type"] ?? "?") }
  /// ```
  public static func elements<Source: AsyncSequence>(
    of source: Source, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONElementSequence<Source, JSON> where Source.Element: JSONByteChunk {
    streamTarget(options).elements(of: source, format: format, options: options)
  }

  /// The elements of a file (or standard input) as owned values, read a chunk at a time.
  public static func elements(
    of file: JSONStreamFile, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<JSON> {
    try streamTarget(options).elements(of: file, format: format, options: options)
  }
}

extension JSONDocument {
  package static func streamTarget(_ options: JSONStreamOptions) -> JSONStreamTarget<JSONValue> {
    JSONStreamTarget { element in try JSONDocument(element.bytes, options: options.parsing).root }
  }

  /// The elements of an async stream of byte chunks (or single bytes), each parsed into a
  /// document of its own (its root handed out), values read lazily.
  public static func elements<Source: AsyncSequence>(
    of source: Source, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONElementSequence<Source, JSONValue> where Source.Element: JSONByteChunk {
    streamTarget(options).elements(of: source, format: format, options: options)
  }

  /// The elements of a file (or standard input), each a document of its own.
  public static func elements(
    of file: JSONStreamFile, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<JSONValue> {
    try streamTarget(options).elements(of: file, format: format, options: options)
  }
}
