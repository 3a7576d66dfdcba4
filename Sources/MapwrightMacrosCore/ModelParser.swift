// Parse: read a type declaration and its stored properties' attributes into a
// ModelDeclaration, reporting what cannot be read. Checking comes after (ModelChecker).

import MapwrightNaming
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

struct ModelParser {
  var diagnostics: [Diagnostic] = []

  mutating func error(_ node: some SyntaxProtocol, _ id: String, _ message: String, fixIts: [FixIt] = []) {
    diagnostics.append(Diagnostic(node: Syntax(node), message: MapwrightDiagnostic(id, message), fixIts: fixIts))
  }

  /// The model, or nil when the declaration is not one `@JSONModel` can map.
  mutating func parse(_ attribute: AttributeSyntax, _ declaration: some DeclGroupSyntax) -> ModelDeclaration? {
    let name: String
    let kind: ModelDeclaration.Kind
    var isGeneric = false
    var superclass: String?
    var asksEquatable = false
    var asksHashable = false
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      name = structDecl.name.text
      kind = .struct
      isGeneric = structDecl.genericParameterClause != nil
    } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
      name = classDecl.name.text
      kind = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) } ? .finalClass : .class
      isGeneric = classDecl.genericParameterClause != nil
      // Swift lists the superclass first; a root class conforming to a protocol of its own
      // lists `JSONModel` first to say it has none.
      if let first = classDecl.inheritanceClause?.inheritedTypes.first, !isKnownProtocol(first.type) {
        superclass = first.type.trimmedDescription
      }
      let listed = classDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
      asksHashable = listed.contains("Hashable")
      asksEquatable = asksHashable || listed.contains("Equatable")
    } else if declaration.is(ProtocolDeclSyntax.self) {
      error(attribute, "protocol", "@JSONModel applies to a struct or a class, not to a protocol")
      return nil
    } else if declaration.is(ActorDeclSyntax.self) {
      error(attribute, "actor", "@JSONModel applies to a struct or a class, not to an actor (its state cannot be read synchronously)")
      return nil
    } else {
      error(attribute, "unsupported", "@JSONModel applies to a struct or a class")
      return nil
    }
    let isPublic = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
    // `Codable`, `Decodable`, `Encodable` (or `Swift.`-qualified) in the declaration itself:
    // the macro writes reading and writing through any coder's containers.
    let inherited = Set(
      (declaration.inheritanceClause?.inheritedTypes ?? []).map { inherited in
        let name = inherited.type.trimmedDescription
        return name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
      })
    let codable = ModelDeclaration.Codability(
      decodes: inherited.contains("Codable") || inherited.contains("Decodable"),
      encodes: inherited.contains("Codable") || inherited.contains("Encodable"))

    var keyNaming = KeyNamingRule.useDefaultKeys
    var coercion: String?
    var unknownKeys: String?
    var discriminator: (String, node: Syntax)?
    var subclasses: String?
    var cluster: ModelDeclaration.Cluster?
    var version: String?
    var versionKey: String?
    var primaryKey: (name: String, node: Syntax)?
    var partial: Syntax?
    for argument in attribute.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      switch argument.label?.text {
      case "keys":
        if let naming = KeyNamingArgument.parse(argument.expression, customAllowed: true, error: { error($0, "keys", $1) }) {
          keyNaming = naming
        }
      case "coercion": coercion = argument.expression.trimmedDescription
      case "unknownKeys": unknownKeys = argument.expression.trimmedDescription
      case "discriminator":
        if let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue, !text.isEmpty {
          discriminator = (text, Syntax(argument))
        } else {
          error(argument.expression, "discriminator", "the discriminator is a non-empty string literal key")
        }
      case "subclasses": subclasses = parseSubclasses(argument.expression)
      case "version": version = argument.expression.trimmedDescription
      case "versionKey": versionKey = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
      case "primaryKey":
        if let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue, !text.isEmpty {
          primaryKey = (text, Syntax(argument))
        } else {
          error(argument.expression, "primaryKey", "primaryKey: names one of the model's properties as a string literal")
        }
      case "partial":
        switch argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind {
        case .keyword(.true): partial = Syntax(argument)
        case .keyword(.false): break
        default: error(argument.expression, "partial", "partial: takes the literal true or false")
        }
      case "tag", "content", "tagging":
        error(argument, "enumTagging", "\(argument.label!.text): is for enums with associated values")
      default: break
      }
    }
    if let (key, node) = discriminator {
      if let subclasses {
        cluster = .discriminator(key, subclasses: subclasses)
      } else {
        error(node, "discriminator", "a discriminator needs its subclasses: add subclasses: [\"value\": \"Subclass\", …]")
      }
    } else if subclasses != nil {
      error(attribute, "subclasses", "subclasses: needs the discriminator key that names them")
    }
    if cluster != nil, kind == .finalClass {
      error(attribute, "clusterFinal", "a class cluster's base cannot be final: it has subclasses")
    }
    // `class func jsonModelClass(for:)` in the body: the class chosen by the user's code.
    if discriminator == nil,
      declaration.memberBlock.members.contains(where: { member in
        member.decl.as(FunctionDeclSyntax.self).map { $0.name.text == "jsonModelClass" } ?? false
      })
    {
      cluster = .closure("{ \(name).jsonModelClass(for: $0) }")
    }
    if cluster != nil, kind == .struct {
      error(attribute, "clusterStruct", "a class cluster needs a class: a struct has no subclasses to choose from")
    }

    var properties: [PropertyDeclaration] = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      properties += parseProperties(variable, keyNaming: keyNaming)
    }
    let isOpen = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.open) }
    let hasDescription = declaration.memberBlock.members.contains { member in
      member.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.trimmedDescription == "description" } ?? false
    }
    let hasMigrate = declaration.memberBlock.members.contains { member in
      member.decl.as(FunctionDeclSyntax.self).map { $0.name.text == "migrate" } ?? false
    }
    if hasMigrate, version == nil {
      error(attribute, "migrateVersion", "a model with migrate(_:from:) declares its version: @JSONModel(version: 2)")
    }
    var model = ModelDeclaration(
      name: name, kind: kind, isGeneric: isGeneric, isPublic: isPublic, isOpen: isOpen, superclass: superclass,
      cluster: cluster, version: version, versionKey: versionKey, hasMigrate: hasMigrate, asksEquatable: asksEquatable, asksHashable: asksHashable,
      hasDescription: hasDescription, keyNaming: keyNaming, coercion: coercion, unknownKeys: unknownKeys, primaryKey: primaryKey,
      properties: properties, hasMemberwiseInitializer: kind == .struct && hasPlainMemberwiseInitializer(declaration), codable: codable)
    model.partial = partial
    model.inherited = inherited
    return model
  }

  /// Whether Swift gives the struct a memberwise initialiser whose parameters are the stored
  /// properties this parser lists, in their order, at internal access or wider. Anything
  /// that could change its parameters, their order or its access says no: an initialiser in
  /// the body (there is then no memberwise initialiser), `#if` blocks, a stored property that
  /// is `lazy`, `private` or `fileprivate` (also in `private(set)`), has an attribute other
  /// than the markers (a property wrapper) or binds a tuple, and an attribute on the type
  /// other than `@JSONModel`, `@available` and `@frozen` (a macro that could add stored
  /// properties).
  private func hasPlainMemberwiseInitializer(_ declaration: some DeclGroupSyntax) -> Bool {
    let typeAttributes = declaration.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    guard declaration.attributes.allSatisfy({ $0.is(AttributeSyntax.self) }),
      typeAttributes.allSatisfy({ ["JSONModel", "Mapwright.JSONModel", "available", "frozen"].contains($0) })
    else { return false }
    for member in declaration.memberBlock.members {
      if member.decl.is(InitializerDeclSyntax.self) || member.decl.is(IfConfigDeclSyntax.self) { return false }
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
        continue
      }
      let blocking: Set<TokenKind> = [.keyword(.lazy), .keyword(.private), .keyword(.fileprivate)]
      if variable.modifiers.contains(where: { blocking.contains($0.name.tokenKind) }) { return false }
      let attributes = variable.attributes.map { $0.as(AttributeSyntax.self) }
      if attributes.contains(where: { $0 == nil || markerName($0!) == nil }) { return false }
      if variable.bindings.contains(where: { !$0.pattern.is(IdentifierPatternSyntax.self) }) { return false }
    }
    return true
  }

  /// `["dog": "Dog", …]` as the source of `["dog": Dog.self, …]`.
  private mutating func parseSubclasses(_ expression: ExprSyntax) -> String? {
    guard let dictionary = expression.as(DictionaryExprSyntax.self) else {
      error(expression, "subclasses", "write the subclasses as a dictionary literal: [\"value\": \"TypeName\", …]")
      return nil
    }
    guard case .elements(let elements) = dictionary.content else { return "[:]" }
    var entries: [String] = []
    for element in elements {
      guard let tag = element.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
        let type = element.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !type.isEmpty
      else {
        error(element, "subclasses", "each subclass is a string literal value and the subclass's name as a string literal")
        continue
      }
      entries.append("\(swiftStringLiteral(tag)): \(type).self")
    }
    return "[" + entries.joined(separator: ", ") + "]"
  }

  private func isKnownProtocol(_ type: TypeSyntax) -> Bool {
    let name = type.trimmedDescription
    return [
      "Equatable", "Hashable", "Sendable", "Codable", "Encodable", "Decodable", "Identifiable",
      "CustomStringConvertible", "CustomDebugStringConvertible", "JSONModel", "Mapwright.JSONModel",
      "@unchecked Sendable", "Comparable", "JSONConvertible", "Mapwright.JSONConvertible", "AnyObject", "JSONModelCopyable",
      "Mapwright.JSONModelCopyable",
    ].contains(name)
  }

  /// The stored properties of one `var`/`let` declaration (several with `var a, b: Int`).
  private mutating func parseProperties(_ variable: VariableDeclSyntax, keyNaming: KeyNamingRule) -> [PropertyDeclaration] {
    let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
    let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
    let marked = attributes.filter { markerName($0) != nil }
    if isStatic || isLazy {
      for attribute in marked {
        error(attribute, "notStored", "@\(markerName(attribute)!) applies to a stored instance property")
      }
      return []
    }
    var result: [PropertyDeclaration] = []
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    // In `var a, b: Int` only the last binding carries the type.
    var trailingType: String?
    for binding in variable.bindings.reversed() {
      if let type = binding.typeAnnotation?.type.trimmedDescription { trailingType = type }
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      if let accessors = binding.accessorBlock, isComputed(accessors) {
        for attribute in marked {
          error(
            attribute, "computed",
            "@\(markerName(attribute)!) cannot apply to the computed property '\(pattern.identifier.text)'; it has no storage to decode into")
        }
        continue
      }
      var property = PropertyDeclaration(
        name: pattern.identifier.text, type: binding.typeAnnotation?.type.trimmedDescription ?? (binding.initializer == nil ? trailingType : nil),
        isLet: isLet, initializer: binding.initializer?.value.trimmedDescription, paths: [],
        hasKeyAttribute: false, transform: nil, transformName: nil, defaultValue: nil, defaultOnNull: false,
        ignored: false, lossy: false, coercion: nil, node: Syntax(binding), keyAttribute: nil)
      for attribute in marked { apply(attribute, to: &property) }
      // The key of `` `default` `` is "default": the backticks only escape the keyword.
      if !property.hasKeyAttribute { property.paths = [keyNaming.key(for: property.name.trimmingBackticks)] }
      result.append(property)
    }
    return result.reversed()
  }

  private func isComputed(_ accessors: AccessorBlockSyntax) -> Bool {
    switch accessors.accessors {
    case .getter: return true
    case .accessors(let list):
      return list.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
  }

  func markerName(_ attribute: AttributeSyntax) -> String? {
    var name = attribute.attributeName.trimmedDescription
    if name.hasPrefix("Mapwright.") { name.removeFirst("Mapwright.".count) }
    return ["Key", "Transform", "Default", "Ignore", "Lossy", "Coercion", "Flatten", "Inverse", "WritesNull"].contains(name) ? name : nil
  }

  private mutating func apply(_ attribute: AttributeSyntax, to property: inout PropertyDeclaration) {
    let arguments = Array(attribute.arguments?.as(LabeledExprListSyntax.self) ?? [])
    switch markerName(attribute) {
    case "Key":
      property.hasKeyAttribute = true
      property.keyAttribute = attribute
      for argument in arguments {
        // The literal's value, escapes decoded (`"caf\u{E9}"` is the key café).
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue
        else {
          error(argument.expression, "keyLiteral", "@Key takes string literals")
          continue
        }
        guard argument.label?.text == "pointer" else {
          property.paths.append(value)
          continue
        }
        // An RFC 6901 pointer, read as the key path of the same tokens.
        guard let tokens = PointerGrammar.tokens(of: value), !tokens.isEmpty, !tokens.contains("-") else {
          error(
            argument.expression, "keyPointer",
            "\"\(value)\" is not a JSON Pointer to a member: it starts with \"/\", escapes \"~\" as ~0 and \"/\" as ~1, and has no \"-\" token")
          property.paths.append(value)  // nothing is generated; no second diagnostic for a missing key
          continue
        }
        property.paths.append(KeyPathGrammar.text(of: tokens))
      }
    case "Transform":
      if let named = arguments.first(where: { $0.label?.text == "named" }) {
        property.transformName = named.expression.trimmedDescription
      } else {
        property.transform = arguments.first?.expression.trimmedDescription
      }
    case "Default":
      property.defaultValue = arguments.first?.expression.trimmedDescription
      property.defaultNode = arguments.first?.expression
      if let onNull = arguments.first(where: { $0.label?.text == "onNull" }) {
        property.defaultOnNull = onNull.expression.trimmedDescription == "true"
      }
    case "Ignore": property.ignored = true
    case "Lossy": property.lossy = true
    case "Flatten": property.flatten = true
    case "WritesNull": property.writesNull = true
    case "Inverse": property.inverse = arguments.first?.expression.trimmedDescription
    case "Coercion": property.coercion = arguments.first?.expression.trimmedDescription
    default: break
    }
  }
}

extension String {
  /// The identifier without the backticks that escape a keyword (`` `class` `` → `class`).
  var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
  }
}
