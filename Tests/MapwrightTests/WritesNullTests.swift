import Foundation
import Mapwright
import MapwrightCodable
import Testing

/// Each optional written as `null` when nil, the others left out: by every writer the macro
/// generates (the object, the streamed text, a key path, a transformer, Codable's containers).
@JSONModel
struct NullableReply: Codable, Equatable {
  var id: Int
  @WritesNull var inReplyTo: Int?
  @WritesNull @Transform(.iso8601) var editedAt: Date?
  @WritesNull @Key("meta.note") var note: String?
  var skipped: String?
}

/// Plain keys only, so that the streaming writer (`writeJSON(to:in:)`) is the one used.
@JSONModel
struct NullableStatus: Equatable {
  var id: Int
  @WritesNull var geo: JSON?
  @WritesNull var place: String?
  var lang: String?
}

@Suite struct WritesNullTests {
  @Test func nilIsWrittenAsNullWhereMarked() throws {
    let reply = NullableReply(id: 1, inReplyTo: nil, editedAt: nil, note: nil, skipped: nil)
    #expect(reply.json() == ["id": 1, "inReplyTo": nil, "editedAt": nil, "meta": ["note": nil]])
    let status = NullableStatus(id: 2, geo: nil, place: nil, lang: nil)
    #expect(try status.jsonString() == #"{"id":2,"geo":null,"place":null}"#)
    #expect(status.json() == ["id": 2, "geo": nil, "place": nil])
    let full = NullableStatus(id: 3, geo: ["x": 1], place: "here", lang: "en")
    #expect(try full.jsonString() == #"{"id":3,"geo":{"x":1},"place":"here","lang":"en"}"#)
  }

  @Test func nullsComeBackThroughEveryPath() throws {
    let text = #"{"id": 1, "inReplyTo": null, "editedAt": null, "meta": {"note": null}}"#
    let reply = try NullableReply(json: text)
    #expect(reply.json() == (try JSON(parsing: text)))
    let foundation = try JSON(parsing: JSONEncoder().encode(reply))
    #expect(foundation == (try JSON(parsing: text)), "\(foundation)")
    let mapwright = try JSON(parsing: MapwrightJSONEncoder().encode(reply))
    #expect(mapwright == (try JSON(parsing: text)), "\(mapwright)")
    let dated = try NullableReply(json: #"{"id": 1, "inReplyTo": 7, "editedAt": "2024-05-01T12:00:00Z", "meta": {"note": "n"}}"#)
    #expect(dated.json()["editedAt"] == "2024-05-01T12:00:00Z" && dated.json()["inReplyTo"] == 7)
  }
}
