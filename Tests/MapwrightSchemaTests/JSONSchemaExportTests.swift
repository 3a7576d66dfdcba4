import Foundation
import Mapwright
import MapwrightJSONSchema
import MapwrightSchema
import MapwrightTestSupport
import Testing

extension PythonJSONSchema {
  static func validate(_ schema: JSON, _ samples: [JSON]) throws -> [String] {
    let (verdicts, problem) = try validate(schema: schema.jsonString(), samples: JSON.array(samples).jsonString())
    #expect(problem == nil, "\(problem ?? "")")
    return verdicts
  }
}

@JSONModel enum SchemaGenre: String, CaseIterable { case fiction, poetry, essay }

@JSONModel(keys: .snakeCase, primaryKey: "id")
struct SchemaWriter {
  var id: Int
  var name: String
  @Key("meta.nickname") var nickname: String?
  @Transform(.iso8601) var born: Date?
  var genre: SchemaGenre = .fiction
  var rating: Double?
  var books: [SchemaBook] = []
}

@JSONModel(primaryKey: "isbn")
struct SchemaBook {
  var isbn: String
  var pages: Int16
  var writer: SchemaWriter?
}

@JSONModel(unknownKeys: .reject)
struct SchemaStrictTag {
  var name: String
}

@JSONModel(tag: "type", keys: .snakeCase)
enum SchemaEvent {
  case published(book: SchemaBook, onDate: String?)
  case retired(reason: String)
  case reset
}

@JSONModel(tag: "kind", content: "data")
enum SchemaChange {
  case renamed(to: String)
  case cleared
}

@JSONModel(tagging: .untagged, keys: .snakeCase)
enum SchemaContact {
  case email(address: String, isVerified: Bool?)
  case handle(String)
  case book(SchemaBook)
  case none
}

@JSONModel
enum SchemaValue {
  case number(value: Double)
  case none
}

@JSONModel(keys: .snakeCase)
struct SchemaFeed {
  var events: [SchemaEvent]
  var change: SchemaChange?
  var values: [SchemaValue] = []
  @Lossy var tags: [String] = []
  var scores: [Int] = []
  var counts: [String: Int] = [:]
}

