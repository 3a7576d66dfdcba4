// Key paths and fallback keys through any decoder's containers: each component a step from
// one value's decoder to a member's or an element's (`superDecoder`), by `JSONKeyPath`'s one
// rule — a component of digits indexes an array when the value there is an array, and names
// a member otherwise. A component that is not there (an absent member, an index past the end,
// a scalar on the way) makes the path absent.

import MapwrightJSON

extension _MapwrightRuntime.CodableReader {
  /// Decodes the value at the first present of `paths` for field `field`; nil when none is.
  public mutating func decode<T: JSONConvertible & Decodable>(_ type: T.Type, field: Int, paths: [String], coercion: CoercionPolicy? = nil) -> T? {
    guard !skipping else { return nil }
    guard T._codableFormIsJSONForm else { return decodeThroughEngine(type, field: field, paths: paths, coercion: coercion) }
    do {
      guard let decoder = try valueDecoder(atFirstOf: paths) else { return nil }
      do {
        return try T(from: decoder)
      } catch  where (error as? DecodingError)?.mappingError == nil {
        // Refused by the decoder: the engine decides (see `recover`).
        return try engineValue(T.self, from: JSON(from: decoder), coercion: coercion, at: decoder.codingPath)
      }
    } catch {
      fail(error)
      return nil
    }
  }

  /// Decodes through the engine the value at the first present of `paths`; nil when none is.
  public mutating func decode<T: JSONConvertible>(_ type: T.Type, field: Int, paths: [String], coercion: CoercionPolicy? = nil) -> T? {
    guard !skipping else { return nil }
    return decodeThroughEngine(type, field: field, paths: paths, coercion: coercion)
  }

  mutating func decodeThroughEngine<T: JSONConvertible>(_ type: T.Type, field: Int, paths: [String], coercion: CoercionPolicy?) -> T? {
    do {
      guard let decoder = try valueDecoder(atFirstOf: paths) else { return nil }
      return try engineValue(T.self, from: JSON(from: decoder), coercion: coercion, at: decoder.codingPath)
    } catch {
      fail(error)
      return nil
    }
  }

  /// The JSON at field `field`'s key (or the first present of `paths`) and its coding path;
  /// nil when absent. Read scalars first: a transformer's input is mostly a string or number.
  @usableFromInline
  mutating func json(field: Int, paths: [String]?) -> (JSON, [any CodingKey])? {
    do {
      let decoder: any Decoder
      if let paths {
        guard let found = try valueDecoder(atFirstOf: paths) else { return nil }
        decoder = found
      } else {
        let key = key(field)
        guard container.contains(key) else { return nil }
        decoder = try container.superDecoder(forKey: key)
      }
      return (try JSON(from: decoder, scalarsFirst: true), decoder.codingPath)
    } catch {
      fail(error)
      return nil
    }
  }

  /// The decoder of the value at the first of `paths` that is present, or nil.
  func valueDecoder(atFirstOf paths: [String]) throws -> (any Decoder)? {
    for path in paths {
      if let decoder = try valueDecoder(at: JSONKeyPath(path)) { return decoder }
    }
    return nil
  }

  /// The decoder of the value at `path` from the model's object, or nil when absent.
  func valueDecoder(at path: JSONKeyPath) throws -> (any Decoder)? {
    var components = path.components[...]
    guard let first = components.popFirst() else { return nil }
    let firstKey = JSONCodingKey(stringValue: first.key)
    guard container.contains(firstKey) else { return nil }
    var decoder = try container.superDecoder(forKey: firstKey)
    for component in components {
      guard let next = try Self.step(from: decoder, to: component) else { return nil }
      decoder = next
    }
    return decoder
  }

  /// One component down from the value `decoder` holds: an element of an array (for digits),
  /// else a member of an object; nil when there is none.
  static func step(from decoder: any Decoder, to component: JSONKeyPath.Component) throws -> (any Decoder)? {
    if let index = component.index, var array = try? decoder.unkeyedContainer() {
      for _ in 0..<index {
        if array.isAtEnd { return nil }
        _ = try array.decode(SkippedValue.self)
      }
      return array.isAtEnd ? nil : try array.superDecoder()
    }
    let key = JSONCodingKey(stringValue: component.key)
    guard let object = try? decoder.container(keyedBy: JSONCodingKey.self), object.contains(key) else { return nil }
    return try object.superDecoder(forKey: key)
  }
}

/// A value read and left: moves an unkeyed container past an element.
struct SkippedValue: Decodable {
  init(from decoder: any Decoder) throws {}
}
