// `import MapwrightSQLite` brings what a store's examples use: the import's sources, options
// and summaries (MapwrightGraph), model files and ModelObject (MapwrightSchema), the engine.
@_exported import MapwrightGraph
@_exported import MapwrightSchema
