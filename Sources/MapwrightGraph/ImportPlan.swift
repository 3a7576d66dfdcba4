// Per-entity facts an import needs for every object, worked out once: key paths split into
// components, the primary key attribute, each relationship's destination and storage. The
// hot loop then does no string splitting and no lookups by name.

import MapwrightEngine
import MapwrightSchema

final class EntityPlan {
  // Classes, not structs: the write loop takes each in turn for every object, and a struct
  // of descriptions is copied field by field (a retain and release each) every time.
  final class Attribute {
    let description: AttributeDescription
    let path: JSONKeyPath
    let defaultValue: StoreValue?
    /// The description's type and transformer, read once (the transformer's name is looked
    /// up in the user info and the registry each time it is asked for; reading the
    /// description from the class copies it whole).
    let type: AttributeType
    let transformerName: String?

    init(description: AttributeDescription, path: JSONKeyPath, defaultValue: StoreValue?) {
      self.description = description
      self.path = path
      self.defaultValue = defaultValue
      type = description.type
      transformerName = description.transformerName
    }
  }

  final class Relationship {
    let description: RelationshipDescription
    let path: JSONKeyPath
    let destination: EntityDescription
    let storage: RelationalLayout.Storage

    init(description: RelationshipDescription, path: JSONKeyPath, destination: EntityDescription, storage: RelationalLayout.Storage) {
      self.description = description
      self.path = path
      self.destination = destination
      self.storage = storage
    }
  }

  let entity: EntityDescription
  /// The plan's number in its import (made in order, from 0).
  let number: Int
  let table: String
  let attributes: [Attribute]
  let relationships: [Relationship]
  /// The primary key attribute and its path.
  let primaryKey: Attribute?
  /// The object keys the entity maps (for the unknown-key policy), worked out once.
  lazy var mappedKeys: Set<String> = entity.mappedTopLevelKeys

  /// The plans of the relationships' destinations (by relationship index), linked once
  /// all plans are made.
  @exclusivity(unchecked) var destinationPlans: [EntityPlan?] = []

  // The import's state for this entity.
  /// Row ids by primary key in one map: objects stored before the import as their row id,
  /// new ones as the row id negated (one probe answers both "which row" and "stored?"). When
  /// the key is the row id (`keyIsRowID`), only the answer to "stored?" is kept: 1 or -1.
  @exclusivity(unchecked) var rowIDs = KeyMap()
  /// The row id is the integer key's value (`RelationalLayout.Table.keyIsRowID`).
  let keyIsRowID: Bool
  /// The last row id given out (nil: not read from the store yet).
  var lastID: Int64?
  /// Rows already written by this import (a new object's defaults apply only then; a stored
  /// object counts as updated once).
  @exclusivity(unchecked) var written = IntSet()
  /// New rows named by id in a parent's to-many before their own row came: the parent links
  /// (column, parent row id) to write with the row.
  var pendingLinks: [Int64: [(column: String, parent: Int64)]] = [:]
  /// The same links by parent: a later write of the parent's relationship replaces its set, so
  /// the links it made before are dropped.
  struct PendingParent: Hashable {
    let column: String
    let parent: Int64
  }
  var pendingChildren: [PendingParent: [Int64]] = [:]

  /// Drops the links `parent` made through `column` to children not written yet. Each claim
  /// took the child from the parents before it, so where `parent`'s was the last, the child is
  /// left with no parent through `column`, not with an earlier one.
  func dropPendingLinks(column: String, parent: Int64) {
    guard let children = pendingChildren.removeValue(forKey: PendingParent(column: column, parent: parent)) else { return }
    for child in children {
      guard let links = pendingLinks[child] else { continue }
      let last = links.last { $0.column == column }
      let kept =
        last?.parent == parent
        ? links.filter { $0.column != column } : links.filter { !($0.column == column && $0.parent == parent) }
      pendingLinks[child] = kept.isEmpty ? nil : kept
    }
  }
  /// Keys seen while scanning: the payload's objects' keys in payload order (repeats
  /// included), and the ids relationships name.
  var payloadKeys = KeyList()
  var referencedKeys = KeySet()
  /// Payload keys not yet sent to be looked up, and the row ids the lookups found (filled
  /// on the lookup thread, read after it finishes).
  var unsentKeys: [PrimaryKeyValue] = []
  let found = FoundKeys()

  /// Which columns a row writes: attributes (bit per attribute), the parent link, and
  /// relationship columns (bit per relationship); the column names of each shape, built once.
  struct ColumnShape: Hashable {
    var attributes: UInt64 = 0
    var relationships: UInt64 = 0
    var link: String?
  }
  var columnNames: [ColumnShape: [String]] = [:]
  /// More than 64 attributes or relationships: shapes do not fit a mask; rows name their
  /// columns one by one.
  var isWide: Bool { attributes.count > 64 || relationships.count > 64 }

