// `<-` and `>>>` with a transform: `birthday <- (map["birthday"], DateTransform())` for
// ObjectMapper's `TransformType`, and `updatedAt <- (map["updated_at"], .iso8601)` for the
// engine's typed `JSONTransformer`.
//
// ObjectMapper's transforms come in every shape ObjectMapper has: a value, an array, an array
// of arrays, a set, a dictionary and a dictionary of arrays, each optional or not (an
// implicitly unwrapped optional is an optional here). Reading, a non-optional property changes
// only when the value transforms; an optional one is set whenever its key is present (nil when
// the value does not transform), as in ObjectMapper. An element that does not transform is
// skipped and reported; a value of the wrong shape is recorded as a problem.

import Foundation

// MARK: ObjectMapper's TransformType: reading

extension Map {
  /// The value through an ObjectMapper transform, which sees it as Foundation objects (nil
  /// for null). A present, non-null value the transform rejects is a `transformFailed` problem.
  func transformed<Transform: TransformType>(_ transform: Transform) -> Transform.Object? {
    guard let session, !session.hasStopped, isKeyPresent, let current else { return nil }
    do {
      return try transformOrThrow(current, transform)
    } catch {
      if !current.isNull { absorb(error, session: session) }  // null the transform makes nothing of: nil
      return nil
    }
  }

  /// Reads the current value with `read`, which gets the session and the (non-null) value;
  /// nil when missing, null, or already stopped.
  func readShape<T>(_ read: (DecodingSession, JSONValue) -> T?) -> T? {
    guard let session, !session.hasStopped, let current, !current.isNull else { return nil }
    return read(session, current)
  }

  /// One element through the transform; nil (skipped and reported) when it does not transform.
  func transformElement<Transform: TransformType>(_ element: JSONValue, _ transform: Transform, in session: DecodingSession) -> Transform.Object? {
    do {
      return try transformOrThrow(element, transform)
    } catch {
      session.note(.elementSkipped(reason: error.message), at: element)
      return nil
    }
  }

  func transformArray<Transform: TransformType>(_ value: JSONValue, _ transform: Transform, in session: DecodingSession) -> [Transform.Object]? {
    guard value.kind == .array else {
      absorb(MappingError.typeMismatch(expected: "array", at: value), session: session)
      return nil
    }
    return value.elements.compactMap { transformElement($0, transform, in: session) }
  }

  func transformDictionary<T>(_ value: JSONValue, in session: DecodingSession, _ element: (JSONValue) -> T?) -> [String: T]? {
    guard value.kind == .object else {
      absorb(MappingError.typeMismatch(expected: "object", at: value), session: session)
      return nil
    }
    var result: [String: T] = [:]
    for member in value.members where result[member.key] == nil {  // the first of a repeated key wins
      if let converted = element(member.value) { result[member.key] = converted }
    }
    return result
  }

  func transformedArray<Transform: TransformType>(_ transform: Transform) -> [Transform.Object]? {
    readShape { session, value in transformArray(value, transform, in: session) }
  }

  func transformedArrayOfArrays<Transform: TransformType>(_ transform: Transform) -> [[Transform.Object]]? {
    readShape { session, value in
      guard value.kind == .array else {
        absorb(MappingError.typeMismatch(expected: "array", at: value), session: session)
        return nil
      }
      var result: [[Transform.Object]] = []
      for inner in value.elements {
        guard let array = transformArray(inner, transform, in: session) else { return nil }
        result.append(array)
      }
      return result
    }
  }

  func transformedDictionary<Transform: TransformType>(_ transform: Transform) -> [String: Transform.Object]? {
    readShape { session, value in
      transformDictionary(value, in: session) { transformElement($0, transform, in: session) }
    }
  }

  func transformedDictionaryOfArrays<Transform: TransformType>(_ transform: Transform) -> [String: [Transform.Object]]? {
    readShape { session, value in
      transformDictionary(value, in: session) { transformArray($0, transform, in: session) }
    }
  }

  /// Reads a non-optional property: it changes only when the value converts.
  func readRequired<T>(into field: inout T, _ read: () -> T?) {
    guard mappingType == .fromJSON, let value = read() else { return }
    field = value
  }

  /// Reads an optional property: a present key sets it, to nil when the value does not convert.
  func readOptional<T>(into field: inout T?, _ read: () -> T?) {
    guard mappingType == .fromJSON, isKeyPresent else { return }
    field = read()
  }
}

// MARK: ObjectMapper's TransformType: writing

extension Map {
  func write<Transform: TransformType>(_ value: Transform.Object?, with transform: Transform) {
    guard mappingType == .toJSON else { return }
    guard let json = transform.transformToJSON(value) else {
      if shouldIncludeNilValues { write(MapwrightJSON.JSON.null) }
      return
    }
    writeFoundation(json)
  }

  /// Writes what transforms produced (Foundation objects), or null for nil.
  func writeFoundation(_ object: Any?) {
    guard mappingType == .toJSON else { return }
    guard let object else {
      if shouldIncludeNilValues { write(MapwrightJSON.JSON.null) }
      return
    }
    do {
      write(try MapwrightJSON.JSON(foundationObject: object))
    } catch {
      encodingSession?.record(error as? MappingError ?? MappingError(invalidValue: "\(error)"))
    }
  }
}

