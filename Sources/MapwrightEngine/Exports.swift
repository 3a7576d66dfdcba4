// The engine re-exports the JSON core: its values, errors and paths appear in every API above.
@_exported import MapwrightJSON
