// Docs/Schema.md's example (see DocExampleTests).

import MapwrightCodegen
import MapwrightJSONSchema
import Foundation
import Mapwright
import MapwrightSchema
import Testing

enum SchemaDocExample {
  static func run(_ data: Data) throws -> (ModelObject, String) {
    TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let author = try ModelObject(entity: model.entity(named: "Author")!, json: data, options: .lenient)
    _ = author.int64("authorId")                          // 101 (the JSON said "101")
    _ = author.objects("books")[0].object("author") === author   // inverses are set
    let json = try author.jsonString(pretty: true)    // back through the same mappings
    return (author, json)
  }
}

@Test func schemaDocExampleRuns() throws {
  let library = try JSON(parsing: try Data(contentsOf: URL(fileURLWithPath: "Examples/library.json")))
  let first = try library["authors"]![0]!.jsonBytes()
  let (author, json) = try SchemaDocExample.run(Data(first))
  #expect(author.int64("authorId") == 101)
  #expect(author.objects("books")[0].object("author") === author)
  #expect(json.contains("\"books\""))
}

enum SchemaJSONSchemaDocExample {
  static func run() throws -> (JSON, JSON) {
    let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let schema = model.jsonSchema(for: model.entity(named: "Author")!)
    print(try schema.jsonString([.prettyPrinted, .sortedKeys]))
    let writerSchema = try Writer.jsonSchema   // a @JSONModel struct or final class
    return (schema, writerSchema)
  }
}

@Test func schemaJSONSchemaDocExampleRuns() throws {
  let (author, writer) = try SchemaJSONSchemaDocExample.run()
  #expect(author["$ref"] == "#/$defs/Author")
  #expect(author["$defs"]?["Author"]?["required"] == ["firstName", "lastName"])
  #expect(writer["$defs"]?["Writer"]?["properties"]?["born"] == ["anyOf": [["type": "string", "format": "date-time"], ["type": "null"]]])
  #expect(writer["$defs"]?["Novel"] != nil)
}

enum SchemaModelGeneratorExample {
  /// The doc comment's example of `SchemaModelGenerator`.
  static func run(_ schemaText: String) throws -> String {
    var generator = SchemaModelGenerator(schema: try JSON(parsing: schemaText), rootName: "Pet")
    let source = generator.source(command: "mapwright generate swift --schema pet.json --name Pet")
    for warning in generator.warnings { print("warning: \(warning)") }
    return source
  }
}

@Test func schemaModelGeneratorExampleRuns() throws {
  let source = try SchemaModelGeneratorExample.run(#"{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "nick": {"type": "string"}}}"#)
  #expect(source.contains("struct Pet {\n  var id: Int\n  var nick: String?\n}"))
}

enum JSONSchemaValidatorExample {
  /// The doc comment's example of `JSONSchemaValidator`.
  static func run(_ schemaText: String, _ dataText: String) throws -> [MappingError] {
    let validator = try JSONSchemaValidator(schema: try JSON(parsing: schemaText), assertFormats: true)
    let document = try JSONDocument(dataText)
    for problem in validator.problems(of: document.root) { print(problem) }   // $.born: expected a date (RFC 3339: 2024-05-01), found "03/04/1990" (line 1, column 10)
    return validator.problems(of: document.root)
  }
}

@Test func jsonSchemaValidatorExampleRuns() throws {
  let problems = try JSONSchemaValidatorExample.run(#"{"properties": {"born": {"type": "string", "format": "date"}}}"#, #"{"born": "03/04/1990"}"#)
  #expect(problems.map(\.description) == [#"$.born: expected a date (RFC 3339: 2024-05-01), found "03/04/1990" (line 1, column 10)"#])
}

@JSONModel(tag: "type")
enum DocShape { case circle(radius: Double) }

/// The examples of `JSONConvertible.enumJSONSchema` and `_MapwrightRuntime.EnumDescription`.
@Test func enumSchemaDocExamplesRun() throws {
  let schema = DocShape.enumJSONSchema   // {"oneOf": [{"type": "object", "properties": …}]}
  #expect(schema?["oneOf"]?[0]?["properties"]?["radius"] == ["type": "number"])
  #expect(DocShape._jsonModelEnum?.cases.first?.name == "circle")
}

enum ValidatingExample {
  /// Docs/Schema.md's "Validating with JSON Schema" example.
  static func run(folder: String, _ schemaText: String, _ dataText: String) throws -> JSON {
    var registry = JSONSchemaRegistry()
    try registry.registerFiles(at: folder, baseURI: "https://example.com/schemas/")
    let validator = try JSONSchemaValidator(schema: try JSON(parsing: schemaText), registry: registry, assertFormats: true)
    let document = try JSONDocument(dataText)
    if !validator.isValid(document.root) {
      for problem in validator.problems(of: document.root) { print(problem) }
    }
    let output = validator.output(of: document.root, format: .basic)
    return output
  }
}

@Test func validatingExampleRuns() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-schemas-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder.appendingPathComponent("common"), withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try #"{"$defs": {"day": {"type": "string", "format": "date"}}}"#.write(
    to: folder.appendingPathComponent("common/types.json"), atomically: true, encoding: .utf8)
  let schema = #"{"properties": {"born": {"$ref": "https://example.com/schemas/common/types.json#/$defs/day"}}}"#
  let output = try ValidatingExample.run(folder: folder.path, schema, #"{"born": "03/04/1990"}"#)
  #expect(output["valid"] == false)
  #expect(output["errors"]?[0]?["instanceLocation"] == "/born")
  #expect(output["errors"]?[0]?["absoluteKeywordLocation"] == "https://example.com/schemas/common/types.json#/$defs/day/format")
  #expect(try ValidatingExample.run(folder: folder.path, schema, #"{"born": "1990-04-03"}"#) == ["valid": true])
}
