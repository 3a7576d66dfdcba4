import Foundation
import Mapwright
import MapwrightCodegen
import MapwrightTestSupport
import Testing

/// Models generated from JSON Schema (`mapwright generate swift --schema …`): the generated
/// files in Generated/ are compiled into this target; the tests check that the generator still
/// writes them byte for byte, that they decode what the schema allows, and that the schema
/// they describe themselves with (`jsonSchema`) judges samples as the original does.
@Suite struct SchemaGenerationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let path: String
    let name: String
    let prefix: String
    var testDescription: String { path }
  }

  static let cases = [
    Case(path: "Tests/MapwrightTests/Samples/pet.schema.json", name: "Pet", prefix: "GenPet"),
    Case(path: "Tests/MapwrightTests/Samples/library.schema.json", name: "Library", prefix: "GenLib"),
    // Roots that are not objects: an array, a scalar, a $ref, a oneOf.
    Case(path: "Tests/MapwrightTests/Samples/items.schema.json", name: "Item", prefix: "GenArrayRoot"),
    Case(path: "Tests/MapwrightTests/Samples/status.schema.json", name: "Status", prefix: "GenScalarRoot"),
    Case(path: "Tests/MapwrightTests/Samples/order.schema.json", name: "Purchase", prefix: "GenRefRoot"),
    Case(path: "Tests/MapwrightTests/Samples/shape.schema.json", name: "Shape", prefix: "GenOneOfRoot"),
    Case(path: "Tests/MapwrightTests/Samples/contact.schema.json", name: "Contact", prefix: "GenAnyOfRoot"),
  ]

  static func generator(_ sample: Case) throws -> SchemaModelGenerator {
    var options = SampleModelOptions()
    options.typePrefix = sample.prefix
    return SchemaModelGenerator(schema: try JSON(parsing: SampleInferenceTests.bytes(sample.path)), rootName: sample.name, options: options)
  }

  @Test(arguments: cases)
  func generatedFileIsWhatTheGeneratorWrites(_ sample: Case) throws {
    var generator = try Self.generator(sample)
    let output = "Tests/MapwrightTests/Generated/\(sample.prefix).swift"
    let command = "mapwright generate swift --schema \(sample.path) --name \(sample.name) --prefix \(sample.prefix) --output \(output)"
    let source = generator.source(command: command)
    #expect(source == String(decoding: try SampleInferenceTests.bytes(output), as: UTF8.self), "regenerate with: \(command)")
    #expect(generator.source(command: command) == source)
  }

  /// What the Swift cannot say is a warning with its schema path, never dropped silently.
  @Test func whatIsNotExpressedIsAWarningWithItsPath() throws {
    var generator = try Self.generator(Self.cases[0])
    _ = generator.source(command: "test")
    #expect(
      generator.warnings == [
        "#/properties/name: minLength is not enforced by the Swift type",
        "#/properties/weight: minimum is not enforced by the Swift type",
        "#/properties/extra: allOf is not expressed in Swift; the value is JSON",
      ])
  }

  /// A discriminated `oneOf` whose variants' keys are snake_case: one `keys:` naming for the
  /// enum; keys no single naming gives are a warning and JSON.
  @Test func taggedVariantsTakeOneKeyNaming() throws {
    let schema = try JSON(
      parsing: #"""
        {"type": "object", "properties": {"event": {"oneOf": [
          {"type": "object", "properties": {"type": {"const": "push"}, "repo_name": {"type": "string"}, "commit_count": {"type": "integer"}},
           "required": ["type", "repo_name"]},
          {"type": "object", "properties": {"type": {"const": "star"}, "public": {"type": "boolean"}}, "required": ["type", "public"]}
        ]}}}
        """#)
    var generator = SchemaModelGenerator(schema: schema, rootName: "Feed")
    let source = generator.source(command: "test")
    #expect(
      source.contains(
        """
        @JSONModel(tag: "type", keys: .snakeCase)
        enum Event {
          case push(repoName: String, commitCount: Int?)
          case star(`public`: Bool)
        }
        """), "\(source)")
    #expect(generator.warnings.isEmpty)

    let mixed = try JSON(
      parsing: #"""
        {"type": "object", "properties": {"event": {"oneOf": [
          {"type": "object", "properties": {"type": {"const": "a"}, "repo_name": {"type": "string"}}},
          {"type": "object", "properties": {"type": {"const": "b"}, "repoName": {"type": "string"}, "owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}
        ]}}}
        """#)
    var other = SchemaModelGenerator(schema: mixed, rootName: "Feed")
    let text = other.source(command: "test")
    #expect(text.contains("var event: JSON\n") && !text.contains("struct Owner"), "\(text)")
    #expect(other.warnings.contains { $0.contains("no one key naming gives them all") })
  }

  /// Roots that are not objects compile (the files are in this target) and decode.
  @Test func rootsThatAreNotObjects() throws {
    // An array of `Item`s: the element is named from the name, the array after its plural.
    let items: GenArrayRootItems = try [GenArrayRootItem](
      json: #"[{"sku": "a", "price": 1.5, "tags": ["x"]}, {"sku": "b", "price": 2, "dimensions": {"width": 1, "height": 2}}]"#)
    #expect(items.map(\.sku) == ["a", "b"] && items[1].dimensions?.height == 2 && items[0].tags == ["x"])
    #expect(throws: MappingError.self) { try [GenArrayRootItem](json: #"[{"sku": "a"}]"#) }
    // A string enum at the root is the root type itself.
    #expect(try GenScalarRootStatus(json: #""published""#) == .published)
    #expect(throws: MappingError.self) { try GenScalarRootStatus(json: #""deleted""#) }
    // A $ref root: the definition's type, and an alias named after the name.
    let order: GenRefRootPurchase = try GenRefRootOrder(json: #"{"id": 7, "lines": [{"sku": "a", "quantity": 2}]}"#)
    #expect(order.id == 7 && order.lines.first?.quantity == 2 && order.total == nil)
    // A oneOf root is a tagged enum with the root's name.
    guard case .rectangle(let width, let height) = try GenOneOfRootShape(json: #"{"kind": "rectangle", "width": 2, "height": 3}"#) else {
      Issue.record("rectangle")
      return
    }
    #expect(width == 2 && height == 3)
    guard case .circle(let radius) = try GenOneOfRootShape(json: #"{"kind": "circle", "radius": 1.5}"#) else {
      Issue.record("circle")
      return
    }
    #expect(radius == 1.5)
  }

  /// An `anyOf` of objects with no tag is an untagged enum: the first variant that decodes
  /// wins, in the schema's order, and a value no variant takes is refused with each case's
  /// reason.
  @Test func anyOfObjectsIsAnUntaggedEnum() throws {
    // The generated enum is not Equatable: compared by its description.
    func decoded(_ json: String) throws -> String { String(describing: try GenAnyOfRootContact(json: json)) }
    #expect(try decoded(#"{"address": "a@b.c"}"#) == #"email(address: "a@b.c", verified: nil)"#)
    #expect(try decoded(#"{"number": "555", "country_code": 44}"#) == #"phone(number: "555", countryCode: 44)"#)
    #expect(try decoded(#"{"street": "Main St", "post_code": "1"}"#) == #"postal(street: "Main St", postCode: Optional("1"))"#)
    let error = try #require(throws: MappingError.self) { try GenAnyOfRootContact(json: #"{"number": "555"}"#) }
    #expect(error.caseFailures.map(\.name) == ["email", "phone", "postal"])
    #expect(error.caseFailures[1].error.path.description == "$.country_code")
  }

  /// A transformed element (an array of date-times) takes its transformer through `.each`,
  /// and compiles and decodes (`Timeline` in TransformerTests has the same form); one whose
  /// elements may be null cannot, and says so.
  @Test func arraysOfTransformedElements() throws {
    let schema = try JSON(
      parsing: #"""
        {"type": "object", "properties": {
          "seen": {"type": "array", "items": {"type": "string", "format": "date-time"}},
          "byDay": {"type": "object", "additionalProperties": {"type": "string", "format": "date"}},
          "maybe": {"type": "array", "items": {"type": ["string", "null"], "format": "date-time"}}
        }}
        """#)
    var generator = SchemaModelGenerator(schema: schema, rootName: "Log")
    let source = generator.source(command: "test")
    #expect(source.contains("  @Transform(.each(.iso8601)) var seen: [Date]?\n"), "\(source)")
    #expect(source.contains(#"  @Transform(.eachValue(.dateFormat("yyyy-MM-dd"))) var byDay: [String: Date]?"#), "\(source)")
    #expect(source.contains("  var maybe: [JSON]?\n"), "\(source)")
    #expect(generator.warnings.contains { $0.hasPrefix("#/properties/maybe/items: null elements") }, "\(generator.warnings)")
  }

  /// The root's alias never names the type it stands for.
  @Test func rootAliasesNeverNameThemselves() throws {
    for (schema, name) in [
      (#"{"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#, "Item"),
      (#"{"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#, "Items"),
      (#"{"type": "array", "items": {"title": "Product", "type": "object", "properties": {"id": {"type": "integer"}}}}"#, "Catalog"),
      (
        ##"{"type": "array", "items": {"$ref": "#/$defs/Box"}, "$defs": {"Box": {"type": "object", "properties": {"id": {"type": "integer"}}}}}"##,
        "Box"
      ),
      (#"{"type": "object", "additionalProperties": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#, "Entry"),
      (#"{"type": "integer"}"#, "Count"),
      (#"{"type": "string", "enum": ["a", "b"]}"#, "Letter"),
    ] {
      var generator = SchemaModelGenerator(schema: try JSON(parsing: schema), rootName: name)
      let source = generator.source(command: "test")
      for line in source.split(separator: "\n") where line.hasPrefix("typealias ") {
        let parts = line.dropFirst("typealias ".count).split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
        let declared = source.split(separator: "\n").contains { $0.hasPrefix("struct \(parts[0]) ") || $0.hasPrefix("enum \(parts[0]) ") }
        #expect(!declared && !parts[1].contains(parts[0]), "\(name): \(line)\n\(source)")
      }
    }
    var catalog = SchemaModelGenerator(
      schema: try JSON(parsing: #"{"type": "array", "items": {"title": "Product", "type": "object", "properties": {"id": {"type": "integer"}}}}"#),
      rootName: "Catalog")
    let text = catalog.source(command: "test")
    #expect(text.contains("typealias Catalog = [Product]") && text.contains("struct Product {"), "\(text)")
    var items = SchemaModelGenerator(
      schema: try JSON(parsing: #"{"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#), rootName: "Item")
    let itemText = items.source(command: "test")
    #expect(itemText.contains("typealias Items = [Item]") && itemText.contains("struct Item {"), "\(itemText)")
  }

  @Test func generatedTypesDecodeWhatTheSchemaAllows() throws {
    let pet = try GenPetPet(
      json: #"""
        {"id": 9007199254740993, "name": "Rex", "kind": "dog", "born": "2020-02-29", "seen_at": null,
         "photo_urls": ["https://example.com/rex.jpg"], "owner": {"name": "Ana", "friends": [{"name": "Bo"}]},
         "tags": {"colour": "brown"}, "weight": 12.5, "diet": {"type": "kibble", "brand": "Acme", "grams": 300},
         "extra": [1, "two"]}
        """#)
    #expect(pet.id == 9_007_199_254_740_993 && pet.kind == .dog && pet.vaccinated == false)
    #expect(pet.owner?.friends?.first?.name == "Bo" && pet.tags == ["colour": "brown"])
    guard case .kibble(let brand, let grams)? = pet.diet else {
      Issue.record("diet: \(String(describing: pet.diet))")
      return
    }
    #expect(brand == "Acme" && grams == 300)
    // Closed: unknown keys and values outside the enum are errors, as the schema says.
    #expect(throws: MappingError.self) { try GenPetPet(json: #"{"id": 1, "name": "x", "kind": "fish", "extra": null}"#) }
    #expect(throws: MappingError.self) { try GenPetPet(json: #"{"id": 1, "name": "x", "kind": "cat", "extra": null, "colour": 1}"#) }
    let raw = try GenPetPet(json: #"{"id": 1, "name": "x", "kind": "cat", "extra": {}, "diet": {"type": "raw"}}"#)
    guard case .raw(let meat)? = raw.diet else {
      Issue.record("diet")
      return
    }
    #expect(meat == nil)
  }

  /// schema → Swift → schema: the generated type's own schema judges every sample as the
  /// original does (Python's jsonschema on both).
  @Test(.enabled(if: PythonJSONSchema.available)) func theGeneratedTypesSchemaAgreesWithTheOriginal() throws {
    let original = String(decoding: try SampleInferenceTests.bytes(Self.cases[1].path), as: UTF8.self)
    let exported = try GenLibLibrary.jsonSchema.jsonString()
    let samples = """
      [
        {"name": "City", "authors": []},
        {"name": "City", "opened": "2020-01-02T03:04:05Z", "authors": [{"id": 1, "last_name": "Twain", "first_name": null,
          "website": "https://twain.example", "genre": "fiction", "books": [{"isbn": "1", "title": "Tom", "pages": 200, "price": 9.5, "in_print": true}]}]},
        {"name": "City"},
        {"authors": []},
        {"name": 5, "authors": []},
        {"name": "City", "authors": [{"id": "1", "last_name": "Twain"}]},
        {"name": "City", "authors": [{"id": 1}]},
        {"name": "City", "authors": [{"id": 1, "last_name": "T", "genre": "drama"}]},
        {"name": "City", "authors": [{"id": 1, "last_name": "T", "books": [{"isbn": "1"}]}]},
        {"name": "City", "authors": [{"id": 1, "last_name": "T", "books": [{"isbn": "1", "title": "x", "pages": 3000000000}]}]},
        {"name": "City", "authors": null}
      ]
      """
    let (expected, problem) = try PythonJSONSchema.validate(schema: original, samples: samples)
    #expect(problem == nil, "\(problem ?? "")")
    let (actual, exportProblem) = try PythonJSONSchema.validate(schema: exported, samples: samples)
    #expect(exportProblem == nil, "\(exportProblem ?? "")")
    // One known difference, which the generator warns about: `format: int32` is only an
    // annotation to a validator, while the Swift type is an `Int32` (3,000,000,000 pages).
    #expect(expected == ["ok", "ok", "no", "no", "no", "no", "no", "no", "no", "ok", "no"])
    var narrowed = expected
    narrowed[9] = "no"
    #expect(actual == narrowed)
    // And the Swift type decodes exactly what its own schema accepts.
    let decodes = try JSON(parsing: samples).arrayValue!.map { (try? GenLibLibrary(json: $0.jsonBytes())) != nil ? "ok" : "no" }
    #expect(decodes == narrowed)
    var generator = try Self.generator(Self.cases[1])
    _ = generator.source(command: "test")
    #expect(generator.warnings == ["#/definitions/Book/properties/pages: format int32 makes it an Int32, narrower than the schema checks"])
  }

  /// `mapwright check --schema`'s validator judges samples as Python's jsonschema does, over
  /// both test schemas (types, required, enums, $ref, oneOf, additionalProperties, items).
  @Test(.enabled(if: PythonJSONSchema.available)) func theValidatorAgreesWithPython() throws {
    let samples: [(Int, String)] = [
      (1, #"{"name": "City", "authors": []}"#),
      (1, #"{"name": "City", "authors": [{"id": 1, "last_name": "T", "genre": "drama"}]}"#),
      (1, #"{"name": "City", "authors": [{"id": 1.0, "last_name": "T", "books": [{"isbn": "1", "title": "x", "in_print": 1}]}]}"#),
      (1, #"{"name": "City", "authors": [{"id": 1, "last_name": null}], "extra": true}"#),
      (1, #"{"name": "City", "authors": {"id": 1}}"#),
      (0, #"{"id": 1, "name": "Rex", "kind": "dog", "extra": null, "diet": {"type": "kibble", "brand": "Acme"}}"#),
      (0, #"{"id": 1, "name": "Rex", "kind": "dog", "extra": null, "diet": {"type": "kibble"}}"#),
      (0, #"{"id": 1, "name": "Rex", "kind": "dog", "extra": null, "diet": {"type": "fish"}}"#),
      (0, #"{"id": 1, "name": "", "kind": "cow", "colour": "red", "owner": {"friends": [{"name": 3}]}}"#),
      (0, #"{"id": 1, "name": "Rex", "kind": "cat", "extra": 1, "tags": {"a": "b", "c": 2}, "weight": -1}"#),
    ]
    for (index, sample) in samples {
      let schemaText = String(decoding: try SampleInferenceTests.bytes(Self.cases[index].path), as: UTF8.self)
      let (verdicts, problem) = try PythonJSONSchema.validate(schema: schemaText, samples: "[\(sample)]")
      #expect(problem == nil, "\(problem ?? "")")
      let problems = try JSONSchemaValidator(schema: try JSON(parsing: schemaText)).problems(of: try JSONDocument(sample).root)
      #expect((verdicts.first == "ok") == problems.isEmpty, "\(sample): Python says \(verdicts), Mapwright \(problems)")
    }
    // Every problem, at its place.
    let pet = String(decoding: try SampleInferenceTests.bytes(Self.cases[0].path), as: UTF8.self)
    let problems = try JSONSchemaValidator(schema: try JSON(parsing: pet)).problems(of: try JSONDocument(samples[8].1).root)
    #expect(
      problems.map { "\($0.path): \($0.message)" } == [
        "$.name: expected at least 1 characters, found 0",
        #"$.kind: expected one of "cat", "dog", "bird", found "cow""#,
        "$.colour: unknown key colour (additionalProperties is false)",
        "$.owner: missing key name",
        "$.owner.friends[0].name: expected string, found number 3",
      ])
  }
}
