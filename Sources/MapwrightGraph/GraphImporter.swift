// Importing JSON into a store, uniquing objects by primary key and resolving relationships
// by id, in two passes over the payload's arrays, a batch of elements at a time:
//
// 1. Scan: parse each batch and collect every primary key present (nested objects
//    included) and every id referenced, per entity. Then look them all up in the store, one
//    query per entity per bucket of keys, and give each new object a row id. After this
//    pass every reference resolves, whatever the entity order of the payload.
// 2. Write: parse each batch again, map it (values decoded and validated as a decode would:
//    coercion, errors with the element's path), and hand the store one batch of row writes,
//    applied in one transaction. A batch that fails leaves the store as it was before it.
//
// An object seen again (in the payload or already stored) is updated: only the keys present
// change. Objects of entities without a primary key are always inserted.

import Dispatch
import MapwrightEngine
import MapwrightJSON
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Imports JSON payloads into a `GraphStore`.
///
/// ```swift
/// let store = try SQLiteStore(path: "app.sqlite", model: model)
/// let summary = try GraphImporter(store: store).run(payload, sources: [ImportSource("authors", entity: author)])
/// print(summary)   // 2 elements: 5 inserted, 0 updated, …
/// ```
public final class GraphImporter {
  /// The store the import writes to.
  public let store: any GraphStore
  var options = ImportOptions()
  var summary = ImportSummary()

  /// Plans by entity name (one per table, whichever description of the entity names it).
  var plans: [String: EntityPlan] = [:]

  func plan(_ entity: EntityDescription) -> EntityPlan {
    if let plan = plans[entity.name] { return plan }
    let plan = EntityPlan(entity, layout: store.layout, number: plans.count)
    plans[entity.name] = plan
    return plan
  }

  /// The plan of relationship `index`'s destination, made and linked on first use (pass 1
  /// links every plan before its threads start, so they only read).
  @inline(__always)
  func destinationPlan(_ plan: EntityPlan, _ index: Int) -> EntityPlan {
    if let linked = plan.destinationPlans[index] { return linked }
    let made = self.plan(plan.relationships[index].destination)
    plan.destinationPlans[index] = made
    return made
  }

  /// Elements parsed at a time in pass 1 (fewer than a write batch: the parse of each run in
  /// flight is memory the import holds, one per core).
  static let scanRunLength = 2_000

  /// The largest row id of each table before pass 2 (read while the store is idle).
  var largestIDs: [String: Int64] = [:]

  /// Maps a path in the current run to the payload (set for each run in pass 2).
  var payloadPath: (JSONPath) -> JSONPath = { $0 }
  /// The payload bytes of the run pass 2 is mapping.
  var currentRun: Range<Int> = 0..<0

  /// Keys scanned in the segment under way (see GraphImporter+Segments.swift).
  var segmentKeys = 0
  /// More of the payload comes in later segments: a reference not found yet is deferred.
  var laterSegmentsFollow = false
  var deferred = DeferredReferences()

  /// An importer into `store`.
  public init(store: any GraphStore) {
    self.store = store
  }

  /// Imports the arrays `sources` names from `payload`.
  public func run(_ payload: [UInt8], sources: [ImportSource], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
    try run(payload: MemoryImportPayload(bytes: payload), sources: sources, options: options)
  }

