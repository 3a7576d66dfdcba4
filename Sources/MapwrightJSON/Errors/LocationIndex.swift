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
// A stream, which never holds its input, counts lines as it goes (`JSONElementSplitter`, a
// file import's payload), with the same rule. Every count over a span of bytes goes through
// `advancePlace(over:line:column:)`: line feeds found with `memchr`, then the columns of the
// last line counted eight bytes at a time; `advancePlace(past:)` is the same rule a byte at a
// time, for code that reads byte by byte (a test holds the two together).

import CMapwrightSIMD

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// Moves `line` and `column` past every byte of `bytes`: the rule over a span.
package func advancePlace(over bytes: UnsafeBufferPointer<UInt8>, line: inout Int, column: inout Int) {
  guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
  var lineStart = 0
  while lineStart < bytes.count, let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
    line += 1
    column = 1
    lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
  }
  let rest = bytes.count - lineStart
  column += rest - mw_count_continuations(base + lineStart, rest)
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
    let offset = min(max(offsets[slot], position), input.count)
    advancePlace(over: UnsafeBufferPointer(rebasing: input[position..<offset]), line: &line, column: &column)
    position = offset
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
    advancePlace(over: UnsafeBufferPointer(rebasing: bytes[start.at..<offset]), line: &line, column: &column)
    return (line, column)
  }

  private func buildCheckpoints(_ bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    checkpoints.reserveCapacity(bytes.count / Self.blockSize + 1)
    var block = 0
    while block < bytes.count {
      checkpoints.append((line, column))
      let end = min(block + Self.blockSize, bytes.count)
      advancePlace(over: UnsafeBufferPointer(rebasing: bytes[block..<end]), line: &line, column: &column)
      block = end
    }
    if checkpoints.isEmpty || bytes.count % Self.blockSize == 0 { checkpoints.append((line, column)) }
  }
}
