// Whitespace, the optional comments of relaxed mode, and the byte order mark.

import CMapwrightSIMD

extension JSONParser {
  /// Skips whitespace (and comments when allowed) and returns the next byte without
  /// consuming it, or nil at the end of input.
  ///
  /// `level` is the nesting level the next token is expected at. In a pretty-printed
  /// document, the indentation after a line break is that level times the document's
  /// indentation step (learned from its first indented lines), plus the indentation of level 0
  /// (0 in a whole document; a part cut from one keeps the indentation it had there). Such a
  /// run, up to 31 spaces, is checked whole (`mw_indentation_is`) and skipped at once: the
  /// next token's position follows from the prediction, not from the bytes. Other whitespace
  /// is skipped a word at a time.
  @_transparent
  mutating func peekSignificant(level: Int) throws(JSONError) -> UInt8? {
    while pos < count {
      let c = bytes[pos]
      if c > 0x20 {
        if c == UInt8(ascii: "/"), allowsComments {
          try skipComment()
          continue
        }
        return c
      }
      guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return c }
      pos &+= 1
      // A lone space (after a colon or a comma) needs no word.
      if c == 0x20 { continue }
      let lineStart = pos
      let predicted = indentBase &+ level &* indentStep
      if c == 0x0A, UInt(bitPattern: predicted &- 1) < 31, pos &+ 32 <= count, mw_indentation_is(bytes + pos, predicted) != 0 {
        pos &+= predicted
        continue
      }
      // Indentation, after a line break: a run of spaces is skipped a word at a time. The
      // word's first byte that is not a space is its lowest non-zero byte once every space is
      // turned into zero.
      while pos &+ 8 <= count {
        let word = mw_load64_le(bytes + pos)
        let notSpaces = word ^ 0x2020_2020_2020_2020
        if notSpaces != 0 {
          pos &+= notSpaces.trailingZeroBitCount >> 3
          break
        }
        pos &+= 8
      }
      // The indentation is learned (again) from a line indented otherwise than predicted; a
      // line as predicted but past the check's 31 bytes has nothing to teach.
      if c == 0x0A, pos &- lineStart != predicted { learnIndentation(pos &- lineStart, level: level) }
    }
    return nil
  }

  /// Learns from a line indented `indentation` spaces at nesting level `level` that was not
  /// predicted (out of line: it runs only then). The step is the difference from the last such
  /// line at another level, per level (or, at the first, `indentation / level` when it
  /// divides); level 0's indentation is what is left of this line's.
  @inline(never)
  mutating func learnIndentation(_ indentation: Int, level: Int) {
    let levels = level - learnedLevel
    let difference = indentation - learnedIndentation
    if learnedLevel >= 0, levels != 0, difference % levels == 0, (1...31).contains(difference / levels) {
      indentStep = difference / levels
    } else if learnedLevel < 0, level > 0, indentation % level == 0 {
      indentStep = indentation / level
    }
    indentBase = indentation - level * indentStep
    learnedIndentation = indentation
    learnedLevel = level
  }

  /// Skips a `// line` or `/* block */` comment starting at `pos`.
  mutating func skipComment() throws(JSONError) {
    let start = pos
    guard pos + 1 < count else { throw error(.unexpectedEnd(expected: "'/' or '*' after '/'"), at: count) }
    switch bytes[pos + 1] {
    case UInt8(ascii: "/"):
      pos += 2
      while pos < count, bytes[pos] != 0x0A { pos += 1 }
    case UInt8(ascii: "*"):
      pos += 2
      while true {
        guard pos + 1 < count else {
          throw error(.unexpectedEnd(expected: "'*/' to close the comment opened here"), at: start)
        }
        if bytes[pos] == UInt8(ascii: "*"), bytes[pos + 1] == UInt8(ascii: "/") {
          pos += 2
          return
        }
        pos += 1
      }
    default:
      pos += 1
      throw unexpected("'/' or '*' after '/'")
    }
  }

  /// Skips a UTF-8 byte order mark if allowed; recognises UTF-16 input to say so clearly.
  mutating func skipByteOrderMark() throws(JSONError) {
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, allowsByteOrderMark {
      pos = 3
      return
    }
    if count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
      throw error(.invalidUTF8(bytes[0], utf16: true), at: 0)
    }
    // UTF-16 without a byte order mark: an ASCII character next to a zero byte.
    if count >= 2,
      (bytes[0] == 0 && bytes[1] != 0 && bytes[1] < 0x80)
        || (bytes[1] == 0 && bytes[0] != 0 && bytes[0] < 0x80)
    {
      throw error(.invalidUTF8(bytes[0], utf16: true), at: 0)
    }
  }
}
