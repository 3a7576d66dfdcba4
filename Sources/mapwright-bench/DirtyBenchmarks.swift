// dirty.*: the unhappy path. Rows `{"id": N, "name": "row N"}`, clean, or dirty with one
// coercion per row (`"id": "N"`) or one error per row (`"id": "xN"`), through each way of
// mapping: @JSONModel, Mappable, MapwrightJSONDecoder, and the SQLite import (lenient).
// Encoding has its own: rows whose `encode(to:)` catches a failed value, written part-way
// and rolled back by MapwrightJSONEncoder, against the same rows with nothing failing.
//
//   mapwright-bench --dirty 1000000      (and 100000: the 10× check)
//
// The `pairs` lines: `{"points": [[x, y], …]}` of as many points as rows (the two-element
// arrays the readers make whole), clean or with one coordinate per point written as a string,
// through @JSONModel and MapwrightJSONDecoder (lenient, report kept).
//
// Each line: the way, the rows, clean ms, dirty ms, dirty/clean. Targets: dirty within 3× of
// clean, and 10× the rows at most 11× the time.

import Foundation
import Mapwright
import MapwrightCodable
import MapwrightGraph
import MapwrightObjectMapper
import MapwrightSQLite

@JSONModel(primaryKey: "id")
struct BenchRow {
  var id: Int
  var name: String
}

struct MappedBenchRow: Mappable {
  var id = 0
  var name = ""
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    id <- map["id"]
    name <- map["name"]
  }
}

struct CodedBenchRow: Codable {
  var id: Int
  var name: String
}

@JSONModel
struct BenchTrack {
  var points: [[Double]]
}

struct CodedBenchTrack: Codable {
  var points: [[Double]]
}

/// A row whose score is written as `{"value": score}`, or as `null` when that fails: a
/// non-finite score fails after `{"value":` is written, and the encoder rolls the member back.
struct ScoredBenchRow: Encodable {
  var id: Int
  var name: String
  var score: Double
  enum CodingKeys: CodingKey { case id, name, score }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    do {
      try container.encode(["value": score], forKey: .score)
    } catch {
      try container.encodeNil(forKey: .score)
    }
  }

  static func rows(_ count: Int, failing: Bool) -> [ScoredBenchRow] {
    (0..<count).map { ScoredBenchRow(id: $0, name: "row \($0)", score: failing ? .nan : Double($0) / 4) }
  }
}

enum DirtyBenchmarks {
  enum Dirt { case clean, coercion, error }

  static func rows(_ count: Int, _ dirt: Dirt) -> [UInt8] {
    var text = "["
    text.reserveCapacity(count * 32)
    for i in 0..<count {
      if i > 0 { text += ",\n" }
      switch dirt {
      case .clean: text += #"{"id": \#(i), "name": "row \#(i)"}"#
      case .coercion: text += #"{"id": "\#(i)", "name": "row \#(i)"}"#
      case .error: text += #"{"id": "x\#(i)", "name": "row \#(i)"}"#
      }
    }
    return Array((text + "]").utf8)
  }

  /// `{"points": [[x, y], …]}` of `count` points, each one's first coordinate a string when
  /// `coerced`.
  static func track(_ count: Int, coerced: Bool) -> [UInt8] {
    var text = #"{"points": ["#
    text.reserveCapacity(count * 24)
    for i in 0..<count {
      if i > 0 { text += ",\n" }
      let x = "\(Double(i) / 8 - 1000.125)"
      text += coerced ? #"["\#(x)", \#(i % 90).5]"# : "[\(x), \(i % 90).5]"
    }
    return Array((text + "]}").utf8)
  }

