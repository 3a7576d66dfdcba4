// The seven paths of the parity table, each turning one JSON object into an `Outcome`: the
// value read (as text), or the error's code and JSON path; and the report's entries.

import Foundation
import Mapwright
import MapwrightCodable
import MapwrightGraph
import MapwrightObjectMapper
import MapwrightSQLite
import MapwrightSchema

/// What one path made of one input.
struct Outcome: Equatable, CustomStringConvertible {
  /// `value 101`, or `typeMismatch $.value`.
  var result: String
  /// The report's entries (`$.value: coerced string " 101 " to Int`; for the import, its
  /// summary's report).
  var report: [String]?

  var description: String { result + (report.map { $0.isEmpty ? "" : " " + $0.joined(separator: "; ") } ?? "") }
}

enum Path: String, CaseIterable, CustomStringConvertible {
  case macro = "@JSONModel"
  case mappable = "Mappable"
  case codable = "MapwrightJSONDecoder"
  case modelObject = "ModelObject"
  case importer = "import"
  /// The @JSONModel type declared Codable, through Foundation's `JSONDecoder` (the options in
  /// its `userInfo`): the generated code over the decoder's containers.
  case macroThroughFoundation = "@JSONModel through JSONDecoder"
  /// The same through `PropertyListDecoder`, from the property list of the JSON.
  case macroThroughPropertyList = "@JSONModel through PropertyListDecoder"

  var description: String { rawValue }
}

/// Runs `json` (an object with `id` and `value`) through `path` for the three declarations of
/// one value type.
func run<Row: JSONModel & ValueHolder & Decodable, Mapped: Mappable & ValueHolder, Coded: Decodable & ValueHolder>(
  _ path: Path, _ json: String, options: MappingOptions, _ row: Row.Type, _ mapped: Mapped.Type, _ coded: Coded.Type
) -> Outcome {
  switch path {
  case .macro:
    return outcome { try Row.decodeReporting(json: json, options: options) }
  case .mappable:
    return outcome { try Mapper<Mapped>(options: options).decodeReporting(JSONString: json) }
  case .codable:
    let decoder = MapwrightJSONDecoder()
    decoder.coercion = options.coercion
    do {
      let (value, report) = try decoder.decodeReporting(Coded.self, from: Data(json.utf8))
      return Outcome(result: "value \(value.value)", report: report.entries.map(\.description))
    } catch let error as DecodingError {
      return Outcome(result: describe(error), report: [])
    } catch {
      return Outcome(result: "other \(error)", report: [])
    }
  case .macroThroughFoundation, .macroThroughPropertyList:
    do {
      let data: Data
      let value: Row
      if path == .macroThroughFoundation {
        let decoder = JSONDecoder()
        decoder.userInfo[.mapwrightOptions] = options
        value = try decoder.decode(Row.self, from: Data(json.utf8))
      } else {
        data = try PropertyListSerialization.data(
          fromPropertyList: JSONSerialization.jsonObject(with: Data(json.utf8)), format: .xml, options: 0)
        let decoder = PropertyListDecoder()
        decoder.userInfo[.mapwrightOptions] = options
        value = try decoder.decode(Row.self, from: data)
      }
      // Other coders have no report.
      return Outcome(result: "value \(value.value)", report: nil)
    } catch let error as DecodingError {
      guard let mapping = error.mappingError else { return Outcome(result: describe(error), report: nil) }
      return Outcome(result: "\(mapping.code) \(mapping.path)", report: nil)
    } catch {
      return Outcome(result: "other \(error)", report: nil)
    }
  case .modelObject:
    do {
      let model = try ObjectModel(models: [Row.self])
      let entity = model.entity(named: ObjectModel.entityName(of: Row.self))!
      let session = try DecodingSession(parsing: Array(json.utf8), options: options)
      let object = try ModelObject(entity: entity, json: session.document.root, session: session)
      try session.throwIfFailed()
      return Outcome(result: "value \(object["value"].map { "\($0)" } ?? "nil")", report: session.report.entries.map(\.description))
    } catch let error as MappingError {
      return Outcome(result: "\(error.code) \(error.path)", report: [])
    } catch {
      return Outcome(result: "other \(error)", report: [])
    }
  case .importer:
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("parity-\(UUID().uuidString).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
    do {
      let store = try SQLiteStore(path: file, models: [Row.self])
      var importOptions = ImportOptions()
      importOptions.mapping = options
      let summary = try store.importJSON(Array("[\(json)]".utf8), sources: [try ImportSource("", model: Row.self)], options: importOptions)
      let fetched: Row?
      do {
        fetched = try store.value(Row.self, key: 1)
      } catch let error as MappingError {
        return Outcome(result: "stored, fetch failed: \(error.code) \(error.path)", report: nil)
      }
      guard let stored = fetched else { return Outcome(result: "not stored", report: nil) }
      let report = summary.report.entries.map { "\($0)".replacingOccurrences(of: "$[0]", with: "$") }
      return Outcome(result: "value \(stored.value)", report: report)
    } catch let error as MappingError {
      // The import reads the object as element 0 of its payload.
      let path = "\(error.path)".replacingOccurrences(of: "$[0]", with: "$")
      return Outcome(result: "\(error.code) \(path)", report: [])
    } catch {
      return Outcome(result: "other \(error)", report: [])
    }
  }
}

private func outcome<T: ValueHolder>(_ body: () throws -> (value: T, report: MappingReport)) -> Outcome {
  do {
    let (value, report) = try body()
    return Outcome(result: "value \(value.value)", report: report.entries.map(\.description))
  } catch let error as MappingError {
    return Outcome(result: "\(error.code) \(error.path)", report: [])
  } catch let errors as MappingErrors {
    return Outcome(result: errors.errors.map { "\($0.code) \($0.path)" }.joined(separator: ", "), report: [])
  } catch {
    return Outcome(result: "other \(error)", report: [])
  }
}

/// A `DecodingError` in the table's terms: Foundation's cases name the same problems as the
/// engine's codes (a number that does not fit is `dataCorrupted` there, `outOfRange` here).
private func describe(_ error: DecodingError) -> String {
  func path(_ codingPath: [any CodingKey]) -> String {
    "\(JSONPath(codingPath.map { $0.intValue.map(JSONPath.Component.index) ?? .key($0.stringValue) }))"
  }
  switch error {
  case .typeMismatch(_, let context): return "typeMismatch \(path(context.codingPath))"
  case .valueNotFound(_, let context): return "typeMismatch \(path(context.codingPath))"
  case .keyNotFound(let key, let context): return "missingKey \(path(context.codingPath + [key]))"
  case .dataCorrupted(let context):
    if context.debugDescription.contains("not an integer") { return "typeMismatch \(path(context.codingPath))" }
    if context.debugDescription.contains("does not fit") { return "outOfRange \(path(context.codingPath))" }
    return "invalidValue \(path(context.codingPath))"
  @unknown default: return "other \(error)"
  }
}
