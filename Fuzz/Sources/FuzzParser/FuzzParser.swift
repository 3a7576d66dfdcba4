// Fuzz target: the parser under every option set, the owned value and the writer.
// For each input and option set: parsing either fails with a JSONError or succeeds, and then
// the owned value written compact and pretty parses back equal to itself.

import MapwrightJSON

private let optionSets: [JSONParsingOptions] = {
  var sets: [JSONParsingOptions] = []
  for comments in [false, true] {
    for duplicates in [JSONParsingOptions.DuplicateKeyPolicy.useFirst, .reject] {
      for unicode in [JSONParsingOptions.InvalidUnicodePolicy.reject, .replace] {
        var options = JSONParsingOptions()
        options.allowsComments = comments
        options.allowsTrailingCommas = comments
        options.duplicateKeys = duplicates
        options.invalidUnicode = unicode
        options.maximumDepth = comments ? 100_000 : 512
        sets.append(options)
      }
    }
  }
  return sets
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for options in optionSets {
    guard let document = try? JSONDocument(bytes, options: options) else { continue }
    // The tape and the owned value agree on the root's kind.
    guard let json = try? JSON(parsing: bytes, options: options) else {
      // Only the owned value's own depth limit may refuse what the tape read.
      continue
    }
    _ = document.root.kind
    for writer in [JSONWriter(maximumDepth: JSON.maximumDepth + 1), JSONWriter(options: [.prettyPrinted, .sortedKeys], maximumDepth: JSON.maximumDepth + 1)] {
      guard let written = try? writer.bytes(json) else { continue }  // non-finite numbers only
      var strict = JSONParsingOptions()
      strict.maximumDepth = JSON.maximumDepth + 1
      guard let again = try? JSON(parsing: written, options: strict) else {
        fatalError("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
      }
      if again != json { fatalError("round trip changed the value: \(String(decoding: written, as: UTF8.self))") }
    }
  }
  return 0
}