  /// Imports the arrays `sources` names from a payload in memory or in a file.
  package func run(payload scanner: some ImportPayload, sources: [ImportSource], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
    let started = ContinuousClock.now
    self.options = options
    summary = ImportSummary()
    plans = [:]  // fresh state for every run
    largestIDs = [:]
    // Plans link to the plans of their relationships' destinations, which link back (an
    // inverse): break the links when the run ends, or every run would leak its plans.
    defer {
      for plan in plans.values { plan.destinationPlans.removeAll() }
      plans = [:]
    }
    var work: [(source: ImportSource, elements: JSONElementRuns)] = []
    for source in sources {
      do {
        work.append((source, try scanner.elements(at: source.keyPath, batchSize: options.batchSize, runLength: Self.scanRunLength)))
      } catch {
        throw MappingError(invalidValue: error.message).moved(to: JSONPath(keyPath: source.keyPath), line: error.line, column: error.column)
      }
    }
    let total = work.reduce(0) { $0 + $1.elements.count }
    // Every batch of every source, in payload order: segments are made of whole batches.
    let batches = work.flatMap { source, elements in elements.runsByBatch.map { (source: source, runs: $0) } }

    // The store's largest row ids, read while nothing else uses it.
    try store.beginImport()
    defer { store.endImport() }
    for entity in store.layout.tables.keys { largestIDs[entity] = try store.largestID(of: entity) }
    deferred = DeferredReferences()
    for source in sources { preparePlans(source.entity) }

    // Segments: pass 1 over batches until the keys held reach `maximumKeysPerSegment`, then
    // pass 2 over the same batches; the next segment starts with an empty identity map and
    // finds what earlier segments wrote by looking it up in the store.
    var next = 0
    var writtenElements = 0
    repeat {
      let first = next
      if options.lookups == .bucketed {
        next = try scanKeys(of: batches, from: first, scanner: scanner)
      } else {
        next = batches.count  // one object at a time, each looked up as it comes
      }
      laterSegmentsFollow = next < batches.count
      try resolveDeferredReferences(final: !laterSegmentsFollow, scanner: scanner)
      try writeRows(of: batches[first..<next], scanner: scanner, total: total, written: &writtenElements)
      if laterSegmentsFollow { forgetSegment() }
      summary.segments += 1
    } while next < batches.count
    summary.elements = total
    summary.seconds = (ContinuousClock.now - started) / .seconds(1)
    return summary
  }

  /// Pass 1 of a segment from batch `first`: keys scanned and looked up (full buckets on the
  /// worker's thread while the scan goes on), new objects given row ids. Returns the end of
  /// the segment: the batch after the one that took the keys held to the limit.
  func scanKeys(of batches: [(source: ImportSource, runs: ArraySlice<JSONElementRuns.Run>)], from first: Int, scanner: some ImportPayload)
    throws -> Int
  {
    let worker = SerialWorker(capacity: 4)  // a few buckets queued: the keys waiting stay few
    // One set of key lists per core, reused by every round (their storage is kept).
    let slots = UnsafeMutableBufferPointer<ScannedKeys>.allocate(capacity: max(ProcessInfo.processInfo.activeProcessorCount, 1))
    slots.initialize(repeating: ScannedKeys(entities: plans.count))
    defer {
      _ = slots.deinitialize()
      slots.deallocate()
    }
    var next = first
    segmentKeys = 0
    do {
      while next < batches.count {
        let (source, runs) = batches[next]
        try stopIfCancelled()
        let sourcePlan = plan(source.entity)
        // Rounds of runs scanned in parallel, then merged in payload order.
        for round in stride(from: runs.startIndex, to: runs.endIndex, by: slots.count) {
          let count = min(slots.count, runs.endIndex - round)
          let errors = scanInParallel(count, into: slots) { i, keys in
            let parsed = try parseRun(runs[round + i], source: source, scanner: scanner)
            for (element, _) in parsed.elements {
              try parsed.mapping { try scan(element, sourcePlan, parsed.session, into: &keys) }
            }
          }
          for i in 0..<count {
            if let error = errors[i] { throw error }
            merge(slots[i])
            try sendFullBuckets(to: worker)
          }
        }
        next += 1
        if segmentKeys >= options.maximumKeysPerSegment { break }
      }
      try sendRemainingKeys(to: worker)
      try worker.finish()
    } catch {
      try worker.finish()
      throw error
    }
    giveFreshIDs()
    try lookUpReferencedKeys()
    return next
  }

