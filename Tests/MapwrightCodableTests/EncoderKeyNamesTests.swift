import Foundation
import MapwrightCodable
import MapwrightTestSupport
import Testing

// A reused keyed container writes each key from the text it kept the first time (see
// `KeyNames`). The oracle is the same value written alone: one object's container is never
// reused, so every key there is asked for its name, escaped and hashed as it comes.

/// Keys of one byte whose names need escapes, are empty, are not ASCII or hold a slash.
private enum AwkwardByteKey: String, CodingKey {
  case plain, quoted = "say \"hi\"", backslash = "a\\b", empty = "", accented = "é", slash = "a/b", control = "tab\there"
}

/// A one-case key (a type of no size); `LetterKey` (Support) is a one-byte struct key.
private enum SoleKey: String, CodingKey { case sole }

/// Writes a different selection of keys per seed, in a different order, some of them twice
/// (the last one stays), through every kind of key.
private struct Shuffled: Encodable {
  var seed: Int

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AwkwardByteKey.self)
    var generator = SeededGenerator(seed: UInt64(seed))
    let all: [AwkwardByteKey] = [.plain, .quoted, .backslash, .empty, .accented, .slash, .control]
    for key in all.shuffled(using: &generator).prefix(Int.random(in: 1...all.count, using: &generator)) {
      try container.encode(Int.random(in: 0..<100, using: &generator), forKey: key)
      if Bool.random(using: &generator) { try container.encode("again \(seed)", forKey: key) }
    }
    var sole = encoder.container(keyedBy: SoleKey.self)
    if seed % 3 != 0 { try sole.encode(seed, forKey: .sole) }
    var letters = encoder.container(keyedBy: LetterKey.self)
    for letter in ["q", "r", "q"].prefix(seed % 4) { try letters.encode(letter, forKey: LetterKey(Character(letter))) }
  }
}

@Suite("Keys written from the text a reused container kept")
struct EncoderKeyNamesTests {
  private func separately(_ values: [Shuffled], _ configure: (MapwrightJSONEncoder) -> Void) throws -> [String] {
    try values.map { value in
      let encoder = MapwrightJSONEncoder()
      configure(encoder)
      return try encoder.encodeToString(value)
    }
  }

  @Test(arguments: [0, 1, 2, 3])
  func keptKeysAreWrittenAsAskedKeysAre(formatting: Int) throws {
    let options: [(MapwrightJSONEncoder) -> Void] = [
      { _ in },
      { $0.outputFormatting = .prettyPrinted },
      { $0.outputFormatting = .withoutEscapingSlashes },
      { $0.outputFormatting = .sortedKeys },
    ]
    let configure = options[formatting]
    let values = (0..<200).map { Shuffled(seed: $0) }
    let encoder = MapwrightJSONEncoder()
    configure(encoder)
    let whole = try encoder.encodeToString(values)
    let parts = try separately(values, configure)
    if formatting == 1 {
      // Pretty printed: each element is indented one level more inside the array.
      let indented = parts.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      #expect(whole == "[\n" + indented.joined(separator: ",\n") + "\n]")
    } else {
      #expect(whole == "[" + parts.joined(separator: ",") + "]")
    }
    // And as Foundation reads them: the same values.
    let decoded = try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [[String: Any]]
    #expect(decoded?.count == values.count)
  }

  @Test func aRepeatedKeyKeepsItsLastValueInItsPlace() throws {
    let values = (0..<50).map { Shuffled(seed: $0) }
    let text = try MapwrightJSONEncoder().encodeToString(values)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    // Every value of an awkward key written twice is the string, which replaced the number
    // (the letter keys' values are their letters).
    for (seed, object) in objects.enumerated() {
      for (key, value) in object where value is String && key != "q" && key != "r" {
        #expect(value as? String == "again \(seed)", "key \(key) of seed \(seed)")
      }
    }
    #expect(text.contains(#""say \"hi\"":"#) && text.contains(#""a\\b":"#) && text.contains(#""a\/b":"#))
    #expect(text.contains(#""tab\there":"#) && text.contains(#""":"#) && text.contains(#""é":"#))
  }
}
