import Foundation
import Mapwright
import MapwrightObjectMapper
import MapwrightTestSupport
import Testing

/// Random damage to a valid payload — flipped, dropped, inserted and truncated bytes — must
/// give a value or an error, never a crash or a hang, through every way of decoding.
@Suite struct MutationTests {
  let original = Array(
    """
    {"url": "https://api.github.com/repos/o/r/issues/1", "htmlUrl": "https://github.com/o/r/issues/1",
     "number": 1347, "state": "closed", "user": {"login": "octocat", "id": 1},
     "labels": [{"name": "bug\\u00e9"}, {"name": "ui"}], "assignee": {"login": "hubot", "id": 2},
     "updated_at": "2011-04-22T13:33:48Z", "body": "line\\nnext \\"quoted\\" 😀", "n": [1.5e3, -0.0, 12345678901234567890]}
    """.utf8)

  @Test func damagedInputNeverCrashes() throws {
    #expect(try MacroIssue(json: original).number == 1347)
    var generator = SeededGenerator(seed: 0x5EED_0003)  // fixed: a failure replays exactly
    let interesting: [UInt8] = Array("{}[]\",:\\0123456789.eE+-tfnu ".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
    var outcomes = (decoded: 0, rejected: 0)
    for _ in 0..<3000 {
      var bytes = original
      for _ in 0..<(1 + Int(generator.next() % 3)) {
        let position = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 4 {
        case 0: bytes[position] = interesting[Int(generator.next() % UInt64(interesting.count))]
        case 1: bytes.remove(at: position)
        case 2: bytes.insert(interesting[Int(generator.next() % UInt64(interesting.count))], at: position)
        default: bytes.removeSubrange(position...)
        }
        if bytes.isEmpty { bytes = [0x20] }
      }
      var options = MappingOptions.lenient
      options.errorMode = .collectAll
      if (try? MacroIssue(json: bytes)) != nil { outcomes.decoded += 1 } else { outcomes.rejected += 1 }
      _ = try? MacroIssue.decodeReporting(json: bytes, options: options)
      _ = Mapper<User>().map(JSONString: String(decoding: bytes, as: UTF8.self))
      if let json = try? JSON(parsing: bytes) {
        #expect(try JSON(parsing: try json.jsonBytes()) == json)
      }
    }
    #expect(outcomes.decoded + outcomes.rejected == 3000)
    #expect(outcomes.rejected > 0)
    #expect(outcomes.decoded > 0)
  }
}
