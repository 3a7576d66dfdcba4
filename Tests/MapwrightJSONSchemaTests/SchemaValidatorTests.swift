// JSONSchemaValidator's contracts beyond the official suite: never silent (warnings, errors
// for what cannot be resolved), strings by code points, the specification's output formats
// (checked against the output schema of 2020-12), schemas this package writes valid against
// their meta-schema, and cost linear in the data and in the number of errors.

import Foundation
import Mapwright
import MapwrightJSON
import MapwrightJSONSchema
import Testing

/// The output schema of JSON Schema 2020-12 (section 12.4, `output/schema`), as the
/// specification publishes it; its `basic` definition is what `output(of:format: .basic)` must
/// satisfy.
let outputSchema = #"""
  {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/output/schema",
   "anyOf": [{"$ref": "#/$defs/flag"}, {"$ref": "#/$defs/basic"}, {"$ref": "#/$defs/detailed"}, {"$ref": "#/$defs/verbose"}],
   "$defs": {
     "outputUnit": {
       "properties": {
         "valid": {"type": "boolean"},
         "keywordLocation": {"type": "string", "format": "json-pointer"},
         "absoluteKeywordLocation": {"type": "string", "format": "uri"},
         "instanceLocation": {"type": "string", "format": "json-pointer"},
         "error": {"type": "string"},
         "errors": {"$ref": "#/$defs/outputUnitArray"},
         "annotations": {"$ref": "#/$defs/outputUnitArray"}},
       "required": ["valid", "keywordLocation", "instanceLocation"],
       "allOf": [
         {"if": {"properties": {"valid": {"const": false}}}, "then": {"anyOf": [{"required": ["error"]}, {"required": ["errors"]}]}},
         {"if": {"anyOf": [{"properties": {"keywordLocation": {"pattern": "/\\$ref/"}}}, {"properties": {"keywordLocation": {"pattern": "/\\$dynamicRef/"}}}]},
          "then": {"required": ["absoluteKeywordLocation"]}}]},
     "outputUnitArray": {"type": "array", "items": {"$ref": "#/$defs/outputUnit"}},
     "flag": {"properties": {"valid": {"type": "boolean"}}, "required": ["valid"]},
     "basic": {"$ref": "#/$defs/outputUnit"},
     "detailed": {"$ref": "#/$defs/outputUnit"},
     "verbose": {"$ref": "#/$defs/outputUnit"}}}
  """#

@Suite struct SchemaValidatorTests {
  static func document(_ json: JSON) throws -> JSONDocument { try JSONDocument(json.jsonString()) }

  /// A `$ref` pointer token holding a "/" that a combining mark follows (one `Character` with
  /// it) is split and unescaped on its bytes.
  @Test func referencePointersSplitOnTheirBytes() throws {
    let validator = try JSONSchemaValidator(schema: ["$defs": ["a/\u{311}": ["type": "integer"]], "$ref": "#/$defs/a~1\u{311}"])
    #expect(validator.isValid(try Self.document(3).root))
    #expect(!validator.isValid(try Self.document("three").root))
    let split = try JSONSchemaValidator(schema: ["$defs": ["a": ["\u{311}b": ["type": "string"]]], "$ref": "#/$defs/a/\u{311}b"])
    #expect(split.isValid(try Self.document("x").root))
    #expect(!split.isValid(try Self.document(3).root))
  }

  @Test func keywordsOnceIgnoredNowDecide() throws {
    // `check` used to call all of these valid.
    let cases: [(JSON, JSON)] = [
      (["if": ["properties": ["kind": ["const": "a"]]], "then": ["required": ["a"]]], ["kind": "a"]),
      (["dependentRequired": ["card": ["billing"]]], ["card": 1]),
      (["dependentSchemas": ["card": ["required": ["billing"]]]], ["card": 1]),
      (["contains": ["type": "string"], "minContains": 2], [1, "a"]),
      (["propertyNames": ["maxLength": 2]], ["long": 1]),
      (["properties": ["a": true], "unevaluatedProperties": false], ["a": 1, "b": 2]),
      (["prefixItems": [true], "unevaluatedItems": false], [1, 2]),
      (["$defs": ["n": ["$dynamicAnchor": "n", "type": "integer"]], "$dynamicRef": "#n"], "x"),
    ]
    for (schema, data) in cases {
      let validator = try JSONSchemaValidator(schema: schema)
      #expect(validator.warnings.isEmpty, "\(schema): \(validator.warnings)")
      let root = try Self.document(data).root
      #expect(!validator.isValid(root), "\(schema) passed \(data)")
      #expect(!validator.problems(of: root).isEmpty)
    }
    let draft7 = try JSONSchemaValidator(schema: ["dependencies": ["card": ["billing"]]], dialect: .draft7)
    #expect(!draft7.isValid(try Self.document(["card": 1]).root))
  }

  @Test func nothingIsPassedOverInSilence() throws {
    let unknown = try JSONSchemaValidator(schema: ["type": "object", "colour": "red", "dependentRequired": ["a": ["b"]]], dialect: .draft7)
    #expect(unknown.warnings.count == 2 && unknown.warnings.allSatisfy { $0.contains("not a keyword of draft-07") })
    #expect(throws: JSONSchemaError.self) { try JSONSchemaValidator(schema: ["$schema": "https://example.com/my-dialect"]) }
    let unresolved = #expect(throws: JSONSchemaError.self) { try JSONSchemaValidator(schema: ["$ref": "common.json#/$defs/id"]) }
    #expect(unresolved?.message.contains("not registered") == true)
    #expect(throws: JSONSchemaError.self) { try JSONSchemaValidator(schema: ["$ref": "#/$defs/missing"]) }
    let format = try JSONSchemaValidator(schema: ["format": "idn-hostname"], assertFormats: true)
    #expect(format.warnings == ["mapwright:/schema.json#/format: the format idn-hostname is not checked"])
  }

  @Test func registeredDocumentsAreFollowed() throws {
    var registry = JSONSchemaRegistry()
    try registry.register(try JSON(parsing: #"{"$id": "https://example.com/common.json", "$defs": {"id": {"type": "integer", "minimum": 1}}}"#))
    let validator = try JSONSchemaValidator(schema: ["properties": ["id": ["$ref": "https://example.com/common.json#/$defs/id"]]], registry: registry)
    #expect(validator.isValid(try Self.document(["id": 3]).root))
    #expect(validator.problems(of: try Self.document(["id": 0]).root).map(\.message) == ["expected at least 1, found 0"])
    // The dialects' meta-schemas are there without the network.
    let meta = try JSONSchemaValidator(schema: ["$ref": "https://json-schema.org/draft/2020-12/schema"])
    #expect(meta.isValid(try Self.document(["type": "object", "minLength": 1]).root))
    #expect(!meta.isValid(try Self.document(["type": 3]).root))
    #expect(!meta.isValid(try Self.document(["minLength": -1]).root))
  }

  @Test func stringsCompareByCodePoints() throws {
    let composed = JSON.string("\u{e9}")
    let decomposed = JSON.string("e\u{301}")
    #expect(composed == decomposed)  // Swift's String equality: canonical equivalence
    let constant = try JSONSchemaValidator(schema: ["const": composed])
    #expect(constant.isValid(try Self.document(composed).root))
    #expect(!constant.isValid(try Self.document(decomposed).root))
    let unique = try JSONSchemaValidator(schema: ["uniqueItems": true])
    #expect(unique.isValid(try Self.document([composed, decomposed]).root))
    let enumeration = try JSONSchemaValidator(schema: ["enum": [composed]])
    #expect(!enumeration.isValid(try Self.document(decomposed).root))
  }

  @Test func numbersAreComparedAsNumbers() throws {
    #expect(try JSONSchemaValidator(schema: ["const": 1]).isValid(JSONDocument("1.0").root))
    #expect(try JSONSchemaValidator(schema: ["enum": [100]]).isValid(JSONDocument("1e2").root))
    #expect(!(try JSONSchemaValidator(schema: ["const": 9_007_199_254_740_992]).isValid(JSONDocument("9007199254740991").root)))
    // A quotient that overflows is no multiple.
    #expect(!(try JSONSchemaValidator(schema: ["multipleOf": 0.123456789]).isValid(JSONDocument("1e308").root)))
    #expect(try JSONSchemaValidator(schema: ["multipleOf": 0.0001]).isValid(JSONDocument("0.0075").root))
  }

  @Test func formatsAreAnnotationsIn2020UnlessAsserted() throws {
    let schema: JSON = ["format": "date"]
    let bad = try JSONDocument(#""03/04/1990""#).root
    #expect(try JSONSchemaValidator(schema: schema).isValid(bad))
    #expect(!(try JSONSchemaValidator(schema: schema, assertFormats: true).isValid(bad)))
    #expect(!(try JSONSchemaValidator(schema: schema, dialect: .draft7).isValid(bad)))
    #expect(try JSONSchemaValidator(schema: schema, assertFormats: true).isValid(JSONDocument(#""2024-02-29""#).root))
    #expect(!(try JSONSchemaValidator(schema: schema, assertFormats: true).isValid(JSONDocument(#""2023-02-29""#).root)))
  }

  @Test func basicOutputSatisfiesTheSpecificationsOutputSchema() throws {
    let schema = try JSON(
      parsing: #"""
        {"$id": "https://example.com/polygon", "type": "array", "items": {"$ref": "#/$defs/point"}, "minItems": 3,
         "$defs": {"point": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                             "required": ["x", "y"], "additionalProperties": false}}}
        """#)
    let validator = try JSONSchemaValidator(schema: schema)
    let data = try JSONDocument(#"[{"x": 2.5, "y": 1.3}, {"x": 1, "z": 6.7}]"#)
    let output = validator.output(of: data.root, format: .basic)
    let basic = try JSONSchemaValidator(
      schema: ["$ref": "https://json-schema.org/draft/2020-12/output/schema#/$defs/basic"],
      registry: {
        var registry = JSONSchemaRegistry()
        try registry.register(try JSON(parsing: outputSchema))
        return registry
      }(), assertFormats: true)
    let text = try output.jsonString()
    #expect(basic.problems(of: try Self.document(output).root).isEmpty, "\(text)")
    let errors = output["errors"]?.arrayValue ?? []
    let places = errors.map { "\($0["keywordLocation"]!.stringValue!) \($0["instanceLocation"]!.stringValue!)" }
    #expect(
      places == ["/items/$ref/required /1", "/items/$ref/additionalProperties /1/z", "/minItems "],
      "\(places)")
    #expect(errors[0]["absoluteKeywordLocation"] == "https://example.com/polygon#/$defs/point/required")
    #expect(validator.output(of: data.root, format: .flag) == ["valid": false])
    #expect(validator.output(of: try JSONDocument("[]").root, format: .basic)["valid"] == false)
  }

  @Test func costIsLinearInTheDataAndTheErrors() throws {
    let schema: JSON = [
      "type": "array",
      "items": [
        "type": "object", "required": ["id", "name"], "properties": ["id": ["type": "integer"], "name": ["type": "string", "minLength": 1]],
      ],
    ]
    let validator = try JSONSchemaValidator(schema: schema)
    func problems(_ count: Int) throws -> (Int, Duration) {
      let rows = (0..<count).map { #"{"id": "x\#($0)", "name": ""}"# }.joined(separator: ",")
      let document = try JSONDocument("[\(rows)]")
      let clock = ContinuousClock()
      var found = 0
      let elapsed = clock.measure { found = validator.problems(of: document.root).count }
      return (found, elapsed)
    }
    let (small, smallTime) = try problems(2_000)
    let (large, largeTime) = try problems(20_000)
    #expect(small == 4_000 && large == 40_000)
    #expect(largeTime < smallTime * 30, "10× the rows took \(largeTime / smallTime)× the time")
  }
}
