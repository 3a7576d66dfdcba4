import Foundation
import MapwrightEngine
import MapwrightTestSupport
import Testing

@testable import MapwrightJSON

/// The text of a decimal written without making a `Decimal` (the store's fast path) is the
/// text the `Decimal` would print, and the engine's `decimalText` follows `decimal`'s rules.
@Suite struct DecimalTextTests {
  /// Random JSON number texts: signs, leading and trailing zeros, long digit runs, exponents
  /// on both sides of `Decimal`'s range.
  static func numberTexts(seed: UInt64, count: Int) -> [String] {
    var random = SeededGenerator(seed: seed)
    func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
    return (0..<count).map { _ in
      var text = Bool.random(using: &random) ? "-" : ""
      let whole = Int.random(in: 0...40, using: &random)
      text += whole == 0 ? "0" : String(Int.random(in: 1...9, using: &random)) + digits(whole - 1)
      if Bool.random(using: &random) {
        text += "." + digits(Int.random(in: 1...40, using: &random))
        if Bool.random(using: &random) { text += String(repeating: "0", count: Int.random(in: 1...5, using: &random)) }
      }
      if Int.random(in: 0...3, using: &random) == 0 {
        text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &random)! + String(Int.random(in: 0...140, using: &random))
      }
      return text
    }
  }

  @Test func theTextIsWhatTheDecimalPrints() {
    var fast = 0
    for text in Self.numberTexts(seed: 0x5EED_DEC1, count: 20_000) + ["0", "-0", "0.000", "-0.0e5", "1e127", "1e-128", "12.34", "5.00", "100"] {
      let bytes = Array(text.utf8)
      let written: String? = bytes.withUnsafeBufferPointer { MapwrightJSON.decimalText(fromNumberText: $0) }
      let decimal: Decimal? = bytes.withUnsafeBufferPointer { MapwrightJSON.decimal(fromNumberText: $0) }
      guard let written else { continue }
      fast += 1
      #expect(decimal.map { "\($0)" } == written, "\(text)")
    }
    #expect(fast > 10_000)  // most plain numbers take the fast way
  }

  @Test func theEngineKeepsDecimalsRules() throws {
    let inputs = #"[12.50, "12.50", " 7 ", "-0.0", "1e200", "x", true, "123456789012345678901234567890123456789012"]"#
    for options in [MappingOptions(), MappingOptions.lenient] {
      let viaText = try DecodingSession(parsing: Array(inputs.utf8), options: options)
      let viaDecimal = try DecodingSession(parsing: Array(inputs.utf8), options: options)
      for (a, b) in zip(viaText.document.root.elements, viaDecimal.document.root.elements) {
        var text: Swift.Result<String, MappingError>
        do throws(MappingError) { text = .success(try viaText.decimalText(a)) } catch { text = .failure(error) }
        var decimal: Swift.Result<String, MappingError>
        do throws(MappingError) { decimal = .success("\(try viaDecimal.decimal(b))") } catch { decimal = .failure(error) }
        switch (text, decimal) {
        case (.success(let x), .success(let y)): #expect(x == y)
        case (.failure(let x), .failure(let y)): #expect(x.description == y.description)
        default: Issue.record("\(a): \(text) against \(decimal)")
        }
      }
      #expect(viaText.report == viaDecimal.report)
    }
  }
}
