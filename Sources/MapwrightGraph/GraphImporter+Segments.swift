// Imports in segments. An import holds every primary key of the payload it has scanned (its
// identity map: which row each key is, stored or new), so a payload of tens of millions of
// objects would hold gigabytes of keys. Past `ImportOptions.maximumKeysPerSegment` keys, the
// import goes a segment at a time: pass 1 and pass 2 over some whole batches, then the map
// is dropped and the next segment finds what earlier ones wrote by its lookups in the store.
//
// What a segment cannot settle alone is a reference by id to an object that comes in a later
// segment. Such a reference is deferred: the row is written without it, and the reference is
// kept (its destination, key, what to write once it resolves, and its place in the payload).
// A deferred key was neither stored nor in its segment, so only a later segment's payload can
// bring it: pass 1 of each segment notes the waiting keys its payload holds (one probe per
// payload key while references wait), and between pass 1 and pass 2, with the rows the segment
// gave those keys, the references are written — before the segment's own writes, as they
// come before them in the payload, so that later writes win as in one pass (a link to a child
// whose row the segment writes goes with that row, where the child's own value wins). No
// query, and each reference handled once: the cost stays linear in the payload and in the
// references. In the last segment, what is still missing meets the missing-reference policy
// before its writes, as it would have in one pass. A later write of the same relationship of
// the same owner (or, for a child named by its parent, the child's own link) in a segment
// between supersedes a deferred reference, as it would have overwritten it in one pass. So the
// store ends as a single pass leaves it; what differs is when an `.error` reference fails (at
// the last segment, the batches before it kept, not at its own batch) and that an object
// repeated in two segments counts as inserted once and then updated.

import MapwrightEngine
import MapwrightJSON
import MapwrightSchema

/// The references of a segment that wait for a later one.
struct DeferredReferences {
  /// What a reference becomes once its key resolves.
  enum Fix {
    /// The owner's own column points at the destination.
    case column(table: String, column: String, owner: Int64)
    /// The destination row (a child named by id) points back at the owner.
    case inverse(table: String, column: String, parent: Int64)
    /// The owner's targets in a join table, in order: resolved ids and deferred keys.
    case join(table: String, owner: Int64, reversed: Bool, targets: [JoinTarget])
  }

  enum JoinTarget {
    case id(Int64)
    case key(PrimaryKeyValue)
  }

  /// The owner and relationship a reference belongs to (a later write of them supersedes it).
  struct Owner: Hashable {
    let table: String
    let id: Int64
    let relationship: String
  }

  /// A child named by its parent before the child's row came: the child's own value of the
  /// inverse column, when its row comes, wins over the parent's link.
  struct Child: Hashable {
    let table: String
    let key: PrimaryKeyValue
    let column: String
  }

  /// An id waiting, and where it is: its path in the payload, the run's bytes and the id's
  /// offset in the text the run was parsed as (for an error's line and column).
  struct Key {
    let key: PrimaryKeyValue
    let path: JSONPath
    let run: Range<Int>
    let offsetInRun: Int
  }

  struct Reference {
    let fix: Fix
    let owner: Owner
    /// The destination's plan, and the ids waiting (one, or a join's deferred targets).
    let destination: EntityPlan
    let keys: [Key]
    /// `Entity.relationship`, for the policy and the summary.
    let relationship: String
    /// A later write replaced it: its ids still meet the policy (a placeholder is made, an
    /// unresolved one listed, as in one pass), but nothing is linked.
    var superseded = false
  }

  /// A key of an entity (by plan number).
  struct EntityKey: Hashable {
    let entity: Int
    let key: PrimaryKeyValue
  }

  /// The references in the order they were deferred (payload order); nil once handled.
  var references: [Reference?] = []
  /// How many distinct keys each reference still waits for.
  var waiting: [Int] = []
  /// The references waiting for each key.
  var byKey: [EntityKey: [Int]] = [:]
  /// Waiting keys the segment under way holds (noted in pass 1), and the rows keys got.
  var arriving: [EntityKey] = []
  var found: [EntityKey: Int64] = [:]
  var byOwner: [Owner: [Int]] = [:]
  var byChild: [Child: [Int]] = [:]
  /// References not handled yet.
  var pending = 0

  var isEmpty: Bool { pending == 0 }

