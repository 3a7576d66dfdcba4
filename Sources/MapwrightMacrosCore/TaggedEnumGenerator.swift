// `@JSONModel` on an enum with associated values: decoding and encoding in the internally,
// adjacently or externally tagged encoding (see Mapwright's TaggedEnums.swift), or untagged
// (UntaggedEnums.swift). Associated
// values are keyed by their labels, or by what the enum's `keys:` naming makes of them.

struct TaggedEnumGenerator {
  let model: EnumDeclaration

  var access: String { model.isPublic ? "public " : "" }

  func extensionBody() -> String {
    [decodeFunction(), encodeFunction(), enumDescription()].joined(separator: "\n\n")
  }

  /// `_jsonModelEnum`: the tagging and each case's name and associated values, for JSON Schema.
  func enumDescription() -> String {
    let cases = model.cases.map { enumCase in
      let values = enumCase.values.map { value in
        let metatype = value.type.contains(" ") || value.type.contains("&") ? "(\(value.type)).self" : "\(value.type).self"
        return ".init(\(literal(EnumSupport.withoutBackticks(value.label))), key: \(literal(value.key)), \(metatype))"
      }
      let itself = enumCase.isValueItself ? ", valueItself: true" : ""
      return "    .init(\(literal(enumCase.jsonName)), [\(values.joined(separator: ", "))]\(itself))"
    }
    let list = cases.isEmpty ? "[]" : "[\n" + cases.joined(separator: ",\n") + "\n  ]"
    let tag = model.tag.map(literal) ?? "nil"
    let content = model.content.map(literal) ?? "nil"
    return """
      \(access)static var _jsonModelEnum: Mapwright._MapwrightRuntime.EnumDescription? {
        Mapwright._MapwrightRuntime.EnumDescription(tag: \(tag), content: \(content), cases: \(list)\(model.isUntagged ? ", untagged: true" : ""))
      }
      """
  }

  private func literal(_ text: String) -> String { swiftStringLiteral(text) }

  /// The expression building a case from the object `source` holding its associated values.
  private func construct(_ enumCase: EnumCase, from source: String) -> String {
    guard !enumCase.values.isEmpty else { return ".\(enumCase.name)" }
    let arguments = enumCase.values.map { value in
      "\(EnumSupport.withoutBackticks(value.label)): try session.enumField(\(value.type).self, \(literal(value.key)), in: \(source))"
    }
    return ".\(enumCase.name)(\(arguments.joined(separator: ", ")))"
  }

  func decodeFunction() -> String {
    var lines = [
      "\(access)static func decode(from value: Mapwright.JSONValue, in session: Mapwright.DecodingSession) throws(Mapwright.MappingError) -> Self {"
    ]
    if model.isUntagged {
      // The cases in declaration order, the first that decodes winning (UntaggedEnums.swift).
      lines.append("  var untagged = Mapwright._MapwrightRuntime.UntaggedDecoding(Self.self, at: value, in: session)")
      lines.append("  repeat {")
      for enumCase in model.cases {
        let body: String
        if enumCase.values.isEmpty {
          body = "try session.untaggedUnit(.\(enumCase.name), at: value)"
        } else if enumCase.isValueItself, let value = enumCase.values.first {
          body = ".\(enumCase.name)(try \(value.type).decode(from: value, in: session))"
        } else {
          body = construct(enumCase, from: "value")
        }
        lines.append(
          "    if let decoded = untagged.attempt(\(literal(enumCase.jsonName)), { () throws(Mapwright.MappingError) -> Self in \(body) }) { return decoded }"
        )
      }
      lines.append("  } while untagged.nextRound()")
      lines.append("  throw untagged.noMatchingCase()")
    } else if let tag = model.tag {
      lines.append("  let (tag, tagValue) = try session.enumTag(of: value, key: \(literal(tag)))")
      let source: String
      if let content = model.content {
        source = "payload"
        if model.cases.contains(where: { !$0.values.isEmpty }) {
          lines.append(
            "  func content() throws(Mapwright.MappingError) -> Mapwright.JSONValue { try session.enumContent(of: value, key: \(literal(content))) }")
        }
      } else {
        source = "value"
      }
      lines.append("  switch tag {")
      for enumCase in model.cases {
        lines.append("  case \(literal(enumCase.jsonName)):")
        if model.content != nil, !enumCase.values.isEmpty {
          lines.append("    let payload = try content()")
        }
        lines.append("    return \(construct(enumCase, from: source))")
      }
      lines.append("  default:")
      lines.append("    throw session.unknownCase(tag, of: Self.self, at: tagValue)")
      lines.append("  }")
    } else {
      lines.append("  let (tag, payload, tagValue) = try session.externalTag(of: value)")
      lines.append("  switch tag {")
      for enumCase in model.cases {
        lines.append("  case \(literal(enumCase.jsonName)):")
        if enumCase.values.isEmpty {
          lines.append("    return .\(enumCase.name)")
        } else {
          lines.append("    guard let payload else { throw session.missingPayload(tag, of: Self.self, at: tagValue) }")
          lines.append("    return \(construct(enumCase, from: "payload"))")
        }
      }
      lines.append("  default:")
      lines.append("    throw session.unknownCase(tag, of: Self.self, at: tagValue)")
      lines.append("  }")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  func encodeFunction() -> String {
    var lines = ["\(access)func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {"]
    lines.append("  switch self {")
    for enumCase in model.cases {
      let bindings = enumCase.values.isEmpty ? "" : "(" + enumCase.values.map { "let \($0.label)" }.joined(separator: ", ") + ")"
      lines.append("  case .\(enumCase.name)\(bindings):")
      if !enumCase.values.isEmpty && !enumCase.isValueItself { lines.append("    var values = Mapwright.JSONObject()") }
      for value in enumCase.values where !enumCase.isValueItself {
        lines.append(
          "    if !\(value.label).isNilValue || session.includesNilValues { values[\(literal(value.key))] = \(value.label).encodeJSON(in: session) }")
      }
      if model.isUntagged {
        if enumCase.values.isEmpty {
          lines.append("    return .null")
        } else if enumCase.isValueItself, let value = enumCase.values.first {
          lines.append("    return \(value.label).encodeJSON(in: session)")
        } else {
          lines.append("    return .object(values)")
        }
      } else if let tag = model.tag {
        if let content = model.content {
          if enumCase.values.isEmpty {
            lines.append("    return .object([\(literal(tag)): .string(\(literal(enumCase.jsonName)))])")
          } else {
            lines.append("    return .object([\(literal(tag)): .string(\(literal(enumCase.jsonName))), \(literal(content)): .object(values)])")
          }
        } else if enumCase.values.isEmpty {
          lines.append("    return .object([\(literal(tag)): .string(\(literal(enumCase.jsonName)))])")
        } else {
          lines.append("    var object: Mapwright.JSONObject = [\(literal(tag)): .string(\(literal(enumCase.jsonName)))]")
          lines.append("    for (key, member) in values { object[key] = member }")
          lines.append("    return .object(object)")
        }
      } else if enumCase.values.isEmpty {
        lines.append("    return .string(\(literal(enumCase.jsonName)))")
      } else {
        lines.append("    return .object([\(literal(enumCase.jsonName)): .object(values)])")
      }
    }
    lines.append("  }")
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
