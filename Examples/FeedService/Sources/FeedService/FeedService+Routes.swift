// The service's handlers: each answers JSON, and problem details for a refused body.

#if Hummingbird
  import Foundation
  import Hummingbird
  import MapwrightEngine
  import MapwrightStore
  import MapwrightHummingbird
  import MapwrightJSON
  import MapwrightNIO
  import MapwrightSchema
  import NIOCore

  extension FeedService {
    /// POST /feeds: spools the body to a file as it arrives (413 past `maximumFeedSize`), then
    /// imports the file a run at a time.
    func importFeed(_ request: Request) async throws -> Response {
      let type = request.headers[.contentType] ?? ""
      let jsonLines = type.hasPrefix("application/jsonl") || type.hasPrefix("application/x-ndjson")
      let keyPath = request.uri.queryParameters.get("key_path") ?? ""
      let file = spoolDirectory.appendingPathComponent("feed-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: file) }
      try await spool(request.body, to: file)
      var options = ImportOptions(mapping: .lenient)
      options.missingReferences = .report
      do {
        let summary = try await store.importJSON(
          contentsOfFile: file.path, jsonLines: jsonLines, sources: [ImportSource(jsonLines ? "" : keyPath, entity: author)], options: options)
        let answer: JSON = [
          "elements": JSON(summary.elements), "inserted": JSON(summary.inserted), "updated": JSON(summary.updated),
          "unresolved": JSON(summary.unresolvedCount), "forgiven": JSON(summary.reportCount), "batches": JSON(summary.batches),
          "seconds": JSON(summary.seconds),
        ]
        return try Self.json(answer)
      } catch {
        throw MapwrightHTTPError(problem: ProblemDetails(decodingError: error)) ?? error
      }
    }

    /// Writes the body to `file` as it arrives, refusing it past `maximumFeedSize`.
    func spool(_ body: RequestBody, to file: URL) async throws {
      guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else {
        throw ProblemDetails(status: 500, detail: "the feed could not be stored")
      }
      defer { try? handle.close() }
      var written = 0
      for try await buffer in body {
        written += buffer.readableBytes
        if written > maximumFeedSize { throw MapwrightHTTPError(problem: .tooLarge(limit: maximumFeedSize)) }
        try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
      }
    }

    /// GET /authors/{id}
    func author(id: Int64) async throws -> Response {
      guard let object = try await store.object(author, key: id) else {
        throw MapwrightHTTPError(problem: ProblemDetails(status: 404, detail: "no author has the id \(id)"))
      }
      return try Self.json(try object.jsonObject)
    }

    /// GET /authors?born_after=YYYY-MM-DD
    func authors(bornAfter: String?) async throws -> Response {
      var predicate: StorePredicate?
      if let bornAfter {
        guard let date = Self.day.date(from: bornAfter) else {
          throw MapwrightHTTPError(problem: ProblemDetails(status: 400, detail: "born_after is not a date (YYYY-MM-DD): \(bornAfter)"))
        }
        predicate = .greater("dateOfBirth", date)
      }
      let objects = try await store.objects(author, where: predicate)
      return try Self.json(.array(objects.map { try $0.jsonObject }))
    }

    /// POST /check: the body against the Author entity (one object or an array), every problem.
    func check(_ request: Request, context: MapwrightRequestContext) async throws -> Response {
      let bytes = Array(try await request.body.collect(upTo: context.maxUploadSize).readableBytesView)
      let document: JSONDocument
      do {
        document = try JSONDocument(bytes)
      } catch {
        return try Self.json(["valid": false, "problems": [Self.problem(line: error.line, column: error.column, path: nil, message: error.message)]])
      }
      var options = MappingOptions()
      options.errorMode = .collectAll
      let errors = ModelObject.problems(of: author, in: document.root, session: DecodingSession(document: document, options: options))
      let problems = errors.map { Self.problem(line: $0.line, column: $0.column, path: $0.path.description, message: $0.message) }
      return try Self.json(["valid": JSON(errors.isEmpty), "problems": .array(problems)])
    }

    static func problem(line: Int?, column: Int?, path: String?, message: String) -> JSON {
      var object: JSONObject = ["message": .string(message)]
      if let path { object["path"] = .string(path) }
      if let line { object["line"] = JSON(line) }
      if let column { object["column"] = JSON(column) }
      return .object(object)
    }

    static func json(_ value: JSON) throws -> Response {
      let body = ByteBuffer(bytes: try value.jsonBytes())
      return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
    }

    static let day: DateFormatter = {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyy-MM-dd"
      return formatter
    }()
  }
#endif
