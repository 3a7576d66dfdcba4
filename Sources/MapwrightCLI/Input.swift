import Foundation
import MapwrightEngine

/// Reads a file's bytes, or standard input for "-", straight into an array (reading through
/// `Data` would hold a large payload twice while it is copied). A file whose first byte cannot
/// begin JSON is read no further: its first chunk holds the error the whole file would give.
func readInput(_ path: String) throws -> [UInt8] {
  if path == "-" { return try readToEnd(FileHandle.standardInput.fileDescriptor, name: "standard input") }
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { throw CLIError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
  defer { close(descriptor) }
  return try readToEnd(descriptor, name: "'\(path)'")
}

/// Reads `descriptor` to its end. A regular file's size is known, so its bytes go into one
/// buffer of that size (one byte more, to see the end); a pipe's buffer doubles as it fills.
/// After the first chunk, input that cannot be JSON (`cannotBeginJSON`) is not read on.
func readToEnd(_ descriptor: Int32, name: String) throws -> [UInt8] {
  var info = stat()
  let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) + 1 : 1 << 16
  // The first chunk alone, so that input that cannot be JSON costs no more.
  var bytes = [UInt8](repeating: 0, count: min(size, 1 << 16))
  var count = 0
  var firstChunk = true
  while true {
    if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count < size ? size - bytes.count : bytes.count)) }
    let read = bytes.withUnsafeMutableBufferPointer { buffer in
      Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
    }
    if read == 0 { break }
    if read < 0 {
      if errno == EINTR { continue }
      throw CLIError("cannot read \(name): \(String(cString: strerror(errno)))")
    }
    count += read
    if firstChunk {
      firstChunk = false
      if cannotBeginJSON(bytes[..<count]) { break }
    }
  }
  bytes.removeSubrange(count...)
  return bytes
}

/// Whether the first significant byte (after a byte order mark and whitespace) of `prefix`
/// is one no JSON text begins with (nor a comment of relaxed mode): the parse fails there, so
/// the rest of the input cannot change the error.
func cannotBeginJSON(_ prefix: ArraySlice<UInt8>) -> Bool {
  var bytes = prefix
  if bytes.starts(with: JSONError.byteOrderMark) { bytes = bytes.dropFirst(JSONError.byteOrderMark.count) }
  guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return false }
  return !"{[\"-0123456789tfn/".utf8.contains(first)
}

/// A plain error message for the command line.
struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Writes to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The lines that report a parse error of file `name`: `name:line:column: error: message`,
/// then the excerpt that shows where.
func parseErrorLines(_ error: JSONError, in name: String) -> [String] {
  ["\(name):\(error.line):\(error.column): error: \(error.message)", error.excerpt]
}

/// Writes `parseErrorLines` to standard error.
func printParseError(_ error: JSONError, in name: String) {
  parseErrorLines(error, in: name).forEach(printError)
}
