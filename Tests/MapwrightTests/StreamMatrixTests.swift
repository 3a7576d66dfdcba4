import Foundation
import Mapwright
import MapwrightCodable
import MapwrightObjectMapper
import MapwrightSchema
import Testing

/// Every form × source × target: the same records written in each form, read from each source
/// (chunks, single bytes, a file) into each target, give the same records — and the same
/// error, at the same place, for a bad one.
@Suite("Streams: every form, source and target")
struct StreamMatrixTests {
  struct Record: Codable, Equatable {
    var id: Int
    var name: String
  }

  final class MappableRecord: Mappable {
    var id = 0
    var name = ""
    init?(map: Map) {}
    func mapping(map: Map) {
      id <- map["id"]
      name <- map["name"]
    }
  }

  @JSONModel
  struct ModelRecord {
    var id: Int
    var name: String
  }

  enum Source: String, CaseIterable { case chunks, bytes, file }
  enum Target: String, CaseIterable { case model, codable, mappable, modelObject, json, jsonValue }

  static let forms: [JSONStreamFormat] = [.jsonLines, .jsonTextSequence, .concatenated, .array, .array(at: "page.items")]
  static let records = (0..<40).map { Record(id: $0, name: "n\($0) \"é\"") }

  static let entity: EntityDescription = {
    let xml = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        <entity name="Record" representedClassName="Record" syncable="YES">
          <attribute name="id" attributeType="Integer 64" usesScalarValueType="YES"/>
          <attribute name="name" attributeType="String"/>
        </entity>
      </model>
      """
    return try! ObjectModel(xml: Array(xml.utf8)).entity(named: "Record")!
  }()

  /// The stream's bytes: the records, one of them (`bad`) with a string id.
  static func bytes(_ format: JSONStreamFormat, bad: Int?) throws -> [UInt8] {
    var writer = JSONStreamWriter(format: format, surroundings: ["page": ["number": 1]])
    for record in records {
      let text = record.id == bad ? #"{"id": "x", "name": "bad"}"# : String(decoding: try MapwrightJSONEncoder().encode(record), as: UTF8.self)
      try writer.append(element: Array(text.utf8))
    }
    writer.finish()
    return writer.takeAll()
  }

  /// Reads the stream into `target` from `source`: the records read, or the error.
  static func read(_ bytes: [UInt8], _ format: JSONStreamFormat, _ source: Source, _ target: Target) async throws -> [Record] {
    func records<T>(_ target: JSONStreamTarget<T>, _ project: (T) -> Record) async throws -> [Record] {
      var result: [Record] = []
      switch source {
      case .chunks:
        for try await value in target.elements(of: chunked(bytes, size: 37), format: format, options: JSONStreamOptions()) {
          result.append(project(value))
        }
      case .bytes:
        for try await value in target.elements(of: byteByByte(bytes), format: format, options: JSONStreamOptions()) { result.append(project(value)) }
      case .file:
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwright-matrix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        var options = JSONStreamOptions()
        options.readSize = 53
        let reader = try target.elements(of: .path(url.path), format: format, options: options)
        while let value = try reader.next() { result.append(project(value)) }
      }
      return result
    }
    switch target {
    case .model:
      return try await records(ModelRecord.streamTarget(MappingOptions())) { Record(id: $0.id, name: $0.name) }
    case .codable:
      return try await records(MapwrightJSONDecoder().streamTarget(Record.self)) { $0 }
    case .mappable:
      return try await records(MappableRecord.streamTarget(MappingOptions())) { Record(id: $0.id, name: $0.name) }
    case .modelObject:
      return try await records(ModelObject.streamTarget(entity, MappingOptions())) {
        Record(id: Int($0["id"] as? Int64 ?? -1), name: $0["name"] as? String ?? "?")
      }
    case .json:
      return try await records(JSON.streamTarget(JSONStreamOptions())) {
        Record(id: $0["id"]?.intValue ?? -1, name: $0["name"]?.stringValue ?? "?")
      }
    case .jsonValue:
      return try await records(JSONDocument.streamTarget(JSONStreamOptions())) {
        Record(id: $0["id"]?.intValue ?? -1, name: $0["name"]?.stringValue ?? "?")
      }
    }
  }

  @Test(arguments: Target.allCases)
  func everyFormAndSourceGivesTheSameRecords(_ target: Target) async throws {
    for format in Self.forms {
      let bytes = try Self.bytes(format, bad: nil)
      for source in Source.allCases {
        let read = try await Self.read(bytes, format, source, target)
        #expect(read == Self.records, "\(format) from \(source) into \(target)")
      }
    }
  }

  /// A bad record stops the stream at the same element and place whatever the source; the
  /// untyped targets read it (its id is only a string).
  @Test(arguments: [Target.model, .codable, .mappable, .modelObject])
  func aBadRecordFailsAtTheSamePlace(_ target: Target) async throws {
    for format in Self.forms {
      let bytes = try Self.bytes(format, bad: 17)
      var places: Set<String> = []
      for source in Source.allCases {
        do {
          _ = try await Self.read(bytes, format, source, target)
          Issue.record("\(format) from \(source) into \(target): no error")
        } catch let error as JSONStreamError {
          #expect(error.code == .element && error.elementIndex == 17, "\(error)")
          places.insert("\(error.elementOffset) \(error.line):\(error.column) \(error.path ?? "")")
        }
      }
      #expect(places.count == 1, "\(format) into \(target): \(places)")
    }
  }
}
