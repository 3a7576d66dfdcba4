// Check: everything wrong with a model is reported together, at the offending attribute,
// before any code is generated.

import MapwrightNaming
import SwiftDiagnostics
import SwiftSyntax

struct ModelChecker {
  var diagnostics: [Diagnostic] = []

  mutating func error(_ node: some SyntaxProtocol, _ id: String, _ message: String, fixIts: [FixIt] = []) {
    diagnostics.append(Diagnostic(node: Syntax(node), message: MapwrightDiagnostic(id, message), fixIts: fixIts))
  }

  mutating func check(_ model: ModelDeclaration) {
    if let (key, node) = model.primaryKey {
      if !model.isCopyable {
        error(node, "primaryKeyClass", "primaryKey: needs a struct or a final class without a superclass (a store holds one table per model)")
      } else if let property = model.properties.first(where: { $0.name == key }) {
        if property.ignored || property.flatten {
          error(node, "primaryKey", "the primary key '\(key)' must be a mapped property, not @Ignore or @Flatten")
        } else if property.isOptional {
          error(node, "primaryKey", "the primary key '\(key)' cannot be optional: every stored object has one")
        }
      } else {
        let names = model.fields.filter { !$0.flatten }.map { "'\($0.name)'" }.joined(separator: ", ")
        error(
          node, "primaryKey",
          "primaryKey: names '\(key)', which is not a property of \(model.name)" + (names.isEmpty ? "" : " (its properties: \(names))"))
      }
    }
    if let node = model.partial, !model.isCopyable || model.isGeneric {
      error(node, "partialKind", "partial: needs a struct or a final class without a superclass or generic parameters")
    }
    var writtenKeys: [String: String] = [:]
    for property in model.properties {
      let anchor = property.keyAttribute.map(Syntax.init) ?? property.node
      if property.ignored {
        if property.initializer == nil && !property.isOptional {
          error(property.node, "ignoredNeedsValue", "the ignored property '\(property.name)' needs an initial value")
        }
        continue
      }
      if property.type == nil {
        error(property.node, "typeAnnotation", "add a type annotation to '\(property.name)' so that @JSONModel can decode it")
      }
      if property.isLet, property.initializer != nil {
        let fixIt: [FixIt]
        if let variable = property.node.parent?.parent?.as(VariableDeclSyntax.self) {
          let old = variable.bindingSpecifier
          let new = TokenSyntax.keyword(.var, leadingTrivia: old.leadingTrivia, trailingTrivia: old.trailingTrivia)
          fixIt = [FixIt(message: MapwrightFixIt("make it 'var'"), changes: [.replace(oldNode: Syntax(old), newNode: Syntax(new))])]
        } else {
          fixIt = []
        }
        error(
          property.node, "letWithValue", "'\(property.name)' is a let with an initial value, so it cannot be decoded; make it var or mark it @Ignore",
          fixIts: fixIt)
      }
      for path in property.paths {
        if let problem = Self.pathProblem(path) {
          error(anchor, "keyPath", "the key path \"\(path)\" \(problem)")
        }
      }
      if property.hasKeyAttribute, property.paths.isEmpty {
        error(anchor, "keyPath", "@Key needs at least one key")
      }
      if property.writesNull, !property.isOptional || property.flatten {
        error(property.node, "writesNull", "@WritesNull applies to an optional property")
      }
      if property.lossy {
        if let type = property.type, !Self.isCollection(type) {
          error(property.node, "lossy", "@Lossy applies to an array, a set or a dictionary, not to '\(type)'")
        }
        if property.transform != nil || property.transformName != nil {
          error(property.node, "lossyTransform", "@Lossy and @Transform cannot be combined")
        }
        if !property.isPlainKey {
          error(property.node, "lossyPath", "@Lossy needs a single plain key")
        }
      }
      if property.inverse != nil, model.kind == .struct {
        error(property.node, "inverseStruct", "@Inverse needs a class model: a struct has no identity for its children to point back to")
      }
      if property.flatten {
        if let type = property.type, Self.isCollection(type) || property.isOptional || Self.scalarTypes.contains(type) {
          error(property.node, "flatten", "@Flatten applies to a @JSONModel type, not to '\(type)'")
        }
        if property.hasKeyAttribute || property.transform != nil || property.transformName != nil || property.lossy {
          error(property.node, "flattenCombined", "@Flatten cannot be combined with @Key, @Transform or @Lossy")
        }
        continue
      }
      if let node = property.defaultNode, let type = property.type, let problem = Self.defaultProblem(node, type) {
        error(node, "defaultType", "@Default(\(node.trimmedDescription)) \(problem) '\(type)' of '\(property.name)'")
      }
      if property.transform != nil && property.transformName != nil {
        error(property.node, "twoTransforms", "give '\(property.name)' one @Transform")
      }
      if let first = property.paths.first, !first.isEmpty {
        if let other = writtenKeys[first] {
          error(anchor, "duplicateKey", "'\(property.name)' and '\(other)' both write the key \"\(first)\"")
        } else {
          writtenKeys[first] = property.name
        }
      }
    }
  }

  /// Why a `@Default` literal cannot be a value of `type`, or nil when it can (or when the
  /// macro cannot tell: an expression that is not a literal, or a type it does not know; the
  /// compiler checks those in the generated code).
  static func defaultProblem(_ value: ExprSyntax, _ type: String) -> String? {
    let (base, optional) = TypeText.unwrapped(type)
    let shape = TypeText.shape(type)
    // JSON takes every literal.
    let known = base != "JSON" && (shape != .other || scalarTypes.contains(base) || TypeText.numeric.contains(base))
    let mismatch = "does not match the type"
    if value.is(NilLiteralExprSyntax.self) { return optional ? nil : "is nil, which cannot be a value of the non-optional type" }
    guard known else { return nil }
    if value.is(StringLiteralExprSyntax.self) {
      return shape == .other && !TypeText.numeric.contains(base) && base != "Bool" && !TypeText.nonLiteral.contains(base) ? nil : mismatch
    }
    if value.is(IntegerLiteralExprSyntax.self) {
      return shape == .other && TypeText.numeric.contains(base) ? nil : mismatch
    }
    if value.is(FloatLiteralExprSyntax.self) {
      return shape == .other && TypeText.numeric.contains(base) && !TypeText.integers.contains(base) ? nil : mismatch
    }
    if value.is(BooleanLiteralExprSyntax.self) { return shape == .other && base == "Bool" ? nil : mismatch }
    if value.is(ArrayExprSyntax.self) { return shape == .array || shape == .set ? nil : mismatch }
    if value.is(DictionaryExprSyntax.self) { return shape == .dictionary ? nil : mismatch }
    return nil
  }

  /// Why a key path is most likely a typo, or nil: read by the runtime's grammar
  /// (KeyPathGrammar), an empty component would name the empty key.
  static func pathProblem(_ path: String) -> String? {
    if path.isEmpty { return "is empty" }
    let components = KeyPathGrammar.components(of: path)
    if components.first == "" || components.last == "" { return "starts or ends with a dot" }
    if components.contains("") { return "has an empty component" }
    return nil
  }

  static let scalarTypes: Set<String> = [
    "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Bool", "Decimal", "URL", "UUID", "Date", "Data", "JSON", "JSONValue",
  ]

  static func isCollection(_ type: String) -> Bool {
    let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
    return bare.hasPrefix("[") || bare.hasPrefix("Set<") || bare.hasPrefix("Array<") || bare.hasPrefix("Dictionary<")
  }
}
