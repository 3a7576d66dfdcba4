// mapwright-bench: Mapwright beside Foundation on the benchmark corpus, in one run.
//
//   swift run -c release mapwright-bench [--data DIR] [--filter NAME] [--file FILE] [--tsv]
//                                        [--budget-ms N] [--runs N] [--no-baseline]
//                                        [--interleave block|sample]
//
// --no-baseline skips the Foundation side, for profiling Mapwright alone; --runs N measures
// exactly N runs of each side after one warm-up (for instruction counts under callgrind).
// --interleave picks how the two sides' runs alternate (Timer.Interleaving; block, the
// default, or sample).
//
// Prints a table (measurement, file, MB/s, Foundation MB/s, ratio), or with --tsv one line per
// measurement: name, file, bytes, median ns, baseline name, baseline median ns.

import Foundation

@main
struct Bench {
  static func main() async throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func option(_ name: String) -> String? {
      guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
      let value = arguments[i + 1]
      arguments.removeSubrange(i...i + 1)
      return value
    }
    if arguments.contains("--help") || arguments.contains("-h") {
      print("usage: mapwright-bench [--data DIR] [--filter NAME] [--file FILE] [--tsv] [--budget-ms N] [--runs N]")
      print("                       [--no-baseline] [--interleave block|sample]")
      print("       mapwright-bench --import N [--naive M] [--store postgres://…] [--concurrent]")
      print("                                                  import N generated objects into SQLite or PostgreSQL (naive: M)")
      print("       mapwright-bench --import-nested AUTHORS [--store postgres://…]")
      print("                                                  authors with nested books and pricings (5 objects each), lenient")
      print("       mapwright-bench --dirty N                  N rows clean and dirty (coercions, errors) through every path")
      print("       mapwright-bench --stream-make FILE --size-mb N [--array] [--dirty-every K]   twitter statuses as JSON Lines (or one array)")
      print("       mapwright-bench --schema-make FILE          the JSON Schema of the twitter status model")
      print("       mapwright-bench --schema-validate DATA --schema S [--json-lines] [--errors] [--runs N]")
      print("                                                  read, parse and validate (the verdict, or every problem)")
      print("       mapwright-bench --serve PORT               Foundation's coders on PORT, Mapwright's on PORT+1 (Scripts/server-bench.sh)")
      print("       mapwright-bench --stream FILE --mode MODE [--array] [--chunk-kb K]")
      print("                                                  MODE: macro, macro-skip, macro-async, codable, foundation, parse, parse-memory, split")
      print("       mapwright-bench --verify-doubles N [--seed S]  N seeded doubles written against description and read back,")
      print("                                                     N decimal texts read against Double(String)")
      print("       mapwright-bench --partial [--deltas N]     citm_catalog.json in N deltas, a partial model after each, beside a whole decode")
      return
    }
    let tsv = arguments.contains("--tsv")
    let profiling = arguments.contains("--no-baseline")
    let dataDirectory = option("--data") ?? defaultDataDirectory()
    let filter = option("--filter")
    let onlyFile = option("--file")
    // The import benchmark runs alone: `--import 1000000` (naive on `--naive N`, default a tenth).
    if let seed = option("--make-seed"), let count = option("--count").flatMap(Int.init) {
      try ImportBenchmarks.makeSeed(at: seed, count: count)  // run by the import benchmark, in a process of its own
      return
    }
    if let path = option("--stream-make"), let size = option("--size-mb").flatMap(Int.init) {
      try StreamBenchmarks.make(
        at: path, megabytes: size, array: arguments.contains("--array"), dataDirectory: dataDirectory,
        dirtyEvery: option("--dirty-every").flatMap(Int.init))
      return
    }
    if let port = option("--serve").flatMap(Int.init) {
      #if BenchmarkServers
        try await ServerBenchmarks.serve(port: port, dataDirectory: dataDirectory)
        return
      #else
        _ = port
        FileHandle.standardError.write(Data("--serve: this mapwright-bench was built without the BenchmarkServers trait\n".utf8))
        exit(2)
      #endif
    }
    if let count = option("--verify-doubles").flatMap(Int.init) {
      DoubleTextCheck.run(count: count, seed: option("--seed").flatMap(UInt64.init) ?? 0xD0B1_E5)
      return
    }
    if let path = option("--schema-make") {
      try SchemaBenchmarks.make(at: path)
      return
    }
    if let path = option("--schema-validate"), let schema = option("--schema") {
      try SchemaBenchmarks.run(
        data: path, schema: schema, jsonLines: arguments.contains("--json-lines"), errors: arguments.contains("--errors"),
        runs: option("--runs").flatMap(Int.init) ?? 5)
      return
    }
    if let path = option("--stream") {
      try await StreamBenchmarks.run(
        path: path, mode: option("--mode") ?? "macro", array: arguments.contains("--array"), chunkKB: option("--chunk-kb").flatMap(Int.init) ?? 64)
      return
    }
    // An exact number of measured runs (after the one warm-up run), whatever they take: for
    // instruction counts under callgrind, where two counts give the cost of one run.
    let exactRuns = option("--runs").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    if let count = option("--dirty").flatMap(Int.init) {
      var timer = Timer()
      timer.minimumSamples = 3
      timer.budget = .milliseconds(200)
      if let runs = exactRuns { timer.measureExactly(runs) }
      try DirtyBenchmarks.run(count: count, timer: timer) { filter == nil || $0.hasPrefix(filter!) }
      return
    }
    if arguments.contains("--partial") {
      var timer = Timer()
      timer.minimumSamples = 3
      timer.budget = .milliseconds(300)
      if let runs = exactRuns { timer.measureExactly(runs) }
      try PartialBenchmarks.run(dataDirectory: dataDirectory, deltas: option("--deltas").flatMap(Int.init) ?? 10_000, timer: timer, only: filter)
      return
    }
    if let count = option("--import").flatMap(Int.init) {
      let naive = option("--naive").flatMap(Int.init) ?? max(count / 10, 1)
      try ImportBenchmarks.run(count: count, naiveCount: naive, store: option("--store"), concurrent: arguments.contains("--concurrent"))
      return
    }
    if let authors = option("--import-nested").flatMap(Int.init) {
      try NestedImportBenchmark.run(authors: authors, store: option("--store"))
      return
    }
    var timer = Timer()
    timer.skipsBaselines = profiling
    if let mode = option("--interleave") {
      guard let interleaving = Timer.Interleaving(rawValue: mode) else {
        FileHandle.standardError.write(Data("--interleave takes block or sample\n".utf8))
        exit(2)
      }
      timer.interleaving = interleaving
    }
    if let budget = option("--budget-ms").flatMap(Int.init) {
      timer.budget = .milliseconds(budget)
      if budget < 50 { timer.minimumSamples = 1 }
    }
    if let runs = exactRuns { timer.measureExactly(runs) }

