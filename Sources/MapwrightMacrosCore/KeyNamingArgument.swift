// The `keys:` argument of `@JSONModel` (a struct's, a class's or an enum's): `.snakeCase` and
// the other built-in namings, applied while expanding, or `.custom { … }`, applied at run time
// (structs and classes only).

import MapwrightNaming
import SwiftSyntax

enum KeyNamingArgument {
  /// The naming `expression` writes, or nil after calling `error` with the node and a message.
  static func parse(
    _ expression: ExprSyntax, customAllowed: Bool, error: (Syntax, String) -> Void
  ) -> KeyNamingRule? {
    if let member = expression.as(MemberAccessExprSyntax.self) {
      switch member.declName.baseName.text {
      case "useDefaultKeys": return .useDefaultKeys
      case "snakeCase": return .snakeCase
      case "kebabCase": return .kebabCase
      case "pascalCase": return .pascalCase
      case "screamingSnakeCase": return .screamingSnakeCase
      case "custom" where !customAllowed: break
      default:
        error(Syntax(expression), "unknown key naming '\(member.declName.baseName.text)'")
        return nil
      }
    }
    if customAllowed, expression.is(FunctionCallExprSyntax.self) {
      return .custom(expression.trimmedDescription)
    }
    if !customAllowed, expression.is(FunctionCallExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
      error(
        Syntax(expression),
        "an enum's associated values take a built-in key naming (.snakeCase, .kebabCase, .pascalCase, .screamingSnakeCase); .custom is for structs and classes"
      )
      return nil
    }
    error(Syntax(expression), "write the key naming as .snakeCase, .kebabCase, .pascalCase, .screamingSnakeCase or .custom { … }")
    return nil
  }
}
