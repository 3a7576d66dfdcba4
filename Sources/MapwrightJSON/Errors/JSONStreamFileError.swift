// A file of a stream that could not be opened or read, with the system's error number.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file of a stream could not be opened or read.
public struct JSONStreamFileError: Error, Sendable, CustomStringConvertible {
  /// The file's path (nil for a descriptor or standard input).
  public let path: String?
  /// The system's error number.
  public let code: Int32

  package init(path: String?, code: Int32) {
    self.path = path
    self.code = code
  }

  /// What could not be read, and the system's reason.
  public var description: String {
    let reason = String(cString: strerror(code))
    return path.map { "cannot read \($0): \(reason)" } ?? "cannot read the stream: \(reason)"
  }
}

extension JSONStreamFileError: MapwrightError {
  /// `fileUnreadable`.
  public var errorCode: String { "fileUnreadable" }
  /// `io`: the file, not its JSON.
  public var errorCategory: MapwrightErrorCategory { .io }
  /// Not in the JSON.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
