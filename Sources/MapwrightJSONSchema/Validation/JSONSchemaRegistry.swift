// The schema documents a validator may refer to, by URI: the five dialects' meta-schemas
// (bundled, see BundledMetaSchemas.swift), and whatever the caller registers — a document
// under its own `$id` or under a URI given for it, or every `.json` file of a folder mapped
// under a base URI (the JSON-Schema-Test-Suite's `remotes/` is served as
// `http://localhost:1234/`). Nothing is fetched from the network, ever: a reference to a
// document that is not here is an error.

import Foundation
import MapwrightJSON

/// The schema documents `$ref`s may name, by URI.
///
/// ```swift
/// var registry = JSONSchemaRegistry()
/// try registry.register(try JSON(parsing: #"{"$id": "https://example.com/common.json", "$defs": {"id": {"type": "integer"}}}"#))
/// let validator = try JSONSchemaValidator(schema: ["$ref": "https://example.com/common.json#/$defs/id"], registry: registry)
/// ```
public struct JSONSchemaRegistry: Sendable {
  /// Documents by URI, without fragment.
  var documents: [String: JSON] = [:]

  /// A registry of the bundled meta-schemas (draft-04 to 2020-12 and their vocabularies).
  public init() {
    for (uri, text) in bundledMetaSchemas {
      documents[uri] = try? JSON(parsing: text)
    }
  }

  /// The document registered at `uri` (a trailing empty fragment aside), or nil.
  public func document(at uri: String) -> JSON? {
    guard SchemaURI(uri).scheme != nil else { return nil }
    return documents[SchemaURI(uri).withoutFragment.description]
  }

  /// The URIs of the registered documents, sorted.
  public var uris: [String] { documents.keys.sorted() }

  /// Registers `schema` under `uri`, or under its own `$id` (or draft-04's `id`) when `uri`
  /// is nil.
  public mutating func register(_ schema: JSON, as uri: String? = nil) throws(JSONSchemaError) {
    let id = uri ?? schema["$id"]?.stringValue ?? schema["id"]?.stringValue
    guard let id, SchemaURI(id).scheme != nil else {
      throw JSONSchemaError("a registered schema needs an absolute URI: give one, or an absolute $id in the schema")
    }
    documents[SchemaURI(id).withoutFragment.description] = schema
  }

  /// Registers a file, or every `.json` file under a folder. With `baseURI`, a file is
  /// registered at the base URI joined with its path relative to the folder (a lone file at
  /// the base URI itself, unless the base ends in `/`); without, each under its `file://` URL
  /// (where a schema file's relative `$ref`s point) and its own absolute `$id`, if it has one.
  ///
  /// ```swift
  /// try registry.registerFiles(at: "remotes", baseURI: "http://localhost:1234/")
  /// ```
  public mutating func registerFiles(at path: String, baseURI: String? = nil) throws(JSONSchemaError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw JSONSchemaError("no file or folder at \(path)")
    }
    let files: [(path: String, relative: String)]
    if isFolder.boolValue {
      let root = URL(fileURLWithPath: path).standardizedFileURL.path
      let found = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
      files = found.map { (root + "/" + $0, $0) }
    } else {
      files = [(path, URL(fileURLWithPath: path).lastPathComponent)]
    }
    for file in files {
      let schema: JSON
      do {
        schema = try JSON(parsing: Data(contentsOf: URL(fileURLWithPath: file.path)))
      } catch {
        throw JSONSchemaError("\(file.path): \(error)")
      }
      if let baseURI {
        let uri = isFolder.boolValue || baseURI.hasSuffix("/") ? SchemaURI(baseURI).resolving(file.relative).description : baseURI
        try register(schema, as: uri)
      } else {
        // Under its file URL (what a schema file's relative `$ref` resolves to), and its `$id`.
        let fileURI = URL(fileURLWithPath: file.path).standardizedFileURL.absoluteString
        try register(schema, as: fileURI)
        if let id = schema["$id"]?.stringValue ?? schema["id"]?.stringValue, SchemaURI(id).scheme != nil { try register(schema) }
      }
    }
  }
}
