// What an import is told and what it tells back.

import Foundation
import MapwrightEngine
import MapwrightSchema

/// What an id that resolves to no object becomes.
public enum MissingReferencePolicy: Sendable, Hashable {
  /// The import fails (nothing of the batch is written).
  case error
  /// Left out, and listed in the summary (the default).
  case report
  /// A placeholder object is created with only its primary key.
  case placeholder
}

/// One array of a payload to import: where it is and which entity its elements are.
public struct ImportSource {
  /// Dot-separated object keys leading to the array (`"authors"`); empty for a root array.
  public let keyPath: [String]
  /// The entity of the array's objects.
  public let entity: EntityDescription

  /// The array at `keyPath` (dot-separated keys; empty: the payload is the array) holds
  /// objects of `entity`.
  public init(_ keyPath: String, entity: EntityDescription) {
    self.init(components: keyPath.isEmpty ? [] : JSONKeyPath(keyPath).keys, entity: entity)
  }

  package init(components: [String], entity: EntityDescription) {
    keyPath = components
    self.entity = entity
    model = entity.model
  }

  /// The entity's model, held so that a source made from a model built on the spot
  /// (`ImportSource(_:model:)`) keeps it while the source is used.
  let model: ObjectModel?

  /// The array's elements are objects of a `@JSONModel` type (see `ObjectModel(models:)`).
  ///
  /// ```swift
  /// let summary = try store.importJSON(data, sources: [ImportSource("authors", model: Author.self)])
  /// ```
  public init(_ keyPath: String, model: any JSONModel.Type) throws(SchemaError) {
    let name = ObjectModel.entityName(of: model)
    guard let entity = try ObjectModel(models: [model]).entity(named: name) else {
      throw SchemaError(.notAnEntity, "\(model) is not an entity", entity: name)
    }
    self.init(keyPath, entity: entity)
  }
}

/// How an import finds the objects already stored.
public enum LookupStrategy: Sendable, Hashable {
  /// Every key of the payload first, one query per entity per bucket of keys (the default).
  case bucketed
  /// One query per object and per reference, as it comes, and each object written in a
  /// transaction of its own: the naive way, kept as the benchmark's baseline. References
  /// must come after the objects they name.
  case perObject
}

/// How an import runs: batches, look-ups, mapping, what a missing reference becomes, progress.
///
/// ```swift
/// var options = ImportOptions(mapping: .lenient, batchSize: 5_000)
/// options.missingReferences = .placeholder
/// ```
public struct ImportOptions {
  /// How stored objects are found by primary key (in buckets by default).
  public var lookups: LookupStrategy = .bucketed
  /// Coercion and unknown-key policies, as for decoding.
  public var mapping = MappingOptions()
  /// Elements parsed, mapped and written (in one transaction) at a time.
  public var batchSize = 10_000
  /// Primary keys looked up per query.
  public var bucketSize = 10_000
  /// What an id that matches no object becomes (reported by default).
  public var missingReferences: MissingReferencePolicy = .report
  /// Per relationship (`"Book.author"`), overriding `missingReferences`.
  public var missingReferencesByRelationship: [String: MissingReferencePolicy] = [:]
  /// Unresolved references the summary lists, at most (every one is counted in
  /// `ImportSummary.unresolvedCount`): a payload whose ids mostly resolve to nothing would
  /// otherwise hold a path per id in memory.
  public var maximumListedUnresolved = 1_000
  /// Report entries (coercions, defaults used, unknown keys under `.report`) the summary lists,
  /// at most; every one is counted in `ImportSummary.reportCount`.
  public var maximumListedReportEntries = 1_000
  /// Primary keys (of objects, and the distinct keys references by id name) an import holds at
  /// a time. A payload with more is imported in segments of whole batches, each scanned, looked
  /// up and written before the next, so memory holds a segment's keys (about 80 bytes each)
  /// rather than the payload's; a payload of a million objects is one segment. The store ends
  /// as one pass would leave it; a reference to an object of a later segment is written once
  /// that segment has given the object a row, and an `.error` reference that nothing resolves
  /// fails in the last segment rather than at its own batch.
  public var maximumKeysPerSegment = 2_000_000
  /// Rows handed to the store at a time: a batch whose elements nest many objects is written
  /// in parts of about this many rows, all in the batch's one transaction, so that memory holds
  /// a part's rows rather than the batch's (internal: tests set it low).
  var rowsPerPart = 10_000
  /// Asked before each run of elements is scanned or written: true stops the import with a
  /// `CancellationError`, the batch under way rolled back (set by `AsyncStore` when the calling
  /// task is cancelled).
  package var isCancelled: (() -> Bool)?
  /// Called after each batch is written, in order. A bucketed import writes on a thread of
  /// its own and calls this there; `run` returns after the last call.
  public var progress: (@Sendable (ImportProgress) -> Void)?