  func columns(_ shape: ColumnShape) -> [String] {
    if let names = columnNames[shape] { return names }
    var names = attributes.indices.filter { shape.attributes & (1 << UInt64($0)) != 0 }.map { attributes[$0].description.name }
    if let link = shape.link { names.append(link) }
    names += relationships.indices.filter { shape.relationships & (1 << UInt64($0)) != 0 }.map { relationships[$0].description.name }
    columnNames[shape] = names
    return names
  }

  /// The row of `key` known so far, and whether it was stored before the import.
  @inline(__always)
  func row(of key: PrimaryKeyValue) -> (id: Int64, stored: Bool)? {
    guard let value = rowIDs[key] else { return nil }
    if keyIsRowID, case .integer(let id) = key { return (id, value > 0) }
    return value > 0 ? (value, true) : (-value, false)
  }

  /// What `rowIDs` holds for a row: see there.
  @inline(__always)
  func entry(_ id: Int64, stored: Bool) -> Int64 { keyIsRowID ? (stored ? 1 : -1) : (stored ? id : -id) }

  func setStored(_ key: PrimaryKeyValue, _ id: Int64) { rowIDs[key] = entry(id, stored: true) }
  func setFresh(_ key: PrimaryKeyValue, _ id: Int64) { rowIDs[key] = entry(id, stored: false) }

  /// Whether the row with `id` was written or given out by this import, not stored before it
  /// (`largestStored`: the table's largest row id when the import began).
  func isNew(_ id: Int64, largestStored: Int64) -> Bool {
    keyIsRowID ? (rowIDs[id].map { $0 < 0 } ?? false) : id > largestStored
  }

  init(_ entity: EntityDescription, layout: RelationalLayout, number: Int) {
    self.entity = entity
    self.number = number
    table = layout.tables[entity.name]!.name
    keyIsRowID = layout.tables[entity.name]!.keyIsRowID
    let attributes = entity.attributes.map { attribute in
      let initial = attribute.defaultValueString.flatMap { AttributeValues.value(fromDefault: $0, type: attribute.type) }
      return Attribute(
        description: attribute, path: JSONKeyPath(attribute.jsonKeyPath),
        defaultValue: initial.flatMap { try? StoreValues.value($0, attribute) })
    }
    relationships = entity.relationships.map { relationship in
      Relationship(
        description: relationship, path: JSONKeyPath(relationship.jsonKeyPath),
        destination: entity.destination(of: relationship), storage: layout.storage(of: relationship, in: entity))
    }
    self.attributes = attributes
    destinationPlans = Array(repeating: nil, count: relationships.count)
    primaryKey = entity.primaryKey.flatMap { name in attributes.first { $0.description.name == name } }
  }
}

/// A value handed to other threads by code that makes sure they use it safely.
package struct UncheckedBox<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}

/// The answers of an entity's lookup queries, filled by the thread that runs them: pairs of
/// key and row id in lists (16 bytes an integer key; a hash table would cost twice that).
final class FoundKeys: @unchecked Sendable {
  var integers: [(key: Int64, id: Int64)] = []
  var texts: [(key: String, id: Int64)] = []

  func add(_ answers: [PrimaryKeyValue: Int64]) {
    for (key, id) in answers {
      switch key {
      case .integer(let value): integers.append((value, id))
      case .text(let value): texts.append((value, id))
      }
    }
  }

  /// Moves every answer into `map` (as `plan` keeps a stored row), emptying the lists.
  func move(into map: inout KeyMap, _ plan: EntityPlan) {
    for (key, id) in integers { map[key] = plan.entry(id, stored: true) }
    for (key, id) in texts { map[.text(key)] = plan.entry(id, stored: true) }
    integers = []
    texts = []
  }
}

extension JSONValue {
  /// Calls `body` with the items of a relationship's value: each element of an array (with
  /// its index) for a to-many, else the value itself (index nil).
  @inline(__always)
  func forEachRelationshipItem<E: Error>(toMany: Bool, _ body: (Int?, JSONValue) throws(E) -> Void) throws(E) {
    guard toMany, kind == .array else { return try body(nil, self) }
    var index = 0
    for item in elements {
      try body(index, item)
      index += 1
    }
  }

  /// The value at a parsed key path (one component: a member lookup).
  @inline(__always)
  func value(atPlanned path: JSONKeyPath) -> JSONValue? {
    path.components.count == 1 ? self[path.components[0].key] : value(at: path)
  }
}
