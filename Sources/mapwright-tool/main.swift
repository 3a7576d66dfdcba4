// The mapwright command (SQLite stores). An import into a postgres:// store is run by
// mapwright-postgres, built beside it, so that building this one builds no SwiftNIO.

import MapwrightCLI

MapwrightCommand.run(postgres: "mapwright-postgres")
