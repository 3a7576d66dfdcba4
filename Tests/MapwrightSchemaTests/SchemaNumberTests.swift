// Numeric keywords judge the number the text writes: integers of any size, decimals as
// decimals. The evaluator's fast paths (64-bit integers, doubles) must agree with the exact
// rule; seeded random numbers hold them to it.

import Foundation
import MapwrightJSON
import Testing

@testable import MapwrightSchema

@Suite struct SchemaNumberTests {
  func valid(_ schema: String, _ data: String) throws -> Bool {
    try JSONSchemaValidator(schema: JSON(parsing: schema)).isValid(JSONDocument(data).root)
  }

  @Test func numbersBeyondDoubleAndLargeIntegersAreJudgedExactly() throws {
    #expect(try !valid(#"{"maximum": 10}"#, "1e400"))
    #expect(try !valid(#"{"minimum": -10}"#, "-1e400"))
    #expect(try !valid(#"{"maximum": 9007199254740992}"#, "9007199254740993"))
    #expect(try valid(#"{"maximum": 9007199254740992}"#, "9007199254740992"))
    #expect(try !valid(#"{"multipleOf": 2}"#, "9007199254740993"))
    #expect(try !valid(#"{"multipleOf": 2}"#, "123456789012345678901234567891"))
    #expect(try valid(#"{"multipleOf": 2}"#, "123456789012345678901234567890"))
    #expect(try !valid(#"{"multipleOf": 1}"#, "0.0000000001"))
    #expect(try !valid(#"{"multipleOf": 0.5}"#, "1e-12"))
    #expect(try valid(#"{"multipleOf": 0.01}"#, "0.07"))
    #expect(try !valid(#"{"type": "integer", "multipleOf": 0.123456789}"#, "1e308"))
    #expect(try valid(#"{"type": "integer"}"#, "1.0"))
    #expect(try valid(#"{"type": "integer"}"#, "1e400"))
    #expect(try !valid(#"{"type": "integer"}"#, "1.5e-400"))
    #expect(try valid(#"{"exclusiveMinimum": 0}"#, "1e-400"))
    #expect(try !valid(#"{"exclusiveMinimum": 0}"#, "-1e-400"))
    #expect(try valid(#"{"multipleOf": 12345678901234567890123}"#, "24691357802469135780246000"))
    #expect(try !valid(#"{"multipleOf": 12345678901234567890123}"#, "24691357802469135780247"))
  }

  static func number(_ random: inout SchemaPatternTests.Seeded) -> String {
    var text = Bool.random(using: &random) ? "-" : ""
    let digits = Int.random(in: 1...20, using: &random)
    text += String(Int.random(in: 1...9, using: &random))
    for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &random)) }
    if Int.random(in: 0..<3, using: &random) == 0 { text += "." + String(Int.random(in: 0...999, using: &random)) }
    if Int.random(in: 0..<4, using: &random) == 0 { text += "e" + String(Int.random(in: -5...5, using: &random)) }
    return Int.random(in: 0..<10, using: &random) == 0 ? "0" : text
  }

  @Test func fastPathsAgreeWithTheExactRule() throws {
    var random = SchemaPatternTests.Seeded(state: 61)
    for _ in 0..<400 {
      let bound = Self.number(&random)
      let boundDecimal = SchemaDecimal(bound)
      let schema = try JSONSchemaValidator(schema: JSON(parsing: #"{"minimum": \#(bound)}"#))
      let step = Int.random(in: 1...50, using: &random)
      let multiple = try JSONSchemaValidator(schema: JSON(parsing: #"{"multipleOf": \#(step)}"#))
      for _ in 0..<10 {
        let text = Int.random(in: 0..<3, using: &random) == 0 ? bound : Self.number(&random)
        let root = try JSONDocument(text).root
        let exact = SchemaDecimal(text).compare(boundDecimal) >= 0
        #expect(schema.isValid(root) == exact, "\(text) >= \(bound)")
        let exactMultiple = SchemaDecimal(text).isMultiple(of: SchemaDecimal(String(step)))
        #expect(multiple.isValid(root) == exactMultiple, "\(text) multiple of \(step)")
      }
    }
  }

  @Test func decimalsOrderAndDivideAsNumbers() {
    #expect(SchemaDecimal("1.50").compare(SchemaDecimal("15e-1")) == 0)
    #expect(SchemaDecimal("-0.0").compare(SchemaDecimal("0")) == 0)
    #expect(SchemaDecimal("0.1").compare(SchemaDecimal("0.10000000000000001")) == -1)
    #expect(SchemaDecimal("-2").compare(SchemaDecimal("-10")) == 1)
    #expect(SchemaDecimal("7.5").isMultiple(of: SchemaDecimal("2.5")))
    #expect(!SchemaDecimal("7.5").isMultiple(of: SchemaDecimal("2")))
    #expect(SchemaDecimal("1e300").isMultiple(of: SchemaDecimal("7e299")) == false)
    #expect(SchemaDecimal("1e300").isMultiple(of: SchemaDecimal("5e299")))
  }
}
