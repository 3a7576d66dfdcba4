// Where the elements of a payload's array are, without parsing the payload into one tape: the
// stream splitter (the one scanner of "the array at a key path", in memory or in a file) finds
// each element, and only the bounds of runs of consecutive elements are kept (a range per
// element would cost 16 bytes an element). A reader that works a batch of elements at a time
// (an import, sample inference) then reads each run's bytes again and parses them strictly,
// so every byte of every element is validated; the splitter checks the structure around them.

/// The elements of one payload array in runs of consecutive elements. A run ends after every
/// `runLength` elements and at every multiple of the batch size, so that batches are whole
/// runs.
package struct JSONElementRuns: Sendable {
  package struct Run: Sendable {
    /// The run's element indices in the array.
    package let elements: Range<Int>
    /// From the first element's first byte to the last element's last byte.
    package let bytes: Range<Int>
    /// Line and column of the run's first byte.
    package let line: Int
    package let column: Int

    package init(elements: Range<Int>, bytes: Range<Int>, line: Int, column: Int) {
      self.elements = elements
      self.bytes = bytes
      self.line = line
      self.column = column
    }
  }
  package private(set) var count = 0
  package private(set) var runs: [Run] = []
  package let batchSize: Int
  private let runLength: Int
  /// The first element of the run under way (nil between runs), and the end of the last one.
  private var runStart: JSONStreamElement?
  private var lastEnd = 0

  package init(batchSize: Int, runLength: Int) {
    self.batchSize = max(batchSize, 1)
    self.runLength = max(runLength, 1)
  }

  /// The runs of the array `format` names in `bytes`, read by the splitter a chunk at a time
  /// (so that its buffer stays small beside the payload).
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, format: JSONStreamFormat, batchSize: Int, runLength: Int, parsing: JSONParsingOptions = JSONParsingOptions()
  ) throws(JSONStreamError) -> JSONElementRuns {
    var splitter = splitter(for: format, maximumElementSize: max(bytes.count, 1), parsing: parsing)
    var runs = JSONElementRuns(batchSize: batchSize, runLength: runLength)
    var offset = 0
    repeat {
      let end = min(offset + (1 << 20), bytes.count)
      splitter.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset..<end])))
      offset = end
      try runs.take(from: &splitter)
    } while offset < bytes.count
    splitter.finish()
    try runs.take(from: &splitter)
    runs.finish()
    return runs
  }

  /// A splitter that finds the elements and keeps nothing: no element's bytes, none of the
  /// members around the array (other arrays of the payload may be as large as this one).
  package static func splitter(
    for format: JSONStreamFormat, maximumElementSize: Int, parsing: JSONParsingOptions = JSONParsingOptions()
  ) -> JSONElementSplitter {
    var splitter = JSONElementSplitter(format: format, maximumElementSize: maximumElementSize, parsing: parsing)
    splitter.keepsSurroundings = false
    splitter.keepsElementBytes = false
    return splitter
  }

  /// Takes every element the splitter has found so far.
  package mutating func take(from splitter: inout JSONElementSplitter) throws(JSONStreamError) {
    while let element = try splitter.next() { take(element) }
  }

  private mutating func take(_ element: JSONStreamElement) {
    if runStart == nil { runStart = element }
    lastEnd = element.offset + element.size
    count += 1
    if count % runLength == 0 || count % batchSize == 0 { finish() }
  }

  /// Closes the run under way (after every `runLength` elements, at every batch, and once the
  /// splitter has given its last element).
  package mutating func finish() {
    guard let first = runStart else { return }
    runs.append(Run(elements: first.index..<count, bytes: first.offset..<lastEnd, line: first.line, column: first.column))
    runStart = nil
  }

  /// The runs of each batch of `batchSize` elements, in order (runs never straddle one).
  package var runsByBatch: [ArraySlice<Run>] {
    var result: [ArraySlice<Run>] = []
    var start = 0
    for (index, run) in runs.enumerated()
    where run.elements.upperBound % batchSize == 0 || run.elements.upperBound == count {
      result.append(runs[start...index])
      start = index + 1
    }
    return result
  }

  /// The runs merged into batches of `batchSize` elements (the last one shorter).
  package var batches: [Run] {
    var result: [Run] = []
    var first: Run?
    for run in runs {
      let start = first ?? run
      if run.elements.upperBound % batchSize == 0 || run.elements.upperBound == count {
        let elements = start.elements.lowerBound..<run.elements.upperBound
        result.append(Run(elements: elements, bytes: start.bytes.lowerBound..<run.bytes.upperBound, line: start.line, column: start.column))
        first = nil
      } else {
        first = start
      }
    }
    return result
  }
}