  mutating func add(_ reference: Reference) {
    let index = references.count
    if !reference.superseded {
      byOwner[reference.owner, default: []].append(index)
      if case .inverse(let table, let column, _) = reference.fix {
        byChild[Child(table: table, key: reference.keys[0].key, column: column), default: []].append(index)
      }
    }
    let keys = Set(reference.keys.map { EntityKey(entity: reference.destination.number, key: $0.key) })
    for key in keys { byKey[key, default: []].append(index) }
    references.append(reference)
    waiting.append(keys.count)
    pending += 1
  }

  /// Notes the keys of a segment's payload that references wait for (pass 1).
  mutating func noteArriving(_ keys: [PrimaryKeyValue], entity: Int) {
    for key in keys where byKey[EntityKey(entity: entity, key: key)] != nil { arriving.append(EntityKey(entity: entity, key: key)) }
  }

  /// A write of `owner`'s relationship supersedes what was deferred for it.
  mutating func supersede(_ owner: Owner) {
    guard let indices = byOwner.removeValue(forKey: owner) else { return }
    for i in indices { references[i]?.superseded = true }
  }

  /// A child's row written with its own value of `column` supersedes its parents' links.
  mutating func supersede(_ child: Child) {
    guard let indices = byChild.removeValue(forKey: child) else { return }
    for i in indices { references[i]?.superseded = true }
  }
}

extension GraphImporter {
  /// Defers a reference to a later segment (`keys`: the ids not found in this one); called by
  /// `target` only while later segments follow — in the last one, the policy applies at once.
  func deferReference(
    _ fix: DeferredReferences.Fix, owner: DeferredReferences.Owner, destination: EntityPlan, keys: [DeferredReferences.Key], relationship: String
  ) {
    deferred.add(DeferredReferences.Reference(fix: fix, owner: owner, destination: destination, keys: keys, relationship: relationship))
  }

  /// An id of the run being mapped, kept with its place for a deferred reference.
  func waitingKey(_ key: PrimaryKeyValue, at item: JSONValue, path: JSONPath) -> DeferredReferences.Key {
    DeferredReferences.Key(key: key, path: payloadPath(path), run: currentRun, offsetInRun: item.byteOffset)
  }

  /// Between pass 1 and pass 2 of a segment (its keys have rows): the references of earlier
  /// segments whose keys the segment brings are written, in one transaction before the
  /// segment's own writes — earlier in the payload, so that what the segment writes wins, as
  /// in one pass. In the last segment (`final`), the rest meet the missing-reference policy.
  /// Either way in payload order.
  func resolveDeferredReferences(final: Bool, scanner: some ImportPayload) throws {
    guard !deferred.isEmpty else { return }
    var ready: [Int] = []
    for arrived in deferred.arriving {
      guard let indices = deferred.byKey.removeValue(forKey: arrived) else { continue }  // noted twice
      guard let plan = plans.values.first(where: { $0.number == arrived.entity }), let id = plan.row(of: arrived.key)?.id else { continue }
      deferred.found[arrived] = id
      for i in indices {
        deferred.waiting[i] -= 1
        if deferred.waiting[i] == 0 { ready.append(i) }
      }
    }
    deferred.arriving = []
    if final { ready += deferred.references.indices.filter { deferred.references[$0] != nil && deferred.waiting[$0] > 0 } }

    // Of the parents that named a child by id, the last one's claim decides (each took the
    // child from those before it): a later write that dropped it from the last parent's set
    // leaves it with no parent, not with an earlier one.
    let ordered = Set(ready).sorted()
    var lastClaim: [DeferredReferences.Child: Int] = [:]
    for index in ordered {
      guard let reference = deferred.references[index], case .inverse(let table, let column, _) = reference.fix else { continue }
      lastClaim[DeferredReferences.Child(table: table, key: reference.keys[0].key, column: column)] = index
    }
    var writes = ImportBatch()
    for index in ordered {
      guard var reference = deferred.references[index] else { continue }
      if case .inverse(let table, let column, _) = reference.fix,
        lastClaim[DeferredReferences.Child(table: table, key: reference.keys[0].key, column: column)] != index
      {
        reference.superseded = true  // its id still meets the policy; its link is overridden
      }
      deferred.references[index] = nil
      deferred.pending -= 1
      let (name, entity) = (reference.destination.entity.name, reference.destination.number)
      /// The row of an id: found, or what the policy makes of a missing one.
      func row(_ waiting: DeferredReferences.Key) throws -> Int64? {
        let key = DeferredReferences.EntityKey(entity: entity, key: waiting.key)
        // Found by a later segment, or given a row by the segment just written (a placeholder
        // that one of its own references made serves this reference too, as in one pass).
        if let id = deferred.found[key] ?? reference.destination.row(of: waiting.key)?.id { return id }
        let id = try unresolvedReference(waiting.key, reference.destination, relationship: reference.relationship, path: waiting.path, into: &writes)
        {
          let (line, column) = location(ofOffset: waiting.offsetInRun, inRun: waiting.run, scanner: scanner)
          return MappingError(invalidValue: "no \(name) has the key \(waiting.key)").moved(to: waiting.path, line: line, column: column)
        }
        if let id { deferred.found[key] = id }  // a placeholder serves every reference to its key
        return id
      }
      if reference.superseded {
        for key in reference.keys { _ = try row(key) }
        continue
      }
      switch reference.fix {
      case .column(let table, let column, let owner):
        if let target = try row(reference.keys[0]) {
          writes.foreignKeys.append(ImportBatch.ForeignKey(table: table, column: column, ids: [owner], target: target))
        }
      case .inverse(let table, let column, let parent):
        guard let child = try row(reference.keys[0]) else { break }
        if reference.destination.written.contains(child) {
          // A placeholder made just now: its row is in this write.
          writes.foreignKeys.append(ImportBatch.ForeignKey(table: table, column: column, ids: [child], target: parent))
        } else {
          // The child's row comes in this segment: the link goes with it, as for a parent of
          // the segment that named it, so that the child's own value and later parents win.
          reference.destination.pendingLinks[child, default: []].append((column, parent))
          reference.destination.pendingChildren[EntityPlan.PendingParent(column: column, parent: parent), default: []].append(child)
        }
      case .join(let table, let owner, let reversed, let targets):
        var ids: [Int64] = []
        var next = reference.keys.makeIterator()
        for target in targets {
          switch target {
          case .id(let id): ids.append(id)
          case .key: if let key = next.next(), let id = try row(key) { ids.append(id) }
          }
        }
        writes.joins.append(ImportBatch.Join(table: table, owner: owner, targets: ids, reversed: reversed, replaces: true))
      }
    }
    if deferred.isEmpty { deferred = DeferredReferences() }  // nothing waits: drop the indexes
    try store.write(writes)
  }

