// The `// Package.swift` fragments of the docs are checked as manifests: each is completed into
// a consumer's `Package.swift` (the Mapwright package line pointing at this checkout), which
// SwiftPM itself loads (`swift package dump-package`, no resolution, well under a second). The
// test then checks what a newcomer copying it relies on: every Mapwright product and trait it
// names exists in this package, and every module the doc's Swift examples import is a product
// the fragment (or its `// or …` alternative) names.

import Foundation
import Testing

/// A doc's `// Package.swift` code blocks, as text.
func manifestFragments(in markdown: String) -> [String] {
  var fragments: [String] = []
  var current: [String]?
  for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line.hasPrefix("```swift") {
      current = []
    } else if let lines = current, line.hasPrefix("```") {
      if lines.first?.hasPrefix("// Package.swift") == true { fragments.append(lines.dropFirst().joined(separator: "\n")) }
      current = nil
    } else {
      current?.append(String(line))
    }
  }
  return fragments
}

/// What a fragment's `// or X` comments offer instead of what their lines name: a trait on the
/// Mapwright package line, a product elsewhere.
func alternatives(in fragment: String) -> (traits: Set<String>, products: Set<String>) {
  var traits: Set<String> = []
  var products: Set<String> = []
  for line in fragment.split(separator: "\n") {
    guard let comment = line.range(of: "// or ") else { continue }
    let name = String(line[comment.upperBound...].drop { $0 == "\"" }.prefix { $0.isLetter || $0.isNumber })
    if line.contains("traits:") { traits.insert(name) } else { products.insert(name) }
  }
  return (traits, products)
}

/// `swift package dump-package` of a folder, decoded.
func dumpPackage(at folder: URL, scratch: URL) throws -> [String: Any] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "package", "--package-path", folder.path, "--scratch-path", scratch.path, "dump-package"]
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw ManifestError(message: "swift package dump-package failed for \(folder.path):\n\(message)")
  }
  return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
}

struct ManifestError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// The names under `key` of a dumped manifest's array (`products`, `traits`).
func names(_ manifest: [String: Any], _ key: String) -> Set<String> {
  Set((manifest[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
}

/// The `(product, package)` pairs a dumped consumer's targets depend on.
func productDependencies(_ manifest: [String: Any]) -> [(product: String, package: String)] {
  var pairs: [(String, String)] = []
  for target in manifest["targets"] as? [[String: Any]] ?? [] {
    for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
      // `{"product": [name, package, moduleAliases, condition]}`
      if let product = dependency["product"] as? [Any], let name = product.first as? String,
        let package = product.dropFirst().first as? String
      {
        pairs.append((name, package))
      }
    }
  }
  return pairs
}

/// The traits the consumer enables on the package at `path`.
func enabledTraits(_ manifest: [String: Any], onPackageAt path: String) -> Set<String> {
  for dependency in manifest["dependencies"] as? [[String: Any]] ?? [] {
    let kinds = (dependency["fileSystem"] ?? dependency["sourceControl"]) as? [[String: Any]] ?? []
    for kind in kinds {
      let location = (kind["path"] as? String) ?? ""
      guard URL(fileURLWithPath: location).standardizedFileURL.path == URL(fileURLWithPath: path).standardizedFileURL.path else { continue }
      let traits = kind["traits"] as? [[String: Any]] ?? []
      return Set(traits.compactMap { $0["name"] as? String })
    }
  }
  return []
}

let docsWithManifests = ["Docs/Servers.md", "Docs/Codable.md"]

@Suite struct ManifestSnippetTests {
  @Test(arguments: docsWithManifests)
  func theDocsPackageLinesLoadAndNameWhatTheExamplesImport(_ doc: String) throws {
    let markdown = try String(contentsOf: packageRoot.appendingPathComponent(doc), encoding: .utf8)
    let fragments = manifestFragments(in: markdown)
    try #require(!fragments.isEmpty, "\(doc) has no `// Package.swift` block")

    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let root = try dumpPackage(at: packageRoot, scratch: scratch.appendingPathComponent("root-build"))
    let products = names(root, "products")
    let traits = names(root, "traits")

    // The package's identity comes from the last component of its path: `mapwright`, as from
    // its URL, whatever this checkout's folder is called.
    let linked = scratch.appendingPathComponent("mapwright")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: packageRoot)

    var named: Set<String> = []
    for (number, fragment) in fragments.enumerated() {
      // The Mapwright line points at this checkout; a bare product line becomes a target's.
      var body = fragment.replacingOccurrences(
        of: #".package(url: "https://github.com/mapwright/mapwright", from: "0.9.0""#,
        with: ".package(path: \"\(linked.path)\"")
      if !body.contains("targets:") {
        body = """
          dependencies: [.package(path: "\(linked.path)")],
          targets: [.target(name: "Consumer", dependencies: [\(body)])]
          """
      }
      let consumer = scratch.appendingPathComponent("consumer-\(number)")
      try FileManager.default.createDirectory(at: consumer, withIntermediateDirectories: true)
      let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
          name: "Consumer",
          platforms: [.macOS(.v14), .iOS(.v17)],
        \(body)
        )
        """
      try manifest.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      let dumped = try dumpPackage(at: consumer, scratch: consumer.appendingPathComponent(".build"))

      let pairs = productDependencies(dumped)
      #expect(!pairs.isEmpty, "\(doc): the fragment depends on no product")
      for (product, package) in pairs where package.lowercased() == "mapwright" {
        #expect(package == "mapwright", "\(doc): `package: \"\(package)\"`: the package's identity is `mapwright`, from its URL")
        #expect(products.contains(product), "\(doc): no product `\(product)` in Mapwright's Package.swift")
        named.insert(product)
      }
      named.formUnion(pairs.map(\.product))
      for trait in enabledTraits(dumped, onPackageAt: linked.path) where trait != "default" {
        #expect(traits.contains(trait), "\(doc): no trait `\(trait)` in Mapwright's Package.swift")
      }
      let offered = alternatives(in: fragment)
      for trait in offered.traits {
        #expect(traits.contains(trait), "\(doc): the alternative trait `\(trait)` is no trait of Mapwright")
      }
      for product in offered.products {
        if product.hasPrefix("Mapwright") {
          #expect(products.contains(product), "\(doc): the alternative `\(product)` is no product of Mapwright")
        }
        named.insert(product)
      }
    }

    // Every module the doc's examples import that is a product of some package.
    let imports = swiftBlocks(in: markdown).joined().compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { return nil }
      return String(words[at + 1])
    }
    let system: Set<String> = ["Foundation", "Testing", "Dispatch"]
    for module in Set(imports).subtracting(system) {
      #expect(named.contains(module), "\(doc) imports \(module), which its Package.swift lines do not name")
    }
  }
}
