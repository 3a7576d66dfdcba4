// codable.decode and codable.encode: the same Codable models through MapwrightCodable's
// JSONDecoder/JSONEncoder and Foundation's, side by side. Before timing, both decoders'
// values are encoded by Foundation's encoder with sorted keys and compared byte for byte, and
// both encoders' outputs are compared as JSON, so both sides do the same work.

import Foundation
import Mapwright
import MapwrightCodable

enum CodableBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool) throws -> [Measurement] {
    switch file {
    case "twitter.json": return try measure(TwitterSearch.self, file: file, bytes: bytes, timer: timer, wants: wants)
    case "citm_catalog.json": return try measure(CitmCatalog.self, file: file, bytes: bytes, timer: timer, wants: wants)
    case "canada.json": return try measure(FeatureCollection.self, file: file, bytes: bytes, timer: timer, wants: wants)
    default: return []
    }
  }

  static func measure<Model: Codable>(
    _ model: Model.Type, file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool
  ) throws -> [Measurement] {
    let data = Data(bytes)
    let decoder = MapwrightJSONDecoder()
    let encoder = MapwrightJSONEncoder()
    let foundationDecoder = Foundation.JSONDecoder()
    let foundationEncoder = Foundation.JSONEncoder()

    let ours = try decoder.decode(Model.self, from: data)
    let theirs = try foundationDecoder.decode(Model.self, from: data)
    let sortedEncoder = Foundation.JSONEncoder()
    sortedEncoder.outputFormatting = .sortedKeys
    guard try sortedEncoder.encode(ours) == sortedEncoder.encode(theirs) else {
      throw BenchError("\(file): MapwrightCodable and Foundation decoded different values")
    }
    let ourOutput = try encoder.encode(theirs)
    guard try JSON(parsing: ourOutput) == JSON(parsing: try foundationEncoder.encode(theirs)) else {
      throw BenchError("\(file): MapwrightCodable and Foundation encoded different JSON")
    }

    var results: [Measurement] = []
    if wants("codable.decode") {
      let (decode, foundationDecode) = try timer.compare {
        blackHole(try decoder.decode(Model.self, from: data))
      } baseline: {
        blackHole(try foundationDecoder.decode(Model.self, from: data))
      }
      results.append(
        Measurement(
          name: "codable.decode", file: file, bytes: bytes.count, medianNanoseconds: decode,
          baselineName: "Foundation.JSONDecoder", baselineMedianNanoseconds: foundationDecode))
    }
    if wants("codable.encode") {
      let (encode, foundationEncode) = try timer.compare {
        blackHole(try encoder.encode(theirs))
      } baseline: {
        blackHole(try foundationEncoder.encode(theirs))
      }
      results.append(
        Measurement(
          name: "codable.encode", file: file, bytes: ourOutput.count, medianNanoseconds: encode,
          baselineName: "Foundation.JSONEncoder", baselineMedianNanoseconds: foundationEncode))
    }
    return results
  }
}
