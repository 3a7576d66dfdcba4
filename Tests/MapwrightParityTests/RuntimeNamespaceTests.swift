// The runtime that generated code calls stays in one namespace, `_MapwrightRuntime`, which the
// recorded API leaves out (Scripts/api-filter.py): the macro names nothing else but documented
// API, and no top-level declaration is documented as being for generated code only.

import Foundation
import Mapwright
import Testing

@Suite struct RuntimeNamespaceTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  static func text(of folder: String) throws -> [(file: String, text: String)] {
    let files = FileManager.default.enumerator(at: sources.appendingPathComponent(folder), includingPropertiesForKeys: nil)!
    var result: [(String, String)] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      result.append((file.lastPathComponent, try String(contentsOf: file, encoding: .utf8)))
    }
    return result
  }

  /// What a user writes against, which generated code may name too.
  static let documented: Set<String> = [
    "JSON", "JSONValue", "JSONObject", "JSONOutput", "JSONConvertible", "JSONModel", "JSONModelCopyable", "JSONModelDraft",
    "MappingError", "EncodingSession", "DecodingSession", "PreservedJSON", "KeyNaming", "JSONVersioning", "PartialOf",
  ]

  @Test func theMacroNamesOnlyTheRuntimeAndDocumentedAPI() throws {
    var named: Set<String> = []
    for (_, text) in try Self.text(of: "MapwrightMacrosCore") {
      for match in text.matches(of: /Mapwright\.([A-Za-z_]+)/) { named.insert(String(match.1)) }
    }
    #expect(named.contains("_MapwrightRuntime"), "the scan found the runtime: \(named.sorted())")
    let others = named.filter { !$0.hasPrefix("_") && !Self.documented.contains($0) }
    #expect(others.isEmpty, "generated code names declarations outside _MapwrightRuntime: \(others.sorted())")
  }

  @Test func declarationsForGeneratedCodeAreInTheNamespace() throws {
    var outside: [String] = []
    for folder in ["MapwrightJSON", "MapwrightEngine"] {
      for (file, text) in try Self.text(of: folder) {
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
          guard let match = line.wholeMatch(of: /public (?:struct|final class|class|enum|protocol|func) ([A-Za-z]\w*).*/) else { continue }
          var doc = index - 1
          var comment = ""
          while doc >= 0, lines[doc].hasPrefix("///") || lines[doc].hasPrefix("@") {
            comment = lines[doc] + comment
            doc -= 1
          }
          if comment.contains("not meant to be used directly") { outside.append("\(file): \(match.1)") }
        }
      }
    }
    #expect(outside.isEmpty, "top-level declarations for generated code, outside _MapwrightRuntime: \(outside)")
  }
}
