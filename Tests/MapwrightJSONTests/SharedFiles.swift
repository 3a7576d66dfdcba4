import Foundation

/// Files of `../shared` beside the repository (test suite and benchmark corpus).
enum SharedFiles {
  static let root: URL = {
    let here = URL(fileURLWithPath: #filePath)  // …/Tests/MapwrightJSONTests/SharedFiles.swift
    return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared")
  }()

  static let testParsing = root.appendingPathComponent("json-test-suite/test_parsing")
  static let benchData = root.appendingPathComponent("bench-data")

  static func files(in directory: URL, prefix: String = "") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func bytes(_ directory: URL, _ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}