  /// Pass 2 of a segment: writes. Bucketed, a batch is written on the worker's thread while
  /// the next is mapped, in parts of about `ImportOptions.rowsPerPart` rows inside its one
  /// transaction (so a batch of elements that nest many objects holds a part's rows at a time,
  /// not the batch's); each batch's progress is reported (on that thread) once it is
  /// committed. Returns once every batch of the segment is committed.
  func writeRows(
    of batches: ArraySlice<(source: ImportSource, runs: ArraySlice<JSONElementRuns.Run>)>, scanner: some ImportPayload,
    total: Int, written writtenElements: inout Int
  ) throws {
    let writer = options.lookups == .bucketed ? SerialWorker(capacity: 1) : nil
    let (rowsPerPart, progress) = (options.rowsPerPart, options.progress)
    do {
      for (source, runs) in batches {
        let sourcePlan = plan(source.entity)
        // A batch is parsed and mapped a run (`scanRunLength` elements) at a time: a run's
        // parse and report are what the mapping holds, the batch is what the transaction holds.
        var writes = ImportBatch()
        var partsSent = 0
        for run in runs {
          try stopIfCancelled()
          let parsed = try parseRun(run, source: source, scanner: scanner)
          payloadPath = parsed.payloadPath
          currentRun = run.bytes
          for (element, path) in parsed.elements {
            try parsed.mapping { _ = try write(element, sourcePlan, parsed.session, into: &writes, link: nil, path: path) }
            if writer == nil {  // the naive way: each object written and committed alone
              try store.write(writes)
              writes = ImportBatch()
            } else if let writer, writes.rows.count >= rowsPerPart {
              try submitPart(writes, first: partsSent == 0, to: writer)
              partsSent += 1
              writes = ImportBatch()
            }
          }
          collectReport(of: parsed)
          writtenElements += parsed.elements.count
        }
        let (inserted, updated) = (summary.inserted, summary.updated)
        let written = writtenElements
        let report: () -> Void = { progress?(ImportProgress(written: written, total: total, inserted: inserted, updated: updated)) }
        if let writer {
          try submitPart(writes, first: partsSent == 0, to: writer, then: report)
        } else {
          try store.write(writes)
          report()
        }
        summary.batches += 1
      }
      if let writer {
        let store = store
        try writer.submit { try store.finishBatches() }
        try writer.finish()
      }
    } catch {
      // A batch being written finishes first (its own error, the earlier one, wins), and so
      // do the batches ended and not yet committed (an earlier batch's failure wins over
      // everything); a batch whose parts were not all written is rolled back.
      var failure = error
      do { try writer?.finish() } catch { failure = error }
      do { try store.finishBatches() } catch { failure = error }
      store.abandonBatch()
      throw failure
    }
  }

  /// Throws `CancellationError` once the caller asked the import to stop.
  func stopIfCancelled() throws {
    if let isCancelled = options.isCancelled, isCancelled() { throw CancellationError() }
  }

  /// Hands a part of a batch to the writer: the first opens the batch's transaction, the last
  /// (`then` given) ends it, and `then` runs once it is committed (see
  /// `GraphStore.endBatch(whenCommitted:)`); a part that fails rolls the batch back.
  func submitPart(_ part: ImportBatch, first: Bool, to writer: SerialWorker, then finished: (() -> Void)? = nil) throws {
    let store = store
    try writer.submit {
      do {
        if first { try store.beginBatch() }
        try store.writePart(part)
        if let finished { try store.endBatch(whenCommitted: finished) }
      } catch {
        store.abandonBatch()
        throw error
      }
    }
  }

  /// What a run's mapping forgave, placed in the payload: every entry counted, the first
  /// `maximumListedReportEntries` kept.
  func collectReport(of parsed: ParsedRun) {
    let count = parsed.session.reportCount
    guard count > 0 else { return }
    summary.reportCount += count
    let room = options.maximumListedReportEntries - summary.report.entries.count
    guard room > 0 else { return }
    for entry in parsed.session.report.entries.prefix(room) {
      summary.report.record(MappingReport.Entry(kind: entry.kind, place: parsed.relocatePlace(entry.place)))
    }
  }

  // MARK: Runs

  /// A run of elements (pass 1 and pass 2 alike), parsed as an array of its own.
  struct ParsedRun {
    let session: DecodingSession
    let elements: [(JSONValue, JSONPath)]
    /// Maps the run's errors back to the payload: the element's path and the line and
    /// column in the payload.
    let relocate: (MappingError) -> MappingError
    /// Maps a place in the run to the payload.
    let relocatePlace: (ValuePlace) -> ValuePlace
    /// Maps a path in the run to the payload.
    let payloadPath: (JSONPath) -> JSONPath

