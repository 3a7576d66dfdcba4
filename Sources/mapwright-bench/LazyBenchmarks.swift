// lazy.read: reading one field (`text`) from each element of a large array of tweets — the
// statuses of twitter.json repeated to 2,000 elements, about 12 MB — lazily
// (`JSONArray<LazyModel<MStatus>>`, which decodes only `text`) beside eagerly (`[MStatus]`,
// which decodes every property of every element). Both sides parse the whole input; the
// ratio is how many times faster the lazy side is.

import Foundation
import Mapwright

enum LazyBenchmarks {
  static func run(file: String, bytes: [UInt8], timer: Timer) throws -> [Measurement] {
    guard file == "twitter.json" else { return [] }
    guard case .array(let statuses)? = try JSON(parsing: bytes)["statuses"] else { throw BenchError("twitter.json has no statuses") }
    let repeated = (0..<2000).map { statuses[$0 % statuses.count] }
    let array = try JSON.array(repeated).jsonBytes()

    let lazyTexts = try JSONArray<LazyModel<MStatus>>(json: array).map { try $0.get().text }
    let eagerTexts = try [MStatus](json: array).map(\.text)
    guard lazyTexts == eagerTexts else { throw BenchError("lazy and eager reads disagree") }

    let (lazy, eager) = try timer.compare {
      var total = 0
      for status in try JSONArray<LazyModel<MStatus>>(json: array) { total &+= try status.get().text.utf8.count }
      blackHole(total)
    } baseline: {
      var total = 0
      for status in try [MStatus](json: array) { total &+= status.text.utf8.count }
      blackHole(total)
    }
    return [
      Measurement(
        name: "lazy.read", file: "twitter×20", bytes: array.count, medianNanoseconds: lazy,
        baselineName: "eager [MStatus] (@JSONModel)", baselineMedianNanoseconds: eager)
    ]
  }
}
