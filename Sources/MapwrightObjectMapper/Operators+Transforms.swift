// `<-` and `>>>` with a transform: `birthday <- (map["birthday"], DateTransform())` for
// ObjectMapper's `TransformType`, and `updatedAt <- (map["updated_at"], .iso8601)` for the
// engine's typed `JSONTransformer`.

// MARK: ObjectMapper's TransformType

extension Map {
  /// Decodes through an ObjectMapper transform. A present, non-null value the transform
  /// rejects is a `transformFailed` problem.
  func transformed<Transform: TransformType>(_ transform: Transform) -> (value: Transform.Object?, failed: Bool) {
    guard let session, !session.hasStopped, isKeyPresent else { return (nil, false) }
    let value = transform.transformFromJSON(currentValue)
    if value == nil, let current, !current.isNull {
      session.record(MappingError(.transformFailed("\(Transform.self) could not transform \(describeFound(current))"), at: current))
      return (nil, true)
    }
    return (value, false)
  }

  func write<Transform: TransformType>(_ value: Transform.Object?, with transform: Transform) {
    guard mappingType == .toJSON else { return }
    guard let json = transform.transformToJSON(value) else {
      if shouldIncludeNilValues { write(MapwrightJSON.JSON.null) }
      return
    }
    do {
      write(try MapwrightJSON.JSON(foundationObject: json))
    } catch {
      encodingSession?.record(error as? MappingError ?? MappingError(invalidValue: "\(error)"))
    }
  }
}

public func <- <Transform: TransformType>(left: inout Transform.Object, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    if let value = map.transformed(transform).value { left = value }
  case .toJSON: map.write(left, with: transform)
  }
}

/// ObjectMapper's behaviour: a present key sets the optional to what the transform returns.
public func <- <Transform: TransformType>(left: inout Transform.Object?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON where map.isKeyPresent: left = map.transformed(transform).value
  case .fromJSON: break
  case .toJSON: map.write(left, with: transform)
  }
}

public func <- <Transform: TransformType>(left: inout [Transform.Object], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    if let values = map.transformedArray(transform) { left = values }
  case .toJSON: left >>> right
  }
}

public func <- <Transform: TransformType>(left: inout [Transform.Object]?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON where map.isKeyPresent: left = map.transformedArray(transform)
  case .fromJSON: break
  case .toJSON: left >>> right
  }
}

public func <- <Transform: TransformType>(left: inout [String: Transform.Object], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    if let values = map.transformedDictionary(transform) { left = values }
  case .toJSON: left >>> right
  }
}

public func >>> <Transform: TransformType>(left: Transform.Object, right: (Map, Transform)) {
  right.0.write(left, with: right.1)
}

public func >>> <Transform: TransformType>(left: Transform.Object?, right: (Map, Transform)) {
  right.0.write(left, with: right.1)
}

public func >>> <Transform: TransformType>(left: [Transform.Object]?, right: (Map, Transform)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON else { return }
  guard let left else {
    if map.shouldIncludeNilValues { map.write(JSON.null) }
    return
  }
  let elements = left.compactMap { transform.transformToJSON($0) }
  do {
    map.write(try JSON(foundationObject: elements))
  } catch {
    map.encodingSession?.record(error as? MappingError ?? MappingError(invalidValue: "\(error)"))
  }
}

public func >>> <Transform: TransformType>(left: [String: Transform.Object]?, right: (Map, Transform)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON else { return }
  guard let left else {
    if map.shouldIncludeNilValues { map.write(JSON.null) }
    return
  }
  var object: [String: Any] = [:]
  for (key, value) in left { object[key] = transform.transformToJSON(value) }
  do {
    map.write(try JSON(foundationObject: object))
  } catch {
    map.encodingSession?.record(error as? MappingError ?? MappingError(invalidValue: "\(error)"))
  }
}

extension Map {
  func transformedArray<Transform: TransformType>(_ transform: Transform) -> [Transform.Object]? {
    guard let session, !session.hasStopped, let current else { return nil }
    if current.isNull { return nil }
    guard current.kind == .array else {
      session.record(MappingError.typeMismatch(expected: "array", at: current))
      return nil
    }
    var result: [Transform.Object] = []
    for element in current.elements {
      let object: Any? = element.isNull ? nil : MapwrightJSON.JSON(element).foundationObject
      if let value = transform.transformFromJSON(object) {
        result.append(value)
      } else {
        session.note(.elementSkipped(reason: "\(Transform.self) could not transform \(describeFound(element))"), at: element)
      }
    }
    return result
  }

  func transformedDictionary<Transform: TransformType>(_ transform: Transform) -> [String: Transform.Object]? {
    guard let session, !session.hasStopped, let current, !current.isNull else { return nil }
    guard current.kind == .object else {
      session.record(MappingError.typeMismatch(expected: "object", at: current))
      return nil
    }
    var result: [String: Transform.Object] = [:]
    for member in current.members where result[member.key] == nil {
      let object: Any? = member.value.isNull ? nil : MapwrightJSON.JSON(member.value).foundationObject
      if let value = transform.transformFromJSON(object) {
        result[member.key] = value
      } else {
        session.note(.elementSkipped(reason: "\(Transform.self) could not transform \(describeFound(member.value))"), at: member.value)
      }
    }
    return result
  }
}

// MARK: The engine's JSONTransformer

extension Map {
  func writeTransformed<T: JSONTransformer>(_ value: T.Value?, with transformer: T) {
    guard mappingType == .toJSON else { return }
    guard let value else {
      if shouldIncludeNilValues { write(MapwrightJSON.JSON.null) }
      return
    }
    do {
      write(try transformer.encode(value))
    } catch {
      encodingSession?.record(MappingError(.transformFailed("\(error)"), path: JSONPath(currentPath.map { .key($0) })))
    }
  }
}

public func <- <T: JSONTransformer>(left: inout T.Value, right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON: map.read(into: &left) { value, _ in try decode(value, with: transformer) }
  case .toJSON: map.writeTransformed(left, with: transformer)
  }
}

public func <- <T: JSONTransformer>(left: inout T.Value?, right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON:
    map.read(into: &left) { value, _ in value.isNull ? nil : try decode(value, with: transformer) }
  case .toJSON: map.writeTransformed(left, with: transformer)
  }
}

public func <- <T: JSONTransformer>(left: inout [T.Value], right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON:
    map.read(into: &left) { value, session in try decodeArray(value, with: transformer, in: session) }
  case .toJSON: left >>> right
  }
}

public func >>> <T: JSONTransformer>(left: T.Value, right: (Map, T)) {
  right.0.writeTransformed(left, with: right.1)
}

public func >>> <T: JSONTransformer>(left: T.Value?, right: (Map, T)) {
  right.0.writeTransformed(left, with: right.1)
}

public func >>> <T: JSONTransformer>(left: [T.Value], right: (Map, T)) {
  let (map, transformer) = right
  guard map.mappingType == .toJSON else { return }
  do {
    map.write(JSON.array(try left.map { try transformer.encode($0) }))
  } catch {
    map.encodingSession?.record(MappingError(.transformFailed("\(error)"), path: JSONPath(map.currentPath.map { .key($0) })))
  }
}

func decodeArray<T: JSONTransformer>(_ value: JSONValue, with transformer: T, in session: DecodingSession) throws(MappingError) -> [T.Value] {
  guard value.kind == .array else {
    throw MappingError.typeMismatch(expected: "array", at: value)
  }
  var result: [T.Value] = []
  for element in value.elements {
    do {
      result.append(try decode(element, with: transformer))
    } catch {
      try session.recordOrThrow(error)
    }
  }
  return result
}
