// Fuzz target: JSON Pointer (RFC 6901), JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386).
//
// An input that does not parse is read as a pointer's text: a pointer that parses writes back
// to a text that parses to the same pointer. An input that parses is a document:
// - every place in it, named by a pointer, reads the same through the owned value
//   (`JSON[pointer:]`) and in place in the parsed document (`JSONValue[pointer:]`), and a
//   member or index that is not there reads nil from both;
// - an array of two or more values is a source and a target: the patch `JSONPatch.diff` makes
//   from one to the other applies to the source and gives the target, and writes as JSON that
//   reads back as the same patch; without nulls in either, the merge patch
//   `JSON.mergePatch(from:to:)` makes does the same;
// - a third value, when it reads as a patch, is applied to the source: whole, and one
//   operation at a time. Both succeed with the same value, or the whole patch fails at the
//   operation where the steps stop, with that step's error, and the source is left as it was.

import MapwrightJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? JSONDocument(bytes), let json = try? JSON(parsing: bytes) else {
    checkPointerText(String(decoding: bytes, as: UTF8.self))
    return 0
  }
  checkPointers(json, document.root)
  guard case .array(let values) = json, values.count >= 2 else { return 0 }
  checkDiff(from: values[0], to: values[1])
  if values.count >= 3, let patch = try? JSONPatch(json: values[2]) {
    checkApplying(patch, to: values[0])
  }
  return 0
}

/// A pointer that parses prints as a text that parses to the same pointer.
private func checkPointerText(_ text: String) {
  guard let pointer = try? JSONPointer(parsing: text) else { return }
  guard let again = try? JSONPointer(parsing: pointer.description), again == pointer else {
    fatalError("the pointer \(pointer.tokens) prints as \(pointer.description), which reads otherwise")
  }
}

/// Every place in `json` (at most a few hundred), read both ways; and one step past each
/// container's members, which is nowhere.
private func checkPointers(_ json: JSON, _ root: JSONValue) {
  var budget = 300
  func visit(_ value: JSON, at pointer: JSONPointer) {
    guard budget > 0 else { return }
    budget -= 1
    checkPointerText(pointer.description)
    guard let owned = json[pointer: pointer] else { fatalError("\(pointer) names nothing in the owned value") }
    guard let inPlace = root[pointer: pointer] else { fatalError("\(pointer) names nothing in the document") }
    if owned != value || JSON(inPlace) != value { fatalError("\(pointer) reads another value") }
    switch value {
    case .object(let object):
      for (key, member) in object where object[key] == member { visit(member, at: pointer.appending(key)) }
      if object["\u{0}missing"] == nil { checkNowhere(pointer.appending("\u{0}missing")) }
    case .array(let elements):
      for (index, element) in elements.enumerated() { visit(element, at: pointer.appending(index)) }
      checkNowhere(pointer.appending(elements.count))
      checkNowhere(pointer.appending("-"))
    default:
      checkNowhere(pointer.appending("0"))
    }
  }
  func checkNowhere(_ pointer: JSONPointer) {
    if json[pointer: pointer] != nil || root[pointer: pointer] != nil { fatalError("\(pointer) names a value that is not there") }
  }
  visit(json, at: JSONPointer.root)
}

/// `diff` then `apply` gives the target; the patch reads back from its JSON; the merge patch
/// round-trips too when neither value holds a null (which a merge patch cannot write).
private func checkDiff(from source: JSON, to target: JSON) {
  let patch = JSONPatch.diff(from: source, to: target)
  do {
    let patched = try source.applying(patch)
    if patched != target { fatalError("diff then apply gave \(patched), not \(target); patch \(patch.json)") }
  } catch {
    fatalError("the diff's own patch failed: \(error); patch \(patch.json)")
  }
  guard let read = try? JSONPatch(json: patch.json), read == patch else { fatalError("the patch does not read back from \(patch.json)") }
  if !holdsNull(source), !holdsNull(target) {
    let merge = JSON.mergePatch(from: source, to: target)
    let merged = source.mergePatched(with: merge)
    if merged != target { fatalError("merge diff then apply gave \(merged), not \(target); merge patch \(merge)") }
  }
}

/// The whole patch against its operations one at a time.
private func checkApplying(_ patch: JSONPatch, to source: JSON) {
  var stepped = source
  var failure: (operation: Int, error: JSONPatchError)?
  for (index, operation) in patch.operations.enumerated() {
    do {
      try stepped.apply(JSONPatch([operation]))
    } catch {
      failure = (index, error)
      break
    }
  }
  var whole = source
  do {
    try whole.apply(patch)
    if let failure { fatalError("the patch applied whole, but its operation \(failure.operation) fails alone: \(failure.error)") }
    if whole != stepped { fatalError("whole and step by step differ: \(whole) / \(stepped)") }
    checkDiff(from: source, to: whole)
  } catch {
    guard let failure else { fatalError("the patch failed whole (\(error)) but every operation applies") }
    if error.operation != failure.operation || error.code != failure.error.code || error.message != failure.error.message {
      fatalError("the patch failed with \(error), its operation \(failure.operation) alone with \(failure.error)")
    }
    if whole != source { fatalError("a failed patch changed the value") }
  }
}

private func holdsNull(_ value: JSON) -> Bool {
  switch value {
  case .null: true
  case .object(let object): object.contains { holdsNull($0.value) }
  case .array(let elements): elements.contains(where: holdsNull)
  default: false
  }
}
