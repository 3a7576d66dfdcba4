// Imports in segments. An import holds every primary key of the payload it has scanned (its
// identity map: which row each key is, stored or new), so a payload of tens of millions of
// objects would hold gigabytes of keys. Past `ImportOptions.maximumKeysPerSegment` keys, the
// import goes a segment at a time: pass 1 and pass 2 over some whole batches, then the map
// is dropped and the next segment finds what earlier ones wrote by its lookups in the store.
//
// What a segment cannot settle alone is a reference by id to an object that comes in a later
// segment. Such a reference is deferred: the row is written without it, and the reference is
// kept (its destination, key, what to write once it resolves, and its place in the payload).
// After each segment the deferred keys are looked up; those found are written then. After the
// last segment, what is still missing meets the missing-reference policy, as it would have in
// one pass. A later write of the same relationship of the same owner (or, for a child named by
// its parent, the child's own link) supersedes a deferred reference, as it would have
// overwritten it in one pass. So the store ends as a single pass leaves it; what differs is
// when an `.error` reference fails (after the last segment, the batches before it kept, not
// at its own batch) and that an object repeated in two segments counts as inserted once and
// then updated.

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

  var references: [Reference] = []
  var byOwner: [Owner: [Int]] = [:]
  var byChild: [Child: [Int]] = [:]

  var isEmpty: Bool { references.isEmpty }

  mutating func add(_ reference: Reference) {
    if !reference.superseded {
      byOwner[reference.owner, default: []].append(references.count)
      if case .inverse(let table, let column, _) = reference.fix {
        byChild[Child(table: table, key: reference.keys[0].key, column: column), default: []].append(references.count)
      }
    }
    references.append(reference)
  }

  /// A write of `owner`'s relationship supersedes what was deferred for it.
  mutating func supersede(_ owner: Owner) {
    guard let indices = byOwner.removeValue(forKey: owner) else { return }
    for i in indices { references[i].superseded = true }
  }

  /// A child's row written with its own value of `column` supersedes its parents' links.
  mutating func supersede(_ child: Child) {
    guard let indices = byChild.removeValue(forKey: child) else { return }
    for i in indices { references[i].superseded = true }
  }
}

extension GraphImporter {
  /// Defers a reference to a later segment when one follows (`keys`: the ids not found in
  /// this segment); false when this is the last segment, so the policy applies now.
  func deferReference(_ fix: DeferredReferences.Fix, owner: DeferredReferences.Owner, destination: EntityPlan, keys: [DeferredReferences.Key], relationship: String) {
    deferred.add(DeferredReferences.Reference(fix: fix, owner: owner, destination: destination, keys: keys, relationship: relationship))
  }

  /// An id of the run being mapped, kept with its place for a deferred reference.
  func waitingKey(_ key: PrimaryKeyValue, at item: JSONValue, path: JSONPath) -> DeferredReferences.Key {
    DeferredReferences.Key(key: key, path: payloadPath(path), run: currentRun, offsetInRun: item.byteOffset)
  }

  /// After a segment is committed: the deferred keys the store now has are written, in one
  /// transaction. After the last (`final`), the rest meet the missing-reference policy, in
  /// payload order.
  func resolveDeferredReferences(final: Bool, scanner: some ImportPayload) throws {
    guard !deferred.isEmpty else { return }
    // Each destination's waiting keys, looked up a bucket at a time.
    var found: [String: [PrimaryKeyValue: Int64]] = [:]
    var waiting: [String: (EntityPlan, Set<PrimaryKeyValue>)] = [:]
    for reference in deferred.references {
      waiting[reference.destination.entity.name, default: (reference.destination, [])].1.formUnion(reference.keys.map(\.key))
    }
    let size = max(options.bucketSize, 1)
    for (name, (_, keys)) in waiting.sorted(by: { $0.key < $1.key }) {
      let keys = Array(keys)
      for start in stride(from: 0, to: keys.count, by: size) {
        summary.lookups += 1
        found[name, default: [:]].merge(try store.storedIDs(of: name, keys: Array(keys[start..<min(start + size, keys.count)]))) { $1 }
      }
    }

    var writes = ImportBatch()
    var kept = DeferredReferences()
    for reference in deferred.references {
      let name = reference.destination.entity.name
      let resolved = reference.keys.allSatisfy { found[name]?[$0.key] != nil }
      if !resolved && !final {
        kept.add(reference)
        continue
      }
      /// The row of an id: found, or what the policy makes of a missing one.
      func row(_ waiting: DeferredReferences.Key) throws -> Int64? {
        if let id = found[name]?[waiting.key] { return id }
        let id = try unresolvedReference(waiting.key, reference.destination, relationship: reference.relationship, path: waiting.path, into: &writes) {
          let (line, column) = location(ofOffset: waiting.offsetInRun, inRun: waiting.run, scanner: scanner)
          return MappingError(invalidValue: "no \(name) has the key \(waiting.key)").moved(to: waiting.path, line: line, column: column)
        }
        if let id { found[name, default: [:]][waiting.key] = id }  // a placeholder serves every reference to its key
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
        if let child = try row(reference.keys[0]) {
          writes.foreignKeys.append(ImportBatch.ForeignKey(table: table, column: column, ids: [child], target: parent))
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
    deferred = kept
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
    }
  }
}
