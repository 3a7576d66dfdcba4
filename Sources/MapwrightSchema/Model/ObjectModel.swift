// Loading a model: an `.xcdatamodeld` bundle (its `.xccurrentversion` names the current
// version; without one, the only or last version by name), an `.xcdatamodel` (its `contents`
// file), or the `contents` XML itself. Then linking: inherited attributes and relationships,
// destinations and inverses checked, primary keys checked.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The entities of an Xcode data model, read on any platform (Core Data is not needed).
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Library.xcdatamodeld"))
/// let author = model.entity(named: "Author")!
/// author.attribute(named: "authorId")?.jsonKeyPath   // "author_id"
/// ```
public final class ObjectModel: @unchecked Sendable {
  /// Entities in the order of the file.
  public private(set) var entities: [EntityDescription] = []
  private var byName: [String: EntityDescription] = [:]

  /// The entity named `name`, or nil.
  public func entity(named name: String) -> EntityDescription? { byName[name] }

  /// Where the model's attributes look up their named transformers (`JSONValueTransformer`).
  /// A model read from a file uses the registry it is given (`.shared` by default); a model of
  /// `@JSONModel` types has one of its own for the transformers the types declare, which
  /// falls back to `.shared` for other names — it never writes into `.shared`.
  public let transformers: TransformerRegistry

  /// Loads an `.xcdatamodeld` bundle or an `.xcdatamodel`; its named transformers are looked
  /// up in `transformers`.
  public convenience init(contentsOf url: URL, transformers: TransformerRegistry = .shared) throws(SchemaError) {
    let file = url.lastPathComponent
    let contents: URL
    switch url.pathExtension {
    case "xcdatamodeld": contents = try Self.currentVersion(of: url).appendingPathComponent("contents")
    case "xcdatamodel": contents = url.appendingPathComponent("contents")
    default: contents = url
    }
    let bytes: [UInt8]
    do {
      bytes = [UInt8](try Data(contentsOf: contents))
    } catch {
      throw SchemaError(.unreadable, "cannot read \(contents.path): \(error.localizedDescription)", file: file)
    }
    try self.init(xml: bytes, file: file, transformers: transformers)
  }

  /// Loads the `contents` XML of an `.xcdatamodel`; `file` names it in errors.
  public init(xml bytes: [UInt8], file: String? = nil, transformers: TransformerRegistry = .shared) throws(SchemaError) {
    self.transformers = transformers
    do throws(SchemaError) {
      let root: XMLElement
      do {
        root = try parseXML(bytes)
      } catch {
        throw SchemaError(.malformedXML, error.message, line: error.line)
      }
      guard root.name == "model" else {
        throw SchemaError(.malformedXML, "the root element is <\(root.name)>, not <model>", line: root.line)
      }
      for element in root.children(named: "entity") {
        let entity = try ModelFileReader.entity(element, transformers: transformers)
        guard byName[entity.name] == nil else {
          throw SchemaError(.duplicateName, "two entities are named \(entity.name)", entity: entity.name, line: element.line)
        }
        entity.model = self
        entities.append(entity)
        byName[entity.name] = entity
      }
      try link()
    } catch {
      throw file.map { error.inFile($0) } ?? error
    }
  }

  /// A model of entities built in code (see `ObjectModel(models:)`), linked and checked as a
  /// file's are.
  init(entities: [EntityDescription], transformers: TransformerRegistry) throws(SchemaError) {
    self.transformers = transformers
    for entity in entities {
      guard byName[entity.name] == nil else {
        throw SchemaError(.duplicateName, "two entities are named \(entity.name)", entity: entity.name)
      }
      entity.model = self
      self.entities.append(entity)
      byName[entity.name] = entity
    }
    try link()
  }

