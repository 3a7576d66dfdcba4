// strings.use: what a program does with decoded strings, on the strings Mapwright made beside
// the same strings from Foundation's JSONDecoder. A `String` carries a mark saying whether its
// text is ASCII, and the standard library hashes and compares marked strings on its fast
// paths; a ratio near 1 says Mapwright's strings are marked as Foundation's are.

import Foundation
import Mapwright

enum StringBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer) throws -> [Measurement] {
    guard file == "twitter.json" else { return [] }
    // Every string of the file longer than 15 bytes (the ones stored out of line), as an array.
    var texts: [String] = []
    func collect(_ value: JSON) {
      switch value {
      case .string(let text) where text.utf8.count > 15: texts.append(text)
      case .array(let elements): elements.forEach(collect)
      case .object(let object): object.values.forEach(collect)
      default: break
      }
    }
    collect(try JSON(parsing: bytes))
    let array = try JSON.array(texts.map(JSON.string)).jsonBytes()
    let data = Data(array)

    // Two decodings of each side, so that equal strings are compared, not the same storage.
    let ours = (try [String](json: array), try [String](json: array))
    let theirs = (try JSONDecoder().decode([String].self, from: data), try JSONDecoder().decode([String].self, from: data))
    guard ours.0 == theirs.0 else { throw BenchError("the decoded strings differ") }

    func use(_ strings: ([String], [String])) -> Int {
      let set = Set(strings.0)
      var found = 0
      for text in strings.1 where set.contains(text) { found += 1 }
      for (a, b) in zip(strings.0, strings.1) where a == b { found += 1 }
      return found
    }
    let (time, baseline) = timer.compare {
      blackHole(use(ours))
    } baseline: {
      blackHole(use(theirs))
    }
    return [
      Measurement(
        name: "strings.use", file: file, bytes: array.count, medianNanoseconds: time,
        baselineName: "the same strings from JSONDecoder", baselineMedianNanoseconds: baseline)
    ]
  }
}