@Suite(.enabled(if: PythonJSONSchema.available)) struct JSONSchemaExportTests {
  /// Tagged enums (each tagging), arrays and dictionaries of values, `@Lossy`, and a model
  /// type inside an enum case: the schema says what decoding says.
  @Test func enumsArraysAndLossyCollectionsAreDescribed() throws {
    let schema = try SchemaFeed.jsonSchema
    let feed = schema["$defs"]?["SchemaFeed"]?["properties"]
    #expect(feed?["tags"] == ["type": "array"])  // lossy: what does not decode is left out
    #expect(
      feed?["scores"] == [
        "type": "array", "items": ["type": "integer", "minimum": .number(JSONNumber(Int64.min)), "maximum": .number(JSONNumber(Int64.max))],
      ])
    #expect(feed?["counts"]?["additionalProperties"]?["type"] == "integer")
    #expect(feed?["events"]?["items"]?["oneOf"]?[0]?["properties"]?["type"] == ["const": "published"])
    #expect(feed?["events"]?["items"]?["oneOf"]?[0]?["properties"]?["book"] == ["$ref": "#/$defs/SchemaBook"])
    #expect(feed?["events"]?["items"]?["oneOf"]?[0]?["required"] == ["type", "book"])
    #expect(schema["$defs"]?["SchemaBook"] != nil && schema["$defs"]?["SchemaWriter"] != nil)
    let samples: [String] = [
      #"{"events": []}"#,
      #"{"events": [{"type": "published", "book": {"isbn": "1", "pages": 10}, "on_date": "2020"}, {"type": "retired", "reason": "old"}, {"type": "reset"}]}"#,
      #"{"events": [], "change": {"kind": "renamed", "data": {"to": "x"}}, "values": [{"number": {"value": 1.5}}, "none"]}"#,
      #"{"events": [], "change": {"kind": "cleared"}, "tags": ["a", 1, null], "scores": [1, 2], "counts": {"a": 1}}"#,
      #"{"events": [], "change": null}"#,
      #"{"events": [{"type": "published", "on_date": "2020"}]}"#,  // book missing
      #"{"events": [{"type": "archived"}]}"#,  // not a case
      #"{"events": [{"type": "retired", "reason": 3}]}"#,
      #"{"events": [{"reason": "x"}]}"#,  // no tag
      #"{"events": [], "change": {"kind": "renamed", "data": {}}}"#,
      #"{"events": [], "values": ["number"]}"#,
      #"{"events": [], "scores": [1, "2"]}"#,
      #"{"events": [], "counts": {"a": "1"}}"#,
      #"{"events": [{"type": "published", "book": {"isbn": "1", "pages": 99999}}]}"#,
    ]
    let verdicts = try PythonJSONSchema.validate(schema, samples.map { try JSON(parsing: $0) })
    #expect(verdicts.filter { $0 == "ok" }.count == 5)
    for (sample, verdict) in zip(samples, verdicts) {
      let decodes = (try? SchemaFeed(json: sample)) != nil
      #expect((verdict == "ok") == decodes, "\(sample): schema says \(verdict), decoding says \(decodes)")
    }
    // An enum describes itself too.
    let event = try #require(SchemaEvent.enumJSONSchema)
    #expect(event["oneOf"]?.arrayValue?.count == 3 && event["$defs"]?["SchemaBook"] != nil)
    #expect(SchemaGenre.enumJSONSchema == nil)
    let eventVerdicts = try PythonJSONSchema.validate(event, [["type": "reset"], ["type": "retired"]])
    #expect(eventVerdicts == ["ok", "no"])
  }

  /// Every sample that decodes validates, and every sample the schema rejects fails to
  /// decode: the schema says what strict decoding says.
  @Test func aModelTypesSchemaAgreesWithDecoding() throws {
    let schema = try SchemaWriter.jsonSchema
    let samples: [String] = [
      #"{"id": 1, "name": "Ada"}"#,
      #"{"id": 2, "name": "Bo", "meta": {"nickname": "b"}, "born": "1990-01-02T03:04:05Z", "genre": "poetry", "rating": 4.5}"#,
      #"{"id": 3, "name": "Cy", "books": [{"isbn": "x1", "pages": 120}, "x2"], "rating": null, "meta": {"nickname": null}}"#,
      #"{"id": "4", "name": "Di"}"#,  // a string id: strict decoding refuses it
      #"{"id": 5}"#,  // name missing
      #"{"id": 6, "name": "Ed", "genre": "novel"}"#,  // not a case
      #"{"id": 7, "name": "Flo", "books": [{"isbn": "y", "pages": 70000}]}"#,  // pages beyond Int16
      #"{"id": 8, "name": null}"#,
      #"{"id": 9, "name": "Gil", "born": 1990}"#,
    ]
    let verdicts = try PythonJSONSchema.validate(schema, samples.map { try JSON(parsing: $0) })
    #expect(verdicts.count == samples.count && verdicts.filter { $0 == "ok" }.count == 3)
    for (sample, verdict) in zip(samples, verdicts) {
      let decodes = (try? SchemaWriter(json: sample)) != nil
      // Ids of books ("x2") decode only through a store's import; the model's own decoding
      // wants the object. Everything else must agree exactly.
      if sample.contains(#""x2""#) {
        #expect(verdict == "ok", "\(sample)")
        continue
      }
      #expect((verdict == "ok") == decodes, "\(sample): schema says \(verdict), decoding says \(decodes)")
    }
  }

  /// A model file's entities: the Library model with its date transformer registered, and
  /// samples decoded by ModelObject.
  @Test func aModelFilesSchemaAgreesWithModelObjects() throws {
    let registry = TransformerRegistry(fallback: .shared)
    registry.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"), transformers: registry)
    let author = try #require(model.entity(named: "Author"))
    let schema = model.jsonSchema(for: author)
    #expect(schema["$defs"]?["Author"]?["properties"]?["born"] == ["anyOf": [["type": "string", "format": "date"], ["type": "null"]]])
    let samples: [String] = [
      #"{"author_id": 1, "firstName": "A", "lastName": "B"}"#,
      #"{"author_id": 2, "firstName": "A", "lastName": "B", "born": "1835-11-30", "books": [{"book_id": 5, "title": "T", "year": 1900, "tags": ["x"], "pricing": {"retailPrice": 9.99}}]}"#,
      #"{"author_id": 3, "firstName": "A"}"#,
      #"{"author_id": "4", "firstName": "A", "lastName": "B"}"#,
      #"{"firstName": "A", "lastName": "B", "books": [{"title": "T", "year": 99999}]}"#,
      #"{"author_id": 6, "firstName": "A", "lastName": "B", "books": [{"book_id": 7, "title": null}]}"#,
    ]
    let verdicts = try PythonJSONSchema.validate(schema, samples.map { try JSON(parsing: $0) })
    #expect(verdicts == ["ok", "ok", "no", "no", "no", "no"])
    for (sample, verdict) in zip(samples, verdicts) {
      let decodes = (try? ModelObject(entity: author, json: sample)) != nil
      #expect((verdict == "ok") == decodes, "\(sample): schema says \(verdict), decoding says \(decodes)")
    }
  }

  @Test func aTypeThatRejectsUnknownKeysSaysSo() throws {
    let schema = try SchemaStrictTag.jsonSchema
    #expect(schema["$defs"]?["SchemaStrictTag"]?["additionalProperties"] == false)
    #expect(try SchemaWriter.jsonSchema["$defs"]?["SchemaWriter"]?["additionalProperties"] == nil)
    let samples: [JSON] = [["name": "a"], ["name": "a", "extra": 1]]
    let verdicts = try PythonJSONSchema.validate(schema, samples)
    #expect(verdicts == ["ok", "no"])
    for (sample, verdict) in zip(samples, verdicts) {
      #expect(((try? SchemaStrictTag(json: sample.jsonBytes())) != nil) == (verdict == "ok"))
    }
  }

  @Test func rejectedUnknownKeysCloseTheObjects() throws {
    let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
    let schema = model.jsonSchema(for: model.entity(named: "Book")!, unknownKeys: .reject)
    let verdicts = try PythonJSONSchema.validate(schema, [["book_id": 1, "title": "T"], ["book_id": 1, "title": "T", "extra": true]])
    #expect(verdicts == ["ok", "no"])
  }

  @Test func schemasThisPackageWritesAreValidAgainstTheirMetaSchema() throws {
    let meta = try JSONSchemaValidator(schema: ["$ref": "https://json-schema.org/draft/2020-12/schema"], assertFormats: true)
    let registry = TransformerRegistry(fallback: .shared)
    registry.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"), transformers: registry)
    for entity in model.entities {
      let schema = model.jsonSchema(for: entity)
      #expect(meta.problems(of: try JSONDocument(schema.jsonString()).root).isEmpty, "\(entity.name)")
      // And it compiles whole: every keyword it writes is one the validator applies.
      #expect(try JSONSchemaValidator(schema: schema).warnings.isEmpty)
    }
    // A model type's own schema, and an enum's.
    let types: [JSON] = [try SchemaWriter.jsonSchema, try SchemaStrictTag.jsonSchema, try #require(SchemaEvent.enumJSONSchema)]
    for schema in types {
      #expect(meta.problems(of: try JSONDocument(schema.jsonString()).root).isEmpty, "\(schema)")
      #expect(try JSONSchemaValidator(schema: schema).warnings.isEmpty)
    }
  }

  /// An untagged enum is `anyOf` its cases' shapes, and the schema judges samples as decoding
  /// does.
  @Test(.enabled(if: PythonJSONSchema.available)) func untaggedEnumsAreAnyOfTheirShapes() throws {
    let schema = try #require(SchemaContact.enumJSONSchema)
    let variants = try #require(schema["anyOf"]?.arrayValue)
    #expect(variants.count == 4 && schema["oneOf"] == nil)
    #expect(variants[0]["required"] == ["address"] && variants[0]["properties"]?["is_verified"] != nil)
    #expect(variants[1] == ["type": "string"] && variants[2] == ["$ref": "#/$defs/SchemaBook"] && variants[3] == ["type": "null"])
    #expect(schema["$defs"]?["SchemaBook"] != nil)
    let samples: [JSON] = [
      ["address": "a@b", "is_verified": true], "@ana", ["isbn": "1", "pages": 10], nil, ["address": 3], 7, ["is_verified": true],
    ]
    let verdicts = try PythonJSONSchema.validate(schema, samples)
    for (sample, verdict) in zip(samples, verdicts) {
      let decodes = (try? SchemaContact(json: sample)) != nil
      #expect((verdict == "ok") == decodes, "\(sample): schema says \(verdict), decoding says \(decodes)")
    }
    #expect(verdicts.filter { $0 == "ok" }.count == 4)
  }
}
