// `import Mapwright` is all a user of @JSONModel writes: it re-exports the engine (and through
// it the JSON core) beside the macros declared here. The ObjectMapper API is a product of its
// own (`import MapwrightObjectMapper`), so `Map`, `Mapper` and `<-` stay out of this namespace.
@_exported import MapwrightEngine
