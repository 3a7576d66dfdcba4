// The mapwright command with PostgreSQL stores: `mapwright import … --store postgres://…`
// runs here (mapwright hands it over). Any other command works the same as in mapwright.

import MapwrightCLI
import MapwrightPostgres

StoreOpeners.postgres = { url, model, addingToExistingDatabase in
  try PostgresStore(url: url, model: model, addingToExistingDatabase: addingToExistingDatabase)
}
MapwrightCommand.run(postgres: nil)
