// `mapwright patch FILE PATCH` and `mapwright diff A B`: JSON Patch (RFC 6902) or, with
// --merge, Merge Patch (RFC 7386), applied to a document or made from two.

import ArgumentParser
import Foundation
import MapwrightEngine

struct Patch: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Apply a JSON Patch (or, with --merge, a merge patch) to a JSON file; write the result.",
    usage: "mapwright patch [<options>] <file> <patch>",
    discussion: """
      The patch is applied whole or not at all: a failing operation prints its position, its \
      op, its pointer and why, and nothing is written.
      """
  )

  @Argument(help: "The JSON file, or - for standard input.")
  var file: String

  @Argument(help: "The patch file: an RFC 6902 array of operations, or with --merge an RFC 7386 merge patch.")
  var patch: String

  @Flag(help: "Read the patch as an RFC 7386 merge patch.")
  var merge = false

  @Flag(help: "Pretty-print the result (two spaces).")
  var pretty = false

  func run() throws {
    let document = try readDocument(file)
    let patchDocument = try readDocument(patch)
    let result: JSON
    do {
      result = merge ? document.mergePatched(with: patchDocument) : try document.applying(try JSONPatch(json: patchDocument))
    } catch {
      printError("\(patch): error: \(error)")
      throw ExitCode(1)
    }
    try writeDocument(result, pretty: pretty)
  }
}

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write the JSON Patch (or, with --merge, the merge patch) that turns one JSON file into another.",
    usage: "mapwright diff [<options>] <from> <to>"
  )

  @Argument(help: "The JSON file to start from.")
  var from: String

  @Argument(help: "The JSON file to end at.")
  var to: String

  @Flag(help: "Write an RFC 7386 merge patch (members set to null in <to> cannot be expressed and are left out).")
  var merge = false

  @Flag(help: "Pretty-print the patch (two spaces).")
  var pretty = false

  func run() throws {
    let source = try readDocument(from)
    let target = try readDocument(to)
    try writeDocument(merge ? JSON.mergePatch(from: source, to: target) : JSONPatch.diff(from: source, to: target).json, pretty: pretty)
  }
}

/// The JSON value of a file (or standard input), or exit 1 with the error at its place.
private func readDocument(_ path: String) throws -> JSON {
  let name = path == "-" ? "<stdin>" : path
  do {
    return try JSON(parsing: try readInput(path))
  } catch let error as JSONError {
    printParseError(error, in: name)
    throw ExitCode(1)
  } catch let error as CLIError {
    printError("\(name): error: \(error)")
    throw ExitCode(1)
  }
}

private func writeDocument(_ json: JSON, pretty: Bool) throws {
  var text = try json.jsonBytes(pretty ? [.prettyPrinted] : [])
  text.append(UInt8(ascii: "\n"))
  FileHandle.standardOutput.write(Data(text))
}
