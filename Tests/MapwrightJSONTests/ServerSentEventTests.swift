// Server-sent events (`.serverSentEvents`): the WHATWG specification's own examples, every
// field rule, cuts at every byte, seeded random streams against a plain reading of the
// specification, the terminator, the size limit, errors placed on their `data:` line, and
// the writer read back.

import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightJSON

/// An event as the tests compare it.
struct SeenEvent: Equatable, CustomStringConvertible {
  var data: String
  var name = "message"
  var id: String? = nil
  var retry: Int? = nil

  var description: String { "[\(name) id=\(id ?? "-") retry=\(retry.map(String.init) ?? "-")] \(data.debugDescription)" }
}

/// The events of `bytes` fed in chunks of the sizes `chunkSize` gives, and the error that
/// ended the stream (nil when it was read to its end).
func serverSentEvents(
  _ bytes: [UInt8], terminator: String? = nil, maximumElementSize: Int = 64 << 20, chunkSize: (Int) -> Int = { _ in .max }
) -> (events: [SeenEvent], elements: [JSONStreamElement], errors: [JSONStreamError]) {
  var splitter = JSONElementSplitter(format: .serverSentEvents(terminator: terminator), maximumElementSize: maximumElementSize)
  var events: [SeenEvent] = []
  var elements: [JSONStreamElement] = []
  var errors: [JSONStreamError] = []
  func drain() {
    while !splitter.isFinished {
      do {
        guard let element = try splitter.next() else { return }
        let fields = element.event!
        events.append(SeenEvent(data: String(decoding: element.bytes, as: UTF8.self), name: fields.name, id: fields.id, retry: fields.retry))
        elements.append(element)
      } catch {
        errors.append(error)
        if !error.isRecoverable { return }
      }
    }
  }
  var position = 0
  var chunk = 0
  while position < bytes.count, !splitter.isFinished {
    let end = min(bytes.count, position + max(1, min(chunkSize(chunk), bytes.count)))
    splitter.append(bytes[position..<end])
    position = end
    chunk += 1
    drain()
  }
  if !splitter.isFinished {
    splitter.finish()
    drain()
  }
  return (events, elements, errors)
}

/// The specification read plainly over the whole text: lines split at CR LF, LF or CR, the
/// fields applied in order, an event dispatched at each blank line (the last, unended lines
/// dropped, as the specification says).
func referenceEvents(_ text: String) -> [SeenEvent] {
  var scalars = Array(text.unicodeScalars)
  if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
  var lines: [String] = []
  var current = String.UnicodeScalarView()
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    if scalar == "\r" || scalar == "\n" {
      lines.append(String(current))
      current = String.UnicodeScalarView()
      if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
    } else {
      current.append(scalar)
    }
    index += 1
  }
  var events: [SeenEvent] = []
  var data = ""
  var hasData = false
  var type = ""
  var lastID = ""
  var retry: Int?
  for line in lines {
    if line.isEmpty {
      if hasData {
        data.removeLast()
        events.append(SeenEvent(data: data, name: type.isEmpty ? "message" : type, id: lastID.isEmpty ? nil : lastID, retry: retry))
      }
      (data, hasData, type, retry) = ("", false, "", nil)
      continue
    }
    if line.hasPrefix(":") { continue }
    var field = line
    var value = ""
    if let colon = line.firstIndex(of: ":") {
      field = String(line[..<colon])
      value = String(line[line.index(after: colon)...])
      if value.hasPrefix(" ") { value.removeFirst() }
    }
    switch field {
    case "data":
      data += value + "\n"
      hasData = true
    case "event": type = value
    case "id": if !value.unicodeScalars.contains("\0") { lastID = value }
    case "retry": if !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { retry = Int(value) }
    default: break
    }
  }
  return events
}

@Suite struct ServerSentEventTests {
  static func events(_ text: String, terminator: String? = nil) -> [SeenEvent] {
    serverSentEvents(Array(text.utf8), terminator: terminator).events
  }

  // MARK: The specification's examples

