import Foundation
import Mapwright
import MapwrightTestSupport
import Testing

/// `@JSONModel` decoding on mutated real documents (seeded): the generated twitter and GitHub
/// issue models of Generated/ read each mutant strictly, leniently and collecting every error;
/// every error's and report entry's place is read; a value that decodes is written and must
/// decode again to the same JSON. A crash, a hang or a value that does not round-trip fails.
/// (libFuzzer cannot build macro models yet; see RELIABILITY.md.)
@Suite struct HostileModelInputTests {
  static let tokens: [[UInt8]] = [
    "null", "true", "false", "0", "-1", "1e400", "1.5", "\"\"", "\"x\"", "[]", "{}", "[", "]", "{", "}", ",", ":",
    "\"\\u0000\"", "\"\\ud800\"", "18446744073709551616", "\"2011-04-22T13:33:48Z\"", "\"https://a.b/c\"",
  ].map { Array($0.utf8) }

  static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
      case 1: bytes.remove(at: at)
      case 2: bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: at)
      default:
        // Replace a value-like run (up to the next comma or bracket) with a token.
        var end = at
        while end < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(at..<end, with: tokens.randomElement(using: &random)!)
      }
    }
    return bytes
  }

  @Test(arguments: [UInt64(11), 2026])
  func mutatedDocumentsNeverCrashAndRoundTrip(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let twitter = try Self.smallTwitter()
    let issues = [UInt8](
      try Data(
        contentsOf: SampleInferenceTests.repository.appendingPathComponent(
          "Tests/MapwrightTests/Samples/github-issues.json")))
    var decoded = 0
    for iteration in 0..<400 {
      let tweet = Self.mutate(twitter, &random)
      decoded += try check(GenTwitterSearch.self, tweet, "seed \(seed), iteration \(iteration)")
      let issue = Self.mutate(issues, &random)
      decoded += try check([GenGitHubIssuesIssue].self, issue, "seed \(seed), iteration \(iteration)")
    }
    // Some mutants still decode (lenient mode forgives most), so the round trip is exercised.
    #expect(decoded > 0)
  }

  /// twitter.json with its first two statuses: small enough to mutate quickly in a debug build.
  static func smallTwitter() throws -> [UInt8] {
    let url = SampleInferenceTests.repository.appendingPathComponent("../shared/bench-data/twitter.json")
    guard case .object(var root) = try JSON(parsing: [UInt8](try Data(contentsOf: url))),
      case .array(let statuses)? = root["statuses"]
    else { throw MappingError(invalidValue: "twitter.json has no statuses") }
    root["statuses"] = .array(Array(statuses.prefix(2)))
    return try JSON.object(root).jsonBytes()
  }

  /// Decodes `bytes` four ways; returns how many decoded.
  private func check<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8], _ replay: String) throws -> Int {
    var lenientCollecting = MappingOptions.lenient
    lenientCollecting.errorMode = .collectAll
    var decoded = 0
    for options in [MappingOptions(), .lenient, MappingOptions(errorMode: .collectAll), lenientCollecting] {
      let value: T
      do {
        let (result, report) = try T.decodeReporting(json: bytes, options: options)
        for entry in report.entries { _ = entry.description }
        value = result
      } catch let errors as MappingErrors {
        #expect(!errors.errors.isEmpty, "\(replay)")
        for error in errors.errors { _ = error.description }
        continue
      } catch let error as MappingError {
        _ = error.description
        continue
      }
      decoded += 1
      let written = value.json()
      guard let text = try? written.jsonBytes() else { continue }  // NaN or infinity from lenient input
      let again = try T(json: text)
      #expect(again.json() == written, "\(replay): \(String(decoding: text, as: UTF8.self))")
    }
    return decoded
  }
}
