// Duplicate-key detection, run only under `duplicateKeys: .reject` when an object closes.
// Keys compare by the bytes of their decoded text, so "a" and "\u0061" are the same key, and
// "é" and "e\u0301" (canonically equivalent, different code points) are two.

extension JSONParser {
  mutating func checkDuplicateKeys(object index: Int) throws(JSONError) {
    let entries = tape.entries
    let memberCount = Int(entries[index].length)
    guard memberCount > 1 else { return }
    var seen = Set<ByteKey>(minimumCapacity: memberCount)
    var keyIndex = index + 1
    for _ in 0..<memberCount {
      let key = entries[keyIndex]
      let text = decodeStringEntry(key, in: input)
      if !seen.insert(ByteKey(text)).inserted {
        // Point at the opening quote of the repeated key.
        throw error(.duplicateKey(text), at: Int(key.offset) - 1)
      }
      keyIndex = Int(entries[keyIndex + 1].next)
    }
  }
}
