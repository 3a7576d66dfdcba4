// Partial decoding: citm_catalog.json (1.7 MB) arriving as a stream of deltas, the partial
// model taken after every delta, then the complete model — beside one whole decode of the same
// bytes into the same model (the issue's bound: at most 3× a whole decode, snapshots
// included). At 10× (ten catalogs in an array, ten times the deltas of the same size) the
// cost per delta must stay what it is at 1×: linear in the whole text, not deltas × text.
// Dirty rows: one `amount` in ten written as a string, decoded leniently (each coercion
// forgiven and reported, in the pieces and in the whole decode).
//
//   mapwright-bench --partial [--data DIR] [--deltas N] [--runs N]

import Foundation
import Mapwright

enum PartialBenchmarks {
  static func run(dataDirectory: String, deltas: Int, timer: Timer) throws {
    let one = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dataDirectory).appendingPathComponent("citm_catalog.json")))
    let dirtyOne = dirty(one)
    let ten = repeated(one, 10)
    let dirtyTen = repeated(dirtyOne, 10)
    print("partial decoding of citm_catalog.json in deltas of \(one.count / deltas) bytes, a snapshot after each")
    print("row                     size     deltas   whole ms  partial ms   ratio  ns/delta  snapshots")
    try row("clean", one, deltas: deltas, options: MappingOptions(), MCitmCatalog.self, timer: timer)
    try row("clean", ten, deltas: deltas * 10, options: MappingOptions(), [MCitmCatalog].self, timer: timer)
    try row("dirty, lenient", dirtyOne, deltas: deltas, options: .lenient, MCitmCatalog.self, timer: timer)
    try row("dirty, lenient", dirtyTen, deltas: deltas * 10, options: .lenient, [MCitmCatalog].self, timer: timer)
    try row("JSON", one, deltas: deltas, options: MappingOptions(), JSON.self, timer: timer)
    try row("JSON", ten, deltas: deltas * 10, options: MappingOptions(), JSON.self, timer: timer)
  }

  private static func row<Model: JSONConvertible>(
    _ name: String, _ bytes: [UInt8], deltas: Int, options: MappingOptions, _ type: Model.Type, timer: Timer
  ) throws {
    let size = max(1, bytes.count / deltas)
    var snapshots = 0
    let (partial, whole) = try timer.compare(
      {
        var decoder = PartialDecoder(Model.self, options: PartialDecodingOptions(mapping: options, snapshotEveryChunk: true))
        var position = 0
        snapshots = 0
        while position < bytes.count {
          let end = min(bytes.count, position + size)
          if let snapshot = try decoder.append(bytes[position..<end]) {
            blackHole(snapshot)
            snapshots += 1
          }
          position = end
        }
        blackHole(try decoder.finish())
      },
      baseline: { blackHole(try Model.decodeReporting(json: bytes, options: options).value) })
    let count = (bytes.count + size - 1) / size
    print(
      Bench.pad(name, 22) + Bench.lpad("\(bytes.count / 1000) KB", 8) + Bench.lpad("\(count)", 10) + Bench.lpad(Bench.fixed(whole / 1e6, 2), 11)
        + Bench.lpad(Bench.fixed(partial / 1e6, 2), 12) + Bench.lpad(Bench.fixed(partial / whole, 2) + "x", 8)
        + Bench.lpad(Bench.fixed(partial / Double(count), 0), 10)
        + Bench.lpad("\(snapshots)", 11))
  }

  /// One `"amount": N` in ten written as `"amount": "N"`.
  static func dirty(_ bytes: [UInt8]) -> [UInt8] {
    var text = String(decoding: bytes, as: UTF8.self)
    var result = ""
    var index = 0
    while let range = text.range(of: #""amount": "#) {
      result += text[..<range.upperBound]
      text = String(text[range.upperBound...])
      let digits = text.prefix { $0.isNumber }
      if index % 10 == 0 { result += "\"\(digits)\"" } else { result += digits }
      text.removeFirst(digits.count)
      index += 1
    }
    return Array((result + text).utf8)
  }

  /// `count` copies of a document as the elements of one array.
  static func repeated(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
    var result: [UInt8] = [UInt8(ascii: "[")]
    for index in 0..<count {
      if index > 0 { result.append(UInt8(ascii: ",")) }
      result += bytes
    }
    result.append(UInt8(ascii: "]"))
    return result
  }
}
