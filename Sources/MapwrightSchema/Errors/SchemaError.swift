// What can be wrong with a model file, as one error type naming the file, the entity and the
// property (attribute or relationship) concerned.

import MapwrightJSON

/// A model file that cannot be read or is inconsistent.
///
/// ```swift
/// do { _ = try ObjectModel(contentsOf: url) } catch let error as SchemaError {
///   print(error)   // "Library.xcdatamodel: entity Book, relationship author: …"
/// }
/// ```
public struct SchemaError: Error, Sendable, CustomStringConvertible {
  /// What kind of problem.
  public enum Code: Sendable, Hashable {
    /// The file or bundle cannot be read.
    case unreadable
    /// The XML is malformed, or not a Core Data model.
    case malformedXML
    /// A required XML attribute (an entity's or property's `name`, …) is missing.
    case missingValue
    case duplicateName
    case unknownAttributeType
    case unknownDestination
    /// A relationship's inverse does not exist or does not point back.
    case inverseMismatch
    case unknownParent
    case inheritanceCycle
    /// `primaryKey` names no attribute of the entity.
    case unknownPrimaryKey
    /// A default value that the attribute's type cannot hold.
    case invalidDefault
    /// A model type that has no entity description (`@JSONModel` describes structs and
    /// final classes).
    case notAnEntity
  }

  /// What kind of problem.
  public let code: Code
  /// What is wrong.
  public let message: String
  /// The file (the `.xcdatamodel` or the bundle), when known.
  public let file: String?
  /// The entity concerned, when there is one.
  public let entity: String?
  /// The attribute or relationship.
  public let property: String?
  /// The line in the `contents` XML, when known.
  public let line: Int?

  package init(_ code: Code, _ message: String, file: String? = nil, entity: String? = nil, property: String? = nil, line: Int? = nil) {
    self.code = code
    self.message = message
    self.file = file
    self.entity = entity
    self.property = property
    self.line = line
  }

  func inFile(_ file: String) -> SchemaError {
    SchemaError(code, message, file: self.file ?? file, entity: entity, property: property, line: line)
  }

  /// The place (file and line, entity, property) and the message.
  public var description: String {
    var place: [String] = []
    if let file { place.append(line.map { "\(file):\($0)" } ?? file) }
    if let entity { place.append("entity \(entity)") }
    if let property { place.append("property \(property)") }
    return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
  }
}

extension SchemaError: MapwrightError {
  /// The code's name (`malformedXML`, `unknownDestination`…).
  public var errorCode: String { "\(code)" }
  /// `io` for a file that cannot be read, `syntax` for XML that is not a model, else `data`.
  public var errorCategory: MapwrightErrorCategory {
    switch code {
    case .unreadable: .io
    case .malformedXML: .syntax
    default: .data
    }
  }
  /// A model file has no JSON place (the message names the entity and the property).
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}
