// Vapor answers a refused body with RFC 9457 problem details: a body that does not decode is
// a 400 naming the path, line and column; one over the route's size limit a 413. Everything
// else passes on to Vapor's own error handling.

#if Vapor
  public import MapwrightNIO
  import NIOCore
  import NIOHTTP1
  public import Vapor

  /// Turns Mapwright's decoding errors (and Vapor's 413) into `application/problem+json`
  /// answers. Add it after Vapor's `ErrorMiddleware` (the default), so that it sees the errors
  /// first:
  ///
  /// ```swift
  /// app.middleware.use(ProblemDetailsMiddleware())
  /// ```
  public struct ProblemDetailsMiddleware: AsyncMiddleware {
    /// The middleware; add it with `app.middleware.use(ProblemDetailsMiddleware())`.
    public init() {}

    /// Answers the request; a decoding error from a handler becomes a problem-details response
    /// (`ProblemDetails(decodingError:)` decides the status), a body over Vapor's size limit a
    /// 413 with problem details, and other errors pass on unchanged.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
      do {
        return try await next.respond(to: request)
      } catch let abort as any AbortError where abort.status == .payloadTooLarge {
        _ = abort
        return Self.response(ProblemDetails.tooLarge(limit: nil))
      } catch {
        guard let problem = ProblemDetails(decodingError: error) else { throw error }
        return Self.response(problem)
      }
    }

    /// The answer for `problem`: its status and JSON body.
    public static func response(_ problem: ProblemDetails) -> Response {
      var headers = HTTPHeaders()
      headers.replaceOrAdd(name: .contentType, value: ProblemDetails.mediaType)
      return Response(
        status: HTTPResponseStatus(statusCode: problem.status), headers: headers, body: .init(buffer: ByteBuffer(bytes: problem.jsonBytes)))
    }
  }
#endif