  /// Options with `mapping`'s policies, writing `batchSize` elements per transaction.
  public init(mapping: MappingOptions = MappingOptions(), batchSize: Int = 10_000) {
    self.mapping = mapping
    self.batchSize = batchSize
  }
}

/// How far an import is, given to `ImportOptions.progress` after each batch.
public struct ImportProgress: Sendable {
  /// Elements written so far.
  public let written: Int
  /// Elements in the payload.
  public let total: Int
  /// Objects inserted so far.
  public let inserted: Int
  /// Objects updated so far.
  public let updated: Int
}

/// An id that resolved to no object.
public struct UnresolvedReference: Sendable, CustomStringConvertible {
  /// The entity the reference names.
  public let entity: String
  /// The relationship that holds the reference (`Book.author`).
  public let relationship: String
  /// The key that matched no object.
  public let key: PrimaryKeyValue
  /// Where the reference is in the payload.
  public let path: JSONPath

  /// The place, the key and the relationship, on one line.
  public var description: String { "\(path): no \(entity) with key \(key) for \(relationship)" }
}

/// What an import did: objects inserted and updated, references left unresolved, what the
/// mapping forgave, queries, batches and time.
public struct ImportSummary: Sendable, CustomStringConvertible {
  /// Elements of the payload's arrays imported (nested objects not counted).
  public internal(set) var elements = 0
  /// Objects created and objects updated (nested ones and placeholders included).
  public internal(set) var inserted = 0
  /// Objects that were in the store already and were updated.
  public internal(set) var updated = 0
  /// Objects created for references to keys the payload and the store do not hold
  /// (`MissingReferencePolicy.placeholder`).
  public internal(set) var placeholders = 0
  /// The first unresolved references (`ImportOptions.maximumListedUnresolved` at most)…
  public internal(set) var unresolved: [UnresolvedReference] = []
  /// …and how many there were in all.
  public internal(set) var unresolvedCount = 0
  /// What the mapping forgave, each entry at its place in the payload: the first
  /// `ImportOptions.maximumListedReportEntries`…
  public internal(set) var report = MappingReport()
  /// …and how many there were in all.
  public internal(set) var reportCount = 0
  /// Primary-key lookup queries made (one per entity per bucket of keys).
  public internal(set) var lookups = 0
  /// Batches written, each in one transaction.
  public internal(set) var batches = 0
  /// Segments the payload was imported in (see `ImportOptions.maximumKeysPerSegment`).
  public internal(set) var segments = 0
  /// The import's wall time in seconds.
  public internal(set) var seconds = 0.0

  /// The counts, the first unresolved references and the rate, as the CLI prints them.
  public var description: String {
    let rate = seconds > 0 ? Int(Double(inserted + updated) / seconds) : 0
    return "\(elements) elements: \(inserted) inserted, \(updated) updated, \(placeholders) placeholders, "
      + "\(unresolvedCount) unresolved references; \(batches) batches"
      + (segments > 1 ? " in \(segments) segments" : "") + ", \(lookups) lookups, "
      + String(format: "%.2f s (%d objects/s)", seconds, rate)
  }
}
