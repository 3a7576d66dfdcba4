/// How the elements of a stream follow one another.
///
/// ```swift
/// .jsonLines                 // one value per line (NDJSON); `\r\n` accepted, blank lines skipped
/// .jsonTextSequence          // RFC 7464: each value after an RS byte (0x1E)
/// .concatenated              // values one after another, whitespace between: `{…} {…} 3`
/// .serverSentEvents          // text/event-stream: each event's data (`data: {…}`, blank line)
/// .serverSentEvents(terminator: "[DONE]")  // … and an event whose data is `[DONE]` ends it
/// .array                     // the elements of the top-level array
/// .array(at: "data.results") // the elements of the array at a key path, the members around it
///                            // skipped (and kept: `JSONElementSplitter.surroundings`)
/// ```
public enum JSONStreamFormat: Sendable, Hashable {
  case jsonLines
  case jsonTextSequence
  case concatenated
  /// The elements of the array at these object keys (none: the top-level array).
  case array(atKeys: [String])
  /// Server-sent events (`text/event-stream`): each event's data is an element, its name, id
  /// and retry beside it (`JSONStreamElement.event`, `JSONElementSequence.events()`); an
  /// event whose data is `terminator` ends the stream.
  case serverSentEvents(terminator: String?)

  /// Server-sent events, read to the end of the stream.
  public static var serverSentEvents: JSONStreamFormat { .serverSentEvents(terminator: nil) }

  /// The elements of the top-level array.
  public static var array: JSONStreamFormat { .array(atKeys: []) }

  /// The elements of the array at a key path (`"items"`, `"data.results"`, `"a\\.b"` for the
  /// one key `a.b`: `JSONKeyPath`'s grammar; `""` is the top-level array).
  public static func array(at keyPath: String) -> JSONStreamFormat {
    .array(atKeys: keyPath.isEmpty ? [] : JSONKeyPath(keyPath).keys)
  }
}

/// What a stream of elements does with an element that fails.
public enum JSONStreamErrorPolicy: Sendable, Hashable {
  /// Throw the first error (the default).
  case stop
  /// Skip the element, record its error in the stream's report, and go on.
  case skip
  /// Skip failing elements and go on; after the stream (or when `limit` errors are reached)
  /// throw them all together as `JSONStreamErrors`.
  case collect(limit: Int)
}

/// The settings of a stream of elements.
public struct JSONStreamOptions: Sendable, Hashable {
  /// The largest element (or member skipped around an array) held in memory; a larger one is
  /// an `elementTooLarge` error at its offset, never an unbounded buffer. 64 MiB by default.
  public var maximumElementSize: Int = 64 << 20
  /// What a failing element does.
  public var errors: JSONStreamErrorPolicy = .stop
  /// How each element is parsed for the untyped targets (`JSON`, `JSONDocument`) and the
  /// command line (strict RFC 8259 by default). Models parse under their `MappingOptions`'
  /// `parsing`, and a `MapwrightJSONDecoder` under its own settings.
  public var parsing = JSONParsingOptions()
  /// The size of the chunks read from a file or standard input.
  public var readSize: Int = 64 << 10
  /// The most skipped elements whose errors the report keeps (`.skip`); beyond, they are
  /// only counted (`JSONStreamReport.skippedCount`), so that memory stays bounded on a stream
  /// of millions of bad elements.
  public var reportLimit: Int = 10_000

  /// Options with an element size limit, an error policy and the parser's options.
  public init(maximumElementSize: Int = 64 << 20, errors: JSONStreamErrorPolicy = .stop, parsing: JSONParsingOptions = JSONParsingOptions()) {
    self.maximumElementSize = maximumElementSize
    self.errors = errors
    self.parsing = parsing
  }

  /// Failing elements skipped and reported.
  public static var skippingBadElements: JSONStreamOptions { JSONStreamOptions(errors: .skip) }
}
