// `@JSONModel` on a raw-value enum: decoding through the raw value, with an optional
// `@Fallback` case for raw values that name no case.

import SwiftDiagnostics
import SwiftSyntax

struct EnumDeclaration {
  var name: String
  var rawType: String
  var fallback: String?
  var isPublic: Bool
}

enum EnumSupport {
  static let rawTypes: Set<String> = [
    "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
  ]

  /// Parses an enum, reporting what cannot be mapped.
  static func parse(_ declaration: EnumDeclSyntax, attribute: AttributeSyntax, diagnostics: inout [Diagnostic]) -> EnumDeclaration? {
    func error(_ node: some SyntaxProtocol, _ id: String, _ message: String) {
      diagnostics.append(Diagnostic(node: Syntax(node), message: MapwrightDiagnostic(id, message)))
    }
    guard let rawType = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
      rawTypes.contains(rawType)
    else {
      error(attribute, "enum", "@JSONModel maps enums with a String or integer raw type; enums with associated values are not mapped yet")
      return nil
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
    let isPublic = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) }
    return EnumDeclaration(name: declaration.name.text, rawType: rawType, fallback: fallbacks.first?.0, isPublic: isPublic)
  }

  static func extensionBody(_ model: EnumDeclaration) -> String {
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
        let raw = try \(model.rawType).decode(from: value, in: session)
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
