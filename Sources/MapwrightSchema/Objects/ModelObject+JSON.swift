// Dynamic objects from and to JSON, through the mapping engine: each attribute's key path
// (`jsonKeyPath`), its type deciding what the value must become (with the session's
// coercion: `"101"` for an Integer 64 becomes 101 when lenient), transformers by name,
// defaults, errors with paths and a report. Relationships read nested objects (to-one) or
// arrays of them (to-many) and set each child's inverse. Encoding reverses it; a child's
// relationship back to the object being encoded is left out (it would loop).

import MapwrightEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ModelObject {
  /// An object of `entity` decoded from JSON bytes (an object).
  public convenience init(entity: EntityDescription, json bytes: [UInt8], options: MappingOptions = MappingOptions()) throws {
    let session = try DecodingSession(parsing: bytes, options: options)
    do {
      try self.init(entity: entity, json: session.document.root, session: session)
    } catch {
      try session.throwIfFailed()  // every problem, under `.collectAll`
      throw error
    }
    try session.throwIfFailed()
  }

  /// An object of `entity` mapped from JSON text (see `init(entity:json:options:)`).
  public convenience init(entity: EntityDescription, json text: String, options: MappingOptions = MappingOptions()) throws {
    try self.init(entity: entity, json: Array(text.utf8), options: options)
  }

  /// An object of `entity` mapped from UTF-8 JSON data.
  public convenience init(entity: EntityDescription, json data: Data, options: MappingOptions = MappingOptions()) throws {
    try self.init(entity: entity, json: data.byteArray, options: options)
  }

  /// An object of `entity` decoded from a value of a parsed document, within `session`
  /// (problems are recorded there; under `.stopAtFirst` the first one is thrown).
  public convenience init(entity: EntityDescription, json value: JSONValue, session: DecodingSession) throws(MappingError) {
    guard !entity.isAbstract else {
      throw MappingError.invalidValue("\(entity.name) is an abstract entity", at: value)
    }
    guard value.kind == .object else { throw MappingError.typeMismatch(expected: "object", at: value) }
    self.init(entity: entity)
    try decodeMembers(of: value, in: session)
  }

  /// Every problem of `value` — one object of `entity`, or an array of them — decoded in
  /// `session` (whose options should collect all errors: `.collectAll`), in document order
  /// with paths, lines and columns; empty when it decodes. What lenient mapping forgave stays in
  /// `session.report`.
  ///
  /// ```swift
  /// var options = MappingOptions()
  /// options.errorMode = .collectAll
  /// let document = try JSONDocument(bytes)
  /// let problems = ModelObject.problems(of: author, in: document.root, session: DecodingSession(document: document, options: options))
  /// ```
  public static func problems(of entity: EntityDescription, in value: JSONValue, session: DecodingSession) -> [MappingError] {
    do {
      if value.kind == .array {
        _ = try objects(of: entity, json: value, session: session)
      } else {
        _ = try ModelObject(entity: entity, json: value, session: session)
      }
    } catch {
      session.record(error)
    }
    do {
      try session.throwIfFailed()
      return []
    } catch let all as MappingErrors {
      return all.errors
    } catch let one as MappingError {
      return [one]
    } catch {
      return [MappingError(invalidValue: "\(error)")]
    }
  }

  /// The objects of an array of `entity` objects.
  public static func objects(of entity: EntityDescription, json value: JSONValue, session: DecodingSession) throws(MappingError) -> [ModelObject] {
    guard value.kind == .array else { throw MappingError.typeMismatch(expected: "array", at: value) }
    var result: [ModelObject] = []
    for element in value.elements {
      do {
        result.append(try ModelObject(entity: entity, json: element, session: session))
      } catch {
        guard session.collectsAllErrors else { throw error }
        session.record(error)
      }
    }
    return result
  }

  func decodeMembers(of object: JSONValue, in session: DecodingSession) throws(MappingError) {
    var failure: MappingError?
    func fail(_ error: MappingError) throws(MappingError) {
      let recorded = session.record(error)
      if !session.collectsAllErrors { throw recorded }
      if failure == nil { failure = recorded }
    }
    for attribute in entity.attributes {
      let keyPath = JSONKeyPath(attribute.jsonKeyPath)
      do throws(MappingError) {
        switch EntityRules.input(at: keyPath, in: object) {
        case .absent:
          try EntityRules.absent(attribute, at: keyPath, in: object, hasDefault: values[attribute.name] != nil, session: session)
        case .null(let value):
          try EntityRules.null(attribute, value)
          values[attribute.name] = nil
        case .value(let value):
          values[attribute.name] = try AttributeValues.decode(value, attribute, in: session)
        }
      } catch {
        try fail(error)
      }
    }
    for relationship in entity.relationships {
      let keyPath = JSONKeyPath(relationship.jsonKeyPath)
      guard case .value(let value) = EntityRules.input(at: keyPath, in: object) else {
        do throws(MappingError) { try EntityRules.absent(relationship, at: keyPath, in: object) } catch { try fail(error) }
        continue
      }
      let destination = entity.destination(of: relationship)
      do throws(MappingError) {
        if relationship.isToMany {
          let children = try ModelObject.objects(of: destination, json: value, session: session)
          try EntityRules.checkCount(relationship, children.count, at: value)
          for child in children { try? add(child, to: relationship.name) }
        } else {
          let child = try ModelObject(entity: destination, json: value, session: session)
          try? set(child, for: relationship.name)
        }
      } catch {
        try fail(error)
      }
    }
    try EntityRules.checkUnknownKeys(of: object, known: entity.mappedTopLevelKeys, session: session, fail: fail)
    if let failure { throw failure }
  }

  // MARK: Encoding

  /// The object as JSON (Modelmatic's `dictionaryRepresentation`): attributes at their key
  /// paths through their transformers, related objects nested. Nil values are left out.
  public var jsonObject: JSON {
    get throws { .object(try encodeMembers(excluding: nil)) }
  }

  /// UTF-8 JSON (Modelmatic's `serializeAsJson(pretty:)`).
  public func jsonData(pretty: Bool = false) throws -> Data {
    Data(try jsonObject.jsonBytes(pretty ? [.prettyPrinted] : []))
  }

  /// The object as JSON text, with the entity's key paths and transformers.
  public func jsonString(pretty: Bool = false) throws -> String {
    String(decoding: try jsonObject.jsonBytes(pretty ? [.prettyPrinted] : []), as: UTF8.self)
  }

  func encodeMembers(excluding back: String?) throws -> JSONObject {
    var json = JSON.object(JSONObject())
    for attribute in entity.attributes {
      guard let value = values[attribute.name] else { continue }
      json.set(try AttributeValues.encode(value, attribute), at: JSONKeyPath(attribute.jsonKeyPath).jsonPath)
    }
    for relationship in entity.relationships where relationship.name != back {
      let path = JSONKeyPath(relationship.jsonKeyPath).jsonPath
      if relationship.isToMany {
        let children = objects(relationship.name)
        guard !children.isEmpty else { continue }
        json.set(.array(try children.map { .object(try $0.encodeMembers(excluding: relationship.inverseName)) }), at: path)
      } else if let child = object(relationship.name) {
        json.set(.object(try child.encodeMembers(excluding: relationship.inverseName)), at: path)
      }
    }
    guard case .object(let object) = json else { return JSONObject() }
    return object
  }
}
