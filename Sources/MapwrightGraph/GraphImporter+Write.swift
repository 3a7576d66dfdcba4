// Pass 2 of an import: each element becomes row writes. Attributes present are decoded as a
// decode would decode them; a new object's absent attributes take their defaults (a
// non-optional one without a default is a missing key); relationships present are written
// where the layout stores them: this row's column, the destination rows' column (their
// previous children detached, or deleted when they have no primary key), or a join table.

import MapwrightEngine
import MapwrightSchema

extension GraphImporter {
  /// The parent a nested object is written under: its relationship column points there.
  struct Link {
    let column: String
    let id: Int64
  }

  /// Writes one object (and what it nests) and returns its row id.
  func write(
    _ object: JSONValue, _ plan: EntityPlan, _ session: DecodingSession, into writes: inout ImportBatch, link: Link?,
    path: @autoclosure () -> JSONPath
  ) throws -> Int64 {
    let entity = plan.entity
    guard object.kind == .object else { throw MappingError.typeMismatch(expected: "\(entity.name) object", at: object) }
    let key = try primaryKey(of: object, plan, session)
    let id: Int64
    let stored: Bool
    if let key, let known = try row(of: key, plan) {
      (id, stored) = known
    } else {
      if plan.keyIsRowID, key == nil {
        // Its row id would be its key: an id handed out could be another object's key.
        throw MappingError.invalidValue("a \(entity.name) needs its \(entity.primaryKey ?? "key"), which identifies its row", at: object)
      }
      id = try newID(plan, key: key)
      stored = false
      if let key { plan.setFresh(key, id) }
    }
    let firstWrite = plan.written.insert(id)
    if firstWrite {
      if stored { summary.updated += 1 } else { summary.inserted += 1 }
    }
    let creating = !stored && firstWrite

    var shape = EntityPlan.ColumnShape()
    let wide = plan.isWide
    var wideColumns: [String] = []  // only for a wide entity
    var values: [StoreValue] = []
    values.reserveCapacity(plan.attributes.count + 2)
    for (index, planned) in plan.attributes.enumerated() {
      let bit = UInt64(1) << UInt64(index)
      switch EntityRules.input(at: planned.path, in: object) {
      case .absent:
        // An update keeps what is stored; a new object takes its default (reported) or needs the key.
        guard creating else { continue }
        try EntityRules.absent(planned.description, at: planned.path, in: object, hasDefault: planned.defaultValue != nil, session: session)
        if let initial = planned.defaultValue {
          shape.attributes |= bit
          if wide { wideColumns.append(planned.description.name) }
          values.append(initial)
        }
      case .null(let value):
        try EntityRules.null(planned.description, value)
        shape.attributes |= bit
        if wide { wideColumns.append(planned.description.name) }
        values.append(.null)
      case .value(let value):
        shape.attributes |= bit
        if wide { wideColumns.append(planned.description.name) }
        values.append(try StoreValues.decode(value, planned, in: session))
      }
    }
    if let link {
      shape.link = link.column
      if wide { wideColumns.append(link.column) }
      values.append(.integer(link.id))
    }

    for (relationshipIndex, planned) in plan.relationships.enumerated() {
      guard let value = object.value(atPlanned: planned.path) else { continue }
      if let link, planned.description.name == link.column { continue }  // the parent sets it
      let destination = destinationPlan(plan, relationshipIndex)
      let many = planned.description.isToMany
      if many, !value.isNull {
        guard value.kind == .array else { throw MappingError.typeMismatch(expected: "array", at: value) }
        try EntityRules.checkCount(planned.description, value.count, at: value)
      }
      /// The relationship's items: none for null, the elements of a to-many, else the value.
      func forEachItem(_ body: (Int?, JSONValue) throws -> Void) throws {
        if !value.isNull { try value.forEachRelationshipItem(toMany: many, body) }
      }
      // This write of the relationship supersedes what an earlier one deferred.
      let owner = DeferredReferences.Owner(table: plan.table, id: id, relationship: planned.description.name)
      if !deferred.isEmpty { deferred.supersede(owner) }
      let label = "\(entity.name).\(planned.description.name)"
      switch planned.storage {
      case .column:
        shape.relationships |= UInt64(1) << UInt64(relationshipIndex)
        if wide { wideColumns.append(planned.description.name) }
        var target: Int64?
        try forEachItem { i, item in
          guard i ?? 0 == 0 else { return }
          target = try self.target(
            item, planned.description, plan, destination, session, &writes, link: nil, path: self.itemPath(path(), planned.path, nil)
          ) { key in
            self.deferReference(
              .column(table: plan.table, column: planned.description.name, owner: id), owner: owner, destination: destination,
              keys: [self.waitingKey(key, at: item, path: self.itemPath(path(), planned.path, nil))], relationship: label)
          }
        }
        values.append(target.map { .integer($0) } ?? .null)
      case .inverseColumn(let inverse):
        // Written again, the relationship replaces its set: links to children still to come
        // that an earlier write made are dropped with the rest.
        if !creating, !destination.pendingChildren.isEmpty { destination.dropPendingLinks(column: inverse, parent: id) }
        // Nested children are written with the link; children named by id get it set.
        try forEachItem { i, item in
          if item.kind == .object {
            _ = try write(
              item, destination, session, into: &writes, link: Link(column: inverse, id: id), path: self.itemPath(path(), planned.path, i))
          } else if let child = try target(
            item, planned.description, plan, destination, session, &writes, link: nil, path: self.itemPath(path(), planned.path, i),
            deferring: { key in
              self.deferReference(
                .inverse(table: destination.table, column: inverse, parent: id), owner: owner, destination: destination,
                keys: [self.waitingKey(key, at: item, path: self.itemPath(path(), planned.path, i))], relationship: label)
            })
          {
            if destination.isNew(child, largestStored: largestIDs[destination.entity.name] ?? 0), !destination.written.contains(child) {
              // A new child whose row comes later in the payload: the link goes with its row.
              destination.pendingLinks[child, default: []].append((inverse, id))
              destination.pendingChildren[EntityPlan.PendingParent(column: inverse, parent: id), default: []].append(child)
            } else {
              writes.foreignKeys.append(ImportBatch.ForeignKey(table: destination.table, column: inverse, ids: [child], target: id))
            }
          }
        }
        if !creating {
          writes.detaches.append(
            ImportBatch.Detach(
              table: destination.table, column: inverse, owner: id, delete: destination.entity.primaryKey == nil))
        }
      case .joinTable(let name, let reversed):
        var targets: [Int64] = []
        // With an id deferred, the whole list waits: its positions are the payload's.
        var waiting: [DeferredReferences.JoinTarget] = []
        var waitingKeys: [DeferredReferences.Key] = []
        try forEachItem { i, item in
          let found = try target(
            item, planned.description, plan, destination, session, &writes, link: nil, path: self.itemPath(path(), planned.path, i)
          ) { key in
            waiting.append(.key(key))
            waitingKeys.append(self.waitingKey(key, at: item, path: self.itemPath(path(), planned.path, i)))
          }
          if let found {
            targets.append(found)
            waiting.append(.id(found))
          }
        }
        if !waitingKeys.isEmpty {
          deferReference(
            .join(table: name, owner: id, reversed: reversed, targets: waiting), owner: owner, destination: destination, keys: waitingKeys,
            relationship: label)
        }
        writes.joins.append(ImportBatch.Join(table: name, owner: id, targets: targets, reversed: reversed, replaces: !creating))
      }
    }
    try EntityRules.checkUnknownKeys(of: object, known: plan.mappedKeys, session: session) { error throws(MappingError) in throw error }
    let columns = wide ? wideColumns : plan.columns(shape)
    if !deferred.byChild.isEmpty, let key {
      // A child's own link wins over a parent's that named it by id in an earlier segment.
      for column in columns { deferred.supersede(DeferredReferences.Child(table: plan.table, key: key, column: column)) }
    }
    writes.rows.append(ImportBatch.Row(table: plan.table, id: id, columns: columns, values: values, isNew: creating))
    if creating, !plan.pendingLinks.isEmpty, let pending = plan.pendingLinks.removeValue(forKey: id) {
      // Parents that named this object by id before it came; its own value, if it has one, wins.
      for (column, parent) in pending where !columns.contains(column) {
        writes.foreignKeys.append(ImportBatch.ForeignKey(table: plan.table, column: column, ids: [id], target: parent))
      }
    }
    return id
  }

  /// The row id an item of a relationship designates: a nested object (written), or an id.
  /// An id not found while later segments follow is handed to `deferring` (nil returned);
  /// in the last segment, it meets the missing-reference policy.
  func target(
    _ item: JSONValue, _ relationship: RelationshipDescription, _ plan: EntityPlan, _ destinationPlan: EntityPlan,
    _ session: DecodingSession, _ writes: inout ImportBatch, link: Link?, path: @autoclosure () -> JSONPath,
    deferring: (PrimaryKeyValue) -> Void
  ) throws -> Int64? {
    if item.kind == .object { return try write(item, destinationPlan, session, into: &writes, link: link, path: path()) }
    guard let key = try referencedKey(item, destinationPlan, session) else { return nil }
    if let id = try row(of: key, destinationPlan)?.id { return id }
    if laterSegmentsFollow {
      deferring(key)
      return nil
    }
    let label = "\(plan.entity.name).\(relationship.name)"
    return try unresolvedReference(key, destinationPlan, relationship: label, path: payloadPath(path()), into: &writes) {
      MappingError.invalidValue("no \(destinationPlan.entity.name) has the key \(key)", at: item)
    }
  }
}
