// `import MapwrightSQLite` brings what a store's examples use: the fetch API and `AsyncStore`
// (MapwrightStore), the import's sources, options and summaries (MapwrightGraph), model files
// and ModelObject (MapwrightSchema), the engine. No JSON Schema validator, no code generator.
@_exported import MapwrightGraph
@_exported import MapwrightSchema
@_exported import MapwrightStore
