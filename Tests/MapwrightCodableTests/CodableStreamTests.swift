import Foundation
import MapwrightCodable
import Testing

/// Codable values from streams: the decoder's settings apply to every element, and its
/// errors are placed in the whole stream.
@Suite("Codable streams")
struct CodableStreamTests {
  struct User: Codable, Equatable {
    var id: Int
    var fullName: String
  }

  static func chunks(_ text: String, size: Int) -> AsyncStream<ArraySlice<UInt8>> {
    let bytes = Array(text.utf8)
    return AsyncStream { continuation in
      var position = 0
      while position < bytes.count {
        continuation.yield(bytes[position..<min(bytes.count, position + size)])
        position += size
      }
      continuation.finish()
    }
  }

  @Test func theDecodersSettingsApply() async throws {
    let decoder = MapwrightJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text = #"{"page": 1, "users": [{"id": 1, "full_name": "Ada"}, {"id": 2, "full_name": "Grace"}]}"#
    var users: [User] = []
    for try await user in decoder.elements(User.self, of: Self.chunks(text, size: 3), format: .array(at: "users")) { users.append(user) }
    #expect(users == [User(id: 1, fullName: "Ada"), User(id: 2, fullName: "Grace")])

    let json5 = MapwrightJSONDecoder()
    json5.allowsJSON5 = true
    var ids: [Int] = []
    for try await user in json5.elements(
      User.self, of: Self.chunks("{id: 1, fullName: 'a',}\n{id: 0x10, fullName: 'b'}\n", size: 5), format: .jsonLines)
    {
      ids.append(user.id)
    }
    #expect(ids == [1, 16])
  }

  @Test func decodingErrorsArePlacedInTheStream() async throws {
    let text = "{\"id\": 1, \"fullName\": \"a\"}\n{\"id\": 2,\n\"fullName\": 5}\n{\"id\": \"x\""
    let sequence = MapwrightJSONDecoder().elements(User.self, of: Self.chunks(text, size: 4), format: .concatenated, options: .skippingBadElements)
    var ids: [Int] = []
    for try await user in sequence { ids.append(user.id) }
    #expect(ids == [1])
    let skipped = sequence.report.skipped
    #expect(skipped.count == 2)
    #expect(skipped.first?.code == .element && skipped.first?.elementIndex == 1 && skipped.first?.path == "$.fullName")
    #expect(skipped.first?.line == 3 && skipped.first?.column == 13, "\(skipped)")
    #expect(skipped.first?.underlyingError is DecodingError)
    #expect(skipped.first?.message == "Expected to decode String but found number instead.", "\(skipped)")
    #expect(skipped.last?.code == .truncated, "\(skipped)")
  }

  /// A key may hold anything, even what the place suffix looks like: the place is read from
  /// the end of the description, where only numbers can be.
  @Test func aPlaceIsReadBackWhateverTheKeys() async throws {
    struct Odd: Codable {
      var value: Int
      enum CodingKeys: String, CodingKey { case value = "v, line 9, column 9) (at $.x" }
    }
    let text = "{\"v, line 9, column 9) (at $.x\": 1}\n{\n  \"v, line 9, column 9) (at $.x\": \"no\"}"
    do {
      _ = try MapwrightJSONDecoder().decode(Odd.self, from: Data("{\n\n \"v, line 9, column 9) (at $.x\": true}".utf8))
      Issue.record("no error")
    } catch let error as DecodingError {
      #expect(error.mapwrightLocation?.line == 3 && error.mapwrightLocation?.column == 34, "\(error)")
    }
    let sequence = MapwrightJSONDecoder().elements(Odd.self, of: Self.chunks(text, size: 5), format: .concatenated, options: .skippingBadElements)
    var values: [Int] = []
    for try await odd in sequence { values.append(odd.value) }
    #expect(values == [1])
    let skipped = try #require(sequence.report.skipped.first)
    #expect(skipped.line == 3 && skipped.column == 35 && skipped.message == "Expected to decode Int but found a string instead.", "\(skipped)")
    #expect(skipped.path == #"$["v, line 9, column 9) (at $.x"]"#, "\(skipped)")
  }
}
