// `import MapwrightObjectMapper` is the one line that replaces `import ObjectMapper`; it
// brings the engine (and the JSON core) its API is built on.
@_exported import MapwrightEngine
