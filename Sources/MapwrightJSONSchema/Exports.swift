// `import MapwrightJSONSchema` brings the engine too: instances are `JSON` values, and problems
// are `MappingError`s at their JSON paths.
@_exported import MapwrightEngine
