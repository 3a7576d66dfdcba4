// The synchronous form, for scripts and the command line: a file, or standard input, read in
// chunks (64 KiB by default) into the same stream decoder the async sequences use.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the elements of a file or of standard input, a chunk at a time.
///
/// ```swift
/// let reader = try JSON.elements(contentsOfFile: "events.jsonl", format: .jsonLines)
/// while let event = try reader.next() { print(event["type"] ?? "?") }
/// ```
public final class JSONElementReader<Element> {
  private var decoder: JSONStreamDecoder<Element>
  private let descriptor: Int32
  private let closesDescriptor: Bool
  /// The file's path, for its read errors (nil for a descriptor).
  private let path: String?
  private var buffer: [UInt8]
  private var ended = false

  /// Reads the file at `path`.
  public init(
    contentsOfFile path: String, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    locate: JSONStreamDecoder<Element>.Locate? = nil, decode: @escaping JSONStreamDecoder<Element>.Decode
  ) throws(JSONStreamFileError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw JSONStreamFileError(path: path, code: errno) }
    self.descriptor = descriptor
    self.path = path
    closesDescriptor = true
    decoder = JSONStreamDecoder(format: format, options: options, locate: locate, decode: decode)
    buffer = [UInt8](repeating: 0, count: max(options.readSize, 1))
  }

  /// Reads an open file descriptor (`STDIN_FILENO` for standard input), left open.
  public init(
    fileDescriptor: Int32, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    locate: JSONStreamDecoder<Element>.Locate? = nil, decode: @escaping JSONStreamDecoder<Element>.Decode
  ) {
    descriptor = fileDescriptor
    path = nil
    closesDescriptor = false
    decoder = JSONStreamDecoder(format: format, options: options, locate: locate, decode: decode)
    buffer = [UInt8](repeating: 0, count: max(options.readSize, 1))
  }

  deinit { if closesDescriptor { close(descriptor) } }

  /// What was skipped so far, and the members around the array once the file is read.
  public var report: JSONStreamReport { decoder.report }

  /// The event fields of the element `next()` returned last (`.serverSentEvents` files).
  var lastEventFields: ServerSentEventFields? { decoder.lastEventFields }

  /// The members around the array, in stream order, and how many came before it.
  package var keptMembers: (members: [(path: [String], key: String, value: JSON)], beforeArray: Int?) {
    decoder.keptMembers
  }

  /// The next element, or nil at the end. Throws as the error policy says, and
  /// `JSONStreamFileError` when the file cannot be read.
  public func next() throws -> Element? {
    while true {
      if let element = try decoder.next() { return element }
      if ended || decoder.isOver { return nil }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw JSONStreamFileError(path: path, code: errno)
      }
      if count == 0 {
        ended = true
        decoder.finish()
      } else {
        buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      }
    }
  }

  /// Calls `body` with each element, in order.
  public func forEach(_ body: (Element) throws -> Void) throws {
    while let element = try next() { try body(element) }
  }
}
