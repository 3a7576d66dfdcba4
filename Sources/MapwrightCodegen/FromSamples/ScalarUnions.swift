// With `--enums`, a place that held scalars of several kinds (`["a", 1, true]`, or a number
// here and a string there) is an enum with a case per kind seen, rather than `JSON`:
//
//     enum Tag: JSONConvertible, Sendable {
//       case int(Int)
//       case string(String)
//       …decode(from:in:) by the value's kind; encodeJSON(in:) writes the value back
//     }
//
// The conformance is written out (the macro has no untagged enums): each case decodes through
// its type's own decoding, so errors and lenient coercions are those of the type; a value of a
// kind no sample had is decoded as the first case's type, whose error names the place.

import MapwrightEngine

extension DeclarationBuilder {
  /// Declares the enum of the scalar kinds `shape` held; returns its name.
  mutating func declareScalarUnion(_ shape: SampleShape, preferredName: String, parentName: String) -> String {
    var cases: [(name: String, type: String)] = []
    if shape.bools > 0 { cases.append(("bool", "Bool")) }
    if shape.integers > 0, shape.fractions == 0 {
      let type = shape.fitsInt ? "Int" : shape.fitsInt64 ? "Int64" : shape.fitsUInt64 ? "UInt64" : "Decimal"
      cases.append((type == "Int" ? "int" : "number", type))
    } else if shape.fractions > 0 {
      cases.append(("number", options.decimals ? "Decimal" : "Double"))
    }
    if shape.strings > 0 { cases.append(("string", "String")) }
    let signature = "union|" + cases.map { "\($0.name):\($0.type)" }.joined(separator: "|")
    if let existing = nameBySignature[signature] { return existing }
    let name = uniqueName(preferredName, parentName: parentName)
    let access = options.isPublic ? "public " : ""
    func decoding(_ enumCase: (name: String, type: String)) -> String {
      "return .\(enumCase.name)(try \(enumCase.type).decode(from: value, in: session))"
    }
    var lines = [
      "/// One of the kinds of value the samples held here.",
      "\(access)enum \(name): JSONConvertible\(options.sendable ? ", Sendable" : "") {",
    ]
    lines += cases.map { "  case \($0.name)(\($0.type))" }
    lines += [
      "",
      "  \(access)static func decode(from value: JSONValue, in session: DecodingSession) throws(MappingError) -> \(name) {",
      "    switch value.kind {",
    ]
    for enumCase in cases {
      switch enumCase.type {
      case "Bool": lines.append("    case .bool: \(decoding(enumCase))")
      case "String": lines.append("    case .string: \(decoding(enumCase))")
      default: lines.append("    case .number: \(decoding(enumCase))")
      }
    }
    lines += ["    default: \(decoding(cases[0]))", "    }", "  }", ""]
    lines.append("  \(access)func encodeJSON(in session: EncodingSession) -> JSON {")
    lines.append("    switch self {")
    for enumCase in cases { lines.append("    case .\(enumCase.name)(let value): value.encodeJSON(in: session)") }
    lines += ["    }", "  }", "}"]
    nameBySignature[signature] = name
    declarations[name] = GeneratedType(name: name, lines: lines, references: [])
    return name
  }
}
