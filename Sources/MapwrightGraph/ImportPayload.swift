// Where an import reads its payload from: bytes in memory (`PayloadScanner`), or a file read a
// run of elements at a time (`FileImportPayload`), so that importing a payload of many
// gigabytes holds a run's bytes, not the payload. The importer reads the payload twice (keys,
// then writes): a file is scanned once for the bounds of its runs (through the stream
// splitter every stream uses), then each run is read again from the file when it is parsed.

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
  /// `batchSize`.
  func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(PayloadScanner.ScanError) -> PayloadScanner.ElementRuns
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

extension PayloadScanner: ImportPayload {
  package func withBytes<R>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
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

  package func elements(at keyPath: [String], batchSize: Int, runLength: Int) throws(PayloadScanner.ScanError) -> PayloadScanner.ElementRuns {
    if jsonLines, !keyPath.isEmpty {
      throw PayloadScanner.ScanError(message: "a JSON Lines payload has no key path (\(keyPath.joined(separator: ".")))", offset: 0)
    }
    var splitter = JSONElementSplitter(format: jsonLines ? .jsonLines : .array(atKeys: keyPath), maximumElementSize: maximumElementSize)
    // The payload's other members (other sources' arrays among them) are skipped, not held.
    splitter.keepsSurroundings = false
    var result = PayloadScanner.ElementRuns(batchSize: max(batchSize, 1))
    let runLength = max(runLength, 1)
    var runStart: JSONStreamElement?
    var lastEnd = 0
    var found: [(offset: Int, line: Int, column: Int)] = []
    func take(_ element: JSONStreamElement) {
      let first = runStart ?? element
      lastEnd = element.offset + element.bytes.count
      result.count += 1
      if result.count % runLength == 0 || result.count % result.batchSize == 0 {
        result.runs.append(.init(elements: first.index..<result.count, bytes: first.offset..<(element.offset + element.bytes.count)))
        found.append((first.offset, first.line, first.column))
        runStart = nil
      } else {
        runStart = first
      }
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var position = 0
    do {
      while true {
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(position)) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        position += count
        buffer.withUnsafeBytes { splitter.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        while let element = try splitter.next() { take(element) }
      }
      splitter.finish()
      while let element = try splitter.next() { take(element) }
    } catch {
      throw PayloadScanner.ScanError(message: error.message, offset: error.elementOffset)
    }
    if let first = runStart {
      result.runs.append(.init(elements: first.index..<result.count, bytes: first.offset..<lastEnd))
      found.append((first.offset, first.line, first.column))
    }
    checkpoints = (checkpoints + found).sorted { $0.offset < $1.offset }
    return result
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
    for byte in bytes { advancePlace(past: byte, line: &line, column: &column) }
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
