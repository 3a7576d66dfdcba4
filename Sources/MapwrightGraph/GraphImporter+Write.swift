// Pass 2 of an import: each element becomes row writes. Attributes present are decoded as a
// decode would decode them; a new object's absent attributes take their defaults (a
// non-optional one without a default is a missing key); relationships present are written
// where the layout stores them: this row's column, the destination rows' column (their
// previous children detached, or deleted when they have no primary key), or a join table.

import Mapwright
import MapwrightSchema

extension GraphImporter {
  /// The parent a nested object is written under: its relationship column points there.
  struct Link {
    let column: String
    let id: Int64
  }

  /// Writes one object (and what it nests) and returns its row id.
  func write(
    _ object: JSONValue, _ entity: EntityDescription, _ session: DecodingSession, into writes: inout ImportBatch, link: Link?
  ) throws -> Int64 {
    guard object.kind == .object else { throw MappingError.typeMismatch(expected: "\(entity.name) object", at: object) }
    let layout = store.layout
    let table = layout.tables[entity.name]!
    let key = try primaryKey(of: object, entity, session)
    let id: Int64
    let stored: Bool
    if let key, let fresh = newIDs[entity.name]?[key] {
      id = fresh
      stored = false
    } else if let key, let existing = try lookUp(key, entity.name) {
      id = existing
      stored = true
    } else {
      id = try allocateID(entity.name)
      stored = false
      if let key { newIDs[entity.name, default: [:]][key] = id }
    }
    let firstWrite = written.insert(ObjectKeyID(table: table.name, id: id)).inserted
    if firstWrite {
      if stored { summary.updated += 1 } else { summary.inserted += 1 }
    }
    let creating = !stored && firstWrite

    var columns: [String] = []
    var values: [StoreValue] = []
    for attribute in entity.attributes {
      guard let value = object.value(atKeyPath: attribute.jsonKeyPath.split(separator: ".")) else {
        if creating, let text = attribute.defaultValueString, let initial = AttributeValues.value(fromDefault: text, type: attribute.type) {
          columns.append(attribute.name)
          values.append(try StoreValues.value(initial, attribute))
        } else if creating, !attribute.isOptional {
          throw missingKey(attribute.jsonKeyPath, in: object)
        }
        continue
      }
      if value.isNull {
        guard attribute.isOptional else { throw MappingError.typeMismatch(expected: attribute.type.rawValue.lowercased(), at: value) }
        columns.append(attribute.name)
        values.append(.null)
        continue
      }
      columns.append(attribute.name)
      values.append(try StoreValues.value(AttributeValues.decode(value, attribute, in: session), attribute))
    }
    if let link {
      columns.append(link.column)
      values.append(.integer(link.id))
    }

    for relationship in entity.relationships {
      guard let value = object.value(atKeyPath: relationship.jsonKeyPath.split(separator: ".")) else { continue }
      if let link, relationship.name == link.column { continue }  // the parent sets it
      let destination = entity.destination(of: relationship)
      let destinationTable = layout.tables[destination.name]!
      let items: [JSONValue]
      if value.isNull {
        items = []
      } else if relationship.isToMany {
        guard value.kind == .array else { throw MappingError.typeMismatch(expected: "array", at: value) }
        items = Array(value.elements)
      } else {
        items = [value]
      }
      switch layout.storage(of: relationship, in: entity) {
      case .column:
        columns.append(relationship.name)
        if let item = items.first, let target = try target(item, relationship, entity, session, &writes, link: nil) {
          values.append(.integer(target))
        } else {
          values.append(.null)
        }
      case .inverseColumn(let inverse):
        var children: [Int64] = []
        for item in items {
          if item.kind == .object {
            children.append(try write(item, destination, session, into: &writes, link: Link(column: inverse, id: id)))
          } else if let child = try target(item, relationship, entity, session, &writes, link: nil) {
            children.append(child)
            writes.foreignKeys.append(ImportBatch.ForeignKey(table: destinationTable.name, column: inverse, ids: [child], target: id))
          }
        }
        if !creating {
          writes.detaches.append(ImportBatch.Detach(
            table: destinationTable.name, column: inverse, owner: id, keeping: children, delete: destination.primaryKey == nil))
        }
      case .joinTable(let name, let reversed):
        var targets: [Int64] = []
        for item in items {
          if let target = try target(item, relationship, entity, session, &writes, link: nil) { targets.append(target) }
        }
        writes.joins.append(ImportBatch.Join(table: name, owner: id, targets: targets, reversed: reversed))
      }
    }
    writes.rows.append(ImportBatch.Row(table: table.name, id: id, columns: columns, values: values))
    return id
  }

  /// The row id an item of a relationship designates: a nested object (written), or an id.
  func target(
    _ item: JSONValue, _ relationship: RelationshipDescription, _ entity: EntityDescription, _ session: DecodingSession,
    _ writes: inout ImportBatch, link: Link?
  ) throws -> Int64? {
    let destination = entity.destination(of: relationship)
    if item.kind == .object { return try write(item, destination, session, into: &writes, link: link) }
    guard let key = try referencedKey(item, destination, session) else { return nil }
    if let id = try lookUp(key, destination.name) { return id }
    let policy = options.missingReferencesByRelationship["\(entity.name).\(relationship.name)"] ?? options.missingReferences
    switch policy {
    case .error:
      throw MappingError.invalidValue("no \(destination.name) has the key \(key)", at: item)
    case .report:
      summary.unresolved.append(UnresolvedReference(entity: destination.name, relationship: "\(entity.name).\(relationship.name)", key: key, path: payloadPath(item.path)))
      return nil
    case .placeholder:
      let id = try allocateID(destination.name)
      newIDs[destination.name, default: [:]][key] = id
      let attribute = destination.attribute(named: destination.primaryKey!)!
      let keyValue: StoreValue = switch key {
      case .integer(let value): .integer(value)
      case .text(let value): .text(value)
      }
      writes.rows.append(ImportBatch.Row(table: destination.name, id: id, columns: [attribute.name], values: [keyValue]))
      written.insert(ObjectKeyID(table: destination.name, id: id))
      summary.placeholders += 1
      return id
    }
  }

  func missingKey(_ keyPath: String, in object: JSONValue) -> MappingError {
    let components = keyPath.split(separator: ".").map(String.init)
    var current = object
    for component in components.dropLast() {
      guard let next = current.value(atKeyPath: [component]), next.kind == .object else {
        return MappingError.missingKey(component, in: current)
      }
      current = next
    }
    return MappingError.missingKey(components.last ?? keyPath, in: current)
  }
}
