// The mapwright command-line tool.

import ArgumentParser
import Mapwright

@main
struct MapwrightCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mapwright",
    abstract: "Check, format and map JSON; generate models; import into a store.",
    discussion: """
      Examples:
        mapwright check Examples/issue.json        validate one or more files
        cat data.json | mapwright check -          validate standard input
        mapwright format Examples/issue.json       pretty-print with two-space indent
        mapwright format --compact --sort-keys FILE
        mapwright generate swift Examples/Library.xcdatamodeld   Swift models from an Xcode model
        mapwright import data.json --model M.xcdatamodeld --entity Author --store app.sqlite
      """,
    subcommands: [Check.self, Format.self, Generate.self, Import.self]
  )
}

/// Parsing options shared by the commands.
struct ParsingFlags: ParsableArguments {
  @Flag(help: "Accept // and /* */ comments and trailing commas (for configuration files).")
  var relaxed = false

  @Flag(help: "Reject objects that repeat a key (by default the first occurrence is used).")
  var rejectDuplicateKeys = false

  @Option(help: "The deepest nesting of arrays and objects accepted.")
  var maxDepth = 512

  var options: JSONParsingOptions {
    var options = relaxed ? JSONParsingOptions.relaxed : JSONParsingOptions()
    options.maximumDepth = maxDepth
    if rejectDuplicateKeys { options.duplicateKeys = .reject }
    return options
  }
}