extension TransformType {
  /// Each element to JSON; elements the transform gives nothing for are left out.
  func arrayToJSON(_ values: some Sequence<Object>) -> [Any] { values.compactMap { transformToJSON($0) } }

  func dictionaryToJSON(_ values: [String: Object]) -> [String: Any] { values.compactMapValues { transformToJSON($0) } }
}

// MARK: ObjectMapper's TransformType: operators

/// Maps a value through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout Transform.Object, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformed(transform) }
  case .toJSON: map.write(left, with: transform)
  }
}

/// Maps an optional value through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout Transform.Object?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformed(transform) }
  case .toJSON: map.write(left, with: transform)
  }
}

/// Writes a value through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: Transform.Object, right: (Map, Transform)) {
  right.0.write(left, with: right.1)
}

/// Writes an optional value through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: Transform.Object?, right: (Map, Transform)) {
  right.0.write(left, with: right.1)
}

// Arrays

/// Maps an array of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [Transform.Object], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformedArray(transform) }
  case .toJSON: left >>> right
  }
}

/// Maps an optional array of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [Transform.Object]?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformedArray(transform) }
  case .toJSON: left >>> right
  }
}

/// Writes an optional array of values through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: [Transform.Object]?, right: (Map, Transform)) {
  right.0.writeFoundation(left.map { right.1.arrayToJSON($0) })
}

// Arrays of arrays

/// Maps an array of arrays of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [[Transform.Object]], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformedArrayOfArrays(transform) }
  case .toJSON: left >>> right
  }
}

/// Maps an optional array of arrays of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [[Transform.Object]]?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformedArrayOfArrays(transform) }
  case .toJSON: left >>> right
  }
}

/// Writes an optional array of arrays of values through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: [[Transform.Object]]?, right: (Map, Transform)) {
  right.0.writeFoundation(left.map { $0.map { right.1.arrayToJSON($0) } })
}

// Sets

/// Maps a set of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout Set<Transform.Object>, right: (Map, Transform)) where Transform.Object: Hashable {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformedArray(transform).map { Set($0) } }
  case .toJSON: left >>> right
  }
}

/// Maps an optional set of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout Set<Transform.Object>?, right: (Map, Transform)) where Transform.Object: Hashable {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformedArray(transform).map { Set($0) } }
  case .toJSON: left >>> right
  }
}

/// Writes an optional set of values through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: Set<Transform.Object>?, right: (Map, Transform)) where Transform.Object: Hashable {
  right.0.writeFoundation(left.map { right.1.arrayToJSON($0) })
}

// Dictionaries

/// Maps a dictionary of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [String: Transform.Object], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformedDictionary(transform) }
  case .toJSON: left >>> right
  }
}

/// Maps an optional dictionary of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [String: Transform.Object]?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformedDictionary(transform) }
  case .toJSON: left >>> right
  }
}

/// Writes an optional dictionary of values through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: [String: Transform.Object]?, right: (Map, Transform)) {
  right.0.writeFoundation(left.map { right.1.dictionaryToJSON($0) })
}

// Dictionaries of arrays

/// Maps a dictionary of arrays of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [String: [Transform.Object]], right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readRequired(into: &left) { map.transformedDictionaryOfArrays(transform) }
  case .toJSON: left >>> right
  }
}

/// Maps an optional dictionary of arrays of values through an ObjectMapper transform both ways.
public func <- <Transform: TransformType>(left: inout [String: [Transform.Object]]?, right: (Map, Transform)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON: map.readOptional(into: &left) { map.transformedDictionaryOfArrays(transform) }
  case .toJSON: left >>> right
  }
}

/// Writes an optional dictionary of arrays of values through an ObjectMapper transform (to JSON only).
public func >>> <Transform: TransformType>(left: [String: [Transform.Object]]?, right: (Map, Transform)) {
  right.0.writeFoundation(left.map { $0.mapValues { right.1.arrayToJSON($0) } })
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

/// Maps a value through the engine's typed transformer both ways.
public func <- <T: JSONTransformer>(left: inout T.Value, right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON: map.read(into: &left) { value, _ in try decode(value, with: transformer) }
  case .toJSON: map.writeTransformed(left, with: transformer)
  }
}

/// Maps an optional value through the engine's typed transformer both ways.
public func <- <T: JSONTransformer>(left: inout T.Value?, right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON:
    map.read(into: &left) { value, _ in value.isNull ? nil : try decode(value, with: transformer) }
  case .toJSON: map.writeTransformed(left, with: transformer)
  }
}

/// Maps an array of values through the engine's typed transformer both ways.
public func <- <T: JSONTransformer>(left: inout [T.Value], right: (Map, T)) {
  let (map, transformer) = right
  switch map.mappingType {
  case .fromJSON:
    map.read(into: &left) { value, session in try decodeArray(value, with: transformer, in: session) }
  case .toJSON: left >>> right
  }
}

/// Writes a value through the engine's typed transformer (to JSON only).
public func >>> <T: JSONTransformer>(left: T.Value, right: (Map, T)) {
  right.0.writeTransformed(left, with: right.1)
}

/// Writes an optional value through the engine's typed transformer (to JSON only).
public func >>> <T: JSONTransformer>(left: T.Value?, right: (Map, T)) {
  right.0.writeTransformed(left, with: right.1)
}

/// Writes an array of values through the engine's typed transformer (to JSON only).
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