    func mapping(_ body: () throws -> Void) throws {
      do {
        try body()
      } catch let error as MappingError {
        throw relocate(error)
      }
    }
  }

  /// Parses a run of a source's array as an array of its own (thread-safe: it reads only the
  /// payload and the options).
  func parseRun(_ bounds: JSONElementRuns.Run, source: ImportSource, scanner: some ImportPayload) throws -> ParsedRun {
    var text = [UInt8]()
    text.reserveCapacity(bounds.bytes.count + 2)
    text.append(UInt8(ascii: "["))
    try scanner.withBytes(of: bounds.bytes) { text.append(contentsOf: $0) }
    text.append(UInt8(ascii: "]"))
    let prefix = source.keyPath.map { JSONPath.Component.key($0) }
    let offset = bounds.elements.lowerBound
    let relocatePlace = { (place: ValuePlace) -> ValuePlace in
      // Only when read: finding a line means scanning the payload up to it.
      let (path, line, column) = place.resolved
      var components = path.components
      if case .index(let i)? = components.first { components[0] = .index(offset + i) }
      guard let line, let column else { return ValuePlace(path: JSONPath(prefix + components)) }
      let (payloadLine, payloadColumn) = scanner.location(ofLine: line, column: column, inRunAt: bounds.bytes)
      return ValuePlace(path: JSONPath(prefix + components), line: payloadLine, column: payloadColumn)
    }
    let relocate = { (error: MappingError) -> MappingError in
      let place = relocatePlace(error.place)
      return error.moved(to: place.path, line: place.line, column: place.column)
    }
    let session: DecodingSession
    do {
      session = try DecodingSession(parsing: text, options: options.mapping)
    } catch {
      throw relocate(error)
    }
    let payloadPath = { (path: JSONPath) -> JSONPath in
      var components = path.components
      if case .index(let i)? = components.first { components[0] = .index(offset + i) }
      return JSONPath(prefix + components)
    }
    let values = Array(session.document.root.elements)
    return ParsedRun(
      session: session, elements: values.enumerated().map { ($1, JSONPath([.index($0)])) }, relocate: relocate,
      relocatePlace: relocatePlace, payloadPath: payloadPath)
  }

  // MARK: Pass 1

  /// The keys one batch holds, per entity (by plan number): its objects' primary keys in
  /// payload order, and the ids its relationships name.
  struct ScannedKeys {
    var payload: [[PrimaryKeyValue]]
    var referenced: [[PrimaryKeyValue]]

    init(entities: Int) {
      payload = Array(repeating: [], count: entities)
      referenced = Array(repeating: [], count: entities)
    }

    /// Empties the lists, keeping their storage.
    mutating func removeAll() {
      for i in payload.indices {
        payload[i].removeAll(keepingCapacity: true)
        referenced[i].removeAll(keepingCapacity: true)
      }
    }
  }

  /// Collects the keys of `object` and of what it nests. Reads the plans only (they are all
  /// made before pass 1), so batches are scanned on several threads at once. (An error's
  /// place comes from the value it names; no path is built here, which cost a string split
  /// per nested object.)
  func scan(_ object: JSONValue, _ plan: EntityPlan, _ session: DecodingSession, into keys: inout ScannedKeys) throws(MappingError) {
    guard object.kind == .object else { throw MappingError.typeMismatch(expected: "\(plan.entity.name) object", at: object) }
    if let key = try primaryKey(of: object, plan, session) { keys.payload[plan.number].append(key) }
    for (index, planned) in plan.relationships.enumerated() {
      guard let value = object.value(atPlanned: planned.path), !value.isNull else { continue }
      let destination = plan.destinationPlans[index]!
      func scanItem(_ item: JSONValue, _ i: Int?) throws(MappingError) {
        if item.kind == .object {
          try scan(item, destination, session, into: &keys)
        } else if let key = try referencedKey(item, destination, session) {
          keys.referenced[destination.number].append(key)
        }
      }
      try value.forEachRelationshipItem(toMany: planned.description.isToMany) { (i, item) throws(MappingError) in try scanItem(item, i) }
    }
  }

