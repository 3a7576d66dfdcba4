// import.nested: a payload shaped as feeds send it, into a fresh store and then again (every
// object an update). Examples/Library.xcdatamodeld's shape: authors, each with two nested
// books, each book with a keyless pricing object — five objects per author — numbers written
// as strings (imported with lenient mapping, each coercion reported) and birth dates through
// a registered date transformer. 200,000 authors are 1,000,000 objects, about 77 MB.

import Foundation
import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

enum NestedImportBenchmark {
  static func payload(authors: Int) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(authors * 400)
    out.append(contentsOf: #"{"version": "2", "authors": ["#.utf8)
    for id in 1...authors {
      if id > 1 { out.append(contentsOf: ",\n".utf8) }
      let born = "\(1800 + id % 200)-\(String(format: "%02d", id % 12 + 1))-\(String(format: "%02d", id % 28 + 1))"
      var author = #"{"author_id": "\#(id)", "firstName": "First\#(id)", "lastName": "Last name \#(id)", "born": "\#(born)", "#
      author += #""imageURL": "https://example.com/images/\#(id).jpg", "books": ["#
      author += (0..<2).map { n in
        let book = id * 10 + n
        return #"{"book_id": "\#(book)", "title": "Book \#(book) of author \#(id)", "year": "\#(1850 + book % 170)", "#
          + #""tags": ["novel", "tag\#(book % 7)"], "pricing": {"retailPrice": "\#(book % 90 + 5).\#(String(format: "%02d", book % 100))"}}"#
      }.joined(separator: ", ")
      author += "]}"
      out.append(contentsOf: author.utf8)
    }
    out.append(contentsOf: "]}".utf8)
    return out
  }

  static func run(authors: Int, store: String?) throws {
    TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/Library.xcdatamodeld")
    let model = try ObjectModel(contentsOf: examples)
    let home = try ImportBenchmarks.home(store)
    defer { ImportBenchmarks.cleanUp(home) }
    let payload = payload(authors: authors)
    print("nested import into \(home.name): \(authors) authors with 2 books and 2 pricings each, numbers as strings (lenient)")
    print(ImportBenchmarks.header)
    try home.remove("import_nested")
    let location = home.location("import_nested")
    for name in ["import.nested", "import.nested.again"] {
      ImportBenchmarks.resetPeak()
      let before = ImportBenchmarks.status("VmRSS") ?? ImportBenchmarks.peakMemory()
      let store = try ImportBenchmarks.Home.open(location, model)
      let summary = try store.importJSON(
        payload, sources: [ImportSource("authors", entity: model.entity(named: "Author")!)], options: ImportOptions(mapping: .lenient))
      let highWater = ImportBenchmarks.status("VmHWM") ?? ImportBenchmarks.peakMemory()
      ImportBenchmarks.report(
        name, objects: summary.inserted + summary.updated, payload: payload.count, seconds: summary.seconds, lookups: summary.lookups,
        added: highWater - before, peak: highWater)
    }
    try home.remove("import_nested")
  }
}