  /// The `.xcdatamodel` the bundle's `.xccurrentversion` names (or its only or last version).
  static func currentVersion(of bundle: URL) throws(SchemaError) -> URL {
    let file = bundle.lastPathComponent
    let versions = ((try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? [])
      .filter { $0.hasSuffix(".xcdatamodel") }.sorted()
    let plist = bundle.appendingPathComponent(".xccurrentversion")
    if let data = try? Data(contentsOf: plist) {
      do {
        let root = try parseXML([UInt8](data))
        // <plist><dict><key>_XCCurrentVersionName</key><string>Model 2.xcdatamodel</string></dict></plist>
        if let dict = root.child(named: "dict") {
          let items = dict.children
          if let i = items.firstIndex(where: { $0.name == "key" && $0.text == "_XCCurrentVersionName" }), i + 1 < items.count {
            let name = items[i + 1].text
            guard versions.contains(name) else {
              throw SchemaError(.unreadable, ".xccurrentversion names \(name), which the bundle does not contain", file: file)
            }
            return bundle.appendingPathComponent(name)
          }
        }
      } catch let error as XMLSyntaxError {
        throw SchemaError(.malformedXML, ".xccurrentversion: \(error)", file: file)
      } catch let error as SchemaError {
        throw error
      } catch {
        throw SchemaError(.unreadable, "\(error)", file: file)
      }
    }
    guard let last = versions.last else {
      throw SchemaError(.unreadable, "the bundle holds no .xcdatamodel", file: file)
    }
    return bundle.appendingPathComponent(last)
  }

  /// Resolves inheritance, checks destinations, inverses and primary keys.
  private func link() throws(SchemaError) {
    // Inheritance, parents first; a cycle is an error.
    var resolved: Set<String> = []
    func resolve(_ entity: EntityDescription, chain: [String]) throws(SchemaError) {
      if resolved.contains(entity.name) { return }
      guard !chain.contains(entity.name) else {
        throw SchemaError(.inheritanceCycle, "inheritance cycle: \((chain + [entity.name]).joined(separator: " → "))", entity: entity.name)
      }
      var attributes: [AttributeDescription] = []
      var relationships: [RelationshipDescription] = []
      if let parentName = entity.parentName {
        guard let parent = byName[parentName] else {
          throw SchemaError(.unknownParent, "the parent entity \(parentName) does not exist", entity: entity.name)
        }
        try resolve(parent, chain: chain + [entity.name])
        entity.parent = parent
        attributes = parent.attributes
        relationships = parent.relationships
      }
      entity.attributes = attributes + entity.ownAttributes
      entity.relationships = relationships + entity.ownRelationships
      resolved.insert(entity.name)
    }
    for entity in entities { try resolve(entity, chain: []) }

    for entity in entities {
      for relationship in entity.ownRelationships {
        guard let destination = byName[relationship.destinationEntityName] else {
          throw SchemaError(
            .unknownDestination, "the destination entity \(relationship.destinationEntityName) does not exist",
            entity: entity.name, property: relationship.name)
        }
        if let inverseName = relationship.inverseName {
          guard let inverse = destination.relationship(named: inverseName) else {
            throw SchemaError(
              .inverseMismatch, "the inverse \(destination.name).\(inverseName) does not exist", entity: entity.name,
              property: relationship.name)
          }
          // The inverse's own destination may not exist (yet: its entity is checked in turn).
          let inverseDestination = byName[inverse.destinationEntityName]
          guard inverse.inverseName == relationship.name, let inverseDestination,
            entity.isKind(of: inverseDestination) || inverseDestination.isKind(of: entity)
          else {
            throw SchemaError(
              .inverseMismatch,
              "the inverse \(destination.name).\(inverseName) points to \(inverse.destinationEntityName).\(inverse.inverseName ?? "nothing"), not back here",
              entity: entity.name, property: relationship.name)
          }
        }
      }
      if let key = entity.userInfo["primaryKey"], entity.attribute(named: key) == nil {
        throw SchemaError(.unknownPrimaryKey, "primaryKey names \(key), which is not an attribute", entity: entity.name)
      }
    }
  }
}

/// Reads the elements of a `contents` file.
enum ModelFileReader {
  static func entity(_ element: XMLElement, transformers: TransformerRegistry) throws(SchemaError) -> EntityDescription {
    guard let name = element.attribute("name"), !name.isEmpty else {
      throw SchemaError(.missingValue, "an <entity> has no name", line: element.line)
    }
    var attributes: [AttributeDescription] = []
    var relationships: [RelationshipDescription] = []
    var names: Set<String> = []
    for child in element.children where child.name == "attribute" || child.name == "relationship" {
      guard let propertyName = child.attribute("name"), !propertyName.isEmpty else {
        throw SchemaError(.missingValue, "an <\(child.name)> has no name", entity: name, line: child.line)
      }
      guard names.insert(propertyName).inserted else {
        throw SchemaError(.duplicateName, "two properties are named \(propertyName)", entity: name, property: propertyName, line: child.line)
      }
      if child.name == "attribute" {
        attributes.append(try attribute(child, name: propertyName, entity: name, transformers: transformers))
      } else {
        relationships.append(try relationship(child, name: propertyName, entity: name))
      }
    }
    return EntityDescription(
      name: name, isAbstract: element.attribute("isAbstract") == "YES", representedClassName: element.attribute("representedClassName"),
      userInfo: userInfo(element), parentName: element.attribute("parentEntity"), ownAttributes: attributes,
      ownRelationships: relationships)
  }

