// Fuzz target: the parser under every option set, the owned value and the writer, every
// number's double against the standard library's, the indexed parse beside the one-pass
// parser, and the stream splitter (server-sent events too).
// For each input and option set: parsing either fails with a JSONError or succeeds, and then
// the input is valid UTF-8 (strict Unicode, no comments) and the owned value written compact
// and pretty parses back equal to itself. For each stream
// form: the input cut into chunks (of sizes the input's first byte chooses) gives the same
// elements and errors, at the same offsets, lines and columns, as the input in one chunk. In
// one chunk, values inside containers are scanned 64 bytes at a time (StructuralBlock); in
// chunks of at most 13 bytes, a byte at a time: the two scans are compared too.

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
    // Outside strings JSON is ASCII, and strings are checked: an input accepted without
    // comments (which may hold any bytes) and without repairs is valid UTF-8 as a whole.
    if options.invalidUnicode == .reject, !options.allowsComments, String(validating: bytes, as: UTF8.self) == nil {
      fatalError("accepted input that is not UTF-8: \(bytes)")
    }
    // The tape and the owned value agree on the root's kind.
    guard let json = try? JSON(parsing: bytes, options: options) else {
      // Only the owned value's own depth limit may refuse what the tape read.
      continue
    }
    _ = document.root.kind
    checkDoubles(document.root)
    for writer in [
      JSONWriter(maximumDepth: JSON.maximumDepth + 1), JSONWriter(options: [.prettyPrinted, .sortedKeys], maximumDepth: JSON.maximumDepth + 1),
    ] {
      guard let written = try? writer.bytes(json) else { continue }  // non-finite numbers only
      var strict = JSONParsingOptions()
      strict.maximumDepth = JSON.maximumDepth + 1
      guard let again = try? JSON(parsing: written, options: strict) else {
        fatalError("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
      }
      if again != json { fatalError("round trip changed the value: \(String(decoding: written, as: UTF8.self))") }
    }
  }
  checkIndexedParse(bytes)
  checkStreams(bytes)
  return 0
}

/// Every number reads as the double the standard library reads from its text, bit for bit
/// (nil where that is infinite): the reader counts digits by position and takes the fraction
/// eight digits at a time, and the fuzzer's numbers end at every offset of those words.
private func checkDoubles(_ value: JSONValue) {
  switch value.kind {
  case .number:
    guard let text = value.numberText else { fatalError("a number without its text") }
    let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
    if value.doubleValue?.bitPattern != expected?.bitPattern {
      fatalError("\(text) read as \(String(describing: value.doubleValue)), not \(String(describing: expected))")
    }
  case .array: for element in value.elements { checkDoubles(element) }
  case .object: for member in value.members { checkDoubles(member.value) }
  default: break
  }
}

/// The indexed parse (`usesStructuralIndex`, with the first-stage kernel MAPWRIGHT_JSON_KERNEL
/// names: run.sh runs this target once per kernel) accepts and rejects what the one-pass parser
/// does, with the same error, and reads the same values. The input is padded with spaces to
/// the length the indexed parse starts at (the same text to both parsers).
private func checkIndexedParse(_ input: [UInt8]) {
  let bytes = input + [UInt8](repeating: 0x20, count: max(0, 512 - input.count))
  for options in optionSets where !options.allowsComments {
    var indexed = options
    indexed.usesStructuralIndex = true
    let onePass = Result { () throws(JSONError) in try JSONDocument(bytes, options: options) }
    let twoStage = Result { () throws(JSONError) in try JSONDocument(bytes, options: indexed) }
    switch (onePass, twoStage) {
    case (.success(let expected), .success(let found)):
      if JSON(found.root) != JSON(expected.root) { fatalError("the indexed parse read other values: \(bytes)") }
    case (.failure(let expected), .failure(let found)):
      if found.description != expected.description || found.offset != expected.offset {
        fatalError("the indexed parse gave another error (\(found), not \(expected)): \(bytes)")
      }
    default:
      fatalError("the indexed parse and the one-pass parser disagree on validity: \(bytes)")
    }
  }
}

private let streamForms: [JSONStreamFormat] = [
  .jsonLines, .jsonTextSequence, .concatenated, .array, .array(at: "a.b"), .serverSentEvents, .serverSentEvents(terminator: "[DONE]"),
]

/// Every element and error of `bytes` read as `format` in chunks of `chunk` bytes (small
/// limit, so that elements over it are exercised too).
private func splitOutcomes(
  _ bytes: [UInt8], _ format: JSONStreamFormat, chunk: Int, parsing: JSONParsingOptions = JSONParsingOptions(), limit: Int = 64
) -> [String] {
  var splitter = JSONElementSplitter(format: format, maximumElementSize: limit, parsing: parsing)
  var outcomes: [String] = []
  var over = false
  func drain() {
    while !over {
      do {
        guard let element = try splitter.next() else { return }
        outcomes.append(
          "\(element.index) \(element.offset) \(element.line):\(element.column) \(element.bytes) \(element.atEndOfStream) \(String(describing: element.event))"
        )
      } catch {
        outcomes.append("error \(error)")
        if !error.isRecoverable { over = true }
      }
    }
  }
  var position = 0
  while position < bytes.count {
    let end = min(bytes.count, position + chunk)
    splitter.append(bytes[position..<end])
    position = end
    drain()
  }
  splitter.finish()
  drain()
  return outcomes + ["\(splitter.surroundings)"]
}

/// The rules the splitter holds the structure to: the default, and repeated keys refused
/// with a small depth limit (depth from the root, keys around the array).
private let streamRules: [JSONParsingOptions] = {
  var strict = JSONParsingOptions()
  strict.duplicateKeys = .reject
  strict.maximumDepth = 4
  return [JSONParsingOptions(), strict]
}()

private func checkStreams(_ bytes: [UInt8]) {
  let chunk = Int(bytes.first ?? 1) % 13 + 1
  for parsing in streamRules {
    for format in streamForms {
      let whole = splitOutcomes(bytes, format, chunk: max(bytes.count, 1), parsing: parsing)
      let cut = splitOutcomes(bytes, format, chunk: chunk, parsing: parsing)
      if whole != cut { fatalError("\(format) in chunks of \(chunk) differs: \(whole) / \(cut)") }
    }
    // A top-level array streamed, each element parsed, gets the whole document's verdict.
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard body.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") else { continue }
    let document = (try? JSONDocument(bytes, options: parsing)) != nil
    var decoder = JSONStreamDecoder<Void>(format: .array, options: JSONStreamOptions(parsing: parsing)) { element in
      _ = try JSONDocument(element.bytes, options: parsing)
    }
    bytes.withUnsafeBytes { decoder.append($0) }
    decoder.finish()
    var streamed = true
    do { while try decoder.next() != nil {} } catch { streamed = false }
    if document != streamed { fatalError("the stream says \(streamed), the document \(document) (depth \(parsing.maximumDepth))") }
  }
}
