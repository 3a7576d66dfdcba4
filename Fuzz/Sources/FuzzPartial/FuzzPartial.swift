// Fuzz target: partial decoding, the input arriving in chunks (one byte at a time, and in
// chunks of a size its first byte chooses), into `JSON` with growing strings and with strings
// shown only once closed, and into `[String: [Double]]`.
//
// Against a whole decode of the same bytes (`decodeReporting(json:)`), the reference:
// - a chunk throws only when the whole decode fails, and then the same error (message, line,
//   column and path);
// - when the whole decode succeeds, every snapshot shows part of its value: an object's
//   members are members of the whole one (each showing part of its value), an array's elements
//   are the first of the whole one's, a string is the start of the whole one's (all of it when
//   strings are shown only once closed), and a number, `true`, `false` or `null` is the whole
//   one's;
// - `finish()` gives the whole decode's value or error.

import MapwrightEngine
import MapwrightJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartial(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let chunkSizes = [1, Int(bytes.first ?? 0) % 13 + 2]
  for growing in [true, false] {
    for chunk in chunkSizes {
      check(JSON.self, bytes, chunk: chunk, growingStrings: growing) { shown, whole in isPart(shown, of: whole, strings: growing) }
    }
  }
  check([String: [Double]].self, bytes, chunk: chunkSizes[1], growingStrings: true) { shown, whole in
    shown.allSatisfy { key, values in whole[key].map { $0.starts(with: values) } ?? false }
  }
  return 0
}

/// Decodes `bytes` in chunks of `chunk` bytes against a whole decode; `shows` says whether a
/// snapshot shows part of the whole value.
private func check<Model: JSONConvertible>(
  _ type: Model.Type, _ bytes: [UInt8], chunk: Int, growingStrings: Bool, shows: (Model.Partial, Model) -> Bool
) where Model: Equatable {
  let whole = Result { try Model.decodeReporting(json: bytes).value }
  var decoder = PartialDecoder(Model.self, options: PartialDecodingOptions(growingStrings: growingStrings))
  var position = 0
  while position < bytes.count {
    let end = min(bytes.count, position + chunk)
    do {
      if let snapshot = try decoder.append(bytes[position..<end]), case .success(let value) = whole, !shows(snapshot, value) {
        fatalError("after \(end) bytes the snapshot \(snapshot) is not part of \(value): \(bytes)")
      }
    } catch {
      guard case .failure(let expected) = whole else { fatalError("a chunk threw \(error), the whole decode succeeds: \(bytes)") }
      if "\(error)" != "\(expected)" { fatalError("a chunk threw \(error), the whole decode \(expected): \(bytes)") }
      return
    }
    position = end
  }
  switch (whole, Result { try decoder.finish() }) {
  case (.success(let expected), .success(let found)) where expected == found: break
  case (.failure(let expected), .failure(let found)) where "\(expected)" == "\(found)": break
  case (let expected, let found): fatalError("finish() gave \(found), the whole decode \(expected): \(bytes)")
  }
}

/// Whether `shown` is part of `whole` as a snapshot shows it (strings as their start, or
/// whole when `strings` is false: they are shown only once closed).
private func isPart(_ shown: JSON, of whole: JSON, strings growing: Bool) -> Bool {
  switch (shown, whole) {
  case (.object(let members), .object(let wholeMembers)):
    return members.allSatisfy { key, value in wholeMembers[key].map { isPart(value, of: $0, strings: growing) } ?? false }
  case (.array(let elements), .array(let wholeElements)):
    return elements.count <= wholeElements.count && zip(elements, wholeElements).allSatisfy { isPart($0, of: $1, strings: growing) }
  case (.string(let text), .string(let wholeText)):
    return growing ? wholeText.unicodeScalars.starts(with: text.unicodeScalars) : text == wholeText
  default:
    return shown == whole
  }
}
