// Key paths, one implementation for every way of declaring a model: reading walks the
// components from an object (a numeric component indexes an array, otherwise it names a
// member); writing turns components into a JSONPath whose numeric components make arrays.

extension JSONValue {
  /// The value reached by `components` from this value, or nil where a link is missing.
  public func value<S: StringProtocol>(atKeyPath components: some Sequence<S>) -> JSONValue? {
    var current = self
    for component in components {
      if current.kind == .array, let index = Int(component) {
        guard let element = current[index] else { return nil }
        current = element
      } else {
        guard let member = current[String(component)] else { return nil }
        current = member
      }
    }
    return current
  }
}

extension JSONPath {
  /// A path for writing a key path: numeric components are array indices.
  public init<S: StringProtocol>(keyPath components: some Sequence<S>) {
    self.init(components.map { component in Int(component).map { .index($0) } ?? .key(String(component)) })
  }
}
