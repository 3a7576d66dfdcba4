// The mapwright command-line tool: its commands, run by the `mapwright` executable (SQLite)
// and by `mapwright-postgres` (the same commands, with PostgreSQL stores), which `mapwright`
// hands an import into a postgres:// store to, so that the first build of `mapwright` builds
// no SwiftNIO and no macros.

import ArgumentParser
import MapwrightEngine

public struct MapwrightCommand: ParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "mapwright",
    abstract: "Check, format and map JSON; generate models; import into a store.",
    discussion: """
      Examples:
        mapwright check Examples/issue.json        validate one or more files
        cat data.json | mapwright check -          validate standard input
        mapwright format Examples/issue.json       pretty-print with two-space indent
        mapwright format --compact --sort-keys FILE
        mapwright generate swift Examples/Library.xcdatamodeld   Swift from a model
        mapwright import data.json --model M.xcdatamodeld --entity Author \\
          --store app.sqlite
      """,
    subcommands: [Check.self, Format.self, Generate.self, Import.self, Patch.self, Diff.self]
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

/// Transformers a model file names, registered from the command line (`import`, `check --model`).
struct TransformerFlags: ParsableArguments {
  @Option(help: "Register a date transformer the model names: NAME=FORMAT (e.g. birthDate=yyyy-MM-dd, UTC). Repeatable.")
  var dateFormat: [String] = []

  @Option(help: "Register a built-in transformer under the name the model uses: NAME=BUILTIN (iso8601, epochSeconds, base64, …). Repeatable.")
  var transformer: [String] = []

  /// The transformers the options name, in a registry of this command's (over the built-ins).
  func registry() throws -> TransformerRegistry {
    let registry = TransformerRegistry(fallback: .shared)
    for entry in dateFormat {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw ValidationError("--date-format takes NAME=FORMAT") }
      registry.register(.dateFormat(parts[1]), named: parts[0])
    }
    for entry in transformer {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let builtIn = registry[parts[1]] else {
        throw ValidationError("--transformer takes NAME=BUILTIN, BUILTIN one of \(registry.names.joined(separator: ", "))")
      }
      registry.register(builtIn, named: parts[0])
    }
    return registry
  }
}
