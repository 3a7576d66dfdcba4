// mappable.decode and mappable.encode: Mapper<T> beside Foundation's JSONDecoder and
// JSONEncoder on the same models (each type is both Codable and Mappable). Before timing,
// both sides decode the file and their results are compared through JSONEncoder, so the
// two do the same work.

import Foundation
import Mapwright
import MapwrightObjectMapper

enum MappableBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool) throws -> [Measurement] {
    switch file {
    case "twitter.json": return try measure(TwitterSearch.self, file: file, bytes: bytes, timer: timer, wants: wants)
    case "citm_catalog.json": return try measure(CitmCatalog.self, file: file, bytes: bytes, timer: timer, wants: wants)
    default: return []
    }
  }

  static func measure<T: Codable & BaseMappable>(
    _ type: T.Type, file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool
  ) throws -> [Measurement] {
    let data = Data(bytes)
    let mapper = Mapper<T>()
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()

    // Same data on both sides.
    let ours = try mapper.decode(JSONData: data)
    let theirs = try decoder.decode(T.self, from: data)
    let oursAsFoundation = try JSON(parsing: try encoder.encode(ours))
    let theirsAsFoundation = try JSON(parsing: try encoder.encode(theirs))
    guard oursAsFoundation == theirsAsFoundation else {
      throw BenchError("\(file): Mapper and JSONDecoder decoded different values")
    }
    let ourText = try require(mapper.toJSONString(ours), "\(file): toJSONString failed")
    guard try JSON(parsing: ourText) == oursAsFoundation else {
      throw BenchError("\(file): Mapper and JSONEncoder encoded different JSON")
    }

    var results: [Measurement] = []
    if wants("mappable.decode") {
      let (decode, foundationDecode) = try timer.compare {
        blackHole(try mapper.decode(JSONData: data))
      } baseline: {
        blackHole(try decoder.decode(T.self, from: data))
      }
      results.append(
        Measurement(
          name: "mappable.decode", file: file, bytes: bytes.count, medianNanoseconds: decode,
          baselineName: "Foundation.JSONDecoder", baselineMedianNanoseconds: foundationDecode))
    }
    if wants("mappable.encode") {
      let (encode, foundationEncode) = try timer.compare {
        blackHole(mapper.toJSONString(ours))
      } baseline: {
        blackHole(try encoder.encode(theirs))
      }
      results.append(
        Measurement(
          name: "mappable.encode", file: file, bytes: ourText.utf8.count, medianNanoseconds: encode,
          baselineName: "Foundation.JSONEncoder", baselineMedianNanoseconds: foundationEncode))
    }
    return results
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func require<T>(_ value: T?, _ message: String = "unexpected nil") throws -> T {
  guard let value else { throw BenchError(message) }
  return value
}
