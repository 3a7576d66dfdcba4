// Elements decoded from a stream, under an error policy: the splitter's elements go through a
// target's decode function (a model, a Codable type, JSON…), and what fails is placed in the
// whole stream (element index, offset, line and column, the path inside the element) and
// then thrown, skipped and reported, or collected. The async sequences and the file reader
// are thin layers that feed this one state machine.

/// A failure inside an element that knows where in the element it is (1-based line and column
/// within the element's bytes, and a JSON path). `JSONError` and the engine's `MappingError`
/// conform; a stream places them in the whole stream.
public protocol JSONStreamElementFailure: Error {
  /// What went wrong, without the place.
  var messageInElement: String { get }
  var pathInElement: String? { get }
  var lineInElement: Int? { get }
  var columnInElement: Int? { get }
}

extension JSONError: JSONStreamElementFailure {
  /// The parser's message.
  public var messageInElement: String { message }
  /// None: a parse error is placed by line and column.
  public var pathInElement: String? { nil }
  /// The line inside the element.
  public var lineInElement: Int? { line }
  /// The column inside the element.
  public var columnInElement: Int? { column }
}

/// What a stream skipped (`JSONStreamErrorPolicy.skip`) and how many elements it gave.
public struct JSONStreamReport: Sendable, CustomStringConvertible {
  /// Elements decoded and handed out.
  public internal(set) var decoded = 0
  /// The elements skipped, each with its error, in stream order (the first
  /// `JSONStreamOptions.reportLimit` of them).
  public internal(set) var skipped: [JSONStreamError] = []
  /// Every element skipped, kept in `skipped` or not.
  public internal(set) var skippedCount = 0
  /// The members around the array (`.array(at:)` forms), once the stream has ended.
  public internal(set) var surroundings: JSON = [:]
  /// The error that ended the stream before its end (the structure around the elements is
  /// not JSON, there is no array, the stream is cut off), also the last of `skipped` when
  /// kept. nil when the stream was read to its end.
  public internal(set) var failure: JSONStreamError?
  /// Elements that failed, as `skippedCount` less an error outside any element that ended
  /// the stream (an empty stream holds no element, failed or not).
  public var failedElements: Int { skippedCount - (failure.map { $0.elementIndex == nil ? 1 : 0 } ?? 0) }

  /// An empty report.
  public init() {}

  /// How many elements were decoded and skipped, then each skipped one's error.
  public var description: String {
    "\(decoded) element\(decoded == 1 ? "" : "s") decoded, \(skippedCount) skipped"
      + skipped.map { "\n  \($0)" }.joined()
  }
}

/// The report of a stream, read while or after it runs (shared by the copies of a sequence).
public final class JSONStreamReportBox: @unchecked Sendable {
  private let lock = PlainLock()
  private var value = JSONStreamReport()

  init() {}

  /// The report so far.
  public var report: JSONStreamReport { lock.withLock { value } }

  func update(_ body: (inout JSONStreamReport) -> Void) { lock.withLock { body(&value) } }
}

/// The splitter and a decode function under an error policy: bytes in, decoded elements out.
public struct JSONStreamDecoder<Element> {
  /// Decodes one element.
  public typealias Decode = (JSONStreamElement) throws -> Element
  /// What an error thrown by `decode` says and where it is inside its element (path, line,
  /// column); nil parts are unknown. The default reads `JSONStreamElementFailure`.
  public typealias Locate = (any Error, JSONStreamElement) -> (message: String?, path: String?, line: Int?, column: Int?)

  private var splitter: JSONElementSplitter
  private let decode: Decode
  private let locate: Locate
  /// The limits and the error policy.
  public let options: JSONStreamOptions
  let reportBox: JSONStreamReportBox
  private var collected: [JSONStreamError] = []
  private var over = false
  /// The event fields of the element `next()` returned last (`.serverSentEvents` streams).
  package private(set) var lastEventFields: ServerSentEventFields?

  /// A decoder of the elements of a `format` stream with `decode`; `locate` places its errors.
  public init(format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(), locate: Locate? = nil, decode: @escaping Decode) {
    self.init(format: format, options: options, locate: locate, decode: decode, report: JSONStreamReportBox())
  }

  /// With the report a sequence shares between its copies.
  init(format: JSONStreamFormat, options: JSONStreamOptions, locate: Locate?, decode: @escaping Decode, report: JSONStreamReportBox) {
    splitter = JSONElementSplitter(format: format, maximumElementSize: options.maximumElementSize, parsing: options.parsing)
    self.decode = decode
    self.locate = locate ?? Self.failureLocation
    self.options = options
    reportBox = report
  }

