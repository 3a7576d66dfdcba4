// Fuzz target: MapwrightJSONDecoder against Foundation's JSONDecoder on the same bytes. Both
// read a value equal as JSON, or both fail — except where Docs/Codable.md lists a deliberate
// difference, each an explicit exception below.

import Foundation
import MapwrightCodable
import MapwrightJSON

// `AnyJSON` (any JSON value through Codable alone, every container kind) is the test suite's
// own, linked here from Tests/MapwrightCodableTests/Support.
extension AnyJSON {
  /// Whether NaN appears (unequal to itself).
  var hasNaN: Bool {
    switch self {
    case .number(let n): n.isNaN
    case .array(let a): a.contains { $0.hasNaN }
    case .object(let o): o.values.contains { $0.hasNaN }
    default: false
    }
  }
}

/// Documented differences (Docs/Codable.md, "Where Mapwright differs"): inputs where the two
/// may disagree by design, each named.
func isDocumentedDifference(_ bytes: [UInt8]) -> Bool {
  // A trailing comma outside JSON5: Foundation accepts it.
  var previous: UInt8 = 0
  for byte in bytes where !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
    if previous == UInt8(ascii: ","), byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { return true }
    previous = byte
  }
  // Non-ASCII bytes: UTF-16/32 detection, invalid UTF-8 read lazily by Foundation, and keys
  // equal in Swift's String but not in bytes (Foundation's dictionaries merge them).
  if bytes.contains(where: { $0 == 0 || $0 >= 0x80 }) { return true }
  // `0e1`: RFC 8259 allows it; Foundation refuses it.
  for i in bytes.indices.dropLast() where bytes[i] == UInt8(ascii: "0") && bytes[i + 1] | 0x20 == UInt8(ascii: "e") { return true }
  return false
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let ours = try? MapwrightJSONDecoder().decode(AnyJSON.self, from: Data(bytes))
  // JSON5 too: never a crash.
  let json5 = MapwrightJSONDecoder()
  json5.allowsJSON5 = true
  _ = try? json5.decode(AnyJSON.self, from: Data(bytes))
  json5.assumesTopLevelDictionary = true
  _ = try? json5.decode(AnyJSON.self, from: Data(bytes))
  let theirs = try? JSONDecoder().decode(AnyJSON.self, from: Data(bytes))
  if isDocumentedDifference(bytes) { return 0 }
  switch (ours, theirs) {
  case (nil, nil): break
  case (let a?, let b?):
    if a != b, !a.hasNaN { fatalError("values differ: ours \(a), Foundation \(b)") }
  case (nil, _?):
    // Documented: a malformed document is refused before decoding starts, where Foundation's
    // decoder checks some values only when read (a raw control character in a string it never
    // reads, say). Malformed means that Foundation's own JSONSerialization refuses it too.
    if (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil { break }
    fatalError("Foundation reads what Mapwright refuses: \(String(decoding: bytes, as: UTF8.self))")
  case (_?, nil):
    fatalError("Mapwright reads what Foundation refuses: \(String(decoding: bytes, as: UTF8.self))")
  }
  return 0
}
