// The one shape of every error Mapwright throws, whatever layer throws it: a stable code, the
// place (JSON path, line, column, byte offset, each where known), and a category that tells the
// caller what to do next, after serde_json's `Error::classify()`:
//
// - `syntax`: the bytes are not JSON (or not the dialect asked for). The document is lost; a
//   stream of documents (JSON Lines, RFC 7464) may go on with the next one.
// - `data`: well-formed JSON, or a well-formed request, that does not fit a model, a schema or
//   a store's rules. Reading the same bytes again gives the same error: skip or report it.
// - `io`: reading or writing failed outside the JSON (a file, a database, a connection):
//   trying again may succeed.
// - `endOfInput`: the input ended inside a value. More bytes may complete it: a stream waits
//   for them, a whole buffer is truncated.
//
// Each public error type conforms in its own target (an `Errors/` folder); the category of an
// error that wraps another (a stream's element, a mapping's parse error) is the inner one's.

/// What kind of failure an error is: whether a reader should stop, skip, retry or wait.
public enum MapwrightErrorCategory: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The bytes are not JSON.
  case syntax
  /// Valid JSON that does not fit the model, the schema or the store.
  case data
  /// A file, database or connection failed; trying again may succeed.
  case io
  /// The input ended inside a value; more bytes may complete it.
  case endOfInput

  /// The case's name.
  public var description: String { rawValue }
}

/// Where an error is, as far as it is known.
public struct MapwrightErrorPlace: Sendable, Hashable, CustomStringConvertible {
  /// The JSON path of the value concerned (`$.statuses[3].user.id`).
  public var path: JSONPath?
  /// The 1-based line in the input.
  public var line: Int?
  /// The 1-based column in the input, in Unicode scalars.
  public var column: Int?
  /// The byte offset in the input.
  public var offset: Int?

  /// A place; every part is optional.
  public init(path: JSONPath? = nil, line: Int? = nil, column: Int? = nil, offset: Int? = nil) {
    self.path = path
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `$.a.b, line 3, column 7` (what is known).
  public var description: String {
    var parts: [String] = []
    if let path { parts.append(path.description) }
    if let line { parts.append("line \(line)") }
    if let column { parts.append("column \(column)") }
    if parts.isEmpty, let offset { parts.append("byte \(offset)") }
    return parts.joined(separator: ", ")
  }
}

/// What every public error of Mapwright can say: a stable code, a category and a place.
///
/// ```swift
/// do {
///   _ = try JSONDocument(#"{"id": 1,"#)
/// } catch let error as any MapwrightError {
///   print(error.errorCode)       // unexpectedEnd
///   print(error.errorCategory)   // endOfInput: more bytes may complete it
///   print(error.errorPlace)      // line 1, column 10
/// }
/// ```
public protocol MapwrightError: Error, Sendable {
  /// A stable name of the kind of failure (`unexpectedCharacter`, `typeMismatch`,
  /// `connectionFailed`), for matching and for logs; it does not change between releases.
  var errorCode: String { get }
  /// Whether to stop, skip, retry or wait for more input.
  var errorCategory: MapwrightErrorCategory { get }
  /// Where the failure is, as far as it is known.
  var errorPlace: MapwrightErrorPlace { get }
}

/// The category of `error` when it is one of Mapwright's, else `fallback` (for errors that
/// wrap another).
package func wrappedErrorCategory(of error: (any Error)?, else fallback: MapwrightErrorCategory) -> MapwrightErrorCategory {
  (error as? any MapwrightError)?.errorCategory ?? fallback
}
