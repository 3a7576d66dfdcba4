// A model of entities made from `@JSONModel` types, so that they import into a store and are
// fetched back like entities of a model file. Each type is an entity named after it, its
// mapped properties its attributes and relationships (a model type, an optional of one or an
// array of one is a relationship; see `_MapwrightRuntime.Entity`); the types a model refers to are
// included. Two relationships are each other's inverse when they are the only ones between
// their two entities, one each way.
//
// Attribute types follow the Swift type: integers by size, `Double`, `Float`, `Decimal`,
// `String`, `Bool`, `UUID`, `URL`, and a `Date` or `Data` through its transformer; anything
// else (enums, arrays and dictionaries of values, `JSON`) is kept as its JSON, checked on
// import by decoding it as its type. A property's transformer (or that check) is registered
// under `"Type.property"` so that imports and fetches use it. A property with a default, or
// optional, may be missing.

import MapwrightEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ObjectModel {
  /// The entities of `@JSONModel` types, and of the model types they refer to.
  ///
  /// ```swift
  /// @JSONModel(primaryKey: "id") struct Author { var id: Int; var name: String; var books: [Book] = [] }
  /// @JSONModel(primaryKey: "id") struct Book { var id: Int; var title: String; var author: Author? }
  /// let model = try ObjectModel(models: [Author.self])   // Author and Book, inverses paired
  /// ```
  ///
  /// Transformers the types declare are registered in the model's own `transformers` (which
  /// falls back to `.shared`), never in `.shared`.
  public convenience init(models: [any JSONModel.Type]) throws(SchemaError) {
    let transformers = TransformerRegistry(fallback: .shared)
    try self.init(entities: try Self.entities(of: models, transformers: transformers), transformers: transformers)
  }

  /// The name of the entity a model type is (its type name).
  public static func entityName(of model: any JSONModel.Type) -> String {
    model._jsonModelEntity?.name ?? String(describing: model)
  }

  static func entities(of models: [any JSONModel.Type], transformers: TransformerRegistry) throws(SchemaError) -> [EntityDescription] {
    // The types, those they refer to included, each once.
    var described: [_MapwrightRuntime.Entity] = []
    // Types that reject unknown keys (`@JSONModel(unknownKeys: .reject)`), for their schema.
    var rejecting: Set<String> = []
    var types: [String: ObjectIdentifier] = [:]
    var queue = models
    var next = 0
    while next < queue.count {
      let type = queue[next]
      next += 1
      guard let entity = type._jsonModelEntity else {
        throw SchemaError(
          .notAnEntity, "\(type) has no entity description: @JSONModel describes structs and final classes without a superclass",
          entity: String(describing: type))
      }
      if let known = types[entity.name] {
        guard known == ObjectIdentifier(type) else {
          throw SchemaError(.duplicateName, "two model types are named \(entity.name)", entity: entity.name)
        }
        continue
      }
      types[entity.name] = ObjectIdentifier(type)
      described.append(entity)
      if type._jsonModelFields.unknownKeys == .reject { rejecting.insert(entity.name) }
      for property in entity.properties {
        switch property.kind {
        case .toOne(let destination), .toMany(let destination): queue.append(destination)
        case .attribute: break
        }
      }
    }

    // Inverses: the only relationship from A to B and the only one from B to A.
    var relationshipsBetween: [String: [String]] = [:]  // "A>B": relationship names
    for entity in described {
      for property in entity.properties {
        if let destination = destinationName(property) { relationshipsBetween["\(entity.name)>\(destination)", default: []].append(property.name) }
      }
    }
    func inverse(of property: _MapwrightRuntime.Entity.Property, in entity: String) -> String? {
      guard let destination = destinationName(property), destination != entity,
        relationshipsBetween["\(entity)>\(destination)"]?.count == 1,
        let back = relationshipsBetween["\(destination)>\(entity)"], back.count == 1
      else { return nil }
      return back[0]
    }

    return described.map { entity in
      var attributes: [AttributeDescription] = []
      var relationships: [RelationshipDescription] = []
      for property in entity.properties {
        // What the type's own decoding requires, for its JSON Schema: the entity is looser (a
        // property with a default is optional there, a to-many always is, as imports need).
        let userInfo = [
          "jsonKeyPath": property.keyPath,
          "jsonRequired": !property.isOptional && !property.hasDefault ? "YES" : "NO",
          "jsonNullable": property.isOptional ? "YES" : "NO",
        ]
        switch property.kind {
        case .toOne(let destination), .toMany(let destination):
          let toMany: Bool
          if case .toMany = property.kind { toMany = true } else { toMany = false }
          relationships.append(
            RelationshipDescription(
              name: property.name, destinationEntityName: entityName(of: destination),
              inverseName: inverse(of: property, in: entity.name), isToMany: toMany, isOrdered: toMany,
              isOptional: toMany || property.isOptional || property.hasDefault, minCount: nil, maxCount: toMany ? nil : 1,
              deletionRule: nil, userInfo: userInfo))
        case .attribute(let type):
          var info = userInfo
          if let transformer = property.transformer {
            let name = "\(entity.name).\(property.name)"
            transformers.register(transformer, named: name)
            info["JSONValueTransformer"] = name
          } else if let name = property.transformerName {
            info["JSONValueTransformer"] = name
          }
          var attributeType = attributeType(type, transformed: info["JSONValueTransformer"] != nil)
          if attributeType == .transformable, info["JSONValueTransformer"] == nil, let convertible = type as? any JSONConvertible.Type {
            // Kept as JSON, but checked on import as the type decodes it.
            let name = "\(entity.name).\(property.name)"
            transformers.register(
              ClosureTransformer(
                decode: { @Sendable (json: JSON) throws -> JSON in
                  _ = try convertible.init(json: json)
                  return json
                }, encode: { @Sendable in $0 }, jsonSchema: ValueSchemas.schema(of: type, lossy: property.isLossy)), named: name)
            info["JSONValueTransformer"] = name
            attributeType = .transformable
          }
          attributes.append(
            AttributeDescription(
              name: property.name, type: attributeType,
              isOptional: property.isOptional || property.hasDefault, defaultValueString: nil, customClassName: nil,
              valueTransformerName: nil, userInfo: info, transformers: transformers))
        }
      }
      return EntityDescription(
        name: entity.name, isAbstract: false, representedClassName: nil,
        userInfo: (entity.primaryKey.map { ["primaryKey": $0] } ?? [:]).merging(rejecting.contains(entity.name) ? ["jsonUnknownKeys": "reject"] : [:])
        { a, _ in a },
        parentName: nil, ownAttributes: attributes,
        ownRelationships: relationships)
    }
  }

  private static func destinationName(_ property: _MapwrightRuntime.Entity.Property) -> String? {
    switch property.kind {
    case .toOne(let destination), .toMany(let destination): entityName(of: destination)
    case .attribute: nil
    }
  }

  /// The attribute type that holds a Swift type (`transformed`: a transformer makes it).
  static func attributeType(_ type: Any.Type, transformed: Bool) -> AttributeType {
    switch type {
    case is Int.Type, is Int64.Type, is UInt.Type, is UInt32.Type, is UInt64.Type: .integer64
    case is Int32.Type, is UInt16.Type: .integer32
    case is Int16.Type, is Int8.Type, is UInt8.Type: .integer16
    case is Double.Type: .double
    case is Float.Type: .float
    case is Decimal.Type: .decimal
    case is String.Type: .string
    case is Bool.Type: .boolean
    case is UUID.Type: .uuid
    case is URL.Type: .uri
    case is Date.Type where transformed: .date
    case is Data.Type where transformed: .binaryData
    default: .transformable
    }
  }
}
