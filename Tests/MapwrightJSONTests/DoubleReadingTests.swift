// The reader's doubles (Clinger's fast path, Eisel–Lemire, the standard library past 19
// digits): the value is `Double(String)`'s, bit for bit, on every number of the benchmark
// corpus's float-heavy files, and every double the writer writes reads back to itself.
// `mapwright-bench --verify-doubles N` runs the random checks at 10⁷ in a release build.

import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@Suite struct DoubleReadingTests {
  /// Every number of the document under `value`, with its text.
  func numbers(in value: JSONValue, into found: inout [(text: String, value: Double?)]) {
    switch value.kind {
    case .number: found.append((value.numberText ?? "", value.doubleValue))
    case .array: for element in value.elements { numbers(in: element, into: &found) }
    case .object: for member in value.members { numbers(in: member.value, into: &found) }
    default: break
    }
  }

  @Test(arguments: ["canada.json", "numbers.json", "mesh.json"])
  func everyNumberOfTheCorpusIsTheStandardLibrarysValue(file: String) throws {
    let document = try JSONDocument(SharedFiles.bytes(SharedFiles.benchData, file))
    var found: [(text: String, value: Double?)] = []
    numbers(in: document.root, into: &found)
    #expect(found.count > 1_000)
    var differ = 0
    for (text, value) in found where value?.bitPattern != Double(text)?.bitPattern {
      differ += 1
      if differ <= 5 { Issue.record("\(file): \(text) read as \(String(describing: value)), not \(String(describing: Double(text)))") }
    }
    #expect(differ == 0)
  }

  /// Seeded texts of the shapes where digits are counted by position and the fraction read
  /// eight at a time: leading zeros before and after the point (more than nineteen digits
  /// written, fewer significant), fractions of one to thirty digits with or without an
  /// exponent, integer parts of up to twenty-five digits, trailing zeros; each read in one
  /// document, bit for bit `Double(String)`'s value (nil where that is infinite).
  @Test func seededNumberShapesReadAsTheStandardLibraryReadsThem() throws {
    var random = SeededGenerator(seed: 0x5EED_D16175)
    func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
    var texts: [String] = ["0", "-0", "0.0", "1.5e3", "0.00000000000000000000000000001", "100000000000000000000000.5"]
    for _ in 0..<20_000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let whole = Int.random(in: 0...25, using: &random)
      text += whole == 0 ? "0" : String(Int.random(in: 1...9, using: &random)) + digits(whole - 1)
      if Int.random(in: 0...3, using: &random) != 0 {
        text += "." + String(repeating: "0", count: Int.random(in: 0...24, using: &random) * Int.random(in: 0...1, using: &random))
        text += digits(Int.random(in: 1...30, using: &random))
      }
      if Int.random(in: 0...3, using: &random) == 0 {
        text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &random)! + String(Int.random(in: 0...330, using: &random))
      }
      texts.append(text)
    }
    let document = try JSONDocument("[" + texts.joined(separator: ",") + "]")
    var differ = 0
    for (text, element) in zip(texts, document.root.elements) {
      let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
      guard element.doubleValue?.bitPattern != expected?.bitPattern else { continue }
      differ += 1
      if differ <= 5 { Issue.record("\(text) read as \(String(describing: element.doubleValue)), not \(String(describing: expected))") }
    }
    #expect(differ == 0)
  }

  /// What the writer writes (the shortest text that reads back) reads back to the same bits:
  /// seeded bit patterns of every exponent, and integers scaled by a thousand.
  @Test func theWritersTextReadsBackToTheSameDouble() throws {
    var generator = SeededGenerator(seed: 0x5EED_0D0B)
    var checked = 0
    while checked < 20_000 {
      let bits = generator.next()
      let value = checked % 3 == 2 ? Double(Int64(bitPattern: bits) >> (bits % 61)) / 1000 : Double(bitPattern: bits)
      guard value.isFinite else { continue }
      checked += 1
      var output = JSONOutput()
      output.double(value)
      let text = String(decoding: output.bytes, as: UTF8.self)
      let read = try JSONDocument(text).root.doubleValue
      #expect(read?.bitPattern == value.bitPattern, "\(text) (bits \(value.bitPattern))")
    }
  }
}
