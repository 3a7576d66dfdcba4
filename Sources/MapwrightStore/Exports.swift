// `import MapwrightStore` brings the import (MapwrightGraph) that a store runs.
@_exported import MapwrightGraph