    let names = try FileManager.default.contentsOfDirectory(atPath: dataDirectory)
      .filter { $0.hasSuffix(".json") && (onlyFile == nil || $0 == onlyFile) }.sorted()
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .json files in \(dataDirectory)\n".utf8))
      exit(1)
    }
    if !tsv {
      print("measurement   file                    MB/s   baseline MB/s   ratio  baseline")
    }
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dataDirectory).appendingPathComponent(name)))
      var results: [Measurement] = []
      if filter == nil || "json.parse json.parse-indexed json.parse-indexed-invalid json.write".contains(filter!) {
        results += try JSONBenchmarks.run(file: name, bytes: bytes, timer: timer)
      }
      if filter == nil
        || "macro.decode macro.encode macro.codable.decode macro.codable.encode macro.foundation.decode macro.foundation.encode"
          .contains(filter!)
      {
        results += try MacroBenchmarks.run(file: name, bytes: bytes, timer: timer) { name in
          filter == nil || name.hasPrefix(filter!)
        }
      }
      if filter == nil || "mappable.decode mappable.encode".contains(filter!) {
        results += try MappableBenchmarks.run(file: name, bytes: bytes, timer: timer) { name in
          filter == nil || name.hasPrefix(filter!)
        }
      }
      if filter == nil || "codable.decode codable.encode".contains(filter!) {
        results += try CodableBenchmarks.run(file: name, bytes: bytes, timer: timer) { name in
          filter == nil || name.hasPrefix(filter!)
        }
      }
      if filter == nil || "lazy.read".hasPrefix(filter!) {
        results += try LazyBenchmarks.run(file: name, bytes: bytes, timer: timer)
      }
      if filter == nil || "strings.use".hasPrefix(filter!) {
        results += try StringBenchmarks.run(file: name, bytes: bytes, timer: timer)
      }
      for m in results where filter == nil || m.name.hasPrefix(filter!) {
        if tsv {
          print("\(m.name)\t\(m.file)\t\(m.bytes)\t\(Int(m.medianNanoseconds))\t\(m.baselineName)\t\(Int(m.baselineMedianNanoseconds))")
        } else {
          print(
            pad(m.name, 14) + pad(m.file, 20) + lpad(fixed(m.megabytesPerSecond, 1), 9)
              + lpad(fixed(m.baselineMegabytesPerSecond, 1), 16) + lpad(fixed(m.ratio, 1) + "x", 8)
              + "  " + m.baselineName)
        }
      }
    }
  }

  /// `../shared/bench-data` beside the package, found from the working directory.
  static func defaultDataDirectory() -> String {
    let cwd = FileManager.default.currentDirectoryPath
    for candidate in ["\(cwd)/../shared/bench-data", "\(cwd)/shared/bench-data"]
    where FileManager.default.fileExists(atPath: candidate) {
      return candidate
    }
    return "\(cwd)/../shared/bench-data"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  static func lpad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}