  /// Makes the plans of `entity` and of every entity its relationships reach.
  func preparePlans(_ entity: EntityDescription) {
    guard plans[entity.name] == nil else { return }
    let made = plan(entity)
    for (index, relationship) in made.relationships.enumerated() {
      preparePlans(relationship.destination)
      made.destinationPlans[index] = plan(relationship.destination)
    }
  }

  /// Adds a batch's keys to the plans, in payload order.
  func merge(_ keys: ScannedKeys) {
    for plan in plans.values {
      for key in keys.payload[plan.number] {
        plan.payloadKeys.append(key)
        plan.unsentKeys.append(key)
      }
      for key in keys.referenced[plan.number] { plan.referencedKeys.insert(key) }
      // Keys that references of earlier segments wait for.
      if !deferred.isEmpty { deferred.noteArriving(keys.payload[plan.number], entity: plan.number) }
    }
    // What the segment holds: its payload's keys and the distinct keys its references name.
    segmentKeys = plans.values.reduce(0) { $0 + $1.payloadKeys.count + $1.referencedKeys.count }
  }

  func primaryKey(of object: JSONValue, _ plan: EntityPlan, _ session: DecodingSession) throws(MappingError) -> PrimaryKeyValue? {
    guard let attribute = plan.primaryKey, let value = object.value(atPlanned: attribute.path), !value.isNull else { return nil }
    return try key(value, attribute, session)
  }

  /// An id in a relationship: a key of the destination's primary key attribute.
  func referencedKey(_ value: JSONValue, _ plan: EntityPlan, _ session: DecodingSession) throws(MappingError) -> PrimaryKeyValue? {
    guard let attribute = plan.primaryKey else {
      throw MappingError.invalidValue("\(plan.entity.name) has no primary key, so it cannot be referenced by id", at: value)
    }
    return try key(value, attribute, session)
  }

  func key(_ value: JSONValue, _ planned: EntityPlan.Attribute, _ session: DecodingSession) throws(MappingError) -> PrimaryKeyValue {
    if planned.type.isIntegerType, planned.transformerName == nil {
      if value.isIntegerLiteral, let integer = value.int64Value { return .integer(integer) }
      return .integer(try Int64.decode(from: value, in: session))
    }
    if planned.type == .string, planned.transformerName == nil { return .text(try String.decode(from: value, in: session)) }
    let attribute = planned.description
    let decoded = try AttributeValues.decode(value, attribute, in: session)
    guard let key = PrimaryKeyValue(decoded) else {
      throw MappingError.invalidValue("a \(attribute.type.rawValue) cannot be a primary key", at: value)
    }
    return key
  }

  /// The path of an item of a relationship, built from its object's path and the
  /// relationship's key path as the plan parsed it (cheaper than asking the document, which
  /// walks from the root).
  func itemPath(_ path: JSONPath, _ keyPath: JSONKeyPath, _ index: Int?) -> JSONPath {
    var result = keyPath.jsonPath.components.reduce(path) { $0.appending($1) }
    if let index { result = result.appending(index: index) }
    return result
  }

  /// Runs `body` for `0..<count` at once (one thread each), each on its slot emptied first;
  /// the errors in order.
  func scanInParallel(
    _ count: Int, into slots: UnsafeMutableBufferPointer<ScannedKeys>, _ body: (Int, inout ScannedKeys) throws -> Void
  ) -> [(any Error)?] {
    var errors = [(any Error)?](repeating: nil, count: count)
    errors.withUnsafeMutableBufferPointer { errors in
      withoutActuallyEscaping(body) { body in
        let shared = UncheckedBox((body, slots, errors))
        DispatchQueue.concurrentPerform(iterations: count) { i in
          let (body, slots, errors) = shared.value
          slots[i].removeAll()
          do { try body(i, &slots[i]) } catch { errors[i] = error }
        }
      }
    }
    return errors
  }

