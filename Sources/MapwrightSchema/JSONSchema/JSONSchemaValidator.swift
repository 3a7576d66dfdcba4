// Checks JSON against a JSON Schema (2020-12 / draft-07 keywords) and lists every problem at
// its place (JSON path, line, column) — for `mapwright check --schema`. One walk over the
// value; `$ref`s to local definitions are followed (JSON pointers into the schema).
//
// Keywords: type, enum, const, properties, required, additionalProperties, patternProperties
// (as additional-property exemptions), items (a schema, or draft-07's array form), prefixItems,
// minItems, maxItems, uniqueItems, minLength, maxLength, pattern, minimum, maximum,
// exclusiveMinimum, exclusiveMaximum (both forms), multipleOf, minProperties, maxProperties,
// allOf, anyOf, oneOf, not, $ref, and `format` asserted for date-time, date, time, uuid, uri
// and email (a checker is asked for it). Other keywords are annotations here and ignored.

import Foundation
import MapwrightEngine
import MapwrightJSON

/// Validates JSON documents against a JSON Schema.
///
/// ```swift
/// let validator = JSONSchemaValidator(schema: try JSON(parsing: schemaText))
/// let document = try JSONDocument(dataText)
/// for problem in validator.problems(of: document.root) { print(problem) }   // $.born: expected a date "yyyy-MM-dd", found "03/04/1990" (line 1, column 10)
/// ```
public struct JSONSchemaValidator: Sendable {
  /// The schema documents are validated against.
  public let schema: JSON

  /// A validator for `schema` (2020-12 or draft-07).
  public init(schema: JSON) { self.schema = schema }

  /// Every problem of `value`, each a `MappingError` at its place, in the order met.
  public func problems(of value: JSONValue) -> [MappingError] {
    var problems: [MappingError] = []
    validate(value, against: schema, depth: 0, into: &problems)
    return problems
  }

  // MARK: Walking

  private func validate(_ value: JSONValue, against schema: JSON, depth: Int, into problems: inout [MappingError]) {
    if schema == false {
      problems.append(.invalidValue("no value is allowed here", at: value))
      return
    }
    guard case .object = schema else { return }  // `true`, `{}`: anything
    if let reference = schema["$ref"]?.stringValue {
      guard depth < 64, let target = resolve(reference) else {
        problems.append(.invalidValue("the schema's $ref \(reference) cannot be followed", at: value))
        return
      }
      validate(value, against: target, depth: depth + 1, into: &problems)
    }
    checkType(value, schema, &problems)
    if let values = schema["enum"]?.arrayValue, !values.contains(JSON(value)) {
      problems.append(
        .invalidValue(
          "expected one of \(values.prefix(8).map(Self.text).joined(separator: ", "))\(values.count > 8 ? ", …" : ""), found \(Self.found(value))",
          at: value))
    }
    if let constant = schema["const"], JSON(value) != constant {
      problems.append(.invalidValue("expected \(Self.text(constant)), found \(Self.found(value))", at: value))
    }
    switch value.kind {
    case .object: checkObject(value, schema, depth, &problems)
    case .array: checkArray(value, schema, depth, &problems)
    case .string: checkString(value, schema, &problems)
    case .number: checkNumber(value, schema, &problems)
    default: break
    }
    for part in schema["allOf"]?.arrayValue ?? [] { validate(value, against: part, depth: depth + 1, into: &problems) }
    if let parts = schema["anyOf"]?.arrayValue, !parts.isEmpty {
      let failures = parts.map { part -> [MappingError] in
        var found: [MappingError] = []
        validate(value, against: part, depth: depth + 1, into: &found)
        return found
      }
      if !failures.contains(where: \.isEmpty) {
        let closest = failures.min { $0.count < $1.count }?.first.map { ": \($0.path == value.path ? "" : "\($0.path): ")\($0.message)" } ?? ""
        problems.append(.invalidValue("matches none of the \(parts.count) schemas of anyOf (the closest\(closest))", at: value))
      }
    }
    if let parts = schema["oneOf"]?.arrayValue, !parts.isEmpty {
      var matches = 0
      var closest: MappingError?
      var fewest = Int.max
      for part in parts {
        var found: [MappingError] = []
        validate(value, against: part, depth: depth + 1, into: &found)
        if found.isEmpty { matches += 1 } else if found.count < fewest { (closest, fewest) = (found.first, found.count) }
      }
      if matches == 0 {
        let detail = closest.map { ": \($0.path == value.path ? "" : "\($0.path): ")\($0.message)" } ?? ""
        problems.append(.invalidValue("matches none of the \(parts.count) schemas of oneOf (the closest\(detail))", at: value))
      } else if matches > 1 {
        problems.append(.invalidValue("matches \(matches) of the schemas of oneOf, which needs exactly one", at: value))
      }
    }
    if let excluded = schema["not"] {
      var found: [MappingError] = []
      validate(value, against: excluded, depth: depth + 1, into: &found)
      if found.isEmpty { problems.append(.invalidValue("matches the schema of not", at: value)) }
    }
  }