  static func attribute(
    _ element: XMLElement, name: String, entity: String, transformers: TransformerRegistry
  ) throws(SchemaError) -> AttributeDescription {
    guard let typeName = element.attribute("attributeType") else {
      throw SchemaError(.missingValue, "the attribute has no attributeType", entity: entity, property: name, line: element.line)
    }
    guard let type = AttributeType(rawValue: typeName) else {
      throw SchemaError(
        .unknownAttributeType, "unknown attribute type \"\(typeName)\"", entity: entity, property: name, line: element.line)
    }
    let defaultValue = element.attribute("defaultValueString")
    if let defaultValue, !AttributeDefaults.isValid(defaultValue, for: type) {
      throw SchemaError(
        .invalidDefault, "the default value \"\(defaultValue)\" is not a \(typeName)", entity: entity, property: name, line: element.line)
    }
    return AttributeDescription(
      name: name, type: type, isOptional: element.attribute("optional") == "YES", defaultValueString: defaultValue,
      customClassName: element.attribute("customClassName"), valueTransformerName: element.attribute("valueTransformerName"),
      userInfo: userInfo(element), transformers: transformers)
  }

  static func relationship(_ element: XMLElement, name: String, entity: String) throws(SchemaError) -> RelationshipDescription {
    guard let destination = element.attribute("destinationEntity") else {
      throw SchemaError(.missingValue, "the relationship has no destinationEntity", entity: entity, property: name, line: element.line)
    }
    return RelationshipDescription(
      name: name, destinationEntityName: destination, inverseName: element.attribute("inverseName"),
      isToMany: element.attribute("toMany") == "YES", isOrdered: element.attribute("ordered") == "YES",
      isOptional: element.attribute("optional") == "YES", minCount: element.attribute("minCount").flatMap { Int($0) },
      maxCount: element.attribute("maxCount").flatMap { Int($0) }, deletionRule: element.attribute("deletionRule"),
      userInfo: userInfo(element))
  }

  /// `<userInfo><entry key="…" value="…"/></userInfo>`.
  static func userInfo(_ element: XMLElement) -> [String: String] {
    var result: [String: String] = [:]
    for entry in element.child(named: "userInfo")?.children(named: "entry") ?? [] {
      if let key = entry.attribute("key") { result[key] = entry.attribute("value") ?? "" }
    }
    return result
  }
}

/// Default values as the model file writes them.
enum AttributeDefaults {
  static func isValid(_ text: String, for type: AttributeType) -> Bool {
    switch type {
    case .integer16: Int16(text) != nil
    case .integer32: Int32(text) != nil
    case .integer64: Int64(text) != nil
    case .double, .float: Double(text) != nil
    case .decimal: Decimal(string: text) != nil
    case .boolean: ["YES", "NO", "true", "false", "1", "0"].contains(text)
    case .string, .uri, .uuid, .date, .binaryData, .transformable: true
    }
  }
}
