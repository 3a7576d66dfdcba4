import Foundation
import MapwrightJSON
import MapwrightTestSupport
import Testing

@testable import MapwrightEngine

/// A model's key table finds a member's field through its hash slots (`field(ofKeyAt:…slots:…)`,
/// used for keys that are not the guessed field's) exactly as the search through every field
/// does: the same field, the first of repeated keys, -1 for unknown keys, nil for escaped ones.
@Suite struct KeyTableTests {
  /// Keys that share prefixes, suffixes and lengths (what the hash reads: the length and the
  /// first and last eight bytes), short and empty ones, and non-ASCII ones; none needs an
  /// escape in JSON.
  func randomKey(_ random: inout SeededGenerator) -> String {
    let stems = ["profile_background_image_url", "id", "", "in_reply_to_status_id", "名前", "é", "a", "url_https"]
    var key = stems[Int.random(in: 0..<stems.count, using: &random)]
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let pieces = ["_", "x", "s", "id", "_str", "é", "0", "1234567", "abcdefgh"]
      let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
      if Bool.random(using: &random) { key += piece } else { key = piece + key }
    }
    return key
  }

  @Test func hashSlotsFindWhatTheSearchFinds() throws {
    var random = SeededGenerator(seed: 0x6B65_7973)
    for round in 0..<300 {
      let fieldCount = Int.random(in: 0...45, using: &random)
      var keys: [String?] = (0..<fieldCount).map { _ in randomKey(&random) }
      // Some fields read by path (no key), and some keys repeated.
      for i in keys.indices where Int.random(in: 0..<10, using: &random) == 0 { keys[i] = nil }
      for i in keys.indices where i > 0 && Int.random(in: 0..<12, using: &random) == 0 {
        keys[i] = keys[Int.random(in: 0..<i, using: &random)]
      }
      let fields = _MapwrightRuntime.Fields(keys: keys)
      // The model's keys, near misses (one byte more or less), random keys, escaped keys.
      var members = keys.compactMap { $0 }
      for key in keys.compactMap({ $0 }) where Bool.random(using: &random) {
        members.append(key + "x")
        if let shorter = String(key.utf8.dropLast()) { members.append(shorter) }
      }
      members += (0..<5).map { _ in randomKey(&random) }
      members.shuffle(using: &random)
      var text = "{" + members.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ")
      text += (members.isEmpty ? "" : ", ") + #""\u0069d": -1, "pro\u0066ile": -2}"#
      let document = try JSONDocument(text)
      let table = fields.table
      document._withRawAccess { raw in
        var keyIndex = 1
        for _ in 0..<raw.count(at: 0) {
          let searched = raw.field(
            ofKeyAt: keyIndex, keyBytes: table.bytes, keyStarts: table.starts, fieldCount: table.fieldCount,
            guess: table.fieldCount)
          let hashed = raw.field(
            ofKeyAt: keyIndex, keyBytes: table.bytes, keyStarts: table.starts, slots: table.slots, slotMask: table.slotMask)
          #expect(hashed == searched, "round \(round), key \(document.value(atTapeIndex: keyIndex).stringValue ?? "?")")
          keyIndex = raw.next(after: keyIndex + 1)
        }
      }
    }
  }

  /// The slots hold every field once and are at most half full.
  @Test func everyFieldHasOneSlot() {
    for count in [0, 1, 4, 5, 40, 200] {
      let table = _MapwrightRuntime.Fields(keys: (0..<count).map { "key\($0)" }).table
      let used = (0...table.slotMask).map { Int(table.slots[$0]) }.filter { $0 >= 0 }
      #expect(used.sorted() == Array(0..<count))
      #expect(used.count * 2 <= table.slotMask + 1)
    }
  }
}
