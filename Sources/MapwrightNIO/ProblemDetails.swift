// RFC 9457 problem details for a body that did not decode: what a server answers instead of
// a 500. One place turns every error Mapwright throws while reading a body — a mapping error,
// a drop-in decoder's `DecodingError`, a parse error, a stream's error — into a status and a
// JSON body that says what is wrong and where (path, line, column), and nothing of the
// server's internals.

#if Hummingbird || Vapor
  import Foundation
  import MapwrightCodable
  import MapwrightEngine
  import MapwrightJSON

  /// The answer to a request whose body was refused: an HTTP status and an RFC 9457
  /// `application/problem+json` body.
  ///
  /// ```swift
  /// let problem = ProblemDetails(decodingError: error)
  /// problem.status   // 400
  /// String(decoding: problem.jsonBytes, as: UTF8.self)
  /// // {"type":"about:blank","title":"Bad Request","status":400,
  /// //  "detail":"expected integer, found string \"13x8\"","path":"$.items[1].number","line":4,"column":19}
  /// ```
  public struct ProblemDetails: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status: 400 for a body that does not decode, 413 for one over the size limit.
    public var status: Int
    /// The status's reason phrase.
    public var title: String
    /// What is wrong, lower case, without the server's internals.
    public var detail: String
    /// Where in the body: the JSON path, line and column (1-based), when known.
    public var path: String?
    /// The line of the problem in the body (from 1), when known.
    public var line: Int?
    /// The column of the problem in its line (from 1, in bytes), when known.
    public var column: Int?
    /// For a stream of elements: the 0-based index of the element that failed.
    public var element: Int?

    /// The media type of `jsonBytes`.
    public static let mediaType = "application/problem+json"

    /// Problem details with an HTTP status, what went wrong, and where in the body when known
    /// (`element`: the index of the element of a streamed body).
    public init(status: Int, detail: String, path: String? = nil, line: Int? = nil, column: Int? = nil, element: Int? = nil) {
      self.status = status
      title = Self.reason(status)
      self.detail = detail
      self.path = path
      self.line = line
      self.column = column
      self.element = element
    }

    /// A body over `limit` bytes (when known): 413.
    public static func tooLarge(limit: Int?) -> ProblemDetails {
      ProblemDetails(status: 413, detail: limit.map { "the body is larger than the limit of \($0) bytes" } ?? "the body is larger than the limit")
    }

    /// The problem of an error thrown while decoding a body: 400 with its place for Mapwright's
    /// errors, a plain 400 for any other `DecodingError`; nil for an error that is not about
    /// the body (a server's own failure stays a 500).
    public init?(decodingError error: any Error) {
      switch error {
      case let problem as ProblemDetails:
        self = problem
      case let error as MappingError:
        self.init(status: 400, detail: error.message, path: error.path.description, line: error.line, column: error.column)
      case let error as JSONError:
        self.init(status: 400, detail: error.message, line: error.line, column: error.column)
      case let error as JSONStreamError:
        self.init(
          status: error.code == .elementTooLarge ? 413 : 400, detail: error.message, path: error.path, line: error.line, column: error.column,
          element: error.elementIndex)
      case let error as JSONStreamErrors:
        guard let first = error.errors.first, var problem = ProblemDetails(decodingError: first) else { return nil }
        problem.detail += error.errors.count > 1 ? " (and \(error.errors.count - 1) more)" : ""
        self = problem
      case let error as DecodingError where error.mappingError != nil:
        self.init(decodingError: error.mappingError!)
      case let error as DecodingError:
        let context: DecodingError.Context? =
          switch error {
          case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
          @unknown default: nil
          }
        if let parse = context?.underlyingError as? JSONError {
          self.init(status: 400, detail: parse.message, line: parse.line, column: parse.column)
          return
        }
        let location = error.mapwrightLocation
        self.init(
          status: 400, detail: context.map { Self.plainMessage($0.debugDescription) } ?? "the body does not decode",
          path: context.map { JSONPath(codingPath: $0.codingPath).description }, line: location?.line, column: location?.column)
      default:
        return nil
      }
    }

    /// The body: `type`, `title`, `status`, `detail`, then `path`, `line`, `column` and
    /// `element` where known.
    public var json: JSON {
      var object: JSONObject = ["type": "about:blank", "title": .string(title), "status": JSON(status), "detail": .string(detail)]
      if let path { object["path"] = .string(path) }
      if let line { object["line"] = JSON(line) }
      if let column { object["column"] = JSON(column) }
      if let element { object["element"] = JSON(element) }
      return .object(object)
    }

    /// The problem as an `application/problem+json` body.
    public var jsonBytes: [UInt8] { (try? json.jsonBytes()) ?? Array(#"{"status":\#(status)}"#.utf8) }

    /// The status, the detail and where, on one line (for logs).
    public var description: String { "\(status) \(title): \(detail)" + (path.map { " at \($0)" } ?? "") }

    /// A `DecodingError`'s description without the place Mapwright appends (given apart).
    static func plainMessage(_ text: String) -> String {
      guard let range = text.range(of: " (at $", options: .backwards) ?? text.range(of: " (in the object at $", options: .backwards) else {
        return text
      }
      return String(text[..<range.lowerBound])
    }

    static func reason(_ status: Int) -> String {
      switch status {
      case 400: "Bad Request"
      case 404: "Not Found"
      case 413: "Content Too Large"
      case 415: "Unsupported Media Type"
      case 422: "Unprocessable Content"
      case 500: "Internal Server Error"
      default: "Error"
      }
    }
  }

  extension ProblemDetails: MapwrightError {
    /// `http.STATUS` (`http.400`, `http.413`).
    public var errorCode: String { "http.\(status)" }
    /// `io` for a server's failure (5xx: trying again may succeed), else `data` (the request).
    public var errorCategory: MapwrightErrorCategory { status >= 500 ? .io : .data }
    /// The line and column in the request body, where the problem has them.
    public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace(line: line, column: column) }
  }
#endif
