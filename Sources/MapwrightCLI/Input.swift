import Foundation

/// Reads a file's bytes, or standard input for "-", straight into an array (reading through
/// `Data` would hold a large payload twice while it is copied).
func readInput(_ path: String) throws -> [UInt8] {
  if path == "-" { return try readToEnd(FileHandle.standardInput.fileDescriptor, name: "standard input") }
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { throw CLIError("cannot read '\(path)'") }
  defer { close(descriptor) }
  return try readToEnd(descriptor, name: "'\(path)'")
}

/// Reads `descriptor` to its end. A regular file's size is known, so its bytes go into one
/// buffer of that size (one byte more, to see the end); a pipe's buffer doubles as it fills.
func readToEnd(_ descriptor: Int32, name: String) throws -> [UInt8] {
  var info = stat()
  let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) + 1 : 1 << 16
  var bytes = [UInt8](repeating: 0, count: size)
  var count = 0
  while true {
    if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
    let read = bytes.withUnsafeMutableBufferPointer { buffer in
      Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
    }
    if read == 0 { break }
    if read < 0 {
      if errno == EINTR { continue }
      throw CLIError("cannot read \(name): \(String(cString: strerror(errno)))")
    }
    count += read
  }
  bytes.removeSubrange(count...)
  return bytes
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
