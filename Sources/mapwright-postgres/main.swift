// The mapwright command with PostgreSQL stores: `mapwright import … --store postgres://…`
// runs here (mapwright hands it over). Any other command works the same as in mapwright.

// Built with the package trait `Postgres` (`swift build --traits Postgres --product
// mapwright-postgres`); without it, an import into PostgreSQL says how to build it.

import MapwrightCLI

#if Postgres
  import MapwrightPostgres

  StoreOpeners.postgres = { url, model, addingToExistingDatabase in
    try PostgresStore(url: url, model: model, addingToExistingDatabase: addingToExistingDatabase)
  }
#endif
MapwrightCommand.run(postgres: nil)
