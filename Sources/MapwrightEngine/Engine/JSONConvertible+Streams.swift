// Streams of models: the elements of JSON Lines, text sequences, concatenated values or a
// large array, decoded into any `JSONConvertible` type (`@JSONModel` models, scalars,
// collections) through the one splitter (MapwrightJSON/Streaming). Mapping errors are placed
// in the whole stream: element index, offset, line and column, and the path in the element.

import MapwrightJSON

extension MappingError: JSONStreamElementFailure {
  /// The error's message.
  public var messageInElement: String { message }
  /// The error's path inside the element.
  public var pathInElement: String? { path.description }
  /// The line of the error inside the element.
  public var lineInElement: Int? { line }
  /// The column of the error inside the element.
  public var columnInElement: Int? { column }
}

extension MappingErrors: JSONStreamElementFailure {
  /// The first error's message, and how many more there are.
  public var messageInElement: String {
    errors.count == 1 ? errors[0].message : "\(errors.count) errors: " + errors.map(\.description).joined(separator: "; ")
  }
  /// The first error's path inside the element.
  public var pathInElement: String? { errors.first?.path.description }
  /// The first error's line inside the element.
  public var lineInElement: Int? { errors.first?.line }
  /// The first error's column inside the element.
  public var columnInElement: Int? { errors.first?.column }
}

extension JSONConvertible {
  /// How one element decodes: parsed as a document of its own (a syntax error is the
  /// parser's, placed in the stream), then decoded under `mapping`.
  package static func streamTarget(_ mapping: MappingOptions, context: MappingContext? = nil) -> JSONStreamTarget<Self> {
    JSONStreamTarget { element in
      let document = try JSONDocument(element.bytes, options: mapping.parsing)
      return try DecodingSession(document: document, options: mapping, context: context).decodeRoot(Self.self)
    }
  }

  /// The elements of an async stream of byte chunks (or single bytes: `URLSession.AsyncBytes`),
  /// decoded as they arrive.
  ///
  /// ```swift
  /// for try await issue in Issue.elements(of: body, format: .array(at: "items")) {
  ///   print(issue.number)
  /// }
  /// ```
  ///
  /// `options` sets the element size limit and what a failing element does (stop, skip and
  /// report, collect); `mapping` how each element is decoded (`.lenient`…).
  public static func elements<Source: AsyncSequence>(
    of source: Source, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    mapping: MappingOptions = MappingOptions()
  ) -> JSONElementSequence<Source, Self> where Source.Element: JSONByteChunk {
    streamTarget(mapping).elements(of: source, format: format, options: options)
  }

  /// The elements of a file or standard input, read a chunk at a time.
  ///
  /// ```swift
  /// let events = try Event.elements(of: .path("events.jsonl"), format: .jsonLines)
  /// while let event = try events.next() { … }
  /// ```
  public static func elements(
    of file: JSONStreamFile, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    mapping: MappingOptions = MappingOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<Self> {
    try streamTarget(mapping).elements(of: file, format: format, options: options)
  }
}

extension AsyncJSONStreamWriter {
  /// Adds a model (written compact, straight from the model).
  ///
  /// ```swift
  /// var writer = AsyncJSONStreamWriter(format: .jsonLines) { chunk in try await send(chunk) }
  /// for issue in issues { try await writer.write(issue) }
  /// try await writer.finish()
  /// ```
  public mutating func write(_ value: some JSONConvertible) async throws {
    try await write(element: try value.jsonBytes())
  }

  /// Adds a server-sent event whose data is a model (`.serverSentEvents` streams).
  public mutating func write<Model: JSONConvertible>(_ event: ServerSentEvent<Model>) async throws {
    try await write(element: try event.data.jsonBytes(), event: event.fields)
  }
}

extension JSONStreamFileWriter {
  /// Adds a model (written compact).
  public func write(_ value: some JSONConvertible) throws {
    try write(element: try value.jsonBytes())
  }

  /// Adds a server-sent event whose data is a model (`.serverSentEvents` files).
  public func write<Model: JSONConvertible>(_ event: ServerSentEvent<Model>) throws {
    try write(element: try event.data.jsonBytes(), event: event.fields)
  }
}
