// The key-path grammar, in the lowest layer that needs it: `JSONKeyPath` (MapwrightJSON)
// reads every key path with it — `@Key`, `Mappable`, the stream formats, the import, the
// CLI's `--key-path` — and the macros check `@Key` texts with it at compile time.
// - Components are separated by dots: `user.login` is `user`, `login`.
// - `\.` is a dot inside a component and `\\` a backslash (`a\.b` is the one key `a.b`); any
//   other backslash is kept as it is written.
// - Empty components are kept and name the empty key (`a..b` is `a`, ``, `b`), so no text is
//   silently read as another path.

package enum KeyPathGrammar {
  /// The components of `text`, unescaped.
  package static func components(of text: String) -> [String] {
    var components: [String] = []
    var current = ""
    var escaped = false
    for character in text {
      if escaped {
        if character != "." && character != "\\" { current.append("\\") }
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "." {
        components.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    components.append(current)
    return components
  }
}
