// What SQLite and PostgreSQL stores share beyond the import (`GraphStore`): the model's
// signature that a store records, and the fetch API (RelationalStore+Fetch.swift), written
// once (ObjectFetch.swift) over what a store provides: its SQL dialect (`StoreDialect`) and
// running a query.

import MapwrightGraph
import MapwrightSchema

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store of a model's objects in SQL tables (`RelationalLayout`): `SQLiteStore`,
/// `PostgresStore`. Fetching (`object(_:key:)`, `objects(_:where:)`, `count`, `values`) is
/// the same code for both.
public protocol RelationalStore: GraphStore, StoreDialect {
  var model: ObjectModel { get }
  /// Runs `sql` with `values` bound, calling `row` with each result row's columns.
  func query(_ sql: String, _ values: [StoreValue], row: ([StoreValue]) throws -> Void) throws
  /// Queries that looked objects up by primary key so far (for tests and the benchmark).
  var lookupQueries: Int { get }
  /// Runs `body` in one read transaction: every query in it sees the same state, even while
  /// another connection imports.
  func read<T>(_ body: () throws -> T) throws -> T
}

extension RelationalStore {
  /// Imports the arrays `sources` names from a JSON payload (see `GraphImporter`).
  public func importJSON(_ payload: [UInt8], sources: [ImportSource], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
    try GraphImporter(store: self).run(payload: MemoryImportPayload(bytes: payload), sources: storeSources(sources), options: options)
  }

  /// Imports the arrays `sources` names from a JSON payload (see `GraphImporter`).
  public func importJSON(_ payload: Data, sources: [ImportSource], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
    try importJSON(payload.byteArray, sources: sources, options: options)
  }

  /// Imports from a file without holding it: the file is scanned once for its elements, then
  /// each run of elements is read again from it when the import maps it, so memory holds a
  /// run (and the import's keys), not the payload. `jsonLines`: the file is JSON Lines, one
  /// object per line (the one source then has no key path).
  ///
  /// ```swift
  /// let summary = try store.importJSON(contentsOfFile: "authors.jsonl", jsonLines: true,
  ///                                    sources: [ImportSource("", entity: author)])
  /// ```
  public func importJSON(
    contentsOfFile path: String, jsonLines: Bool = false, sources: [ImportSource], options: ImportOptions = ImportOptions()
  ) throws -> ImportSummary {
    try GraphImporter(store: self).run(
      payload: try FileImportPayload(path: path, jsonLines: jsonLines), sources: storeSources(sources), options: options)
  }

  /// Sources described apart from the store (a model type's own description) use the
  /// store's description of the same entity.
  private func storeSources(_ sources: [ImportSource]) -> [ImportSource] {
    sources.map { source in
      model.entity(named: source.entity.name).map { ImportSource(components: source.keyPath, entity: $0) } ?? source
    }
  }
}

extension ObjectModel {
  /// A stable description of the model's structure, hashed: what a store records, so that
  /// opening it with a different model is an error.
  package var storeSignature: String {
    var text = ""
    for entity in entities {
      text += "E\(entity.name)<\(entity.parentName ?? "")|"
      for attribute in entity.attributes { text += "a\(attribute.name):\(attribute.type.rawValue):\(attribute.isOptional)|" }
      for relationship in entity.relationships {
        text += "r\(relationship.name):\(relationship.destinationEntityName):\(relationship.isToMany):\(relationship.inverseName ?? "")|"
      }
      text += "k\(entity.primaryKey ?? "");"
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
