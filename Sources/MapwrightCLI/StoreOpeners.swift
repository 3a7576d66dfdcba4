// How `mapwright import` opens a PostgreSQL store without this library depending on
// PostgresNIO: `mapwright-postgres` sets the opener before running the commands; `mapwright`
// leaves it unset and hands such imports to `mapwright-postgres` (MapwrightCommand.run(_:)).

import Foundation
import MapwrightGraph
import MapwrightSchema
import MapwrightStore

public enum StoreOpeners {
  /// Opens the PostgreSQL store at a URL for a model (`addingToExistingDatabase`).
  nonisolated(unsafe) public static var postgres: (String, ObjectModel, Bool) throws -> any RelationalStore = { url, _, _ in
    throw CLIError(
      "\(redactedStoreURL(url)): PostgreSQL stores are imported by mapwright-postgres with the package trait Postgres, not found beside this mapwright; "
        + "build it with: swift build --traits Postgres --product mapwright-postgres")
  }
}

extension MapwrightCommand {
  /// Runs the command line. An import into a postgres:// store, when this process cannot
  /// open one, is handed to the `postgres` executable beside this one (the same arguments,
  /// the same standard input and output), which it replaces.
  public static func run(postgres: String?) {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let postgres, arguments.first == "import", arguments.contains(where: { $0.hasPrefix("postgres://") || $0.hasPrefix("postgresql://") }) {
      let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent(postgres).path
      if FileManager.default.isExecutableFile(atPath: executable) {
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, &argv)
        // execv returns only on failure: fall through to the command's own error.
      }
    }
    main()
  }
}
