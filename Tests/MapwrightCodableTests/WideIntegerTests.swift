import Foundation
import MapwrightCodable
import Testing

private struct Wide: Codable, Equatable {
  var big: Int128
  var huge: UInt128
  var maybe: Int128?
  var list: [Int128]
}

/// Writes 128-bit integers through every kind of container, nested ones included.
private struct WideWriter: Encodable {
  enum Keys: CodingKey { case keyed, nested, list }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(Int128.min, forKey: .keyed)
    var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
    try nested.encode(UInt128.max, forKey: .keyed)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(Int128(-7))
  }
}

@Suite("Int128 and UInt128")
struct WideIntegerTests {
  @Test func decodeAsFoundationDoes() {
    for json in [
      "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728", "-5", "1.5", "1e3", "\"x\"", "null",
      "340282366920938463463374607431768211456",
    ] {
      expectSameDecoding(Int128.self, json)
      expectSameDecoding(UInt128.self, json)
    }
    expectSameDecoding([Int128].self, "[1, -170141183460469231731687303715884105728]")
    expectSameDecoding([Int128].self, #"[1, "x"]"#)
    // A 128-bit number that does not fit, in an array: Foundation's error has an empty coding
    // path; Mapwright's names the element.
    for json in ["[1.5]", "[340282366920938463463374607431768211456]"] {
      #expect(decodingError([Int128].self, json).map(signature) == "dataCorrupted at [0]")
    }
    expectSameDecoding(
      Wide.self, #"{"big":-170141183460469231731687303715884105728,"huge":340282366920938463463374607431768211455,"maybe":1,"list":[1,2]}"#)
    expectSameDecoding(Wide.self, #"{"big":0,"huge":0,"list":[]}"#)
  }

  @Test func encodeAsFoundationDoes() {
    let sorted: (MapwrightJSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
    let sortedFoundation: (Foundation.JSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
    expectSameEncoding(Int128.max)
    expectSameEncoding([UInt128.max, 0])
    expectSameEncoding(Wide(big: .min, huge: .max, maybe: nil, list: [-1]), mapwright: sorted, foundation: sortedFoundation)
    expectSameEncoding(WideWriter(), mapwright: sorted, foundation: sortedFoundation)
  }
}
