extension JSON {
  /// The value at `path`, or nil where a link is missing.
  ///
  /// ```swift
  /// let json: JSON = ["distances": [["value": 31]]]
  /// json[path: ["distances", 0, "value"]]   // 31
  /// ```
  public subscript(path path: JSONPath) -> JSON? {
    var current = self
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let next = current[index] else { return nil }
        current = next
      }
    }
    return current
  }

  /// Sets the value at `path`, creating the objects and arrays it names (arrays are padded
  /// with `null` up to the index). A scalar in the way is replaced.
  ///
  /// ```swift
  /// var json: JSON = [:]
  /// json.set("31 ft", at: ["distance", "text"])
  /// json.set(31, at: ["distance", "value"])       // shares the same "distance" object
  /// json.set(true, at: ["flags", 1])              // {"flags": [null, true]}
  /// ```
  public mutating func set(_ value: JSON, at path: JSONPath) {
    set(value, at: path.components[...])
  }

  private mutating func set(_ value: JSON, at path: ArraySlice<JSONPath.Component>) {
    guard let first = path.first else {
      self = value
      return
    }
    let rest = path.dropFirst()
    switch first {
    case .key(let key):
      var object = objectValue ?? JSONObject()
      self = .null  // keep the object uniquely referenced while editing it
      var child = object[key] ?? .null
      object[key] = .null
      child.set(value, at: rest)
      object[key] = child
      self = .object(object)
    case .index(let index):
      var elements = arrayValue ?? []
      self = .null
      if elements.count <= index {
        elements.append(contentsOf: repeatElement(JSON.null, count: index + 1 - elements.count))
      }
      var child = elements[index]
      elements[index] = .null
      child.set(value, at: rest)
      elements[index] = child
      self = .array(elements)
    }
  }
}

extension JSONPath.Component: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  /// A member key: `"name"`.
  public init(stringLiteral value: String) { self = .key(value) }
  /// An array index: `0`.
  public init(integerLiteral value: Int) { self = .index(value) }
}
