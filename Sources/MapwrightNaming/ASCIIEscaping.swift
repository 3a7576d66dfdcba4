// Escaping ASCII characters in text, byte by byte over its UTF-8: the one way every escape in
// the package is written (pointer tokens, key-path components, SQL identifiers).
//
// `String`'s own search (`replacingOccurrences(of:with:)`, or a loop over `Character`s)
// compares characters, and a "/" or a quote followed by a combining mark is one character
// with it: such an escape leaves that "/" or quote bare, and the text reads back otherwise (a
// pointer token split in two, an SQL identifier closed early). Found by FuzzPatch.

/// `text` with every ASCII byte for which `escape` gives a replacement replaced by it; the
/// other bytes (all of every non-ASCII scalar) as they are.
///
/// ```swift
/// escapingASCII("a/\u{311}b") { $0 == UInt8(ascii: "/") ? "~1" : nil }   // "a~1\u{311}b"
/// ```
package func escapingASCII(_ text: String, _ escape: (UInt8) -> String?) -> String {
  var bytes: [UInt8] = []
  var changed = false
  for byte in text.utf8 {
    if byte < 0x80, let replacement = escape(byte) {
      if !changed {
        bytes.reserveCapacity(text.utf8.count + 8)
        changed = true
      }
      bytes.append(contentsOf: replacement.utf8)
    } else {
      bytes.append(byte)
    }
  }
  return changed ? String(decoding: bytes, as: UTF8.self) : text
}
