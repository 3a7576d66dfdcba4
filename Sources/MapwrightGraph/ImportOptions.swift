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
  public let entity: EntityDescription

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

public struct ImportOptions {
  public var lookups: LookupStrategy = .bucketed
  /// Coercion and unknown-key policies, as for decoding.
  public var mapping = MappingOptions()
  /// Elements parsed, mapped and written (in one transaction) at a time.
  public var batchSize = 10_000
  /// Primary keys looked up per query.
  public var bucketSize = 10_000
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
  /// Primary keys (of objects and of references by id) an import holds at a time. A payload
  /// with more is imported in segments of whole batches, each scanned, looked up and written
  /// before the next, so memory holds a segment's keys (about 80 bytes each) rather than the
  /// payload's. The store ends as one pass would leave it; a reference to an object of a later
  /// segment is written once that segment has given the object a row, and an `.error`
  /// reference that nothing resolves fails in the last segment rather than at its own batch.
  public var maximumKeysPerSegment = 1_000_000
  /// Rows handed to the store at a time: a batch whose elements nest many objects is written
  /// in parts of about this many rows, all in the batch's one transaction, so that memory holds
  /// a part's rows rather than the batch's (internal: tests set it low).
  var rowsPerPart = 10_000
  /// Asked before each run of elements is scanned or written: true stops the import with a
  /// `CancellationError`, the batch under way rolled back (set by `AsyncStore` when the calling
  /// task is cancelled).
  var isCancelled: (() -> Bool)?
  /// Called after each batch is written, in order. A bucketed import writes on a thread of
  /// its own and calls this there; `run` returns after the last call.
  public var progress: (@Sendable (ImportProgress) -> Void)?

  public init(mapping: MappingOptions = MappingOptions(), batchSize: Int = 10_000) {
    self.mapping = mapping
    self.batchSize = batchSize
  }
}

public struct ImportProgress: Sendable {
  public let written: Int
  public let total: Int
  public let inserted: Int
  public let updated: Int
}

/// An id that resolved to no object.
public struct UnresolvedReference: Sendable, CustomStringConvertible {
  public let entity: String
  public let relationship: String
  public let key: PrimaryKeyValue
  public let path: JSONPath

  public var description: String { "\(path): no \(entity) with key \(key) for \(relationship)" }
}

public struct ImportSummary: Sendable, CustomStringConvertible {
  /// Elements of the payload's arrays imported (nested objects not counted).
  public internal(set) var elements = 0
  /// Objects created and objects updated (nested ones and placeholders included).
  public internal(set) var inserted = 0
  public internal(set) var updated = 0
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
  public internal(set) var batches = 0
  /// Segments the payload was imported in (see `ImportOptions.maximumKeysPerSegment`).
  public internal(set) var segments = 0
  public internal(set) var seconds = 0.0

  public var description: String {
    let rate = seconds > 0 ? Int(Double(inserted + updated) / seconds) : 0
    return "\(elements) elements: \(inserted) inserted, \(updated) updated, \(placeholders) placeholders, "
      + "\(unresolvedCount) unresolved references; \(batches) batches"
      + (segments > 1 ? " in \(segments) segments" : "") + ", \(lookups) lookups, "
      + String(format: "%.2f s (%d objects/s)", seconds, rate)
  }
}
