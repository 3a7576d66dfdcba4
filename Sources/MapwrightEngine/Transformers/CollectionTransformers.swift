// A transformer applied to every element of an array or every value of an object: a property
// `[Date]` of ISO 8601 strings is `@Transform(.each(.iso8601))`, a `[String: Date]` is
// `@Transform(.eachValue(.iso8601))`. An element the inner transformer refuses fails the
// whole value, its index or key named in the message.

/// Applies `element` to each element of a JSON array.
public struct EachTransformer<Element: JSONTransformer>: JSONTransformer {
  /// The transformer applied to each element.
  public let element: Element

  /// Applies `element` to each element.
  public init(_ element: Element) { self.element = element }

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? { element.jsonSchema.map { ["type": "array", "items": $0] } ?? ["type": "array"] }

  /// Each element of the JSON array decoded; an element the inner transformer refuses fails the whole value.
  public func decode(_ json: JSON) throws -> [Element.Value] {
    guard case .array(let elements) = json else { throw TransformError("expected an array, found \(describeFound(json))") }
    var values: [Element.Value] = []
    values.reserveCapacity(elements.count)
    for (index, item) in elements.enumerated() {
      do {
        values.append(try element.decode(item))
      } catch let error as TransformError {
        throw TransformError("element \(index): \(error.description)")
      }
    }
    return values
  }

  /// A JSON array of the encoded elements.
  public func encode(_ values: [Element.Value]) throws -> JSON {
    .array(try values.map(element.encode))
  }
}

/// Applies `value` to each member value of a JSON object.
public struct EachValueTransformer<Value: JSONTransformer>: JSONTransformer {
  /// The transformer applied to each member value.
  public let value: Value

  /// Applies `value` to each member value.
  public init(_ value: Value) { self.value = value }

  /// The JSON Schema of the values this transformer reads.
  public var jsonSchema: JSON? {
    value.jsonSchema.map { ["type": "object", "additionalProperties": $0] } ?? ["type": "object"]
  }

  /// Each member value of the JSON object decoded (the first of a repeated key); a value the inner
  /// transformer refuses fails the whole object.
  public func decode(_ json: JSON) throws -> [String: Value.Value] {
    guard case .object(let members) = json else { throw TransformError("expected an object, found \(describeFound(json))") }
    var values: [String: Value.Value] = [:]
    values.reserveCapacity(members.count)
    for (key, member) in members where values[key] == nil {  // the first of a repeated key, as everywhere
      do {
        values[key] = try value.decode(member)
      } catch let error as TransformError {
        throw TransformError("member \"\(key)\": \(error.description)")
      }
    }
    return values
  }

  /// Members in key order, so that the output does not depend on the dictionary's order.
  public func encode(_ values: [String: Value.Value]) throws -> JSON {
    .object(JSONObject(try values.keys.sorted().map { ($0, try value.encode(values[$0]!)) }))
  }
}

extension JSONTransformer {
  /// `transformer` applied to each element of an array: `@Transform(.each(.iso8601)) var seen: [Date]`.
  public static func each<Element>(_ transformer: Element) -> Self where Self == EachTransformer<Element> {
    EachTransformer(transformer)
  }

  /// `transformer` applied to each value of an object: `@Transform(.eachValue(.iso8601)) var byDay: [String: Date]`.
  public static func eachValue<Value>(_ transformer: Value) -> Self where Self == EachValueTransformer<Value> {
    EachValueTransformer(transformer)
  }
}
