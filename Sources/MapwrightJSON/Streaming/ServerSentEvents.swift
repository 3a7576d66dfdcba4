// Server-sent events (`text/event-stream`, the WHATWG HTML specification's event stream) as a
// stream of JSON elements: each event's `data` is one element, decoded into any target as a
// JSON Lines line would be; its name, id and retry travel beside it (`ServerSentEventFields`)
// and come out with the value through `JSONElementSequence.events()`. The bytes are cut into
// events by `ServerSentEventSplitter`; `JSONStreamWriter` writes them.

/// The fields of a server-sent event other than its data: what `event:`, `id:` and `retry:`
/// lines said.
public struct ServerSentEventFields: Sendable, Hashable {
  /// The event's type (`event:`); `"message"` when the event names none.
  public var name: String
  /// The last event id of the stream when the event was dispatched (`id:` lines carry over
  /// from event to event, as the specification says); nil when it is empty.
  public var id: String?
  /// The reconnection time in milliseconds that the event's `retry:` line set; nil without one.
  public var retry: Int?

  /// Fields with a name, an id and a reconnection time.
  public init(name: String = "message", id: String? = nil, retry: Int? = nil) {
    self.name = name
    self.id = id
    self.retry = retry
  }
}

/// A server-sent event: its data (decoded, or to encode) and its name, id and retry.
///
/// ```swift
/// let deltas = JSON.elements(of: body, format: .serverSentEvents(terminator: "[DONE]")).events()
/// for try await event in deltas where event.name == "message" {
///   print(event.id ?? "-", event.data["delta"] ?? "")
/// }
/// ```
public struct ServerSentEvent<Data> {
  /// The event's data: the value decoded from its `data:` lines, or the value to write.
  public var data: Data
  /// The event's type (`event:`); `"message"` when it names none (written without an `event:`
  /// line then).
  public var name: String
  /// The event's id (`id:`); nil for none.
  public var id: String?
  /// The reconnection time in milliseconds (`retry:`); nil for none.
  public var retry: Int?

  /// An event with data, a name, an id and a reconnection time.
  public init(_ data: Data, name: String = "message", id: String? = nil, retry: Int? = nil) {
    self.data = data
    self.name = name
    self.id = id
    self.retry = retry
  }

  /// An event with data and the fields read beside it.
  public init(_ data: Data, fields: ServerSentEventFields) {
    self.init(data, name: fields.name, id: fields.id, retry: fields.retry)
  }

  /// The name, id and retry.
  public var fields: ServerSentEventFields { ServerSentEventFields(name: name, id: id, retry: retry) }
}

extension ServerSentEvent: Sendable where Data: Sendable {}
extension ServerSentEvent: Equatable where Data: Equatable {}
extension ServerSentEvent: Hashable where Data: Hashable {}

extension JSONElementSequence {
  /// The same stream with each element's event fields beside it: for
  /// `.serverSentEvents` streams, the name, id and retry of the event whose data the element
  /// is (`"message"` and nils for the other formats).
  ///
  /// ```swift
  /// for try await event in Delta.elements(of: body, format: .serverSentEvents).events() {
  ///   if event.name == "delta" { show(event.data) }
  /// }
  /// ```
  public func events() -> JSONElementSequence<Source, ServerSentEvent<Element>> {
    let decode = self.decode
    let locate = self.locate
    return JSONElementSequence<Source, ServerSentEvent<Element>>(
      source, format: format, options: options, locate: locate.map { locate in { error, element in locate(error, element) } },
      decode: { element in ServerSentEvent(try decode(element), fields: element.event ?? ServerSentEventFields()) })
  }
}

extension JSONElementReader {
  /// The next element with its event fields beside it (`.serverSentEvents` files), or nil at
  /// the end.
  public func nextEvent() throws -> ServerSentEvent<Element>? {
    guard let element = try next() else { return nil }
    return ServerSentEvent(element, fields: lastEventFields ?? ServerSentEventFields())
  }
}
