// The Mapwright library re-exports the JSON core, so `import Mapwright` is all a user writes.
@_exported import MapwrightJSON
