// A refused body as Hummingbird's answer: the problem's status and its JSON body.

#if Hummingbird
  public import Hummingbird
  public import MapwrightNIO
  import NIOCore

  /// An error Hummingbird answers with RFC 9457 problem details (`application/problem+json`).
  /// The decoder and the element streams throw it; a handler may throw one of its own.
  public struct MapwrightHTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    /// What went wrong and where, as the response's body says it.
    public let problem: ProblemDetails

    /// An error answered with `problem` (its status and body).
    public init(problem: ProblemDetails) {
      self.problem = problem
    }

    /// The error for something thrown while a body was read; nil when it is not about the body.
    public init?(problem: ProblemDetails?) {
      guard let problem else { return nil }
      self.problem = problem
    }

    /// The response's status, the problem's.
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.status) }

    /// The `application/problem+json` response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
      let body = ByteBuffer(bytes: problem.jsonBytes)
      return Response(
        status: status, headers: [.contentType: ProblemDetails.mediaType, .contentLength: String(body.readableBytes)],
        body: ResponseBody(byteBuffer: body))
    }

    /// The problem on one line (for logs).
    public var description: String { problem.description }
  }
#endif
