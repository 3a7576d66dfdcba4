import Foundation
import Mapwright
import MapwrightCodable
import Testing

@JSONModel
struct DataEnvelope {
  var name: String
  var payload: JSONValue
}

/// `Data` of more than a few bytes is parsed where it is, not copied: documents, models and
/// the `Codable` drop-in read the same values from data (whole, sliced, of every size around
/// the threshold) as from an array of the same bytes, and a document keeps the data's memory
/// alive for as long as anything reads it.
@Suite struct DataInputTests {
  /// JSON texts of 2 to about 600 bytes: around the size above which data is read in place.
  static func texts() -> [String] {
    (0..<60).map { n in
      let names = (0..<n).map { #""name \#($0)""# }.joined(separator: ",")
      return #"{"name":"é\#(n)","payload":{"items":[\#(names)],"n":\#(n)}}"#
    }
  }

  @Test func documentsFromDataMatchDocumentsFromBytes() throws {
    var inPlace = 0
    for text in Self.texts() {
      let bytes = Array(text.utf8)
      let fromBytes = try JSONDocument(bytes)
      // Whole, and as a slice of larger data (a start index other than 0).
      let padded = Data([0x20, 0x20, 0x20] + bytes + [0x20])
      for data in [Data(bytes), padded[3..<(3 + bytes.count)]] {
        let fromData = try JSONDocument(data)
        #expect(JSON(fromData.root) == JSON(fromBytes.root))
        #expect(fromData.bytes == bytes)
        #expect(fromData.byteCount == bytes.count)
        #expect(fromData.root["payload"]?["n"]?.intValue == fromBytes.root["payload"]?["n"]?.intValue)
        if bytes.count > 256 { inPlace += 1 }
      }
    }
    #expect(inPlace > 40)
  }

  @Test func modelsAndCodableFromDataMatchBytes() throws {
    struct Plain: Codable, Equatable {
      var name: String
      var payload: [String: [String]?]?
    }
    for text in Self.texts() {
      let bytes = Array(text.utf8)
      let data = Data(bytes)
      let model = try DataEnvelope(json: data)
      #expect(model.name == (try DataEnvelope(json: bytes)).name)
      #expect(JSON(model.payload) == JSON(try DataEnvelope(json: bytes).payload))
      let (reported, report) = try DataEnvelope.decodeReporting(json: data)
      #expect(reported.name == model.name && report.isEmpty)
      let codable = try MapwrightJSONDecoder().decode([String: JSON].self, from: data)
      #expect(codable == (try MapwrightJSONDecoder().decode([String: JSON].self, from: bytes)))
    }
  }

  /// Errors from data name the same place as from bytes.
  @Test func errorsFromDataMatchBytes() throws {
    let text = #"{"name": "x", "payload": [1, 2, "#
    let bytes = Array((text + String(repeating: " ", count: 400) + "}").utf8)
    var fromBytes: (any Error)?
    var fromData: (any Error)?
    do { _ = try DataEnvelope(json: bytes) } catch { fromBytes = error }
    do { _ = try DataEnvelope(json: Data(bytes)) } catch { fromData = error }
    #expect(fromBytes != nil && "\(fromBytes!)" == "\(fromData!)")
  }

  /// A value kept from a model (a `JSONValue` reads its document) outlives the caller's data:
  /// memory handed over without a copy is released only with the last reader.
  @Test func aKeptValueKeepsTheDataAlive() throws {
    final class Released: @unchecked Sendable {
      var count = 0
    }
    let released = Released()
    var payload: JSONValue?
    do {
      let text = Array(Self.texts()[40].utf8)
      let memory = UnsafeMutableRawPointer.allocate(byteCount: text.count, alignment: 1)
      memory.copyMemory(from: text, byteCount: text.count)
      let data = Data(
        bytesNoCopy: memory, count: text.count,
        deallocator: .custom { pointer, _ in
          pointer.deallocate()
          released.count += 1
        })
      payload = try DataEnvelope(json: data).payload
    }
    #expect(released.count == 0)
    #expect(payload?["items"]?.count == 40)
    #expect(payload?["items"]?[39]?.stringValue == "name 39")
    payload = nil
    #expect(released.count == 1)
  }
}
