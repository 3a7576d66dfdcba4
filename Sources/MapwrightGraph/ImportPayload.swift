// Where an import reads its payload from: bytes in memory (`MemoryImportPayload`), or a file
// read a run of elements at a time (`FileImportPayload`), so that importing a payload of many
// gigabytes holds a run's bytes, not the payload. The importer reads the payload twice (keys,
// then writes): either payload is scanned once for the bounds of its runs, by the stream
// splitter every stream uses (`JSONElementRuns`), then each run is read again when it is
// parsed. Batching (how many elements a run and a batch hold) is the importer's.

import MapwrightJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A payload an import reads runs of elements from.
package protocol ImportPayload: Sendable {
  /// The elements of the array at `keyPath`, in runs of `runLength` cut at every multiple of
  /// `batchSize` (found by the stream splitter).
  func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(JSONStreamError) -> JSONElementRuns
  /// Calls `body` with the bytes of `range` (a run's: its elements and what separates them,
  /// commas between elements).
  func withBytes<R>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R
  /// Line and column (1-based) of a byte offset.
  func location(of offset: Int) -> (line: Int, column: Int)
  /// Line and column in the payload of a line and column in the text a run is parsed as
  /// (`[`, the run's bytes as `withBytes` gives them, `]`).
  func location(ofLine line: Int, column: Int, inRunAt range: Range<Int>) -> (line: Int, column: Int)
}

extension ImportPayload {
  /// For a run whose bytes are the payload's own: the run's first line and column, moved.
  package func location(ofLine line: Int, column: Int, inRunAt range: Range<Int>) -> (line: Int, column: Int) {
    let (firstLine, firstColumn) = location(of: range.lowerBound)
    return line == 1 ? (firstLine, firstColumn + column - 2) : (firstLine + line - 1, column)
  }
}

/// A payload in memory: its runs found by the splitter, its places by the checkpointed index
/// (built at the first error, so a payload's many refused elements cost linear time).
package struct MemoryImportPayload: ImportPayload {
  package let bytes: [UInt8]
  private let locations = LocationIndex()

  package init(bytes: [UInt8]) { self.bytes = bytes }

  package func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(JSONStreamError) -> JSONElementRuns {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONStreamError) in
      try JSONElementRuns.scan(buffer, format: .array(atKeys: keyPath), batchSize: batchSize, runLength: runLength)
    }
  }

  package func withBytes<R>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  package func location(of offset: Int) -> (line: Int, column: Int) {
    bytes.withUnsafeBufferPointer { locations.location(of: offset, in: $0) }
  }
}

/// A payload in a file, an array (at a key path) or JSON Lines, read a run at a time.
package final class FileImportPayload: ImportPayload, @unchecked Sendable {
  let path: String
  let jsonLines: Bool
  private let descriptor: Int32
  /// The stream offset, line and column at the start of each run found, ascending (where a
  /// location is counted from). Written by `elements(at:…)`, which the importer calls for
  /// every source before it reads any run (on several threads at once).
  private var checkpoints: [(offset: Int, line: Int, column: Int)] = [(0, 1, 1)]

  /// The largest element the scan holds (the splitter's limit).
  package var maximumElementSize = 64 << 20

  package init(path: String, jsonLines: Bool) throws(JSONStreamFileError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw JSONStreamFileError(path: path, code: errno) }
    self.path = path
    self.jsonLines = jsonLines
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  package func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(JSONStreamError) -> JSONElementRuns {
    if jsonLines, !keyPath.isEmpty {
      throw JSONStreamError(
        .arrayNotFound, message: "a JSON Lines payload has no key path (\(keyPath.joined(separator: ".")))", elementIndex: nil, elementOffset: 0,
        line: 1, column: 1, resumeOffset: 0)
    }
    var splitter = JSONElementRuns.splitter(for: jsonLines ? .jsonLines : .array(atKeys: keyPath), maximumElementSize: maximumElementSize)
    var runs = JSONElementRuns(batchSize: batchSize, runLength: runLength)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var position = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(position)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      position += count
      buffer.withUnsafeBytes { splitter.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      try runs.take(from: &splitter)
    }
    splitter.finish()
    try runs.take(from: &splitter)
    runs.finish()
    checkpoints = (checkpoints + runs.runs.map { ($0.bytes.lowerBound, $0.line, $0.column) }).sorted { $0.offset < $1.offset }
    return runs
  }

  package func withBytes<R>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
    try runText(range).withUnsafeBufferPointer(body)
  }

  /// A JSON Lines run's lines are one line of text once their line feeds are commas: a line
  /// and column of that text is found by walking it, then placed in the file.
  package func location(ofLine line: Int, column: Int, inRunAt range: Range<Int>) -> (line: Int, column: Int) {
    guard jsonLines, let text = try? runText(range) else {
      let (firstLine, firstColumn) = location(of: range.lowerBound)
      return line == 1 ? (firstLine, firstColumn + column - 2) : (firstLine + line - 1, column)
    }
    // Position in "[" + text + "]": line 1, column 1 is the bracket.
    var (atLine, atColumn) = (1, 2)
    var offset = 0
    while offset < text.count, atLine < line || (atLine == line && atColumn < column) {
      if text[offset] == 0x0A {
        atLine += 1
        atColumn = 1
      } else if text[offset] & 0xC0 != 0x80 {
        atColumn += 1
      }
      offset += 1
    }
    while offset < text.count, text[offset] & 0xC0 == 0x80 { offset += 1 }
    return location(of: range.lowerBound + offset)
  }

  /// The bytes of a run as it is parsed: for JSON Lines, the line feed that ends each line
  /// with a value is the comma between two elements (the same length, so offsets stay put;
  /// blank lines stay blank).
  private func runText(_ range: Range<Int>) throws -> [UInt8] {
    var bytes = try read(range)
    if jsonLines {
      var hasValue = false
      for i in bytes.indices {
        switch bytes[i] {
        case 0x0A:
          if hasValue { bytes[i] = UInt8(ascii: ",") }
          hasValue = false
        case 0x20, 0x09, 0x0D: break
        default: hasValue = true
        }
      }
    }
    return bytes
  }

  package func location(of offset: Int) -> (line: Int, column: Int) {
    let start = checkpoints.last { $0.offset <= offset } ?? (0, 1, 1)
    guard let bytes = try? read(start.offset..<offset) else { return (start.line, start.column) }
    var (line, column) = (start.line, start.column)
    bytes.withUnsafeBufferPointer { advancePlace(over: $0, line: &line, column: &column) }
    return (line, column)
  }

  /// The bytes of `range`, read from the file.
  private func read(_ range: Range<Int>) throws(JSONStreamFileError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: range.count)
    var done = 0
    while done < range.count {
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw JSONStreamFileError(path: path, code: count == 0 ? EIO : errno) }
      done += count
    }
    return bytes
  }
}
