// Partial decoding: citm_catalog.json (1.7 MB) arriving as a stream of deltas, the partial
// model taken after every delta, then the complete model — beside one whole decode of the same
// bytes into the same model (the issue's bound: at most 3× a whole decode, snapshots
// included). At 10× (ten catalogs in an array, ten times the deltas of the same size) the
// cost per delta must stay what it is at 1×: linear in the whole text, not deltas × text.
// Dirty rows: one `amount` in ten written as a string, decoded leniently (each coercion
// forgiven and reported, in the pieces and in the whole decode). Long-string rows: a document
// that is nearly all one string (a language model's answer), which grows at every delta.
//
//   mapwright-bench --partial [--data DIR] [--deltas N] [--runs N]

import Foundation
import Mapwright

/// The shape of a language model's structured answer: mostly one long string.
@JSONModel(partial: true)
struct MLongAnswer {
  var title: String
  var text: String
  var steps: [String]
}

enum PartialBenchmarks {
  /// The rows to run (`--filter`: a prefix of their names); nil for all.
  nonisolated(unsafe) static var wanted: String?

  static func run(dataDirectory: String, deltas: Int, timer: Timer, only: String?) throws {
    let one = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dataDirectory).appendingPathComponent("citm_catalog.json")))
    wanted = only
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
    // One long string, the shape of a language model's answer: each delta adds to the text.
    let answer = longAnswer(bytes: one.count)
    let answerTen = longAnswer(bytes: one.count * 10)
    try row("long string", answer, deltas: deltas, options: MappingOptions(), MLongAnswer.self, timer: timer)
    try row("long string", answerTen, deltas: deltas * 10, options: MappingOptions(), MLongAnswer.self, timer: timer)
  }

  /// `{"title": …, "text": …, "steps": [3 strings]}` of about `bytes` bytes, nearly all of them
  /// the text (accented letters, escapes and a CJK word among plain words).
  static func longAnswer(bytes: Int) -> [UInt8] {
    let words = ["the", "onion", "soup", #"caf\u00e9"#, #"cr\u00e8me"#, #"br\u00fbl\u00e9e"#, #"\"quoted\""#, #"line\nbreak"#, "日本語", "déjà"]
    var text: [UInt8] = []
    text.reserveCapacity(bytes)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    while text.count < bytes - 200 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += Array(words[Int(state >> 33) % words.count].utf8)
      text.append(UInt8(ascii: " "))
    }
    return Array(#"{"title": "Onion soup", "text": ""#.utf8) + text + Array(#"", "steps": ["Slice", "Boil", "Serve"]}"#.utf8)
  }

  private static func row<Model: JSONConvertible>(
    _ name: String, _ bytes: [UInt8], deltas: Int, options: MappingOptions, _ type: Model.Type, timer: Timer
  ) throws {
    if let only = wanted, !name.hasPrefix(only) { return }
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
    let marker = Array(#""amount": "#.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 100)
    var index = 0
    var found = 0
    while index < bytes.count {
      if bytes[index] == marker[0], bytes[index...].starts(with: marker) {
        result += marker
        index += marker.count
        var end = index
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
        let quoted = found % 10 == 0
        if quoted { result.append(UInt8(ascii: "\"")) }
        result += bytes[index..<end]
        if quoted { result.append(UInt8(ascii: "\"")) }
        index = end
        found += 1
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
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
