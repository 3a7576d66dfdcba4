// json.parse and json.write, each beside Foundation's JSONSerialization on the same bytes, and
// json.parse-indexed (the two-stage parse) beside the one-pass parse, on the file and on the
// file cut short of its last closer (json.parse-indexed-invalid).

import Foundation
import Mapwright

enum JSONBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer) throws -> [Measurement] {
    let data = Data(bytes)
    var results: [Measurement] = []

    // Parse: full validation into the tape, versus JSONSerialization building its objects.
    let (parse, foundationParse) = try timer.compare {
      blackHole(try JSONDocument(bytes))
    } baseline: {
      blackHole(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }
    results.append(
      Measurement(
        name: "json.parse", file: file, bytes: bytes.count, medianNanoseconds: parse,
        baselineName: "Foundation.JSONSerialization", baselineMedianNanoseconds: foundationParse))

    // The indexed parse (JSONParsingOptions.usesStructuralIndex) beside the one-pass parse: the
    // same tape, built in two stages.
    var indexed = JSONParsingOptions()
    indexed.usesStructuralIndex = true
    let (indexedParse, onePassParse) = try timer.compare {
      blackHole(try JSONDocument(bytes, options: indexed))
    } baseline: {
      blackHole(try JSONDocument(bytes))
    }
    results.append(
      Measurement(
        name: "json.parse-indexed", file: file, bytes: bytes.count, medianNanoseconds: indexedParse,
        baselineName: "one-pass parse", baselineMedianNanoseconds: onePassParse))
    // The unhappy path: the text cut short of its last closer (and the whitespace after it), an
    // error at its very end. The indexed parse gives up there, and the one-pass parser parses
    // it all again to report the error.
    let last = bytes.lastIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } ?? 0
    let truncated = Array(bytes[..<last])
    let (indexedInvalid, onePassInvalid) = try timer.compare {
      blackHole(try? JSONDocument(truncated, options: indexed))
    } baseline: {
      blackHole(try? JSONDocument(truncated))
    }
    results.append(
      Measurement(
        name: "json.parse-indexed-invalid", file: file, bytes: truncated.count, medianNanoseconds: indexedInvalid,
        baselineName: "one-pass parse", baselineMedianNanoseconds: onePassInvalid))

    // Write: an owned JSON tree to bytes, versus JSONSerialization.data on its own objects.
    let json = try JSON(parsing: bytes)
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    let written = try json.jsonBytes()
    let (write, foundationWrite) = try timer.compare {
      blackHole(try json.jsonBytes())
    } baseline: {
      blackHole(try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]))
    }
    results.append(
      Measurement(
        name: "json.write", file: file, bytes: written.count, medianNanoseconds: write,
        baselineName: "Foundation.JSONSerialization", baselineMedianNanoseconds: foundationWrite))
    return results
  }
}
