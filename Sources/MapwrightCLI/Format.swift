import ArgumentParser
import Foundation
import MapwrightEngine

struct Format: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Pretty-print (or compact) a JSON file to standard output.",
    usage: "mapwright format [<options>] <file>",
    discussion: """
      Member order and number text are kept as written; a repeated key keeps its first value.

      JSON Lines (--json-lines, the default for .jsonl and .ndjson files) and the elements of a \
      top-level array (--stream), or of the array at --key-path, are read and written an element \
      at a time, in bounded memory: each JSON Lines element stays one compact line; an array's \
      elements are formatted at their depth, the members around it in place.
      """
  )

  @Argument(help: "The JSON file, or - for standard input.")
  var file: String

  @Option(help: "Spaces per indentation level.")
  var indent = 2

  @Flag(help: "Sort object keys by Unicode code point.")
  var sortKeys = false

  @Flag(help: "Write everything on one line, without spaces.")
  var compact = false

  @Flag(help: "Write non-ASCII characters as \\u escapes.")
  var asciiOnly = false

  @OptionGroup var parsing: ParsingFlags

  @OptionGroup var streaming: StreamFlags

  @Option(help: "With --stream, the array to stream is at these keys (\"data.results\"); the members around it are written in place.")
  var keyPath = ""

  func validate() throws {
    guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16") }
    if !keyPath.isEmpty {
      guard streaming.stream else { throw ValidationError("--key-path needs --stream") }
      // Sorting would need the members after the array before writing it.
      guard !sortKeys else {
        throw ValidationError(
          "--sort-keys cannot stream an array at a key path: the members after the array are not read yet (leave out --stream to format the whole document)"
        )
      }
    }
  }

  func run() throws {
    let name = file == "-" ? "<stdin>" : file
    do {
      if let format = streaming.format(for: file, keyPath: keyPath) {
        try formatStream(format)
        return
      }
      let output = try Self.format(try readInput(file), parsing: parsing.options, writer: writer)
      FileHandle.standardOutput.write(Data(output))
    } catch let error as JSONStreamError {
      printError("\(name):\(error.line):\(error.column): error: \(error.elementIndex.map { "element \($0): " } ?? "")\(error.message)")
      throw ExitCode(1)
    } catch let error as JSONError {
      printParseError(error, in: name)
      throw ExitCode(1)
    } catch let error as CLIError {
      printError("\(name): error: \(error)")
      throw ExitCode(1)
    } catch let error as JSONStreamFileError {
      printError("\(name): error: \(error)")
      throw ExitCode(1)
    }
  }

  var writer: JSONWriter {
    var options: JSONWriter.Options = compact ? [] : [.prettyPrinted]
    if sortKeys { options.insert(.sortedKeys) }
    if asciiOnly { options.insert(.escapeNonASCII) }
    // Write as deep as the input may be (the owned value stops at JSON.maximumDepth).
    return JSONWriter(options: options, indent: indent, maximumDepth: min(parsing.maxDepth, JSON.maximumDepth) + 1)
  }

  /// A stream formatted element by element, in bounded memory: JSON Lines stay one compact
  /// line per element (sorted, ASCII-only as asked); the elements of an array (`--stream`, at
  /// `--key-path` or at the top) are written as the whole document would be, each at its
  /// depth, with the members around the array written in place as they come.
  func formatStream(_ format: JSONStreamFormat) throws {
    let options = JSONStreamOptions(maximumElementSize: streaming.maxElementSize, parsing: parsing.options)
    let reader = try JSON.elements(of: file == "-" ? .standardInput : .path(file), format: format, options: options)
    // Server-sent events stay events (their names and ids kept); the other forms' elements
    // are written one after another.
    let isEvents: Bool
    if case .serverSentEvents = format { isEvents = true } else { isEvents = false }
    let output = try JSONStreamFileWriter(file: .descriptor(1), format: isEvents ? format : .concatenated)
    var pending: [UInt8] = []
    // What came before an error is written, then the error.
    do {
      try formatElements(of: reader, format: format, to: output, pending: &pending)
    } catch {
      try? output.write(rawBytes: pending)
      try? output.flush()
      throw error
    }
  }

  private func formatElements(
    of reader: JSONElementReader<JSON>, format: JSONStreamFormat, to output: JSONStreamFileWriter, pending: inout [UInt8]
  ) throws {
    guard case .array(let keys) = format else {
      var lineWriter = writer
      lineWriter.options.remove(.prettyPrinted)
      while let event = try reader.nextEvent() { try output.write(element: try lineWriter.bytes(event.data), event: event.fields) }
      try output.finish()
      return
    }
    var layout = ArrayLayout(writer: writer, keys: keys, indent: compact ? 0 : indent, pretty: !compact)
    var first = true
    while let element = try reader.next() {
      if first { try layout.writeOpening(before: reader.keptMembers, to: &pending) }
      try layout.write(element: element, first: first, to: &pending)
      first = false
      if pending.count >= 1 << 16 {
        try output.write(rawBytes: pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
    if first { try layout.writeOpening(before: reader.keptMembers, to: &pending) }
    try layout.writeClosing(empty: first, around: reader.keptMembers, to: &pending)
    try output.write(rawBytes: pending)
    pending.removeAll()
    try output.finish()
  }

  /// The formatted text of `bytes`, ending with a newline.
  static func format(_ bytes: [UInt8], parsing: JSONParsingOptions, writer: JSONWriter) throws -> [UInt8] {
    var output = try writer.bytes(try JSON(parsing: bytes, options: parsing))
    output.append(UInt8(ascii: "\n"))
    return output
  }
}
