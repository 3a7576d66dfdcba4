// `mapwright generate swift MODEL`: Swift `@JSONModel` types from an Xcode model file.

import ArgumentParser
import Foundation
import MapwrightSchema

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate code from a model.",
    subcommands: [GenerateSwift.self]
  )
}

struct GenerateSwift: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract: "Write Swift @JSONModel types for the entities of an Xcode model (.xcdatamodeld or .xcdatamodel).",
    discussion: """
      Example:
        mapwright generate swift Examples/Library.xcdatamodeld --output Sources/App/Library.swift
      """
  )

  @Argument(help: "The .xcdatamodeld bundle, the .xcdatamodel, or its contents file.")
  var model: String

  @Option(name: .shortAndLong, help: "Where to write the Swift file (standard output by default).")
  var output: String?

  func run() throws {
    let url = URL(fileURLWithPath: model)
    let objectModel: ObjectModel
    do {
      objectModel = try ObjectModel(contentsOf: url)
    } catch {
      throw ValidationError("\(error)")
    }
    let source = SwiftModelGenerator(model: objectModel, origin: url.lastPathComponent).source()
    if let output {
      try Data(source.utf8).write(to: URL(fileURLWithPath: output))
    } else {
      print(source, terminator: "")
    }
  }
}
