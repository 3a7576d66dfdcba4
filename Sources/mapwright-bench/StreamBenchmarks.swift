// Streams: the statuses of twitter.json repeated into a large JSON Lines file (or one array
// under "items"), decoded element by element — Mapwright's stream against the way Swift code
// does it today (lines split on "\n", Foundation's JSONDecoder per line; for one array,
// Foundation decoding the whole file). Each run is one process, so that `/usr/bin/time -v`
// gives each its own peak memory (Scripts/stream-bench.sh runs them in turn).
//
//   mapwright-bench --stream-make FILE --size-mb N [--array]
//   mapwright-bench --stream FILE --mode MODE [--array] [--chunk-kb K]
//
// Modes: macro (@JSONModel, file reader), macro-async (the async sequence over 64 KiB chunks
// of the same file), codable (MapwrightJSONDecoder), foundation (the baseline), parse
// (elements parsed, nothing decoded), parse-memory (the same, the file read into memory
// before the clock starts, as simdjson's harness does), split (elements found, nothing parsed).

import Foundation
import Mapwright
import MapwrightCodable

enum StreamBenchmarks {
  /// Writes about `megabytes` MB of twitter.json's statuses, one per line (or as the
  /// elements of an array under "items").
  static func make(at path: String, megabytes: Int, array: Bool, dataDirectory: String, dirtyEvery: Int? = nil) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dataDirectory).appendingPathComponent("twitter.json")))
    let lines = try JSON(parsing: bytes)["statuses"]!.arrayValue!.map { try $0.jsonBytes() }
    let writer = try JSONStreamFileWriter(
      file: .path(path), format: array ? .array(at: "items") : .jsonLines, surroundings: ["source": "twitter.json"], flushSize: 1 << 20)
    var written = 0
    var index = 0
    // Dirty data: every `dirtyEvery`-th status has a string id (a type mismatch for the
    // models), or is cut short (a syntax error), alternately.
    let dirty = lines.map { line -> [UInt8] in
      var text = String(decoding: line, as: UTF8.self)
      if let range = text.range(of: #""id":"#) { text.replaceSubrange(range, with: #""id":"x","old_id":"#) }
      return Array(text.utf8)
    }
    while written < megabytes << 20 {
      var line = lines[index % lines.count]
      if let every = dirtyEvery, index % every == every - 1 {
        line = (index / every) % 2 == 0 ? dirty[index % lines.count] : Array(line.prefix(line.count / 2))
      }
      try writer.write(element: line)
      written += line.count + 1
      index += 1
    }
    try writer.finish()
    print("\(path): \(index) statuses, \(written) bytes")
  }

  static func run(path: String, mode: String, array: Bool, chunkKB: Int) async throws {
    let format: JSONStreamFormat = array ? .array(at: "items") : .jsonLines
    var options = JSONStreamOptions()
    options.readSize = chunkKB << 10
    let size = Int((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
    // parse-memory: the file is read whole before the clock starts (as simdjson's harness
    // loads it), then fed to the stream in chunks of the read size.
    let held = mode == "parse-memory" ? [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) : []
    let clock = ContinuousClock()
    let start = clock.now
    var count = 0
    var check = 0
    switch mode {
    case "macro":
      let reader = try MStatus.elements(of: .path(path), format: format, options: options)
      while let status = try reader.next() {
        count += 1
        check &+= Int(truncatingIfNeeded: status.id)
      }
    case "macro-skip":
      // Bad elements skipped and reported, the rest decoded.
      options.errors = .skip
      let reader = try MStatus.elements(of: .path(path), format: format, options: options)
      while let status = try reader.next() {
        count += 1
        check &+= Int(truncatingIfNeeded: status.id)
      }
      check = reader.report.skippedCount
    case "macro-async":
      for try await status in MStatus.elements(of: FileChunks(path: path, size: chunkKB << 10), format: format, options: options) {
        count += 1
        check &+= Int(truncatingIfNeeded: status.id)
      }
    case "codable":
      let reader = try MapwrightJSONDecoder().elements(Status.self, of: .path(path), format: format, options: options)
      while let status = try reader.next() {
        count += 1
        check &+= Int(truncatingIfNeeded: status.id)
      }
    case "parse":
      let reader = try JSONDocument.elements(of: .path(path), format: format, options: options)
      while let value = try reader.next() {
        count += 1
        check &+= value.count
      }
    case "parse-memory":
      var splitter = JSONElementSplitter(format: format)
      func parseElements() throws {
        while let element = try splitter.next() {
          count += 1
          check &+= try JSONDocument(element.bytes).root.count
        }
      }
      try held.withUnsafeBytes { bytes in
        for chunk in stride(from: 0, to: bytes.count, by: options.readSize) {
          splitter.append(UnsafeRawBufferPointer(rebasing: bytes[chunk..<min(chunk + options.readSize, bytes.count)]))
          try parseElements()
        }
      }
      splitter.finish()
      try parseElements()
    case "split":
      var splitter = JSONElementSplitter(format: format)
      try forEachChunk(path: path, size: chunkKB << 10) { chunk in
        splitter.append(chunk)
        while let element = try splitter.next() {
          count += 1
          check &+= element.bytes.count
        }
      }
      splitter.finish()
      while let element = try splitter.next() {
        count += 1
        check &+= element.bytes.count
      }
    case "foundation":
      let decoder = Foundation.JSONDecoder()
      if array {
        // No stream: the whole file, then the array.
        struct Items: Decodable { var items: [Status] }
        let items = try decoder.decode(Items.self, from: Data(contentsOf: URL(fileURLWithPath: path))).items
        count = items.count
        check = items.reduce(0) { $0 &+ Int(truncatingIfNeeded: $1.id) }
      } else {
        // Lines split on "\n" from chunks, each decoded (what swift-openapi-runtime's JSON
        // Lines support and hand-written readers do).
        var pending = Data()
        func decodeLines(final: Bool) throws {
          while let newline = pending.firstIndex(of: 0x0A) {
            let line = pending[pending.startIndex..<newline]
            if !line.isEmpty {
              let status = try decoder.decode(Status.self, from: line)
              count += 1
              check &+= Int(truncatingIfNeeded: status.id)
            }
            pending.removeSubrange(pending.startIndex...newline)
          }
          if final, !pending.isEmpty {
            let status = try decoder.decode(Status.self, from: pending)
            count += 1
            check &+= Int(truncatingIfNeeded: status.id)
          }
        }
        try forEachChunk(path: path, size: chunkKB << 10) { chunk in
          pending.append(contentsOf: chunk)
          try decodeLines(final: false)
        }
        try decodeLines(final: true)
      }
    default:
      throw BenchError("unknown mode \(mode)")
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "\(mode)\t\(array ? "array" : "jsonl")\t\(count)\t\(size)\t\(String(format: "%.3f", seconds))\t\(String(format: "%.1f", Double(size) / seconds / 1e6))\t\(check)"
    )
  }

  /// Calls `body` with each chunk of the file.
  static func forEachChunk(path: String, size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: size)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
  }
}

/// A file's chunks as an async sequence (what a server's request body looks like).
struct FileChunks: AsyncSequence {
  typealias Element = ArraySlice<UInt8>
  let path: String
  let size: Int

  func makeAsyncIterator() -> Iterator { Iterator(descriptor: open(path, O_RDONLY), buffer: [UInt8](repeating: 0, count: size)) }

  struct Iterator: AsyncIteratorProtocol {
    var descriptor: Int32
    var buffer: [UInt8]

    mutating func next() async throws -> ArraySlice<UInt8>? {
      guard descriptor >= 0 else { return nil }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 {
        close(descriptor)
        descriptor = -1
        return nil
      }
      return buffer[..<count]
    }
  }
}
