/// How strictly the parser reads its input.
///
/// The default is strict RFC 8259. Relaxations are opt-in, one property each:
///
/// ```swift
/// var options = JSONParsingOptions()
/// options.allowsComments = true          // `// …` and `/* … */` count as whitespace
/// options.allowsTrailingCommas = true    // `[1, 2,]` and `{"a": 1,}`
/// let config = try JSONDocument(text, options: options)
/// // or, for both at once:
/// let same = try JSONDocument(text, options: .relaxed)
/// ```
public struct JSONParsingOptions: Sendable, Hashable {
  /// What the parser does when an object names the same key twice.
  public enum DuplicateKeyPolicy: Sendable, Hashable {
    /// Keep the document as written; key lookup and conversion to `JSON` use the first
    /// occurrence (as Foundation's `JSONDecoder` does).
    case useFirst
    /// Reject the document with a `duplicateKey` error at the second occurrence.
    case reject
  }

  /// What the parser does with invalid UTF-8 and with `\u` escapes that name a lone surrogate.
  public enum InvalidUnicodePolicy: Sendable, Hashable {
    /// Reject the document with an `invalidUTF8` or `loneSurrogate` error (RFC 8259).
    case reject
    /// Accept the document; reading such a string substitutes U+FFFD for each bad sequence.
    case replace
  }

  /// The deepest nesting of arrays and objects accepted; deeper input is a `tooDeep` error.
  /// The parser never recurses, so this bound is a policy, not a stack limit.
  public var maximumDepth: Int = 512
  /// Accept `// line` and `/* block */` comments wherever whitespace may appear.
  public var allowsComments: Bool = false
  /// Accept one trailing comma before `]` or `}`.
  public var allowsTrailingCommas: Bool = false
  /// What to do with duplicate object keys.
  public var duplicateKeys: DuplicateKeyPolicy = .useFirst
  /// What to do with invalid UTF-8 and lone surrogate escapes.
  public var invalidUnicode: InvalidUnicodePolicy = .reject
  /// Skip a UTF-8 byte order mark at the very start of the input (RFC 8259 §8.1 allows a
  /// parser to ignore it).
  public var allowsByteOrderMark: Bool = true
  /// Parse in two stages, as simdjson does: first an index of the text's structure, built 64
  /// bytes at a time with the widest vector instructions the processor has (AVX-512, AVX2,
  /// SSE4.2, NEON), then a walk over the index into the tape. Same documents, same values,
  /// same errors as the one-pass parser (which reports every error); only the speed differs.
  ///
  /// It pays on pretty-printed documents dense in short keys and strings (apache_builds.json
  /// 1.3×, instruments.json 1.15×, twitter.json 1.05×) and costs on documents of long
  /// strings or of numbers (gsoc-2018.json, canada.json): measure yours (BENCHMARKS.md,
  /// "Indexed parse"). Applies to the strict grammar of 512 bytes or more; comments, trailing
  /// commas and replaced invalid Unicode take the one-pass parser.
  ///
  /// ```swift
  /// var options = JSONParsingOptions()
  /// options.usesStructuralIndex = true
  /// let document = try JSONDocument(bytes, options: options)
  /// ```
  public var usesStructuralIndex: Bool = false

  /// Strict RFC 8259 parsing (see each option's default).
  public init() {}

  /// Strict RFC 8259 (the default).
  public static var strict: JSONParsingOptions { JSONParsingOptions() }

  /// Comments and trailing commas allowed, for configuration files.
  public static var relaxed: JSONParsingOptions {
    var options = JSONParsingOptions()
    options.allowsComments = true
    options.allowsTrailingCommas = true
    return options
  }
}
