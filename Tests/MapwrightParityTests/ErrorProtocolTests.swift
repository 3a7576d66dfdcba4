// Every public error through `MapwrightError`: real failures made through the public API, each
// asked for its code, category and place; and a scan of the sources that fails when a public
// error type is declared without the conformance.

import Foundation
import Mapwright
import MapwrightCodable
import MapwrightCodegen
import MapwrightJSONSchema
import MapwrightSQLite
import MapwrightStore
import Testing

@JSONModel struct ErrorProbe: Codable {
  var id: Int
}

@Suite struct ErrorProtocolTests {
  /// The error `body` throws, as any `MapwrightError`.
  func failure(_ body: () throws -> Void) -> (any MapwrightError)? {
    do {
      try body()
    } catch let error as any MapwrightError {
      return error
    } catch {
      Issue.record("not a MapwrightError: \(type(of: error)) \(error)")
      return nil
    }
    Issue.record("no error")
    return nil
  }

  func temporaryFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "mapwright-errors-\(UUID().uuidString).jsonl"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func parseErrorsAreSyntaxOrEndOfInput() throws {
    let syntax = try #require(failure { _ = try JSONDocument("[1, 2,, 3]") })
    #expect(syntax.errorCode == "unexpectedCharacter" && syntax.errorCategory == .syntax)
    #expect(syntax.errorPlace == MapwrightErrorPlace(line: 1, column: 7, offset: 6))
    let cut = try #require(failure { _ = try JSONDocument("{\"id\": 1,\n  \"name\": \"Ad") })
    #expect(cut.errorCode == "unterminatedString" && cut.errorCategory == .endOfInput)
    #expect(cut.errorPlace.line == 2)
    let end = try #require(failure { _ = try JSONDocument("[1, 2") })
    #expect(end.errorCode == "unexpectedEnd" && end.errorCategory == .endOfInput)
  }

  @Test func mappingErrorsAreDataAtTheirPath() throws {
    let mismatch = try #require(failure { _ = try ErrorProbe(json: Data("{\n  \"id\": \"seven\"\n}".utf8)) })
    #expect(mismatch.errorCode == "typeMismatch" && mismatch.errorCategory == .data)
    #expect(mismatch.errorPlace.path == ["id"] && mismatch.errorPlace.line == 2 && mismatch.errorPlace.column == 9)
    // A model read from text that is not JSON: the parse error's category.
    let broken = try #require(failure { _ = try ErrorProbe(json: Data("{\"id\": ".utf8)) })
    #expect(broken.errorCode == "invalidJSON" && broken.errorCategory == .endOfInput)
    // Every row's error at once.
    let all = try #require(
      failure { _ = try [ErrorProbe](json: Data(#"[{"id": 1}, {"id": "x"}, {}]"#.utf8), options: MappingOptions(errorMode: .collectAll)) })
    #expect(all is MappingErrors && all.errorCode == "typeMismatch" && all.errorPlace.path == [.index(1), "id"])
  }

  @Test func codableErrorsCarryTheMappingErrorsPlace() throws {
    let missing = try #require(failure { _ = try MapwrightJSONDecoder().decode(ErrorProbe.self, from: Data("{}".utf8)) })
    #expect(missing is DecodingError && missing.errorCode == "keyNotFound" && missing.errorCategory == .data)
    #expect(missing.errorPlace.path == ["id"])
    let syntax = try #require(failure { _ = try MapwrightJSONDecoder().decode([Int].self, from: Data("[1,,2]".utf8)) })
    #expect(syntax.errorCode == "dataCorrupted" && syntax.errorCategory == .syntax && syntax.errorPlace.column == 4)
    let nan = try #require(failure { _ = try MapwrightJSONEncoder().encode([Double.nan]) })
    #expect(nan.errorCategory == .data)
  }

  @Test func streamErrorsTellSkipFromWait() throws {
    let path = try temporaryFile("{\"id\": 1}\n{\"id\": \"x\"}\n{\"id\": 3")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try ErrorProbe.elements(of: .path(path), format: .jsonLines, options: JSONStreamOptions(errors: .skip))
    var ids: [Int] = []
    while let probe = try reader.next() { ids.append(probe.id) }
    #expect(ids == [1])
    // Skipped: the bad element (data: skip it), then the last line cut short (end of input:
    // more bytes may complete it).
    let skipped = reader.report.skipped
    #expect(skipped.map(\.errorCategory) == [.data, .endOfInput], "\(skipped)")
    #expect(skipped.map(\.errorCode) == ["element", "truncated"])
    #expect(skipped.first?.errorPlace.path == ["id"] && skipped.first?.errorPlace.line == 2)
    // Without skipping, the first bad element stops the stream.
    let strict = try ErrorProbe.elements(of: .path(path), format: .jsonLines)
    let stop = try #require(failure { while try strict.next() != nil {} })
    #expect(stop is JSONStreamError && stop.errorCategory == .data)
    let missing = try #require(failure { _ = try ErrorProbe.elements(of: .path(path + ".none"), format: .jsonLines) })
    #expect(missing is JSONStreamFileError && missing.errorCategory == .io)
  }

  @Test func writersModelsAndStoresSayWhatTheyAre() throws {
    let write = try #require(failure { _ = try JSON(["ratio": JSON(Double.nan)]).jsonString() })
    #expect(write.errorCode == "nonFiniteNumber" && write.errorCategory == .data && write.errorPlace.path == ["ratio"])
    let unreadable = try #require(failure { _ = try ObjectModel(contentsOf: URL(fileURLWithPath: "/nonexistent/Model.xcdatamodeld")) })
    #expect(unreadable is SchemaError && unreadable.errorCode == "unreadable" && unreadable.errorCategory == .io)
    let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Examples/Library.xcdatamodeld"))
    let author = ModelObject(entity: model.entity(named: "Author")!)
    let object = try #require(failure { try author.add(author, to: "novels") })
    #expect(object is ModelObjectError && object.errorCode == "unknownRelationship" && object.errorCategory == .data)
    let schema = try #require(failure { _ = try JSONSchemaValidator(schema: ["$schema": "https://example.com/no-such-dialect"]) })
    #expect(schema is JSONSchemaError && schema.errorCode == "invalidSchema" && schema.errorCategory == .data)
    let sample = try #require(failure { try SampleModelGenerator(rootName: "Row").addSamples(from: Array("{}\n{,}\n".utf8), jsonLines: true) })
    #expect(sample is SampleLineError && sample.errorCategory == .syntax && sample.errorPlace.line == 2)
    let store = try #require(failure { _ = try SQLiteStore(path: "/nonexistent/folder/store.sqlite", model: model) })
    #expect((store is SQLiteError || store is StoreError) && store.errorCategory == .io, "\(store)")
  }

  /// Public types named `…Error` or `…Errors` (and `ProblemDetails`) declared in Sources, each
  /// with an `extension Name: MapwrightError` somewhere in Sources.
  @Test func everyPublicErrorTypeConforms() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    var text = ""
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let file as URL in files where file.pathExtension == "swift" {
      text += try String(contentsOf: file, encoding: .utf8) + "\n"
    }
    let declaration = /public (?:struct|enum|final class|class) ([A-Za-z]+(?:Errors?|ProblemDetails))\b[^{]*\bError\b/
    let names = Set(text.matches(of: declaration).map { String($0.1) })
    #expect(names.count >= 15, "\(names.sorted())")
    let missing = names.sorted().filter { !text.contains("extension \($0): MapwrightError") }
    #expect(missing.isEmpty, "public errors that do not conform to MapwrightError: \(missing)")
  }
}
