// `mapwright generate swift`: Swift `@JSONModel` types from an Xcode model file, or inferred
// from sample JSON (see `SampleModelGenerator` for the rules). `mapwright generate schema`:
// JSON Schema of an entity of an Xcode model file (`ObjectModel.jsonSchema(for:)`).

import ArgumentParser
import Foundation
import MapwrightCodegen
import MapwrightSchema

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate code from a model.",
    subcommands: [GenerateSwift.self, GenerateSchema.self]
  )
}

struct GenerateSwift: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract: "Write Swift @JSONModel types from an Xcode model, from JSON Schema, or inferred from sample JSON.",
    discussion: """
      From an Xcode model (.xcdatamodeld, .xcdatamodel or its contents file): one class per entity.

      From samples (.json files, JSON Lines files, or - for standard input): one set of types that \
      decodes every sample; a top-level array's elements are samples of one type.

      Examples:
        mapwright generate swift Examples/Library.xcdatamodeld \\
          --output Sources/App/Library.swift
        mapwright generate swift issues.json --name Issue \\
          --output Sources/App/Issue.swift
        mapwright generate swift --schema pet.schema.json --name Pet \\
          --output Sources/App/Pet.swift
        curl -s https://api.github.com/repos/apple/swift/issues \\
          | mapwright generate swift - --name Issue
      """
  )

  @Option(help: "A JSON Schema (2020-12 or draft-07) to generate the types from (- for standard input).")
  var schema: String?

  @Argument(help: "An Xcode model, or sample JSON files (- for standard input).")
  var inputs: [String] = []

  @Option(name: .shortAndLong, help: "Where to write the Swift file (standard output by default).")
  var output: String?

  @Option(help: "The name of the root type inferred from samples.")
  var name = "Model"

  @Flag(help: "Declare structs (the default).")
  var `struct` = false

  @Flag(help: "Declare final classes.")
  var `class` = false

  @Flag(name: .customLong("let"), help: "Declare let properties.")
  var immutable = false

  @Flag(help: "Make the types Sendable (with --class, needs --let).")
  var sendable = false

  @Option(help: "Access level of the types and properties: internal (default) or public.")
  var access = "internal"

  @Flag(help: "Keep ISO 8601 date strings as String rather than Date.")
  var noDates = false

  @Flag(help: "Numbers with a fraction as Decimal rather than Double.")
  var decimal = false

  @Flag(help: "String fields with a few repeating values become enums with a @Fallback case.")
  var enums = false

  @Flag(help: "Keep a type per place even where places' keys mostly agree (by default they are one type, with optionals).")
  var keepSimilar = false

  @Option(help: "Put before the name of every generated type (GitHub: GitHubUser).")
  var prefix = ""

  @Flag(help: "Read each input as JSON Lines (one sample per line); .jsonl and .ndjson files always are.")
  var jsonLines = false

  func validate() throws {
    if `struct` && `class` { throw ValidationError("choose one of --struct and --class") }
    if `class` && sendable && !immutable { throw ValidationError("--sendable with --class needs --let") }
    if !["internal", "public"].contains(access) { throw ValidationError("--access is internal or public") }
  }

  func run() throws {
    let source: String
    if let schema {
      guard inputs.isEmpty else { throw ValidationError("--schema takes the schema file; give no samples with it") }
      source = try schemaSource(schema)
    } else if inputs.count == 1, let model = inputs.first, Self.isModelFile(model) {
      source = try modelSource(model)
    } else {
      source = try sampleSource()
    }
    if let output {
      try Data(source.utf8).write(to: URL(fileURLWithPath: output))
    } else {
      print(source, terminator: "")
    }
  }

  static func isModelFile(_ path: String) -> Bool {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.hasSuffix(".xcdatamodeld") || trimmed.hasSuffix(".xcdatamodel") || trimmed.hasSuffix(".xcdatamodel/contents")
  }

  private func modelSource(_ path: String) throws -> String {
    let url = URL(fileURLWithPath: path)
    let objectModel: ObjectModel
    do {
      objectModel = try ObjectModel(contentsOf: url)
    } catch {
      throw ValidationError("\(error)")
    }
    return SwiftModelGenerator(model: objectModel, origin: url.lastPathComponent).source()
  }

  private func schemaSource(_ path: String) throws -> String {
    let schema: JSON
    do {
      schema = try JSON(parsing: readInput(path))
    } catch {
      throw CLIError("\(path == "-" ? "standard input" : path): \(error)")
    }
    var generator = SchemaModelGenerator(schema: schema, rootName: name, options: modelOptions)
    let source = generator.source(command: (["mapwright generate swift"] + CommandLine.arguments.dropFirst(3)).joined(separator: " "))
    for warning in generator.warnings { printError("warning: \(warning)") }
    return source
  }

  private var modelOptions: SampleModelOptions {
    var options = SampleModelOptions()
    options.declaration = `class` ? .class : .struct
    options.immutable = immutable
    options.sendable = sendable
    options.isPublic = access == "public"
    options.dates = !noDates
    options.decimals = decimal
    options.typePrefix = prefix
    options.enums = enums
    options.mergesSimilarShapes = !keepSimilar
    return options
  }

  private func sampleSource() throws -> String {
    let generator = SampleModelGenerator(rootName: name, options: modelOptions)
    for input in inputs {
      let bytes = try readInput(input)
      let lines = jsonLines || input.hasSuffix(".jsonl") || input.hasSuffix(".ndjson")
      do {
        try generator.addSamples(from: bytes, jsonLines: lines)
      } catch {
        throw CLIError("\(input == "-" ? "standard input" : input): \(error)")
      }
    }
    return generator.source(command: (["mapwright generate swift"] + CommandLine.arguments.dropFirst(3)).joined(separator: " "))
  }
}

struct GenerateSchema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Write the JSON Schema (2020-12) of an entity of an Xcode model.",
    usage: "mapwright generate schema [<options>] <model> --entity <entity>",
    discussion: """
      The schema of the JSON the entity's objects are read from (strict mode), the entities it \
      refers to under $defs. Read from the model file, without compiling anything; for \
      @JSONModel types, use `Type.jsonSchema` in Swift.

      Example:
        mapwright generate schema Examples/Library.xcdatamodeld --entity Author --output author.schema.json
      """
  )

  @Argument(help: "The Xcode model (.xcdatamodeld, .xcdatamodel or its contents file).")
  var model: String

  @Option(help: "The entity whose objects the schema describes.")
  var entity: String

  @Flag(help: "Unknown keys are rejected (additionalProperties: false); by default they are allowed.")
  var rejectUnknownKeys = false

  @Option(name: .shortAndLong, help: "Where to write the schema (standard output by default).")
  var output: String?

  func run() throws {
    let objectModel: ObjectModel
    do {
      objectModel = try ObjectModel(contentsOf: URL(fileURLWithPath: model))
    } catch {
      throw ValidationError("\(error)")
    }
    guard let description = objectModel.entity(named: entity) else {
      throw ValidationError("the model has no entity \(entity) (it has \(objectModel.entities.map(\.name).joined(separator: ", ")))")
    }
    let schema = objectModel.jsonSchema(for: description, unknownKeys: rejectUnknownKeys ? .reject : .ignore)
    let text = try schema.jsonString([.prettyPrinted]) + "\n"
    if let output {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    } else {
      print(text, terminator: "")
    }
  }
}
