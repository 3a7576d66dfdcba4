// `import MapwrightSchema` brings what its examples use: the engine (transformers, options,
// errors, JSON values) that ModelObject maps through.
@_exported import MapwrightEngine
