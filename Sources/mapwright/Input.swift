import Foundation

/// Reads a file's bytes, or standard input for "-".
func readInput(_ path: String) throws -> [UInt8] {
  if path == "-" {
    return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
  }
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CLIError("cannot read '\(path)'")
  }
  return [UInt8](data)
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
