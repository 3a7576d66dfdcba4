/// Line, column and a one-line excerpt for a byte offset in UTF-8 input.
///
/// Computed by scanning the input up to the offset, so it costs nothing until an error is
/// made. Lines end at `\n` (a preceding `\r` is not counted as a column). Columns count
/// Unicode scalars, so a caret lines up under the right character in a terminal.
public struct SourceLocation: Sendable, Hashable {
  /// 1-based line number.
  public let line: Int
  /// 1-based column, in Unicode scalars.
  public let column: Int
  /// The line's text around the column, a newline, and a caret under the column.
  public let excerpt: String

  /// The widest part of a line an excerpt shows.
  static let excerptWidth = 72

  /// Computes the location of `offset` in `bytes` (an offset at the end is allowed).
  public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let offset = min(max(offset, 0), bytes.count)
    let (line, column) = linesAndColumns(ofOffsets: [offset], in: bytes)[0]
    var lineStart = offset
    while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }

    // Show at most `excerptWidth` scalars, keeping the error in view. Only a window of bytes
    // around the offset is decoded (a 100 MB single-line file costs no more than a short one).
    func isContinuation(_ i: Int) -> Bool { i < bytes.count && bytes[i] & 0xC0 == 0x80 }
    var windowStart = max(lineStart, offset - 4 * Self.excerptWidth)
    while windowStart > lineStart, isContinuation(windowStart) { windowStart -= 1 }
    var windowEnd = min(lineEnd, offset + 4 * Self.excerptWidth)
    while windowEnd < lineEnd, isContinuation(windowEnd) { windowEnd += 1 }
    let scalars = Array(String(decoding: bytes[windowStart..<windowEnd], as: UTF8.self).unicodeScalars)
    let before = String(decoding: bytes[windowStart..<offset], as: UTF8.self).unicodeScalars.count
    var first = 0
    if before > Self.excerptWidth - 20 { first = before - (Self.excerptWidth - 20) }
    let last = min(scalars.count, first + Self.excerptWidth)
    var shown = ""
    for scalar in scalars[min(first, scalars.count)..<max(last, min(first, scalars.count))] {
      // Tabs and other controls would shift the caret; show them as spaces.
      shown.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
    }
    let cutBefore = first > 0 || windowStart > lineStart
    let prefix = cutBefore ? "…" : ""
    let suffix = last < scalars.count || windowEnd < lineEnd ? "…" : ""
    let caretIndent = String(repeating: " ", count: max(0, before - first) + (cutBefore ? 1 : 0))

    self.line = line
    self.column = column
    self.excerpt = prefix + shown + suffix + "\n" + caretIndent + "^"
  }
}
