// A decoder kept by a type after `decode` returns (lazy or delayed decoding) stays usable, as
// Foundation's does: never a read of freed memory.

import Foundation
import MapwrightCodable
import Testing

final class KeepsItsDecoder: Decodable {
  let decoder: any Decoder
  init(from decoder: any Decoder) throws { self.decoder = decoder }
}

@Suite struct EscapingDecoderTests {
  struct Keys: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  @Test func aKeptDecoderDecodesLater() throws {
    var kept: [KeepsItsDecoder] = []
    for _ in 0..<50 {
      // Each document is released by the call but for what the decoder holds.
      kept.append(try MapwrightJSONDecoder().decode(KeepsItsDecoder.self, from: Data(#"{"name": "late", "n": [1, 2]}"#.utf8)))
    }
    // Churn the allocator so freed memory would be reused.
    var junk: [[UInt8]] = []
    for i in 0..<2_000 { junk.append([UInt8](repeating: UInt8(i & 0xFF), count: 64 + i % 256)) }
    for keeper in kept {
      let container = try keeper.decoder.container(keyedBy: Keys.self)
      #expect(try container.decode(String.self, forKey: Keys(stringValue: "name")) == "late")
      #expect(try container.decode([Int].self, forKey: Keys(stringValue: "n")) == [1, 2])
      #expect(throws: DecodingError.self) { try keeper.decoder.unkeyedContainer() }
    }
    #expect(junk.count == 2_000)
  }
}
