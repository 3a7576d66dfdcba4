// The parity table: each case is one value of one type, decoded through all five paths under
// strict or lenient coercion. Every path must give the @JSONModel path's outcome — the same
// value, or the same error code and JSON path — and the same report entries; `expected` pins
// that outcome. Where a path cannot express a case, or differs by a documented rule, the case
// says so in `differs`, with the reason (and the test checks that it really differs, so a
// stale exception fails too).

import Foundation
import Mapwright
import Testing

struct ParityCase: CustomStringConvertible, Sendable {
  let type: String
  /// The JSON text of `value`, or nil for a missing key.
  let value: String?
  let lenient: Bool
  /// The outcome every path must reach.
  let expected: String
  /// Paths that differ on this case, and why.
  var differs: [Path: String] = [:]
  /// A member the models do not map, and the policy for it.
  var extra: String? = nil
  var unknownKeys: UnknownKeyPolicy = .ignore
  /// For the key-path types: the members after `id`, written out.
  var members: String? = nil

  var json: String {
    if let members { return #"{"id": 1, "# + members + "}" }
    var members = [#""id": 1"#]
    if let value { members.append(#""value": \#(value)"#) }
    if let extra { members.append(extra) }
    return "{" + members.joined(separator: ", ") + "}"
  }
  var description: String {
    if let members { return "\(type) {\(members)} \(lenient ? "lenient" : "strict")" }
    return "\(type) \(value ?? "missing") \(lenient ? "lenient" : "strict")" + (extra.map { " \($0) \(unknownKeys)" } ?? "")
  }
}

// Rules by which a path differs from the engine's, each documented in Docs/Mapping.md
// ("One engine, five paths").
let foundationAcceptsIntegralNumbers =
  "MapwrightJSONDecoder keeps Foundation's rule: 2.0 and 1e2 decode into integers, strict or not, with nothing to report"
let otherCodersAcceptIntegralNumbers =
  "through other coders the coder reads the scalars: Foundation's JSONDecoder and PropertyListDecoder take 2.0, 1e2 (and 1.0 for a Bool) as integral, strict or not"
let otherCodersGiveNumbersAsTheyReadThem =
  "through other coders a number read as a string is the coder's number: 7.50 arrives as 7.5, -0 as 0, 1e2 as 100"
let foundationCannotReadTheNumber =
  "Foundation's coders cannot read 1e400 as any number: their error, at the value's path"
let propertyListClamps = "PropertyListSerialization of the JSON clamps the number to the type's limit before the decoder sees it"
let throughOtherCoders: [Path] = [.macroThroughFoundation, .macroThroughPropertyList]
func each(_ paths: [Path], _ reason: String) -> [Path: String] { Dictionary(uniqueKeysWithValues: paths.map { ($0, reason) }) }
let mappableKeepsInitialValue = "Mappable keeps the property's initial value for a missing key (ObjectMapper's rule), reported as a default"
let mappableForgivesNull = "Mappable keeps the initial value for null under lenient coercion (ObjectMapper's rule), reported as a default"
let entityIntegerWidths =
  "entities have Core Data's integer widths (Integer 16/32/64): Int8 and UInt8 are Integer 16 there (the import stores 300, which the typed fetch then refuses)"

func unknown(_ policy: UnknownKeyPolicy, _ expected: String, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(
    type: "Int", value: "1", lenient: false, expected: expected, differs: differs, extra: #""extra": {"a": [1]}"#,
    unknownKeys: policy)
}

func nested(_ members: String, _ expected: String, lenient: Bool = false, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(type: "Nested", value: nil, lenient: lenient, expected: expected, differs: differs, members: members)
}

func indexed(_ members: String, _ expected: String, lenient: Bool = false, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(type: "Indexed", value: nil, lenient: lenient, expected: expected, differs: differs, members: members)
}

let codableReportsFirstMissingKey = "Codable's nested containers report the first key missing on the way ($.meta), not the path asked for"
func defaulted(_ value: String?, _ expected: String, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(type: "Defaulted", value: value, lenient: false, expected: expected, differs: differs)
}

let codableHasNoDefaults = "Codable has no defaults: a custom init(from:) supplies one, with nothing to report"
let entityDefaultsAreTheTypes =
  "an entity made from a type has no default value (a Swift initialiser's is not data): ModelObject leaves it nil; the import stores null and the typed fetch applies the default"
let codableHasNoUnknownKeyPolicy = "MapwrightJSONDecoder has no unknown-key policy: Codable ignores keys a type does not decode"

func lenient(_ type: String, _ value: String?, _ expected: String, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(type: type, value: value, lenient: true, expected: expected, differs: differs)
}

func strict(_ type: String, _ value: String?, _ expected: String, differs: [Path: String] = [:]) -> ParityCase {
  ParityCase(type: type, value: value, lenient: false, expected: expected, differs: differs)
}

let parityCases: [ParityCase] = [
  // Integers written as strings: surrounding JSON whitespace, signs, exponents, hex, overflow.
  lenient("Int", #""101""#, "value 101"),
  lenient("Int", #"" 101 ""#, "value 101"),
  lenient("Int", #""101 ""#, "value 101"),
  lenient("Int", #"" 7""#, "value 7"),
  lenient("Int", #""\t7\n""#, "value 7"),
  lenient("Int", #""-42""#, "value -42"),
  lenient("Int", #""+7""#, "typeMismatch $.value"),
  lenient("Int", #""0x1F""#, "typeMismatch $.value"),
  lenient("Int", #""007""#, "typeMismatch $.value"),
  lenient("Int", #""1e2""#, "value 100"),
  lenient("Int", #""2.0""#, "value 2"),
  lenient("Int", #""2.5""#, "typeMismatch $.value"),
  lenient("Int", #""-0""#, "value 0"),
  lenient("Int", #""""#, "typeMismatch $.value"),
  lenient("Int", #""  ""#, "typeMismatch $.value"),
  lenient("Int", #""abc""#, "typeMismatch $.value"),
  lenient("Int", #""1 2""#, "typeMismatch $.value"),
  lenient("Int", #""9223372036854775808""#, "outOfRange $.value"),
  lenient("Int", #""-9223372036854775809""#, "outOfRange $.value"),
  lenient("Int", #""1e400""#, "outOfRange $.value"),
  lenient("Int", "2.0", "value 2", differs: [.codable: foundationAcceptsIntegralNumbers]),
  lenient("Int", "1e2", "value 100", differs: [.codable: foundationAcceptsIntegralNumbers]),
  lenient("Int", "2.5", "typeMismatch $.value"),
  lenient("Int", "true", "typeMismatch $.value"),
  lenient("Int", "null", "typeMismatch $.value", differs: [.mappable: mappableForgivesNull]),
  lenient("Int", "[1]", "typeMismatch $.value"),
  lenient("Int", nil, "missingKey $.value", differs: [.mappable: mappableKeepsInitialValue]),
  strict("Int", "101", "value 101"),
  strict("Int", #""101""#, "typeMismatch $.value"),
  strict(
    "Int", "2.0", "typeMismatch $.value",
    differs: [.codable: foundationAcceptsIntegralNumbers].merging(each(throughOtherCoders, otherCodersAcceptIntegralNumbers)) { $1 }),
  strict(
    "Int", "1e2", "typeMismatch $.value",
    differs: [.codable: foundationAcceptsIntegralNumbers].merging(each(throughOtherCoders, otherCodersAcceptIntegralNumbers)) { $1 }),
  strict("Int", "9223372036854775808", "outOfRange $.value"),
  strict("Int", "null", "typeMismatch $.value"),
  strict("Int", nil, "missingKey $.value", differs: [.mappable: mappableKeepsInitialValue]),
  // Every width.
  lenient("Int8", #""-128""#, "value -128"),
  lenient("Int8", #""127""#, "value 127"),
  lenient("Int8", #""300""#, "outOfRange $.value", differs: [.modelObject: entityIntegerWidths, .importer: entityIntegerWidths]),
  lenient("Int8", #"" -129 ""#, "outOfRange $.value", differs: [.modelObject: entityIntegerWidths, .importer: entityIntegerWidths]),
  strict("Int8", "300", "outOfRange $.value", differs: [.modelObject: entityIntegerWidths, .importer: entityIntegerWidths]),
  lenient("UInt8", #""255""#, "value 255"),
  lenient("UInt8", #""-0""#, "value 0"),
  lenient("UInt8", #""-1""#, "outOfRange $.value", differs: [.modelObject: entityIntegerWidths, .importer: entityIntegerWidths]),
  strict("UInt8", "256", "outOfRange $.value", differs: [.modelObject: entityIntegerWidths, .importer: entityIntegerWidths]),
  lenient("Int64", #""9223372036854775807""#, "value 9223372036854775807"),
  lenient("Int64", #""-9223372036854775808""#, "value -9223372036854775808"),
  lenient("Int64", #""9223372036854775808""#, "outOfRange $.value"),
  lenient("Int64", #""1e19""#, "outOfRange $.value"),
  strict("Int64", "-9223372036854775809", "outOfRange $.value", differs: [.macroThroughPropertyList: propertyListClamps]),
  // Doubles, floats and decimals as strings.
  lenient("Double", #""1.5""#, "value 1.5"),
  lenient("Double", #"" 1.5 ""#, "value 1.5"),
  lenient("Double", #""-2.5e-3""#, "value -0.0025"),
  lenient("Double", #""1e400""#, "outOfRange $.value"),
  lenient("Double", #""nan""#, "typeMismatch $.value"),
  lenient("Double", #""inf""#, "typeMismatch $.value"),
  lenient("Double", #""1,5""#, "typeMismatch $.value"),
  lenient("Double", "7", "value 7.0"),
  strict("Double", #""1.5""#, "typeMismatch $.value"),
  strict("Double", "1e400", "outOfRange $.value", differs: each(throughOtherCoders, foundationCannotReadTheNumber)),
  lenient("Float", #""1.5""#, "value 1.5"),
  lenient("Float", #""1e39""#, "outOfRange $.value"),
  lenient("Float", #""3.4028235e+38""#, "value 3.4028235e+38"),
  strict("Float", "3.4028235e+38", "value 3.4028235e+38"),
  strict("Float", "1e39", "outOfRange $.value", differs: [.macroThroughPropertyList: propertyListClamps]),
  lenient("Decimal", #""9.99""#, "value 9.99"),
  lenient("Decimal", #"" 9.99 ""#, "value 9.99"),
  lenient("Decimal", #""abc""#, "typeMismatch $.value"),
  strict("Decimal", "9.99", "value 9.99"),
  strict("Decimal", #""9.99""#, "typeMismatch $.value"),
  // Bools.
  lenient("Bool", #""true""#, "value true"),
  lenient("Bool", #""false""#, "value false"),
  lenient("Bool", #"" true""#, "typeMismatch $.value"),
  lenient("Bool", #""TRUE""#, "typeMismatch $.value"),
  lenient("Bool", #""yes""#, "typeMismatch $.value"),
  lenient("Bool", "1", "value true"),
  lenient("Bool", "0", "value false"),
  lenient("Bool", "2", "typeMismatch $.value"),
  lenient("Bool", "1.0", "typeMismatch $.value", differs: each(throughOtherCoders, otherCodersAcceptIntegralNumbers)),
  strict("Bool", "1", "typeMismatch $.value"),
  strict("Bool", #""true""#, "typeMismatch $.value"),
  // Strings from numbers, as written.
  lenient("String", "7", "value 7"),
  lenient("String", "7.50", "value 7.50", differs: each(throughOtherCoders, otherCodersGiveNumbersAsTheyReadThem)),
  lenient("String", "-0", "value -0", differs: each(throughOtherCoders, otherCodersGiveNumbersAsTheyReadThem)),
  lenient("String", "1e2", "value 1e2", differs: each(throughOtherCoders, otherCodersGiveNumbersAsTheyReadThem)),
  lenient("String", "true", "typeMismatch $.value"),
  strict("String", "7", "typeMismatch $.value"),
  strict("String", #""ok""#, "value ok"),
  // Unknown keys under each policy.
  unknown(.ignore, "value 1"),
  unknown(.preserve, "value 1"),
  unknown(.report, "value 1", differs: [.codable: codableHasNoUnknownKeyPolicy]),
  unknown(.reject, "unknownKey $.extra", differs: [.codable: codableHasNoUnknownKeyPolicy]),
  // Key paths: nested members and array indices, present, coerced, missing on the way.
  nested(#""meta": {"value": 5}"#, "value 5"),
  nested(#""meta": {"value": " 5 "}"#, "value 5", lenient: true),  // reported at $.meta.value
  nested(#""meta": {"value": "x"}"#, "typeMismatch $.meta.value", lenient: true),
  nested(#""meta": {"value": null}"#, "typeMismatch $.meta.value"),
  nested(#""meta": {}"#, "missingKey $.meta.value", differs: [.mappable: mappableKeepsInitialValue]),
  nested(
    #""other": 1"#, "missingKey $.meta.value",
    differs: [.mappable: mappableKeepsInitialValue, .codable: codableReportsFirstMissingKey]),
  // Defaults: a missing key takes the default and reports it; a present value wins.
  defaulted(
    nil, "value 7", differs: [.codable: codableHasNoDefaults, .modelObject: entityDefaultsAreTheTypes, .importer: entityDefaultsAreTheTypes]),
  defaulted("3", "value 3"),
  defaulted(
    "null", "typeMismatch $.value",
    differs: [
      .codable: "decodeIfPresent takes null as absent", .modelObject: entityDefaultsAreTheTypes, .importer: entityDefaultsAreTheTypes,
    ]),
  indexed(#""list": [1, 2]"#, "value 2"),
  indexed(#""list": [1, "2"]"#, "value 2", lenient: true),
  indexed(#""list": [1, 2.5]"#, "typeMismatch $.list[1]"),
  indexed(
    #""list": [1]"#, "missingKey $.list[1]",
    differs: [.mappable: mappableKeepsInitialValue, .codable: "Codable's unkeyed container reports the end of the array, a valueNotFound"]),
]

func outcome(of testCase: ParityCase, through path: Path) -> Outcome {
  var options: MappingOptions = testCase.lenient ? .lenient : .strict
  options.unknownKeys = testCase.unknownKeys
  let json = testCase.json
  switch testCase.type {
  case "Int": return run(path, json, options: options, RowInt.self, MappedInt.self, CodedInt.self)
  case "Int8": return run(path, json, options: options, RowInt8.self, MappedInt8.self, CodedInt8.self)
  case "UInt8": return run(path, json, options: options, RowUInt8.self, MappedUInt8.self, CodedUInt8.self)
  case "Int64": return run(path, json, options: options, RowInt64.self, MappedInt64.self, CodedInt64.self)
  case "Double": return run(path, json, options: options, RowDouble.self, MappedDouble.self, CodedDouble.self)
  case "Float": return run(path, json, options: options, RowFloat.self, MappedFloat.self, CodedFloat.self)
  case "Decimal": return run(path, json, options: options, RowDecimal.self, MappedDecimal.self, CodedDecimal.self)
  case "Bool": return run(path, json, options: options, RowBool.self, MappedBool.self, CodedBool.self)
  case "String": return run(path, json, options: options, RowString.self, MappedString.self, CodedString.self)
  case "Nested": return run(path, json, options: options, RowNested.self, MappedNested.self, CodedNested.self)
  case "Defaulted": return run(path, json, options: options, RowDefaulted.self, MappedDefaulted.self, CodedDefaulted.self)
  case "Indexed": return run(path, json, options: options, RowIndexed.self, MappedIndexed.self, CodedIndexed.self)
  default: fatalError("no models for \(testCase.type)")
  }
}

@Suite struct ParityTableTests {
  @Test func theTableHasEnoughCases() {
    #expect(parityCases.count >= 80)
  }

  @Test(arguments: parityCases)
  func everyPathAgrees(_ testCase: ParityCase) {
    let reference = outcome(of: testCase, through: .macro)
    #expect(reference.result == testCase.expected, "\(testCase): @JSONModel gave \(reference)")
    // A successful lenient read that converted something reports it once, at the value's path.
    let converted = testCase.lenient && testCase.expected.hasPrefix("value") && !(reference.report ?? []).isEmpty
    if converted {
      #expect(reference.report?.count == 1 && reference.report?[0].hasPrefix(testCase.members == nil ? "$.value: coerced" : "$.") == true)
    }
    for path in Path.allCases where path != .macro {
      // A property list has no null: those cases cannot be written as one.
      if path == .macroThroughPropertyList && testCase.json.contains("null") { continue }
      let other = outcome(of: testCase, through: path)
      if let reason = testCase.differs[path] {
        #expect(other != reference, "\(testCase): \(path) no longer differs (\(reason)); remove the exception")
        continue
      }
      #expect(other.result == reference.result, "\(testCase): \(path) gave \(other), @JSONModel \(reference)")
      if let report = other.report, let expected = reference.report {
        // Entity paths convert into the entity's storage type (Integer 64 → Int64), and say so.
        let entityPath = path == .modelObject || path == .importer
        let compared = entityPath ? report.map(withoutTarget) : report
        #expect(
          compared == (entityPath ? expected.map(withoutTarget) : expected),
          "\(testCase): \(path) reported \(report), @JSONModel \(expected)")
      }
    }
  }
}

/// A report entry without the coercion's target type (`… to Int64` → `… to`).
func withoutTarget(_ entry: String) -> String {
  guard let range = entry.range(of: " to ", options: .backwards) else { return entry }
  return String(entry[..<range.upperBound])
}
