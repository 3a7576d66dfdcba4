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
      top-level array (--stream) are read and written an element at a time, in bounded memory: \
      each JSON Lines element stays one compact line; an array's elements are formatted at their \
      depth.
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

  func validate() throws {
    guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16") }
  }

  func run() throws {
    let name = file == "-" ? "<stdin>" : file
    if let format = streaming.format(for: file, keyPath: "") {
      do {
        try formatStream(format)
      } catch let error as JSONStreamError {
        printError("\(name):\(error.line):\(error.column): error: \(error.elementIndex.map { "element \($0): " } ?? "")\(error.message)")
        throw ExitCode(1)
      }
      return
    }
    do {
      let output = try Self.format(try readInput(file), parsing: parsing.options, writer: writer)
      FileHandle.standardOutput.write(Data(output))
    } catch let error as JSONError {
      printError("\(name):\(error.line):\(error.column): error: \(error.message)")
      printError(error.excerpt)
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
  /// line per element (sorted, ASCII-only as asked); the elements of a top-level array
  /// (`--stream`) are written as the array, each formatted at its depth.
  func formatStream(_ format: JSONStreamFormat) throws {
    let options = JSONStreamOptions(maximumElementSize: streaming.maxElementSize, parsing: parsing.options)
    let reader = try JSON.elements(of: file == "-" ? .standardInput : .path(file), format: format, options: options)
    let output = try JSONStreamFileWriter(file: .descriptor(1), format: .concatenated)
    var elementWriter = writer
    let isArray = if case .array = format { true } else { false }
    if !isArray || compact { elementWriter.options.remove(.prettyPrinted) }
    let indent = String(repeating: " ", count: compact ? 0 : indent)
    var first = true
    var pending: [UInt8] = []
    while let element = try reader.next() {
      var bytes = try elementWriter.bytes(element)
      if isArray {
        if !compact {
          // One level deeper: every line of the element indented (a pretty element has no
          // line feed inside a string).
          bytes = Array(indent.utf8) + bytes.flatMap { $0 == 0x0A ? [0x0A] + Array(indent.utf8) : [$0] }
        }
        pending += first ? Array((compact ? "[" : "[\n").utf8) : Array((compact ? "," : ",\n").utf8)
        pending += bytes
        if pending.count >= 1 << 16 {
          try output.write(rawBytes: pending)
          pending.removeAll(keepingCapacity: true)
        }
      } else {
        try output.write(element: bytes)
      }
      first = false
    }
    if isArray { pending += Array((first ? "[]\n" : (compact ? "]\n" : "\n]\n")).utf8) }
    try output.write(rawBytes: pending)
    try output.finish()
  }

  /// The formatted text of `bytes`, ending with a newline.
  static func format(_ bytes: [UInt8], parsing: JSONParsingOptions, writer: JSONWriter) throws -> [UInt8] {
    var output = try writer.bytes(try JSON(parsing: bytes, options: parsing))
    output.append(UInt8(ascii: "\n"))
    return output
  }
}
