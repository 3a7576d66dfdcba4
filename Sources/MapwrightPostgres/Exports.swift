// `import MapwrightPostgres` brings what a store's examples use: the import's sources, options
// and summaries and the fetch API (MapwrightGraph), model files and ModelObject
// (MapwrightSchema), the engine.
#if Postgres
  @_exported import MapwrightGraph
  @_exported import MapwrightSchema
#endif
