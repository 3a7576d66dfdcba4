import MapwrightMacrosCore
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

let macroSpecs: [String: MacroSpec] = [
  "JSONModel": MacroSpec(type: JSONModelExpansion.self, conformances: ["JSONModel", "JSONConvertible", "CustomStringConvertible"]),
  "Key": MacroSpec(type: PropertyMarkerExpansion.self),
  "Transform": MacroSpec(type: PropertyMarkerExpansion.self),
  "Default": MacroSpec(type: PropertyMarkerExpansion.self),
  "Ignore": MacroSpec(type: PropertyMarkerExpansion.self),
  "Lossy": MacroSpec(type: PropertyMarkerExpansion.self),
  "WritesNull": MacroSpec(type: PropertyMarkerExpansion.self),
  "Coercion": MacroSpec(type: PropertyMarkerExpansion.self),
  "Fallback": MacroSpec(type: PropertyMarkerExpansion.self),
  "Flatten": MacroSpec(type: PropertyMarkerExpansion.self),
  "Inverse": MacroSpec(type: PropertyMarkerExpansion.self),
]

/// `assertMacroExpansion` reporting through Swift Testing. `requestingSendable`: the compiler
/// asks for `Sendable` too (as it does for `@JSONModel(tag:)`, which may add it).
func expectExpansion(
  _ source: String, expands expected: String, diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil, fixedSource: String? = nil, requestingSendable: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var specs = macroSpecs
  if requestingSendable {
    specs["JSONModel"] = MacroSpec(
      type: JSONModelExpansion.self, conformances: ["JSONModel", "JSONConvertible", "CustomStringConvertible", "Sendable"])
  }
  assertMacroExpansion(
    source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: specs,
    applyFixIts: applyFixIts, fixedSource: fixedSource, indentationWidth: .spaces(2),
    failureHandler: { failure in Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation) })
}
