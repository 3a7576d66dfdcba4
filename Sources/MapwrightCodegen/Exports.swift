// `import MapwrightCodegen` brings the model files (MapwrightSchema), the JSON Schema validator
// and the engine: the generators read an `ObjectModel`, sample `JSON` or a schema.
@_exported import MapwrightJSONSchema
@_exported import MapwrightSchema
