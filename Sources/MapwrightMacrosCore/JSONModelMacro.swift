// The `@JSONModel` macro: parse → check → generate. Diagnostics are emitted by the member
// role only (the extension role would repeat them); on any error nothing is generated, so
// the compiler shows the model's problems and not errors in generated code. The extension
// holds the conformance, the key table, `encodeJSON(in:)` and, for structs, the decoding
// initialiser; a class's designated initialiser is added to its body.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The `@JSONModel` macro's expansion: members (the initialiser and encoding of structs and
/// classes) and an extension (the conformance, key table and, for enums, everything).
public enum JSONModelExpansion: MemberMacro, ExtensionMacro {
  /// Parses and checks; nil when there is an error (reported if `context` is given).
  static func model(
    _ attribute: AttributeSyntax, _ declaration: some DeclGroupSyntax, report: (Diagnostic) -> Void
  ) -> ModelDeclaration? {
    var parser = ModelParser()
    let parsed = parser.parse(attribute, declaration)
    var checker = ModelChecker()
    if let parsed { checker.check(parsed) }
    let diagnostics = parser.diagnostics + checker.diagnostics
    diagnostics.forEach(report)
    return diagnostics.contains { $0.diagMessage.severity == .error } ? nil : parsed
  }

  /// The members `@JSONModel` adds to a struct or class; nothing when the model has an error
  /// (its diagnostics are emitted here).
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) { return [] }  // enums: the extension role does it all
    guard let model = model(node, declaration, report: { context.diagnose($0) }) else { return [] }
    // A class's designated initialiser must be in its body; a struct's goes in the extension,
    // where it does not suppress the memberwise initialiser. What subclasses override is in
    // the body too.
    let generator = ModelGenerator(model: model)
    let storage = generator.preservedStorage().map { [DeclSyntax(stringLiteral: $0)] } ?? []
    guard model.kind != .struct else { return storage }
    let equality = generator.writesEquality ? generator.equalityFunctions() : []
    guard model.mappingInBody else {
      let codable = model.writesCodableReading ? [generator.decodingInitializer(.codable)] : []
      return storage
        + ([generator.decodingInitializer()] + codable + [generator.draftInitializer()] + equality).map { DeclSyntax(stringLiteral: $0) }
    }
    // Classes with subclasses: both drivers, overridable (see `writesCodableReading`).
    let decodable = model.codable.decodes || generator.superclassIsModel ? [generator.codableClassInitializer()] : []
    let members =
      [generator.preservedStorage()].compactMap { $0 } + generator.fieldsDeclarations()
      + generator.clusterDeclarations()
      + [generator.decodingInitializer(), generator.decodingInitializer(.codable)] + decodable
      + [generator.encodingFunction(), generator.encodingFunction(.codable), generator.describedFieldsFunction()] + equality
    return members.map { DeclSyntax(stringLiteral: $0) }
  }

  /// The extension `@JSONModel` adds: the conformance and what the model's kind needs.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      var diagnostics: [Diagnostic] = []
      let parsed = EnumSupport.parse(enumDecl, attribute: node, diagnostics: &diagnostics)
      diagnostics.forEach { context.diagnose($0) }
      guard let model = parsed, !diagnostics.contains(where: { $0.diagMessage.severity == .error }) else { return [] }
      let requested = protocols.map { $0.trimmedDescription }
      var names = requested.contains { $0.hasSuffix("JSONConvertible") } ? ["Mapwright.JSONConvertible"] : []
      // Declared only where the macro can see that every associated value is Sendable (a
      // public enum is not inferred Sendable by Swift).
      if model.isKnownSendable, requested.contains("Sendable") { names.append("Sendable") }
      // Declared Codable: by the enum's mapping through any coder, not Swift's synthesis.
      let inherited = (enumDecl.inheritanceClause?.inheritedTypes ?? []).map { $0.type.trimmedDescription }
      let access = model.isPublic ? "public " : ""
      var members = [EnumSupport.extensionBody(model)]
      if inherited.contains(where: { ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"].contains($0) }) {
        members.append("\(access)init(from decoder: any Decoder) throws {\n  self = try Mapwright._jsonModelDecode(Self.self, from: decoder)\n}")
      }
      if inherited.contains(where: { ["Codable", "Encodable", "Swift.Codable", "Swift.Encodable"].contains($0) }) {
        members.append("\(access)func encode(to encoder: any Encoder) throws {\n  try Mapwright._jsonModelEncode(self, to: encoder)\n}")
      }
      return [extensionDeclaration(type, conformances: names, members: members)]
    }
    guard let model = model(node, declaration, report: { _ in }) else { return [] }
    let generator = ModelGenerator(model: model)
    // The conformances the compiler asks for (those the type does not have yet).
    let requested = protocols.map { $0.trimmedDescription }
    // `JSONModelCopyable` is declared by the user (the members it needs are generated for
    // structs and final root classes): a macro that may add a conformance makes Swift 6.3
    // expect it from every subclass of a model class, and crash when it is not there.
    var names = ["JSONModel", "JSONConvertible"].filter { name in requested.contains { $0.hasSuffix(name) } }
      .map { "Mapwright.\($0)" }
    let describes = requested.contains("CustomStringConvertible") && !model.hasDescription
    if describes { names.append("CustomStringConvertible") }
    var members: [String] = []
    if !model.mappingInBody {
      members.append(generator.fieldsDeclaration())
      if model.kind == .struct { members.append(generator.decodingInitializer()) }
      if model.kind == .struct && model.writesCodableReading { members.append(generator.decodingInitializer(.codable)) }
      members.append(generator.encodingFunction())
      if model.writesCodableWriting { members.append(generator.encodingFunction(.codable)) }
      if let streaming = generator.streamingFunction() { members.append(streaming) }
      members.append(generator.describedFieldsFunction())
    }
    if model.partial != nil { members += PartialGenerator(model: model).declarations() }
    if describes { members.append(generator.descriptionProperty()) }
    if model.isCopyable {
      members += generator.lazyFieldMembers()
      members.append(generator.entityDeclaration())
      members.append(generator.propertiesDeclaration())
      if model.kind == .struct { members.append(generator.draftInitializer()) }
    }
    if members.isEmpty && names.isEmpty { return [] }
    return [extensionDeclaration(type, conformances: names, members: members)]
  }

  /// `extension Type: Conformances { members }`, members indented and a blank line apart.
  static func extensionDeclaration(_ type: some TypeSyntaxProtocol, conformances: [String], members: [String]) -> ExtensionDeclSyntax {
    let conformance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    let body = members.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    let declaration: DeclSyntax = "extension \(type.trimmed)\(raw: conformance) {\(raw: body.isEmpty ? "" : "\n" + body)\n}"
    return declaration.as(ExtensionDeclSyntax.self)!
  }
}

/// `@Key`, `@Transform`, `@Default`, `@Ignore`, `@Lossy`, `@Coercion`: markers read by
/// `@JSONModel`; they add nothing themselves.
public enum PropertyMarkerExpansion: PeerMacro {
  /// No peers: the markers only mark properties for `@JSONModel`.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}