  static func run(count: Int, timer: Timer, wants: (String) -> Bool = { _ in true }) throws {
    let clean = rows(count, .clean)
    let coerced = rows(count, .coercion)
    let wrong = rows(count, .error)
    var collectAll = MappingOptions()
    collectAll.errorMode = .collectAll
    let decoder = MapwrightJSONDecoder()
    decoder.coercion = .lenient

    print("measurement        rows       clean ms    dirty ms   dirty/clean")
    func line(_ name: String, _ clean: () throws -> Void, _ dirty: () throws -> Void) rethrows {
      guard wants(name) else { return }
      let c = try timer.median(clean) / 1e6
      let d = try timer.median(dirty) / 1e6
      print(
        Bench.pad(name, 19) + Bench.pad(String(count), 10) + Bench.lpad(Bench.fixed(c, 1), 9)
          + Bench.lpad(Bench.fixed(d, 1), 12) + Bench.lpad(Bench.fixed(d / c, 2) + "x", 13))
    }
    try line(
      "dirty.lenient",
      {
        blackHole(try [BenchRow].decodeReporting(json: clean, options: .lenient))
      },
      {
        let (rows, report) = try [BenchRow].decodeReporting(json: coerced, options: .lenient)
        precondition(report.count == count && rows.count == count)
      })
    // The same, and every entry's path, line and column read.
    try line(
      "dirty.lenient+read",
      {
        blackHole(try [BenchRow].decodeReporting(json: clean, options: .lenient))
      },
      {
        let (rows, report) = try [BenchRow].decodeReporting(json: coerced, options: .lenient)
        precondition(report.entries.count == count && report.entries.last!.place.line != nil && rows.count == count)
      })
    try line(
      "dirty.collectAll",
      {
        blackHole(try [BenchRow].decodeReporting(json: clean, options: collectAll))
      },
      {
        do {
          _ = try [BenchRow].decodeReporting(json: wrong, options: collectAll)
        } catch let errors as MappingErrors {
          precondition(errors.count == count)
        }
      })
    // The same, and every error's path, line and column read.
    try line(
      "dirty.collectAll+read",
      {
        blackHole(try [BenchRow].decodeReporting(json: clean, options: collectAll))
      },
      {
        do {
          _ = try [BenchRow].decodeReporting(json: wrong, options: collectAll)
        } catch let errors as MappingErrors {
          precondition(errors.errors.count == count && errors.errors.last!.line != nil)
        }
      })
    try line(
      "dirty.mappable",
      {
        blackHole(try [MappedBenchRow].decodeReporting(json: clean, options: .lenient))
      },
      {
        let (_, report) = try [MappedBenchRow].decodeReporting(json: coerced, options: .lenient)
        precondition(report.count == count)
      })
    try line(
      "dirty.mapArray",
      {
        blackHole(Mapper<MappedBenchRow>().mapArray(JSONString: String(decoding: clean, as: UTF8.self)))
      },
      {
        // ObjectMapper's optional-returning form: every row's error is discarded.
        blackHole(Mapper<MappedBenchRow>().mapArray(JSONString: String(decoding: wrong, as: UTF8.self)))
      })
    try line(
      "dirty.codable",
      {
        blackHole(try decoder.decodeReporting([CodedBenchRow].self, from: Data(clean)))
      },
      {
        let (_, report) = try decoder.decodeReporting([CodedBenchRow].self, from: Data(coerced))
        precondition(report.count == count)
      })
    let cleanTrack = track(count, coerced: false)
    let coercedTrack = track(count, coerced: true)
    try line(
      "dirty.pairs",
      {
        blackHole(try BenchTrack.decodeReporting(json: cleanTrack, options: .lenient))
      },
      {
        let (track, report) = try BenchTrack.decodeReporting(json: coercedTrack, options: .lenient)
        precondition(report.count == count && track.points.count == count)
      })
    try line(
      "dirty.pairs.codable",
      {
        blackHole(try decoder.decodeReporting(CodedBenchTrack.self, from: Data(cleanTrack)))
      },
      {
        let (track, report) = try decoder.decodeReporting(CodedBenchTrack.self, from: Data(coercedTrack))
        precondition(report.count == count && track.points.count == count)
      })
    let encoder = MapwrightJSONEncoder()
    let scored = ScoredBenchRow.rows(count, failing: false)
    let failing = ScoredBenchRow.rows(count, failing: true)
    try line(
      "dirty.encode",
      {
        blackHole(try encoder.encode(scored))
      },
      {
        let data = try encoder.encode(failing)
        let rolledBack = #""score":null}]"#.utf8
        precondition(data.suffix(rolledBack.count).elementsEqual(rolledBack))
      })
    guard wants("dirty.import") else { return }
    var options = ImportOptions(mapping: .lenient)
    options.batchSize = 10_000
    func importRows(_ bytes: [UInt8]) throws {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("dirty-\(UUID().uuidString).sqlite").path
      defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
      let store = try SQLiteStore(path: file, models: [BenchRow.self])
      let summary = try store.importJSON(bytes, sources: [try ImportSource("", model: BenchRow.self)], options: options)
      precondition(summary.inserted == count)
    }
    var importTimer = timer
    importTimer.minimumSamples = 3
    importTimer.budget = .milliseconds(0)
    let c = try importTimer.median { try importRows(clean) } / 1e6
    let d = try importTimer.median { try importRows(coerced) } / 1e6
    print(
      Bench.pad("dirty.import", 19) + Bench.pad(String(count), 10) + Bench.lpad(Bench.fixed(c, 1), 9)
        + Bench.lpad(Bench.fixed(d, 1), 12) + Bench.lpad(Bench.fixed(d / c, 2) + "x", 13))
  }
}