  /// What the missing-reference policy makes of an id that resolves to nothing: an error, a
  /// listed unresolved reference (nil), or a placeholder row (its id). One rule for a reference
  /// found missing in its batch and one found missing after the last segment.
  func unresolvedReference(
    _ key: PrimaryKeyValue, _ destinationPlan: EntityPlan, relationship: String, path: @autoclosure () -> JSONPath,
    into writes: inout ImportBatch, error: () -> MappingError
  ) throws -> Int64? {
    let destination = destinationPlan.entity
    switch options.missingReferencesByRelationship[relationship] ?? options.missingReferences {
    case .error:
      throw error()
    case .report:
      summary.unresolvedCount += 1
      if summary.unresolved.count < options.maximumListedUnresolved {
        summary.unresolved.append(UnresolvedReference(entity: destination.name, relationship: relationship, key: key, path: path()))
      }
      return nil
    case .placeholder:
      let id = try newID(destinationPlan, key: key)
      destinationPlan.setFresh(key, id)
      let attribute = destinationPlan.primaryKey!.description
      writes.rows.append(ImportBatch.Row(table: destinationPlan.table, id: id, columns: [attribute.name], values: [key.storeValue], isNew: true))
      _ = destinationPlan.written.insert(id)
      summary.placeholders += 1
      return id
    }
  }

  /// Line and column in the payload of an offset in the text a run was parsed as.
  func location(ofOffset offset: Int, inRun run: Range<Int>, scanner: some ImportPayload) -> (line: Int, column: Int) {
    var text: [UInt8] = [UInt8(ascii: "[")]
    (try? scanner.withBytes(of: run) { text.append(contentsOf: $0) }) ?? ()
    text.append(UInt8(ascii: "]"))
    let location = text.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    return scanner.location(ofLine: location.line, column: location.column, inRunAt: run)
  }

  /// Drops a segment's identity map and lists; the row ids given out go on from where they
  /// stopped, and the references deferred stay.
  func forgetSegment() {
    for plan in plans.values {
      plan.rowIDs = KeyMap()
      plan.written = IntSet()
      plan.payloadKeys = KeyList()
      plan.referencedKeys = KeySet()
      plan.unsentKeys = []
      plan.pendingLinks = [:]
      plan.pendingChildren = [:]
    }
  }
}