  @Test func theSpecificationsStockTicker() {
    #expect(Self.events("data: YHOO\ndata: +2\ndata: 10\n\n") == [SeenEvent(data: "YHOO\n+2\n10")])
  }

  @Test func theSpecificationsIdsAndComments() {
    let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
    #expect(
      Self.events(text) == [
        SeenEvent(data: "first event", id: "1"), SeenEvent(data: "second event"), SeenEvent(data: " third event"),
      ])
  }

  @Test func theSpecificationsEmptyDataAndTheUnendedLastBlock() {
    // The first block's data is empty, the middle one's a line feed; the last has no blank
    // line after it: the specification drops it, and Mapwright says the stream was cut.
    let (events, _, errors) = serverSentEvents(Array("data\n\ndata\ndata\n\ndata:".utf8))
    #expect(events == [SeenEvent(data: ""), SeenEvent(data: "\n")])
    #expect(errors.map(\.code) == [.truncated])
    #expect(errors.first?.line == 6 && errors.first?.column == 6 && errors.first?.elementIndex == 2)
    #expect(referenceEvents("data\n\ndata\ndata\n\ndata:") == events)
  }

  @Test func theSpecificationsSpaceAfterTheColon() {
    #expect(Self.events("data:test\n\ndata: test\n\n") == [SeenEvent(data: "test"), SeenEvent(data: "test")])
  }

  @Test func theSpecificationsEventTypes() {
    let text = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n"
    #expect(
      Self.events(text) == [
        SeenEvent(data: "73857293", name: "add"), SeenEvent(data: "2153", name: "remove"), SeenEvent(data: "113411", name: "add"),
      ])
  }

  // MARK: Fields and lines

  @Test func everyLineEndAndTheByteOrderMark() {
    let expected = [SeenEvent(data: "1", id: "a"), SeenEvent(data: "2\n3", id: "a")]
    for end in ["\n", "\r", "\r\n"] {
      let text = "\u{FEFF}id: a\(end)data: 1\(end)\(end)data: 2\(end)data: 3\(end)\(end)"
      #expect(Self.events(text) == expected, "line end \(end.debugDescription)")
    }
    // Only the first mark is one; a second is part of the field name.
    #expect(Self.events("\u{FEFF}\u{FEFF}data: 1\n\ndata: 2\n\n") == [SeenEvent(data: "2")])
  }

  @Test func idsRetriesAndOtherFields() {
    let text = """
      retry: 3000
      data: 1

      retry: 12a
      id: x\u{0}y
      data: 2

      id: 7
      foo: bar
      event:
      data: 3

      id:
      data: 4

      retry: 99999999999999999999999
      data: 5


      """
    #expect(
      Self.events(text) == [
        SeenEvent(data: "1", retry: 3000), SeenEvent(data: "2"), SeenEvent(data: "3", id: "7"), SeenEvent(data: "4"), SeenEvent(data: "5"),
      ])
  }

  @Test func eventsWithoutDataAreNotDispatched() {
    #expect(Self.events("event: ping\n\n: heartbeat\n\nid: 3\n\ndata: 1\n\n") == [SeenEvent(data: "1", id: "3")])
  }

  // MARK: Chunks

  @Test func everyCutGivesTheSameEvents() {
    let text = "\u{FEFF}: hi\r\nevent: delta\r\nid: 1\r\ndata: {\"a\": \"é\"}\r\ndata: [1,\r\n\r\ndata:2]\r\rdata: ☃️\n\n"
    let bytes = Array(text.utf8)
    let whole = serverSentEvents(bytes)
    #expect(whole.events.count == 3 && whole.errors.isEmpty)
    #expect(whole.events == referenceEvents(text))
    for cut in 1..<bytes.count {
      let halves = serverSentEvents(bytes) { $0 == 0 ? cut : .max }
      #expect(halves.events == whole.events, "cut at \(cut)")
      #expect(halves.elements.map(\.offset) == whole.elements.map(\.offset) && halves.elements.map(\.line) == whole.elements.map(\.line))
    }
    let bytewise = serverSentEvents(bytes) { _ in 1 }
    #expect(bytewise.events == whole.events && bytewise.elements.map(\.column) == whole.elements.map(\.column))
  }

  @Test(arguments: [UInt64(1), 59, 2026])
  func seededStreamsAgreeWithThePlainReading(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = ["{\"a\": 1}", "x", "", " lead", "a:b", "é☃️", "[1, 2]", "\"q\""]
    let names = ["data", "event", "id", "retry", "foo", "data ", ""]
    for round in 0..<200 {
      var text = Bool.random(using: &random) ? "\u{FEFF}" : ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        let end = ["\n", "\r", "\r\n"].randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0: text += end
        case 1: text += ": comment" + end
        case 2: text += names.randomElement(using: &random)! + end
        case 3: text += "retry: " + ["10", "x1", "", "007"].randomElement(using: &random)! + end
        default:
          let name = names.randomElement(using: &random)!
          let space = Bool.random(using: &random) ? " " : ""
          text += name + ":" + space + pieces.randomElement(using: &random)! + end
        }
      }
      text += "\n\n"
      let bytes = Array(text.utf8)
      let chunked = serverSentEvents(bytes) { _ in Int.random(in: 1...9, using: &random) }
      #expect(chunked.events == referenceEvents(text), "seed \(seed) round \(round): \(text.debugDescription)")
      #expect(chunked.errors.isEmpty)
    }
  }

  // MARK: Terminator and limits

  @Test func theTerminatorEndsTheStream() {
    let text = "data: 1\n\ndata: [DONE]\ndata: more\n\ndata: [DONE]\n\ndata: not read\n\n"
    #expect(Self.events(text, terminator: "[DONE]") == [SeenEvent(data: "1"), SeenEvent(data: "[DONE]\nmore")])
    #expect(Self.events(text).count == 4)
    // Nothing after the terminator is read: not even a stream that is not one.
    let (events, _, errors) = serverSentEvents(Array("data: 1\n\ndata: [DONE]\n\ndata: cut".utf8), terminator: "[DONE]")
    #expect(events.count == 1 && errors.isEmpty)
  }

  @Test func eventsOverTheLimitAreErrorsAndTheStreamGoesOn() {
    let big = String(repeating: "x", count: 100)
    let text = "data: 1\n\ndata: \(big)\ndata: 2\n\ndata: 3\n\n: \(String(repeating: "c", count: 300))\ndata: 4\n\ndata: 5\n\n"
    let (events, elements, errors) = serverSentEvents(Array(text.utf8), maximumElementSize: 64) { _ in 16 }
    #expect(events.map(\.data) == ["1", "3", "5"])
    #expect(elements.map(\.index) == [0, 2, 4])
    #expect(errors.map(\.code) == [.elementTooLarge, .elementTooLarge])
    #expect(errors.map(\.elementIndex) == [1, 3] && errors.first?.line == 3)
  }

  // MARK: Decoding

  @Test func decodedDataWithItsFields() async throws {
    let text =
      "event: delta\nid: 1\ndata: {\"text\": \"Hel\"}\n\n: keep-alive\n\n"
      + "event: delta\nid: 2\ndata: {\"text\":\ndata:  \"lo\"}\n\ndata: [DONE]\n\n"
    let chunks = AsyncStream<[UInt8]> { continuation in
      for byte in text.utf8 { continuation.yield([byte]) }
      continuation.finish()
    }
    var seen: [ServerSentEvent<JSON>] = []
    for try await event in JSON.elements(of: chunks, format: .serverSentEvents(terminator: "[DONE]")).events() { seen.append(event) }
    #expect(seen == [ServerSentEvent(["text": "Hel"], name: "delta", id: "1"), ServerSentEvent(["text": "lo"], name: "delta", id: "2")])
  }

  @Test func anErrorIsPlacedOnItsDataLine() async throws {
    let text = "data: {\"a\": 1}\n\n: note\nevent: x\ndata: {\"a\":\n: between\ndata:   tru}\n\n"
    do {
      let chunks = AsyncStream<[UInt8]> { continuation in
        continuation.yield(Array(text.utf8))
        continuation.finish()
      }
      for try await _ in JSON.elements(of: chunks, format: .serverSentEvents) {}
      Issue.record("no error")
    } catch let error as JSONStreamError {
      #expect(error.code == .syntax && error.elementIndex == 1)
      // The parser stops at `}`, column 6 of the element's second line: column 12 of line 7,
      // whose value starts at column 7.
      #expect(error.line == 7 && error.column == 12, "\(error)")
      #expect(error.elementLine == 5 && error.elementColumn == 7)
      #expect(error.streamLocation(lineInElement: 2, columnInElement: 3) == (7, 9))
    }
  }

  @Test func aFileOfEvents() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-sse-\(UInt32.random(in: 0...UInt32.max)).sse").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try JSONStreamFileWriter(file: .path(path), format: .serverSentEvents(terminator: "[DONE]"))
    try writer.write(element: Array(#"{"n": 1}"#.utf8), event: ServerSentEventFields(name: "tick", id: "a"))
    try writer.write(["n": 2])
    try writer.finish()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "event: tick\nid: a\ndata: {\"n\": 1}\n\ndata: {\"n\":2}\n\ndata: [DONE]\n\n")
    let reader = try JSON.elements(of: .path(path), format: .serverSentEvents(terminator: "[DONE]"))
    #expect(try reader.nextEvent() == ServerSentEvent(["n": 1], name: "tick", id: "a"))
    // The id carries over to the next event, as the specification says.
    #expect(try reader.nextEvent() == ServerSentEvent(["n": 2], id: "a"))
    #expect(try reader.nextEvent() == nil)
  }

  // MARK: Writing

  @Test func writtenEventsReadBack() throws {
    var writer = JSONStreamWriter(format: .serverSentEvents(terminator: "[DONE]"), flushSize: 1 << 20)
    let pretty = Array("{\n  \"a\": [\r\n    1\r    ]\n}".utf8)
    try writer.append(element: pretty, event: ServerSentEventFields(name: "update", id: "é 1", retry: 2500))
    // Each event is a chunk of its own, whatever the flush size.
    let first = writer.takeChunk()
    let expected = "event: update\nid: é 1\nretry: 2500\ndata: {\ndata:   \"a\": [\ndata:     1\ndata:     ]\ndata: }\n\n"
    #expect(first.map { String(decoding: $0, as: UTF8.self) } == expected)
    try writer.append(comment: "ping")
    try writer.append(element: Array("2".utf8))
    writer.finish()
    let rest = writer.takeAll()
    #expect(String(decoding: rest, as: UTF8.self) == ": ping\n\ndata: 2\n\ndata: [DONE]\n\n")
    let (events, _, errors) = serverSentEvents(first! + rest, terminator: "[DONE]")
    #expect(events == [SeenEvent(data: "{\n  \"a\": [\n    1\n    ]\n}", name: "update", id: "é 1", retry: 2500), SeenEvent(data: "2", id: "é 1")])
    #expect(errors.isEmpty)
    #expect(try JSON(parsing: events[0].data) == ["a": [1]])
  }

  @Test func fieldsThatCannotBeWrittenAreRefused() {
    var writer = JSONStreamWriter(format: .serverSentEvents)
    #expect(throws: JSONStreamWriteError.self) { try writer.append(element: Array("1".utf8), event: ServerSentEventFields(name: "a\nb")) }
    #expect(throws: JSONStreamWriteError.self) { try writer.append(element: Array("1".utf8), event: ServerSentEventFields(id: "a\rb")) }
    #expect(throws: JSONStreamWriteError.self) { try writer.append(element: Array("1".utf8), event: ServerSentEventFields(id: "a\u{0}")) }
    #expect(throws: JSONStreamWriteError.self) { try writer.append(element: Array("1".utf8), event: ServerSentEventFields(retry: -1)) }
    #expect(throws: JSONStreamWriteError.self) { try writer.append(comment: "two\nlines") }
    #expect(writer.count == 0 && writer.takeAll().isEmpty)
  }
}
