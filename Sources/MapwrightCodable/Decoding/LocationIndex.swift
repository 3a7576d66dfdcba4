// Line and column of a byte offset, for error descriptions, without rescanning the input
// from the start for each error: code that probes with `try?` can make thousands of errors
// in one decoding. The first error builds a checkpoint every 512 bytes (the line and column at
// that byte, one pass over the input); each location then scans at most 512 bytes.

final class LocationIndex {
  private static let blockSize = 512
  private let bytes: UnsafePointer<UInt8>
  private let count: Int
  /// Line and column (1-based; columns in Unicode scalars) at byte `i * blockSize`.
  private var checkpoints: [(line: Int, column: Int)] = []

  init(bytes: UnsafePointer<UInt8>, count: Int) {
    self.bytes = bytes
    self.count = count
  }

  func location(of offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), count)
    if checkpoints.isEmpty { buildCheckpoints() }
    let block = min(offset / Self.blockSize, checkpoints.count - 1)
    var (line, column) = checkpoints[block]
    for i in (block * Self.blockSize)..<offset {
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  private func buildCheckpoints() {
    var line = 1
    var column = 1
    checkpoints.reserveCapacity(count / Self.blockSize + 1)
    for i in 0..<count {
      if i % Self.blockSize == 0 { checkpoints.append((line, column)) }
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
    }
    if checkpoints.isEmpty || count % Self.blockSize == 0 { checkpoints.append((line, column)) }
  }
}
