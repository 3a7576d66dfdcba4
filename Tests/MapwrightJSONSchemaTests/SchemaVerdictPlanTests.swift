// The verdict's plan (SchemaVerdictPlan.swift) — member keywords in one pass, `$ref`-only
// subschemas passed over — must give the verdict of the keywords as written. Seeded random
// instances against schemas that the plan rewrites hold the two to one answer, and each
// schema is checked to be planned, so that the comparison cannot pass by comparing a path
// with itself.

import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@testable import MapwrightJSONSchema

@Suite struct SchemaVerdictPlanTests {
  static let schemas: [String] = [
    // properties, required and additionalProperties: false, through a chain of references.
    ##"{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/$defs/id"}, "b": {"type": ["string", "null"]}, "c": {"$ref": "#/$defs/b"}}, "additionalProperties": false}, "id": {"type": ["integer", "string"], "minimum": 0}}}"##,
    // patternProperties beside properties, additionalProperties a schema.
    ##"{"properties": {"a": {"type": "integer"}, "10": {"type": "string"}}, "patternProperties": {"^[0-9]+$": {"type": ["string", "integer"]}, "^x": {"minLength": 2}}, "additionalProperties": {"type": ["object", "array", "null", "boolean"]}}"##,
    // required names outside properties, left as written beside the plan.
    ##"{"required": ["a", "zz"], "properties": {"a": true, "b": {"not": {"type": "null"}}}, "additionalProperties": {"$ref": "#"}}"##,
    // a cycle of references (never valid: it refers to itself without end) beside the plan.
    ##"{"properties": {"a": {"$ref": "#/$defs/p"}, "b": {"items": {"$ref": "#/$defs/n"}}}, "$defs": {"p": {"$ref": "#/$defs/q"}, "q": {"$ref": "#/$defs/p"}, "n": {"$ref": "#/$defs/m"}, "m": {"anyOf": [{"type": "integer"}, {"properties": {"a": {"const": 1}}, "required": ["a"]}]}}}"##,
    // unevaluatedProperties: the plan gives way to the keywords as written.
    ##"{"properties": {"a": {"type": "integer"}}, "patternProperties": {"^b": true}, "unevaluatedProperties": false}"##,
    // draft-07's additionalItems and definitions.
    ##"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": [{"$ref": "#/definitions/o"}], "additionalItems": {"$ref": "#/definitions/o"}, "definitions": {"o": {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": false}}}"##,
  ]

  static let keys = ["a", "b", "c", "10", "x", "x1", "", "é", "zz"]

  static func instance(_ generator: inout SeededGenerator, depth: Int = 0) -> JSON {
    switch Int.random(in: 0..<(depth < 3 ? 9 : 6), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .number(JSONNumber(text: String(Int.random(in: -3...3, using: &generator)))!)
    case 3: return .number(JSONNumber(text: String(Double(Int.random(in: -9...9, using: &generator)) / 4))!)
    case 4, 5: return .string(String(repeating: "x", count: Int.random(in: 0...3, using: &generator)))
    case 6: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in instance(&generator, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        object[keys.randomElement(using: &generator)!] = instance(&generator, depth: depth + 1)
      }
      return .object(object)
    }
  }

  @Test(arguments: schemas.indices)
  func plannedVerdictsAreTheVerdictsAsWritten(_ index: Int) throws {
    let validator = try JSONSchemaValidator(schema: JSON(parsing: Self.schemas[index]))
    let planned = validator.program.nodes.contains { node in
      node.verdictKeywords.contains { if case .members = $0.keyword { true } else { false } }
        || node.verdictKeywords.count != node.keywords.count
        || zip(node.verdictKeywords, node.keywords).contains { $0 !== $1 }
    }
    #expect(planned, "schema \(index) is not planned")
    var generator = SeededGenerator(seed: 0x5CE3A + UInt64(index))
    var valid = 0
    for round in 0..<3_000 {
      let value = round.isMultiple(of: 2) ? .object(JSONObject()) : Self.instance(&generator)
      var json = value
      if case .object(var object) = value, round.isMultiple(of: 2) {
        for key in Self.keys where Int.random(in: 0..<4, using: &generator) == 0 { object[key] = Self.instance(&generator, depth: 2) }
        json = .object(object)
      }
      let text = try json.jsonString()
      let document = try JSONDocument(text)
      let verdict = validator.isValid(document.root)
      #expect(verdict == validator.verdictAsWritten(document.root), "schema \(index), instance \(text)")
      #expect(verdict == validator.problems(of: document.root).isEmpty)
      if verdict { valid += 1 }
    }
    // Both answers are met, so that the comparison means something (the cycle is never valid
    // where it is reached, but instances without `a` pass by it).
    #expect(valid >= 5 && valid <= 2_995, "schema \(index): \(valid) valid of 3,000")
  }

  @Test func integerBoundsAtTheEdgesOfInt64() throws {
    let schema = try JSON(parsing: #"{"minimum": -9223372036854775808, "maximum": 9223372036854775807}"#)
    let validator = try JSONSchemaValidator(schema: schema)
    for (text, expected) in [
      ("-9223372036854775808", true), ("9223372036854775807", true), ("-9223372036854775809", false),
      ("9223372036854775808", false), ("18446744073709551616", false), ("-18446744073709551616", false),
      ("99999999999999999999", false), ("0", true), ("-0", true), ("9223372036854775807.5", false), ("9.2e18", true),
    ] {
      let document = try JSONDocument(text)
      #expect(validator.isValid(document.root) == expected, "\(text)")
      #expect(validator.verdictAsWritten(document.root) == expected, "\(text)")
    }
    let multiple = try JSONSchemaValidator(schema: JSON(parsing: #"{"multipleOf": 9223372036854775807}"#))
    for (text, expected) in [("-9223372036854775808", false), ("-9223372036854775807", true), ("18446744073709551614", true), ("0", true)] {
      #expect(multiple.isValid(try JSONDocument(text).root) == expected, "\(text)")
    }
  }
}
