// Where a missing key path is reported: at the path the model asked for, with the line and
// column of the deepest object present on the way (the grammar: MapwrightJSON's
// JSONKeyPath.swift).

import MapwrightJSON

extension ValuePlace {
  /// The place of `keyPath` below `object`: its path is the one the model asked for; its line
  /// and column are those of the deepest object present on the way.
  public init(keyPath: JSONKeyPath, in object: JSONValue) {
    let (deepest, depth) = object.deepestPresent(along: keyPath)
    let rest = keyPath.components.dropFirst(depth).enumerated().map { (position, component) -> JSONPath.Component in
      if position == 0, deepest.kind == .array, let index = component.index { return .index(index) }
      return .key(component.key)
    }
    self.init(deepest, suffix: rest)
  }
}
