// The key-path grammar, in the lowest layer that needs it: `JSONKeyPath` (MapwrightJSON)
// reads every key path with it — `@Key`, `Mappable`, the stream formats, the import, the
// CLI's `--key-path` — and the macros check `@Key` texts with it at compile time.
// - Components are separated by dots: `user.login` is `user`, `login`.
// - `\.` is a dot inside a component and `\\` a backslash (`a\.b` is the one key `a.b`); any
//   other backslash is kept as it is written.
// - Empty components are kept and name the empty key (`a..b` is `a`, ``, `b`), so no text is
//   silently read as another path.

package enum KeyPathGrammar {
  /// The components of `text`, unescaped. Read byte by byte over the UTF-8 (a dot or a
  /// backslash followed by a combining mark is one `Character` with it, but still a dot or a
  /// backslash here, as `escapingASCII` writes it).
  package static func components(of text: String) -> [String] {
    var components: [String] = []
    var current: [UInt8] = []
    var escaped = false
    for byte in text.utf8 {
      if escaped {
        if byte != UInt8(ascii: ".") && byte != UInt8(ascii: "\\") { current.append(UInt8(ascii: "\\")) }
        current.append(byte)
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: ".") {
        components.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
      } else {
        current.append(byte)
      }
    }
    if escaped { current.append(UInt8(ascii: "\\")) }
    components.append(String(decoding: current, as: UTF8.self))
    return components
  }
}
