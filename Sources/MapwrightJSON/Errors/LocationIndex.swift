// Lines and columns of byte offsets, for errors: the one definition every error's place uses.
// Lines end at `\n` (a `\r` before it is a column); columns count Unicode scalars, that is
// bytes that are not UTF-8 continuation bytes, from 1. The parser never counts lines while it
// runs; a place is computed when an error is made, in one of two ways:
//
// - `linesAndColumns(ofOffsets:in:)`: the places of a batch of offsets in one scan up to the
//   largest (a report's entries, one error's `SourceLocation`);
// - `LocationIndex`: errors made one at a time, possibly thousands in one input (code that
//   probes with `try?`, a lenient import's refused elements). The first location builds a
//   checkpoint every 512 bytes in one pass; each location then scans at most 512 bytes, so
//   the cost is linear in the input plus the number of errors.
//
// A stream, which never holds its input, counts lines as it goes (`JSONElementSplitter`), with
// the same rule.

/// Moves `line` and `column` past `byte`: the rule, for code that counts as it reads.
@inline(__always)
package func advancePlace(past byte: UInt8, line: inout Int, column: inout Int) {
  if byte == 0x0A {
    line += 1
    column = 1
  } else if byte & 0xC0 != 0x80 {
    column += 1
  }
}

/// The 1-based line and column of each byte offset of `input`, in the order given, from one
/// scan up to the largest offset.
package func linesAndColumns(ofOffsets offsets: [Int], in input: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
  var results = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
  let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
  var line = 1
  var column = 1
  var position = 0
  for slot in order {
    let offset = min(max(offsets[slot], 0), input.count)
    while position < offset {
      advancePlace(past: input[position], line: &line, column: &column)
      position += 1
    }
    results[slot] = (line, column)
  }
  return results
}

/// Lines and columns of one input's offsets, one at a time, each in time bounded by 512 bytes
/// once the first has built the checkpoints. The caller passes the same bytes every time.
package final class LocationIndex: @unchecked Sendable {
  static let blockSize = 512
  private let lock = PlainLock()
  /// Line and column at byte `i * blockSize` (guarded by `lock`).
  private var checkpoints: [(line: Int, column: Int)] = []

  /// An index; nothing is computed before the first location.
  package init() {}

  /// The 1-based line and column of `offset` in `bytes`.
  package func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), bytes.count)
    let start = lock.withLock { () -> (line: Int, column: Int, at: Int) in
      if checkpoints.isEmpty { buildCheckpoints(bytes) }
      let block = min(offset / Self.blockSize, checkpoints.count - 1)
      return (checkpoints[block].line, checkpoints[block].column, block * Self.blockSize)
    }
    var (line, column) = (start.line, start.column)
    for i in start.at..<offset { advancePlace(past: bytes[i], line: &line, column: &column) }
    return (line, column)
  }

  private func buildCheckpoints(_ bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    checkpoints.reserveCapacity(bytes.count / Self.blockSize + 1)
    for i in 0..<bytes.count {
      if i % Self.blockSize == 0 { checkpoints.append((line, column)) }
      advancePlace(past: bytes[i], line: &line, column: &column)
    }
    if checkpoints.isEmpty || bytes.count % Self.blockSize == 0 { checkpoints.append((line, column)) }
  }
}
