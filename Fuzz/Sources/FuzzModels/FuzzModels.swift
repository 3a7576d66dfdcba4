// Fuzz target: @JSONModel decoding of the twitter.json and citm_catalog.json models (the
// benchmark's own, linked from Sources/mapwright-bench/Models). Each input is decoded strictly,
// leniently and collecting every error; the places of errors and report entries are read (line,
// column, path); a value that decodes is written and must decode again to the same JSON.

import Mapwright

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  roundTrip(MTwitterSearch.self, bytes)
  roundTrip(MCitmCatalog.self, bytes)
  roundTrip([MStatus].self, bytes)
  return 0
}

private func roundTrip<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) {
  let collecting = MappingOptions(errorMode: .collectAll)
  var lenientCollecting = MappingOptions.lenient
  lenientCollecting.errorMode = .collectAll
  for options in [MappingOptions(), .lenient, collecting, lenientCollecting] {
    let value: T
    do {
      let (decoded, report) = try T.decodeReporting(json: bytes, options: options)
      for entry in report.entries { _ = entry.description }
      value = decoded
    } catch let errors as MappingErrors {
      for error in errors.errors { _ = error.description }
      continue
    } catch {
      _ = "\(error)"
      continue
    }
    let written: JSON = value.json()
    guard let text = try? written.jsonBytes() else { continue }  // NaN or infinity under .lenient
    do {
      let again = try T(json: text)
      if again.json() != written { fatalError("\(T.self) does not round-trip: \(String(decoding: text, as: UTF8.self))") }
    } catch {
      fatalError("\(T.self) written by Mapwright does not decode: \(error)\n\(String(decoding: text, as: UTF8.self))")
    }
  }
}
