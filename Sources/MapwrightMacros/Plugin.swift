// The compiler plugin: it only names the macros; their logic (parse → check → generate) is
// in MapwrightMacrosCore, a plain library with its own tests.

import MapwrightMacrosCore
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

public struct JSONModelMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try JSONModelExpansion.expansion(of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try JSONModelExpansion.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
  }
}

public struct PropertyMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}

@main
struct MapwrightMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [JSONModelMacro.self, PropertyMarkerMacro.self]
}