  /// What was skipped so far, and the surroundings once the stream has ended.
  public var report: JSONStreamReport { reportBox.report }

  /// The splitter's members around the array, in stream order, and how many came before it.
  package var keptMembers: (members: [(path: [String], key: String, value: JSON)], beforeArray: Int?) {
    (splitter.keptMembers, splitter.membersBeforeArray)
  }

  /// Whether the stream is over: read to its end, or ended by an error. A reader stops
  /// reading its source then (a file whose first byte is wrong is not read to its end).
  public var isOver: Bool { over }

  /// Gives the decoder the next bytes of the stream.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) { splitter.append(bytes) }
  /// Gives the decoder the next byte of the stream.
  public mutating func append(byte: UInt8) { splitter.append(byte: byte) }
  /// Says the stream has ended: what is left is the last element, or an error.
  public mutating func finish() { splitter.finish() }

  /// The next decoded element; nil when more bytes are needed or, after `finish()`, when the
  /// stream is over. Throws under `.stop` (the first error) and `.collect` (all of them).
  public mutating func next() throws -> Element? {
    while !over {
      let next: JSONStreamElement?
      do {
        next = try splitter.next()
      } catch {
        try fail(error, fatal: !error.isRecoverable)
        continue
      }
      guard let element = next else {
        if splitter.isFinished { try end() }
        return nil
      }
      do {
        let value = try decode(element)
        lastEventFields = element.event
        reportBox.update { $0.decoded += 1 }
        return value
      } catch {
        try fail(placed(error, in: element), fatal: false)
      }
    }
    return nil
  }

  /// The stream is over: the surroundings are known; collected errors are thrown.
  private mutating func end() throws {
    over = true
    let surroundings = splitter.surroundings
    reportBox.update { $0.surroundings = surroundings }
    if !collected.isEmpty { throw JSONStreamErrors(errors: collected, reachedLimit: false) }
  }

  private mutating func fail(_ error: JSONStreamError, fatal: Bool) throws {
    switch options.errors {
    case .stop:
      over = true
      throw error
    case .skip:
      let limit = options.reportLimit
      reportBox.update { report in
        report.skippedCount += 1
        if report.skipped.count < limit { report.skipped.append(error) }
        if fatal { report.failure = error }
      }
      if fatal { try end() }
    case .collect(let limit):
      collected.append(error)
      if collected.count >= max(limit, 1) {
        over = true
        throw JSONStreamErrors(errors: collected, reachedLimit: true)
      }
      if fatal { try end() }
    }
  }

  /// An error of `decode`, placed in the whole stream.
  private func placed(_ error: any Error, in element: JSONStreamElement) -> JSONStreamError {
    let (described, path, line, column) = locate(error, element)
    var (streamLine, streamColumn) = (element.line, element.column)
    if let line, let column { (streamLine, streamColumn) = element.streamLocation(line: line, column: column) }
    // A JSON Lines line or sequence text at the very end that ends early: the stream was cut.
    if element.atEndOfStream, let parse = error as? JSONError, parse.code == .unexpectedEnd || parse.code == .unterminatedString {
      return JSONStreamError(
        .truncated, message: "the stream ends inside an element (\(parse.message))", elementIndex: element.index,
        elementOffset: element.offset, line: streamLine, column: streamColumn, resumeOffset: element.offset, underlying: parse,
        elementLine: element.line, elementColumn: element.column)
    }
    var message = described ?? "\(error)"
    // JSON Lines with lines ended by a carriage return alone read as one line of several values.
    if splitter.format == .jsonLines, let parse = error as? JSONError, parse.code == .trailingData,
      element.bytes[..<min(parse.offset, element.bytes.count)].contains(0x0D)
    {
      message += " (the lines end with a carriage return alone; JSON Lines ends each line with a line feed or CR LF)"
    }
    return JSONStreamError(
      error is JSONError ? .syntax : .element, message: message, elementIndex: element.index, elementOffset: element.offset,
      line: streamLine, column: streamColumn, path: path ?? (error is JSONError ? nil : "$"),
      resumeOffset: element.endOffset, underlying: error, elementLine: element.line, elementColumn: element.column,
      elementLines: element.lineStarts)
  }

  package static func failureLocation(_ error: any Error, _ element: JSONStreamElement) -> (message: String?, path: String?, line: Int?, column: Int?)
  {
    guard let failure = error as? any JSONStreamElementFailure else { return (nil, nil, nil, nil) }
    return (failure.messageInElement, failure.pathInElement, failure.lineInElement, failure.columnInElement)
  }
}
