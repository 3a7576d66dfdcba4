/// An error in a stream of elements, placed in the whole stream: which element, where it starts
/// (byte offset, line and column from the stream's first byte), where the problem is, and the
/// JSON path inside the element.
///
/// ```swift
/// do {
///   for try await event in Event.elements(of: body, format: .jsonLines) { … }
/// } catch let error as JSONStreamError {
///   print(error)   // element 41 (line 42, column 1, byte 18231): $.actor.id: expected integer, found string "x" (line 42, column 27)
///   if error.code == .truncated { resume(from: error.resumeOffset) }
/// }
/// ```
public struct JSONStreamError: Error, Sendable, CustomStringConvertible {
  /// A stable code for each kind of stream error.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let description: String
    init(_ description: String) { self.description = description }

    /// The bytes of an element (or of the structure around an array) are not JSON.
    public static let syntax = Code("syntax")
    /// An element is JSON but does not decode into the type asked for.
    public static let element = Code("element")
    /// The stream ended inside an element or before the array closed.
    public static let truncated = Code("truncated")
    /// An element is larger than `JSONStreamOptions.maximumElementSize`.
    public static let elementTooLarge = Code("elementTooLarge")
    /// The document has no array at the key path asked for.
    public static let arrayNotFound = Code("arrayNotFound")
  }

  /// What kind of error.
  public let code: Code
  /// The 0-based index of the element (nil for errors outside any element).
  public let elementIndex: Int?
  /// The byte offset, from the stream's first byte, where the element (or the problem outside
  /// elements) starts.
  public let elementOffset: Int
  /// Line and column (1-based, columns in Unicode scalars) of the problem in the whole stream.
  public let line: Int
  /// The column of the problem (see `line`).
  public let column: Int
  /// Line and column of the element's first byte in the whole stream.
  public let elementLine: Int
  /// The column of the element's first byte (see `elementLine`).
  public let elementColumn: Int
  /// The JSON path of the problem inside the element (`$` for the element itself; nil when
  /// the problem is not in an element).
  public let path: String?
  /// Where reading can start again: the offset just past the last complete element.
  public let resumeOffset: Int
  /// What went wrong, lower case.
  public let message: String
  /// The error inside the element: a `JSONError`, or the decoder's (`MappingError`,
  /// `DecodingError`) for `.element`.
  public let underlyingError: (any Error)?
  /// Whether the stream can go on after this error: an element too large to keep, or a JSON
  /// Lines or text-sequence record that is wrong on its own; the others end the stream.
  public let isRecoverable: Bool
  /// Where each line of the element starts in the stream, when they lie apart (see
  /// `JSONStreamElement.lineStarts`).
  package let elementLines: [StreamPlace]

  package init(
    _ code: Code, message: String, elementIndex: Int?, elementOffset: Int, line: Int, column: Int, path: String? = nil,
    resumeOffset: Int, underlying: (any Error)? = nil, elementLine: Int? = nil, elementColumn: Int? = nil, recoverable: Bool? = nil,
    elementLines: [StreamPlace] = []
  ) {
    self.elementLines = elementLines
    self.isRecoverable = recoverable ?? (code == .elementTooLarge)
    self.elementLine = elementLine ?? line
    self.elementColumn = elementColumn ?? column
    self.code = code
    self.message = message
    self.elementIndex = elementIndex
    self.elementOffset = elementOffset
    self.line = line
    self.column = column
    self.path = path
    self.resumeOffset = resumeOffset
    self.underlyingError = underlying
  }

  /// A line and column inside the element (1-based, as a `MappingError` or `JSONError` of the
  /// element gives them) as a line and column in the whole stream.
  public func streamLocation(lineInElement line: Int, columnInElement column: Int) -> (line: Int, column: Int) {
    Self.streamLocation(line: line, column: column, inElementAt: elementLine, elementColumn, lineStarts: elementLines)
  }

  /// A line and column inside bytes that start at `elementLine`, `elementColumn` of a stream,
  /// as a line and column of the stream (the one rule every stream error is placed by). When
  /// the element's lines lie apart in the stream (the `data:` lines of a server-sent event),
  /// `lineStarts` gives where each begins.
  package static func streamLocation(
    line: Int, column: Int, inElementAt elementLine: Int, _ elementColumn: Int, lineStarts: [StreamPlace] = []
  ) -> (line: Int, column: Int) {
    if line >= 1, line <= lineStarts.count {
      let start = lineStarts[line - 1]
      return (start.line, start.column + column - 1)
    }
    return (elementLine + line - 1, line == 1 ? elementColumn + column - 1 : column)
  }

  /// The element, its place in the stream, the path and the message, on one line.
  public var description: String {
    let place =
      elementIndex.map { "element \($0) (line \(line), column \(column), byte \(elementOffset))" }
      ?? "line \(line), column \(column), byte \(elementOffset)"
    return "\(place): \(path.map { "\($0): " } ?? "")\(message)"
  }
}

/// The errors a stream collected (`JSONStreamErrorPolicy.collect`), in stream order.
public struct JSONStreamErrors: Error, Sendable, CustomStringConvertible {
  /// The errors, in stream order.
  public let errors: [JSONStreamError]
  /// Whether the stream stopped because the limit was reached.
  public let reachedLimit: Bool

  /// How many elements failed, then each error on a line of its own.
  public var description: String {
    "\(errors.count) element\(errors.count == 1 ? "" : "s") failed\(reachedLimit ? " (stopped at the limit)" : ""):\n"
      + errors.map { "  \($0)" }.joined(separator: "\n")
  }
}

extension JSONStreamError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// The inner error's category for `syntax` and `element` (a stream cut inside an element is
  /// `endOfInput`); `endOfInput` for `truncated`; `data` for an element too large or an array
  /// that is not there.
  public var errorCategory: MapwrightErrorCategory {
    switch code {
    case .syntax: wrappedErrorCategory(of: underlyingError, else: .syntax)
    case .element: wrappedErrorCategory(of: underlyingError, else: .data)
    case .truncated: .endOfInput
    default: .data
    }
  }
  /// The line and column in the whole stream, the path inside the element from the inner
  /// error.
  public var errorPlace: MapwrightErrorPlace {
    MapwrightErrorPlace(path: (underlyingError as? any MapwrightError)?.errorPlace.path, line: line, column: column)
  }
}

extension JSONStreamErrors: MapwrightError {
  /// The first error's code.
  public var errorCode: String { errors.first?.errorCode ?? "noError" }
  /// The first error's category.
  public var errorCategory: MapwrightErrorCategory { errors.first?.errorCategory ?? .data }
  /// The first error's place.
  public var errorPlace: MapwrightErrorPlace { errors.first?.errorPlace ?? MapwrightErrorPlace() }
}
