import ArgumentParser
import Foundation
import Mapwright

struct Format: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Pretty-print (or compact) a JSON file to standard output.",
    discussion: """
      Member order and number text are kept as written; a repeated key keeps its first value.
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

  func validate() throws {
    guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16") }
  }

  func run() throws {
    let name = file == "-" ? "<stdin>" : file
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

  /// The formatted text of `bytes`, ending with a newline.
  static func format(_ bytes: [UInt8], parsing: JSONParsingOptions, writer: JSONWriter) throws -> [UInt8] {
    var output = try writer.bytes(try JSON(parsing: bytes, options: parsing))
    output.append(UInt8(ascii: "\n"))
    return output
  }
}