  // MARK: Bucketed lookups

  /// Sends every full bucket of payload keys found so far to be looked up.
  func sendFullBuckets(to worker: SerialWorker) throws {
    let size = max(options.bucketSize, 1)
    for plan in plans.values where plan.unsentKeys.count >= size {
      var start = 0
      while plan.unsentKeys.count - start >= size {
        try sendLookup(Array(plan.unsentKeys[start..<start + size]), plan, to: worker)
        start += size
      }
      plan.unsentKeys.removeFirst(start)
    }
  }

  /// Sends the payload keys short of a bucket.
  func sendRemainingKeys(to worker: SerialWorker) throws {
    for plan in plans.values.sorted(by: { $0.table < $1.table }) where !plan.unsentKeys.isEmpty {
      try sendLookup(plan.unsentKeys, plan, to: worker)
      plan.unsentKeys = []
    }
  }

  /// Looks up the ids relationships name that no payload object has (after the payload's
  /// keys have their rows).
  func lookUpReferencedKeys() throws {
    let size = max(options.bucketSize, 1)
    for plan in plans.values.sorted(by: { $0.table < $1.table }) {
      var bucket: [PrimaryKeyValue] = []
      func lookUp() throws {
        summary.lookups += 1
        for (key, id) in try store.storedIDs(of: plan.entity.name, keys: bucket) { plan.setStored(key, id) }
        bucket.removeAll(keepingCapacity: true)
      }
      try plan.referencedKeys.forEach { key in
        guard plan.rowIDs[key] == nil else { return }
        bucket.append(key)
        if bucket.count >= size { try lookUp() }
      }
      if !bucket.isEmpty { try lookUp() }
      plan.referencedKeys = KeySet()
    }
  }

  /// One lookup query, run by the worker, its answers kept in `plan.found`.
  func sendLookup(_ keys: [PrimaryKeyValue], _ plan: EntityPlan, to worker: SerialWorker) throws {
    let (store, entity, found) = (store, plan.entity.name, plan.found)
    summary.lookups += 1
    try worker.submit {
      found.add(try store.storedIDs(of: entity, keys: keys))
    }
  }

  /// After the lookups: the stored objects' row ids, and new row ids for new objects (in
  /// payload order).
  func giveFreshIDs() {
    for plan in plans.values.sorted(by: { $0.table < $1.table }) {
      var rows = KeyMap(denseRange: plan.payloadKeys.integerRange, expected: plan.payloadKeys.count)
      plan.found.move(into: &rows, plan)
      var next = plan.lastID ?? largestIDs[plan.entity.name] ?? 0
      plan.payloadKeys.forEach { key in
        guard rows[key] == nil else { return }  // stored, or a repeat
        if plan.keyIsRowID {
          rows[key] = -1
        } else {
          next += 1
          rows[key] = -next
        }
      }
      plan.rowIDs = rows
      plan.lastID = next
      plan.payloadKeys = KeyList()
    }
  }

  /// The row of a key and whether it was stored before the import, looking it up alone when
  /// the import does not bucket (nil: neither stored nor given a row yet).
  func row(of key: PrimaryKeyValue, _ plan: EntityPlan) throws -> (id: Int64, stored: Bool)? {
    if let known = plan.row(of: key) { return known }
    guard options.lookups == .perObject else { return nil }
    summary.lookups += 1
    guard let id = try store.storedIDs(of: plan.entity.name, keys: [key])[key] else { return nil }
    plan.setStored(key, id)
    return (id, true)
  }

  /// The row id of a new object: its key when the key is the row id, else the next id.
  func newID(_ plan: EntityPlan, key: PrimaryKeyValue?) throws -> Int64 {
    if plan.keyIsRowID, case .integer(let id)? = key { return id }
    return try allocateID(plan)
  }

  func allocateID(_ plan: EntityPlan) throws -> Int64 {
    let next = try (plan.lastID ?? largestIDs[plan.entity.name] ?? store.largestID(of: plan.entity.name)) + 1
    plan.lastID = next
    return next
  }
}
