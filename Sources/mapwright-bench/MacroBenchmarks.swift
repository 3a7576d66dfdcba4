// macro.decode and macro.encode: @JSONModel models beside the same properties decoded and
// encoded by Foundation's JSONDecoder and JSONEncoder (Codable). Before timing, both sides'
// results are compared as JSON, so they do the same work.

import Foundation
import Mapwright
import MapwrightCodable

// The @JSONModel models are declared Codable (by their own mapping), for macro.codable and
// macro.foundation below and for the server benchmark.

enum MacroBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool) throws -> [Measurement] {
    switch file {
    case "twitter.json":
      return try measure(MTwitterSearch.self, TwitterSearch.self, file: file, bytes: bytes, timer: timer, wants: wants)
        + viaCodable(MTwitterSearch.self, TwitterSearch.self, file: file, bytes: bytes, timer: timer, wants: wants)
    case "citm_catalog.json":
      return try measure(MCitmCatalog.self, CitmCatalog.self, file: file, bytes: bytes, timer: timer, wants: wants)
        + viaCodable(MCitmCatalog.self, CitmCatalog.self, file: file, bytes: bytes, timer: timer, wants: wants)
    case "canada.json":
      return try measure(MFeatureCollection.self, FeatureCollection.self, file: file, bytes: bytes, timer: timer, wants: wants)
        + viaCodable(MFeatureCollection.self, FeatureCollection.self, file: file, bytes: bytes, timer: timer, wants: wants)
    default:
      return []
    }
  }

  /// macro.codable.decode and macro.codable.encode: the same @JSONModel models declared
  /// Codable, through MapwrightJSONDecoder and MapwrightJSONEncoder (which meet a model and use
  /// its generated reader and writer), beside Foundation's coders on the Codable types.
  static func viaCodable<Model: JSONModel & Codable, Baseline: Codable>(
    _ model: Model.Type, _ baseline: Baseline.Type, file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool
  ) throws -> [Measurement] {
    let data = Data(bytes)
    let (decoder, encoder) = (MapwrightJSONDecoder(), MapwrightJSONEncoder())
    let (foundationDecoder, foundationEncoder) = (JSONDecoder(), JSONEncoder())
    let ours = try decoder.decode(Model.self, from: data)
    let theirs = try foundationDecoder.decode(Baseline.self, from: data)
    guard try JSON(parsing: encoder.encode(ours)) == JSON(parsing: foundationEncoder.encode(theirs)) else {
      throw BenchError("\(file): the models through the Codable drop-in and Foundation's Codable types do not agree")
    }
    var results: [Measurement] = []
    if wants("macro.codable.decode") {
      let (decode, foundationDecode) = try timer.compare {
        blackHole(try decoder.decode(Model.self, from: data))
      } baseline: {
        blackHole(try foundationDecoder.decode(Baseline.self, from: data))
      }
      results.append(
        Measurement(
          name: "macro.codable.decode", file: file, bytes: bytes.count, medianNanoseconds: decode,
          baselineName: "Foundation.JSONDecoder", baselineMedianNanoseconds: foundationDecode))
    }
    if wants("macro.codable.encode") {
      let size = try encoder.encode(ours).count
      let (encode, foundationEncode) = try timer.compare {
        blackHole(try encoder.encode(ours))
      } baseline: {
        blackHole(try foundationEncoder.encode(theirs))
      }
      results.append(
        Measurement(
          name: "macro.codable.encode", file: file, bytes: size, medianNanoseconds: encode,
          baselineName: "Foundation.JSONEncoder", baselineMedianNanoseconds: foundationEncode))
    }
    return results + (try viaFoundation(model, baseline, file: file, bytes: bytes, timer: timer, wants: wants))
  }

  /// macro.foundation.decode and macro.foundation.encode: the same @JSONModel models through
  /// Foundation's own JSONDecoder and JSONEncoder (the code the macro generates over their
  /// containers), beside the same properties as synthesised Codable through the same coders.
  /// A ratio near 1 is the goal: adding @JSONModel costs nothing before the coder is switched.
  static func viaFoundation<Model: JSONModel & Codable, Baseline: Codable>(
    _ model: Model.Type, _ baseline: Baseline.Type, file: String, bytes: [UInt8], timer: Timer, wants: (String) -> Bool
  ) throws -> [Measurement] {
    let data = Data(bytes)
    let (decoder, encoder) = (JSONDecoder(), JSONEncoder())
    let ours = try decoder.decode(Model.self, from: data)
    let theirs = try decoder.decode(Baseline.self, from: data)
    guard try JSON(parsing: encoder.encode(ours)) == JSON(parsing: encoder.encode(theirs)) else {
      throw BenchError("\(file): the models through Foundation's coders and the synthesised Codable types do not agree")
    }
    var results: [Measurement] = []
    if wants("macro.foundation.decode") {
      let (decode, synthesized) = try timer.compare {
        blackHole(try decoder.decode(Model.self, from: data))
      } baseline: {
        blackHole(try decoder.decode(Baseline.self, from: data))
      }
      results.append(
        Measurement(
          name: "macro.foundation.decode", file: file, bytes: bytes.count, medianNanoseconds: decode,
          baselineName: "synthesized Codable", baselineMedianNanoseconds: synthesized))
    }
    if wants("macro.foundation.encode") {
      let size = try encoder.encode(ours).count
      let (encode, synthesized) = try timer.compare {
        blackHole(try encoder.encode(ours))
      } baseline: {
        blackHole(try encoder.encode(theirs))
      }
      results.append(
        Measurement(
          name: "macro.foundation.encode", file: file, bytes: size, medianNanoseconds: encode,
          baselineName: "synthesized Codable", baselineMedianNanoseconds: synthesized))
    }
    return results
  }

  static func measure<Model: JSONModel, Baseline: Codable>(
    _ model: Model.Type, _ baseline: Baseline.Type, file: String, bytes: [UInt8], timer: Timer,
    wants: (String) -> Bool
  ) throws -> [Measurement] {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()

    let ours = try Model(json: data)
    let theirs = try decoder.decode(Baseline.self, from: data)
    let ourJSON = try JSON(parsing: try ours.jsonData())
    guard ourJSON == (try JSON(parsing: try encoder.encode(theirs))) else {
      throw BenchError("\(file): the @JSONModel and Codable sides do not agree")
    }
    let outputSize = try ours.jsonBytes().count

    var results: [Measurement] = []
    if wants("macro.decode") {
      let (decode, foundationDecode) = try timer.compare {
        blackHole(try Model(json: data))
      } baseline: {
        blackHole(try decoder.decode(Baseline.self, from: data))
      }
      results.append(
        Measurement(
          name: "macro.decode", file: file, bytes: bytes.count, medianNanoseconds: decode,
          baselineName: "Foundation.JSONDecoder", baselineMedianNanoseconds: foundationDecode))
    }
    if wants("macro.encode") {
      let (encode, foundationEncode) = try timer.compare {
        blackHole(try ours.jsonData())
      } baseline: {
        blackHole(try encoder.encode(theirs))
      }
      results.append(
        Measurement(
          name: "macro.encode", file: file, bytes: outputSize, medianNanoseconds: encode,
          baselineName: "Foundation.JSONEncoder", baselineMedianNanoseconds: foundationEncode))
    }
    return results
  }
}
