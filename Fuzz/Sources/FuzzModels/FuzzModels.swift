// Fuzz target: `@JSONModel` decoding of the benchmark's twitter.json and citm_catalog.json
// models (the macro's generated code, as users get it). For each input, in one mapping mode
// (strict, lenient, collecting every error, or both; chosen by the input's length, so that the
// mutator reaches every mode and a finding replays in the same one): decoding either succeeds
// or throws MappingError(s) whose every description (path, line, column) can be built; every
// report entry can be described; a decoded value encodes to JSON that decodes back to the
// same JSON. One mode per input rather than all four makes a run four times faster. Partial
// decoding (`PartialDecoder`) of the input cut into chunks, into `JSON` and a partial model,
// ends as a whole decode does: the same value, or an error with the same description.
//
// The models and the macro declarations are copied from the main package by run.sh into
// Generated/ (not in git), because a target that imports `Mapwright` would make SwiftPM build
// the macro plugin with the fuzzer's flags (it then links libFuzzer's `main` beside its own).
// Instead the plugin is built apart, without sanitizers, and loaded with
// `-load-plugin-executable`.

import Mapwright  // MapwrightEngine under the name the generated code uses (run.sh: -module-alias)

private let modes: [MappingOptions] = {
  var lenientCollecting = MappingOptions.lenient
  lenientCollecting.errorMode = .collectAll
  return [MappingOptions(), .lenient, MappingOptions(errorMode: .collectAll), lenientCollecting]
}()

private func check<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) {
  for options in [modes[bytes.count % modes.count]] {
    let value: T
    do {
      let (result, report) = try T.decodeReporting(json: bytes, options: options)
      for entry in report.entries { _ = entry.description }
      value = result
    } catch let errors as MappingErrors {
      if errors.errors.isEmpty { fatalError("MappingErrors without an error") }
      for error in errors.errors { _ = error.description }
      continue
    } catch let error as MappingError {
      _ = error.description
      continue
    } catch {
      fatalError("an error that is not a MappingError: \(error)")
    }
    let written = value.json()
    guard let text = try? written.jsonBytes() else { continue }  // NaN or infinity from lenient input
    guard let again = try? T(json: text) else { fatalError("a decoded value's JSON does not decode: \(String(decoding: text, as: UTF8.self))") }
    if again.json() != written { fatalError("round trip changed the value: \(String(decoding: text, as: UTF8.self))") }
  }
}

/// The input in chunks of sizes its first byte chooses, through a partial decoder: what it ends
/// with (or throws, early or at the end) is what a whole decode gives.
private func checkPartial<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8]) {
  let options = modes[bytes.count % modes.count]
  let whole: (value: JSON?, error: String?)
  do {
    whole = (try T.decodeReporting(json: bytes, options: options).value.json(), nil)
  } catch {
    whole = (nil, String(describing: error))
  }
  let size = Int(bytes.first ?? 1) % 17 + 1
  var decoder = PartialDecoder(T.self, options: PartialDecodingOptions(mapping: options))
  let partial: (value: JSON?, error: String?)
  do {
    var position = 0
    while position < bytes.count {
      if let snapshot = try decoder.append(bytes[position..<min(bytes.count, position + size)]) { _ = snapshot }
      position += size
    }
    partial = (try decoder.finish().json(), nil)
  } catch {
    partial = (nil, String(describing: error))
  }
  if partial != whole { fatalError("partial decoding in chunks of \(size) ends with \(partial), a whole decode with \(whole)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  check(MTwitterSearch.self, bytes)
  check(MStatus.self, bytes)
  check(MCitmCatalog.self, bytes)
  checkPartial(JSON.self, bytes)
  checkPartial(MCitmCatalog.self, bytes)
  return 0
}
