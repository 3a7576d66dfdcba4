// `@JSONModel` on enums: a raw-value enum decodes through its raw value, with an optional
// `@Fallback` case for raw values that name no case; an enum with associated values uses a
// tagged encoding (TaggedEnumGenerator).

import MapwrightNaming
import SwiftDiagnostics
import SwiftSyntax

struct EnumDeclaration {
  var name: String
  /// Nil for an enum with associated values.
  var rawType: String?
  var fallback: String?
  var isPublic: Bool
  var tag: String?
  var content: String?
  /// `tagging: .untagged`: cases told apart by their shape alone.
  var isUntagged = false
  var cases: [EnumCase] = []

  /// A raw-value enum is always Sendable; one with associated values when their types are
  /// all known Sendable types.
  var isKnownSendable: Bool {
    rawType != nil || cases.allSatisfy { $0.values.allSatisfy { TypeText.isKnownSendable($0.type) } }
  }
}

/// One case of an enum with associated values.
struct EnumCase {
  var name: String
  /// The JSON name (`@Key` on the case, or the case name).
  var jsonName: String
  /// Labels (as written, backticks kept), JSON keys (the label, or what `keys:` makes of it)
  /// and types of the associated values.
  var values: [(label: String, key: String, type: String)]
  /// One unlabeled associated value (untagged enums): the JSON is that value itself.
  var isValueItself = false
}

enum EnumSupport {
  static let rawTypes: Set<String> = [
    "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
  ]

  /// `name` without the backticks that let a keyword be a name.
  static func withoutBackticks(_ name: String) -> String {
    name.count > 1 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
  }

  /// Parses an enum, reporting what cannot be mapped.
  static func parse(_ declaration: EnumDeclSyntax, attribute: AttributeSyntax, diagnostics: inout [Diagnostic]) -> EnumDeclaration? {
    func error(_ node: some SyntaxProtocol, _ id: String, _ message: String) {
      diagnostics.append(Diagnostic(node: Syntax(node), message: MapwrightDiagnostic(id, message)))
    }
    var tag: String?
    var content: String?
    var isUntagged = false
    var keyNaming = KeyNamingRule.useDefaultKeys
    for argument in attribute.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
      switch argument.label?.text {
      case "tag": tag = text
      case "content": content = text
      case "tagging":
        switch argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "untagged": isUntagged = true
        case "external": break
        default: error(argument.expression, "tagging", "tagging: takes .untagged or .external")
        }
      case "keys":
        if let naming = KeyNamingArgument.parse(argument.expression, customAllowed: false, error: { error($0, "keys", $1) }) {
          keyNaming = naming
        }
      default: break
      }
    }
    let isPublic = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) }
    let rawType = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
    if isUntagged, let rawType, rawTypes.contains(rawType) {
      error(attribute, "untaggedRaw", "tagging: .untagged is for enums with associated values; a \(rawType) enum is its raw value")
    }
    if rawType == nil || !rawTypes.contains(rawType!) {
      // An enum with associated values, in a tagged encoding.
      if content != nil, tag == nil {
        error(attribute, "contentWithoutTag", "content: needs tag: (adjacent tagging names both keys)")
      }
      var cases: [EnumCase] = []
      for member in declaration.memberBlock.members {
        guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        let keyAttribute = caseDecl.attributes.compactMap { $0.as(AttributeSyntax.self) }
          .first { $0.attributeName.trimmedDescription.hasSuffix("Key") }
        let renamed = keyAttribute?.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
          .as(StringLiteralExprSyntax.self)?.representedLiteralValue
        for element in caseDecl.elements {
          var values: [(String, String, String)] = []
          let parameters = element.parameterClause?.parameters ?? []
          if isUntagged, parameters.count == 1, let parameter = parameters.first, parameter.firstName == nil || parameter.firstName?.text == "_" {
            // Untagged: one unlabeled value is the case's JSON itself.
            values.append(("value", "", parameter.type.trimmedDescription))
            cases.append(
              EnumCase(name: element.name.text, jsonName: renamed ?? withoutBackticks(element.name.text), values: values, isValueItself: true))
            continue
          }
          for (i, parameter) in parameters.enumerated() {
            guard let label = parameter.firstName?.text, label != "_" else {
              error(parameter, "unlabeled", "label the associated value \(i + 1) of '\(element.name.text)': its label is its JSON key")
              continue
            }
            values.append((label, keyNaming.key(for: withoutBackticks(label)), parameter.type.trimmedDescription))
          }
          cases.append(EnumCase(name: element.name.text, jsonName: renamed ?? withoutBackticks(element.name.text), values: values))
        }
      }
      if let tag, cases.contains(where: { $0.values.contains { $0.key == tag } }), content == nil {
        error(attribute, "tagClash", "an associated value is named like the tag \"\(tag)\"; choose another tag: or add content:")
      }
      return EnumDeclaration(
        name: declaration.name.text, rawType: nil, fallback: nil, isPublic: isPublic, tag: tag, content: content, isUntagged: isUntagged,
        cases: cases)
    }
    var fallbacks: [(String, Syntax)] = []
    for member in declaration.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let marked = caseDecl.attributes.contains {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Fallback") == true
      }
      if marked {
        if caseDecl.elements.count != 1 {
          error(caseDecl, "fallbackOne", "@Fallback marks a single case")
        }
        if let element = caseDecl.elements.first { fallbacks.append((element.name.text, Syntax(caseDecl))) }
      }
    }
    if fallbacks.count > 1 {
      error(fallbacks[1].1, "fallbackTwice", "only one case can be the fallback; '\(fallbacks[0].0)' already is")
    }
    return EnumDeclaration(name: declaration.name.text, rawType: rawType, fallback: fallbacks.first?.0, isPublic: isPublic)
  }

  static func extensionBody(_ model: EnumDeclaration) -> String {
    guard let rawType = model.rawType else { return TaggedEnumGenerator(model: model).extensionBody() }
    let access = model.isPublic ? "public " : ""
    let unknown: String
    if let fallback = model.fallback {
      unknown = """
          session.noteFallback(at: value)
          return .\(fallback)
        """
    } else {
      unknown = """
          throw session.invalidRawValue(of: Self.self, at: value)
        """
    }
    return """
      \(access)static func decode(from value: Mapwright.JSONValue, in session: Mapwright.DecodingSession) throws(Mapwright.MappingError) -> Self {
        let raw = try \(rawType).decode(from: value, in: session)
        if let decoded = Self(rawValue: raw) { return decoded }
      \(unknown)
      }

      \(access)func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
        rawValue.encodeJSON(in: session)
      }

      \(access)func writeJSON(to output: inout Mapwright.JSONOutput, in session: Mapwright.EncodingSession) {
        rawValue.writeJSON(to: &output, in: session)
      }
      """
  }
}
