// Every Swift example in README.md and Docs/*.md is compiled: each doc has a file here
// (`<Doc>Examples.swift`) holding its examples as code, and this test checks that every line
// of every example in the doc appears in that file (spacing, a trailing comment, and a
// leading `_ = ` aside). Edit an example in a doc without editing its file, and this fails;
// edit the file so the code no longer compiles, and the build fails.

import Foundation
import Testing

/// The package's root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The Swift code blocks of a markdown file.
func swiftBlocks(in markdown: String) -> [[String]] {
  var blocks: [[String]] = []
  var current: [String]?
  for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line.hasPrefix("```swift") {
      current = []
    } else if current != nil, line.hasPrefix("```") {
      blocks.append(current!)
      current = nil
    } else {
      current?.append(String(line))
    }
  }
  return blocks
}

/// A line as compared: no trailing comment, no leading `_ = `, spaces collapsed.
func normalized(_ line: String) -> String {
  var text = line
  if let comment = text.range(of: "  //") ?? (text.hasPrefix("//") ? text.range(of: "//") : nil) {
    text = String(text[..<comment.lowerBound])
  }
  text = text.trimmingCharacters(in: .whitespaces)
  if text.hasPrefix("_ = ") { text.removeFirst(4) }
  return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}

let documentedFiles: [(doc: String, examples: String)] = [
  ("README.md", "ReadmeExamples.swift"),
  ("Docs/Codable.md", "CodableExamples.swift"),
  ("Docs/JSON.md", "JSONExamples.swift"),
  ("Docs/Macros.md", "MacrosExamples.swift"),
  ("Docs/Mapping.md", "MappingExamples.swift"),
  ("Docs/PartialJSON.md", "PartialJSONExamples.swift"),
  ("Docs/Patch.md", "PatchExamples.swift"),
  ("Docs/RoundTrips.md", "RoundTripsExamples.swift"),
  ("Docs/Schema.md", "SchemaExamples.swift"),
  ("Docs/ServerSentEvents.md", "ServerSentEventsExamples.swift"),
  ("Docs/Servers.md", "ServersExamples.swift"),
  ("Docs/Store.md", "StoreExamples.swift"),
  ("Docs/Streaming.md", "StreamingExamples.swift"),
  ("Docs/UntaggedEnums.md", "UntaggedEnumsExamples.swift"),
]

@Suite struct DocExampleTests {
  @Test(arguments: documentedFiles.map(\.doc))
  func everyExampleIsCompiledCode(_ doc: String) throws {
    let examplesName = documentedFiles.first { $0.doc == doc }!.examples
    let markdown = try String(contentsOf: packageRoot.appendingPathComponent(doc), encoding: .utf8)
    // The examples file, and its parts (`ServersExamples+Vapor.swift`) where one module's names
    // would clash with another's.
    let folder = packageRoot.appendingPathComponent("Tests/MapwrightDocTests")
    let stem = String(examplesName.dropLast(".swift".count))
    let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0 == examplesName || $0.hasPrefix(stem + "+") }
    let code = try parts.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    let compiled = Set(code.split(separator: "\n").map { normalized(String($0)) })
    let blocks = swiftBlocks(in: markdown)
    #expect(!blocks.isEmpty)
    for (number, block) in blocks.enumerated() {
      // A package manifest fragment is not a program.
      if block.first?.hasPrefix("// Package.swift") == true { continue }
      for line in block.map(normalized) where !line.isEmpty {
        let found = compiled.contains(line)
        #expect(found, "\(doc), example \(number + 1): `\(line)` is not in \(examplesName)")
      }
    }
  }

  @Test func everyDocWithExamplesIsListed() throws {
    let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs").path)
      .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 } + ["README.md"]
    for doc in docs {
      let markdown = try String(contentsOf: packageRoot.appendingPathComponent(doc), encoding: .utf8)
      if !swiftBlocks(in: markdown).isEmpty {
        #expect(documentedFiles.contains { $0.doc == doc }, "\(doc) has Swift examples but no examples file")
      }
    }
  }
}
