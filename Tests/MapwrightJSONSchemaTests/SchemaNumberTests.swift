// Numeric keywords judge the number the text writes: integers of any size, decimals as
// decimals. The evaluator's fast paths (64-bit integers, doubles) must agree with the exact
// rule; seeded random numbers hold them to it.

import Foundation
import MapwrightJSON
import Testing

@testable import MapwrightJSONSchema

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

  /// The exact cases at 10,000 and 100,000 values in one document: every problem found, in
  /// time linear in the values.
  @Test func exactCasesInBulkAreLinear() throws {
    let schema = try JSONSchemaValidator(
      schema: JSON(parsing: #"{"items": {"maximum": 9007199254740992, "minimum": -10, "multipleOf": 1}}"#))
    let cases = ["9007199254740993", "1e400", "-1e400", "0.0000000001", "123456789012345678901234567891", "4"]
    var times: [Duration] = []
    for count in [10_000, 100_000] {
      let text = "[" + (0..<count).map { cases[$0 % cases.count] }.joined(separator: ",") + "]"
      let document = try JSONDocument(text)
      let clock = ContinuousClock()
      var problems: [MappingError] = []
      times.append(clock.measure { problems = schema.problems(of: document.root) })
      // Each case but the last ("4") breaks one keyword.
      #expect(problems.count == count / cases.count * 5 + min(count % cases.count, 5), "\(count)")
    }
    #expect(times[1] < times[0] * 30, "\(times)")
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

/// The formats' cases found from outside, under format assertion.
@Suite struct SchemaFormatCaseTests {
  func accepts(_ format: String, _ text: String) throws -> Bool {
    let schema = try JSON(parsing: #"{"format": "\#(format)"}"#)
    return try JSONSchemaValidator(schema: schema, assertFormats: true).isValid(JSONDocument(JSON.string(text).jsonString()).root)
  }

  @Test func impossibleDatesAndTimesAreRefused() throws {
    for date in ["2020-02-30", "2021-02-29", "2100-02-29", "2020-04-31", "2020-13-01", "2020-00-10"] {
      #expect(try !accepts("date", date), "\(date)")
    }
    for date in ["2020-02-29", "2000-02-29", "2021-12-31"] { #expect(try accepts("date", date), "\(date)") }
    for time in ["24:00:00Z", "12:60:00Z", "12:00:61Z", "12:59:60Z", "23:59:60+01:00", "12:00:00+24:00", "12:00:00+10:60"] {
      #expect(try !accepts("time", time), "\(time)")
    }
    for time in ["23:59:60Z", "22:59:60-01:00", "12:00:00.5+05:30"] { #expect(try accepts("time", time), "\(time)") }
    #expect(try !accepts("date-time", "2021-02-29T12:00:00Z"))
    #expect(try accepts("date-time", "1998-12-31T23:59:60Z"))
  }

  @Test func urisFollowRFC3986() throws {
    for uri in [
      "http://a b.com", "http://a.com/\"", "http://a.com/<>", "http://a.com/{}", "http://a.com/^", "http://a.com/`", "http://a.com/|",
      "http://a.com/\\", "http://a.com/é", "http://a.com/%6G", "http://a.com/%", "https://[@example.org", "http:/[::1]",
      "http://a.com:80a/", "//a.com",
    ] { #expect(try !accepts("uri", uri), "\(uri)") }
    for uri in ["http://a.com/%6A", "https://[::1]:8080/x", "urn:isbn:0451450523", "mailto:a@b.c", "http://u:p@h:1/"] {
      #expect(try accepts("uri", uri), "\(uri)")
    }
  }

  @Test func emailsFollowRFC5321() throws {
    for email in [".a@b", "a.@b", "a..b@c", "a b@c", "a@invalid=domain.com", "a@[127.0.0.300]", "\"a\"b\"@c.com"] {
      #expect(try !accepts("email", email), "\(email)")
    }
    for email in ["\"joe@bloggs\"@example.com", "a@[IPv6:::1]", "\"joe..bloggs\"@example.com", "a.b+c@d.org", "a@[127.0.0.1]"] {
      #expect(try accepts("email", email), "\(email)")
    }
  }
}
