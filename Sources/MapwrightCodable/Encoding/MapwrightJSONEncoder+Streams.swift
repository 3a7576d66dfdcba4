// Writing streams of `Encodable` values: each element encoded by a `MapwrightJSONEncoder` and
// framed by the stream writers of MapwrightJSON/Streaming.

import MapwrightJSON

extension AsyncJSONStreamWriter {
  /// Adds an `Encodable` value, encoded by `encoder` (its settings apply; keep it compact for
  /// JSON Lines).
  public mutating func write(_ value: some Encodable, encoder: MapwrightJSONEncoder) async throws {
    try await write(element: try encoder.encodeToBytes(value))
  }

  /// Adds a server-sent event whose data is an `Encodable` value, encoded by `encoder`.
  public mutating func write<Value: Encodable>(_ event: ServerSentEvent<Value>, encoder: MapwrightJSONEncoder) async throws {
    try await write(element: try encoder.encodeToBytes(event.data), event: event.fields)
  }
}

extension JSONStreamFileWriter {
  /// Adds an `Encodable` value, encoded by `encoder`.
  public func write(_ value: some Encodable, encoder: MapwrightJSONEncoder) throws {
    try write(element: try encoder.encodeToBytes(value))
  }

  /// Adds a server-sent event whose data is an `Encodable` value, encoded by `encoder`.
  public func write<Value: Encodable>(_ event: ServerSentEvent<Value>, encoder: MapwrightJSONEncoder) throws {
    try write(element: try encoder.encodeToBytes(event.data), event: event.fields)
  }
}