  /// A local JSON pointer (`#/$defs/Pet`).
  private func resolve(_ reference: String) -> JSON? {
    guard reference.hasPrefix("#") else { return nil }
    var current = schema
    for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
      let key =
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        .removingPercentEncoding ?? String(token)
      if case .array(let items) = current, let index = Int(key), items.indices.contains(index) {
        current = items[index]
      } else if let next = current[key] {
        current = next
      } else {
        return nil
      }
    }
    return current
  }

  // MARK: Keywords by kind

  private func checkType(_ value: JSONValue, _ schema: JSON, _ problems: inout [MappingError]) {
    let names: [String]
    switch schema["type"] {
    case .string(let name)?: names = [name]
    case .array(let list)?: names = list.compactMap(\.stringValue)
    default: return
    }
    let matches = names.contains { name in
      switch (name, value.kind) {
      case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number): true
      case ("integer", .number): value.isIntegerLiteral || value.doubleValue.map { $0.rounded() == $0 && $0.isFinite } == true
      default: false
      }
    }
    if !matches { problems.append(.typeMismatch(expected: names.joined(separator: " or "), at: value)) }
  }

  private func checkObject(_ value: JSONValue, _ schema: JSON, _ depth: Int, _ problems: inout [MappingError]) {
    let properties = schema["properties"]
    for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where value[key] == nil {
      problems.append(MappingError.invalidValue("missing key \(key)", at: value))
    }
    let patterns =
      (schema["patternProperties"].flatMap { json -> [(NSRegularExpression, JSON)]? in
        guard case .object(let members) = json else { return nil }
        return members.compactMap { key, sub in (try? NSRegularExpression(pattern: key)).map { ($0, sub) } }
      }) ?? []
    let additional = schema["additionalProperties"]
    for member in value.members {
      var known = false
      if let sub = properties?[member.key] {
        known = true
        validate(member.value, against: sub, depth: depth + 1, into: &problems)
      }
      for (pattern, sub) in patterns where Self.matches(pattern, member.key) {
        known = true
        validate(member.value, against: sub, depth: depth + 1, into: &problems)
      }
      if !known, let additional {
        if additional == false {
          problems.append(.invalidValue("unknown key \(member.key) (additionalProperties is false)", at: member.value))
        } else {
          validate(member.value, against: additional, depth: depth + 1, into: &problems)
        }
      }
    }
    if let minimum = schema["minProperties"]?.numberValue?.int64Value, value.count < minimum {
      problems.append(.invalidValue("expected at least \(minimum) members, found \(value.count)", at: value))
    }
    if let maximum = schema["maxProperties"]?.numberValue?.int64Value, value.count > maximum {
      problems.append(.invalidValue("expected at most \(maximum) members, found \(value.count)", at: value))
    }
  }

  private func checkArray(_ value: JSONValue, _ schema: JSON, _ depth: Int, _ problems: inout [MappingError]) {
    var prefix = schema["prefixItems"]?.arrayValue ?? []
    var rest = schema["items"]
    if case .array(let tuple)? = rest {  // draft-07: items as an array is prefixItems
      prefix = tuple
      rest = schema["additionalItems"]
    }
    for (index, element) in value.elements.enumerated() {
      if index < prefix.count {
        validate(element, against: prefix[index], depth: depth + 1, into: &problems)
      } else if let rest {
        if rest == false {
          problems.append(.invalidValue("no element is allowed past the first \(prefix.count)", at: element))
        } else {
          validate(element, against: rest, depth: depth + 1, into: &problems)
        }
      }
    }
    if let minimum = schema["minItems"]?.numberValue?.int64Value, value.count < minimum {
      problems.append(.invalidValue("expected at least \(minimum) elements, found \(value.count)", at: value))
    }
    if let maximum = schema["maxItems"]?.numberValue?.int64Value, value.count > maximum {
      problems.append(.invalidValue("expected at most \(maximum) elements, found \(value.count)", at: value))
    }
    if schema["uniqueItems"] == true {
      var seen: Set<JSON> = []
      for element in value.elements where !seen.insert(JSON(element)).inserted {
        problems.append(.invalidValue("repeats an element (uniqueItems)", at: element))
      }
    }
  }

  private func checkString(_ value: JSONValue, _ schema: JSON, _ problems: inout [MappingError]) {
    guard let text = value.stringValue else { return }
    let length = text.unicodeScalars.count
    if let minimum = schema["minLength"]?.numberValue?.int64Value, length < minimum {
      problems.append(.invalidValue("expected at least \(minimum) characters, found \(length)", at: value))
    }
    if let maximum = schema["maxLength"]?.numberValue?.int64Value, length > maximum {
      problems.append(.invalidValue("expected at most \(maximum) characters, found \(length)", at: value))
    }
    if let pattern = schema["pattern"]?.stringValue, let expression = try? NSRegularExpression(pattern: pattern), !Self.matches(expression, text) {
      problems.append(.invalidValue("expected text matching /\(pattern)/, found \(Self.found(value))", at: value))
    }
    if let format = schema["format"]?.stringValue, let expectation = Self.formatProblem(format, text) {
      problems.append(.invalidValue("expected \(expectation), found \(Self.found(value))", at: value))
    }
  }

  private func checkNumber(_ value: JSONValue, _ schema: JSON, _ problems: inout [MappingError]) {
    guard let number = value.doubleValue else { return }
    func bound(_ keyword: String) -> Double? { schema[keyword]?.numberValue?.doubleValue }
    if let minimum = bound("minimum"), number < minimum {
      problems.append(.invalidValue("expected at least \(Self.text(schema["minimum"]!)), found \(Self.found(value))", at: value))
    }
    if let maximum = bound("maximum"), number > maximum {
      problems.append(.invalidValue("expected at most \(Self.text(schema["maximum"]!)), found \(Self.found(value))", at: value))
    }
    if let minimum = bound("exclusiveMinimum"), number <= minimum {
      problems.append(.invalidValue("expected more than \(Self.text(schema["exclusiveMinimum"]!)), found \(Self.found(value))", at: value))
    }
    if let maximum = bound("exclusiveMaximum"), number >= maximum {
      problems.append(.invalidValue("expected less than \(Self.text(schema["exclusiveMaximum"]!)), found \(Self.found(value))", at: value))
    }
    // draft-04/06 Boolean forms
    if schema["exclusiveMinimum"] == true, let minimum = bound("minimum"), number == minimum {
      problems.append(.invalidValue("expected more than \(minimum)", at: value))
    }
    if schema["exclusiveMaximum"] == true, let maximum = bound("maximum"), number == maximum {
      problems.append(.invalidValue("expected less than \(maximum)", at: value))
    }
    if let step = bound("multipleOf"), step > 0 {
      let quotient = number / step
      if abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) {
        problems.append(.invalidValue("expected a multiple of \(Self.text(schema["multipleOf"]!)), found \(Self.found(value))", at: value))
      }
    }
  }

  // MARK: Helpers

  /// What a string lacks for a format, or nil when it has it (or the format is not checked).
  static func formatProblem(_ format: String, _ text: String) -> String? {
    switch format {
    case "date-time": return SampleShape.isISO8601Date(text) ? nil : "a date-time (RFC 3339, 2024-05-01T12:30:00Z)"
    case "date": return isDate(text) ? nil : "a date \"yyyy-MM-dd\""
    case "time": return isDate("2000-01-01") && SampleShape.isISO8601Date("2000-01-01T" + text) ? nil : "a time \"HH:mm:ssZ\""
    case "uuid": return UUID(uuidString: text) != nil ? nil : "a UUID"
    case "uri": return URL(string: text).flatMap(\.scheme) != nil ? nil : "an absolute URI"
    case "email":
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") ? nil : "an email address"
    default: return nil
    }
  }

  static func isDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return false }
    guard [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) else { return false }
    let month = Int(text.dropFirst(5).prefix(2))!
    let day = Int(text.dropFirst(8))!
    return (1...12).contains(month) && (1...31).contains(day)
  }

  static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
    expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  static func text(_ value: JSON) -> String { (try? value.jsonString()) ?? "?" }

  static func found(_ value: JSONValue) -> String {
    value.kind == .string ? text(JSON(value)) : text(JSON(value)).count > 40 ? "\(value.kind)" : text(JSON(value))
  }
}
