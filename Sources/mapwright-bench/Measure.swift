// Timing: run a closure repeatedly and keep the median, on a monotonic clock.

import Foundation

struct Measurement {
  var name: String
  var file: String
  var bytes: Int
  var medianNanoseconds: Double
  var baselineName: String
  var baselineMedianNanoseconds: Double

  var megabytesPerSecond: Double { Double(bytes) / medianNanoseconds * 1e3 }
  var baselineMegabytesPerSecond: Double { Double(bytes) / baselineMedianNanoseconds * 1e3 }
  /// How many times faster than the baseline.
  var ratio: Double { baselineMedianNanoseconds / medianNanoseconds }
}

struct Timer {
  /// Minimum total time spent per measured operation, and bounds on the sample count.
  var budget: Duration = .milliseconds(600)
  var minimumSamples = 5
  var maximumSamples = 1000
  /// When profiling, baselines are not run (their median reads as 1 ns).
  var skipsBaselines = false

  /// Measures exactly `runs` runs of each operation, whatever they take (`--runs`).
  mutating func measureExactly(_ runs: Int) {
    budget = .zero
    minimumSamples = runs
    maximumSamples = runs
  }

  /// How the two sides' runs are interleaved.
  enum Interleaving: String {
    /// Alternating blocks, each an unmeasured run and then `samplesPerBlock` measured runs
    /// of one side: each side's measured runs see the heap its own work leaves behind.
    case block
    /// One measured run of each side in turn.
    case sample
  }
  var interleaving = Interleaving.block
  let samplesPerBlock = 3

  /// Medians of Mapwright's and the baseline's runs, sampled in alternating turns, so that a
  /// slow spell of a shared machine hits both sides alike.
  ///
  /// By default each turn is a block that starts with an unmeasured run. The reason is the
  /// allocator: glibc merges the small blocks freed since its last large request when the
  /// next large request comes (1 KiB or more, such as a tape or an output buffer), so the
  /// first run after the other side's pays for the other side's garbage. Foundation's
  /// coders free many more small blocks than Mapwright's; measured, a Mapwright parse of
  /// twitter.json right after a `JSONSerialization` parse ran at about half its speed. With
  /// a block, each side pays for its own garbage, as it would in a program that uses only
  /// one of them.
  /// `.sample` (one measured run of each in turn) is kept for comparison.
  func compare(_ ours: () throws -> Void, baseline: () throws -> Void) rethrows -> (ours: Double, baseline: Double) {
    if skipsBaselines { return (try median(ours), 1) }
    let clock = ContinuousClock()
    try ours()  // warm-up
    try baseline()
    var oursSamples: [Double] = []
    var baselineSamples: [Double] = []
    func sample(_ body: () throws -> Void) rethrows -> Double {
      let t0 = clock.now
      try body()
      let elapsed = clock.now - t0
      return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
    let perTurn = interleaving == .block ? samplesPerBlock : 1
    func turn(_ body: () throws -> Void, into samples: inout [Double]) rethrows {
      if interleaving == .block { try body() }
      for _ in 0..<perTurn { samples.append(try sample(body)) }
    }
    let start = clock.now
    while oursSamples.count < minimumSamples
      || (clock.now - start < budget * 2 && oursSamples.count < maximumSamples)
    {
      try turn(ours, into: &oursSamples)
      try turn(baseline, into: &baselineSamples)
    }
    oursSamples.sort()
    baselineSamples.sort()
    return (oursSamples[oursSamples.count / 2], baselineSamples[baselineSamples.count / 2])
  }

  /// The median time of `body` in nanoseconds.
  func median(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    try body()  // warm-up
    var samples: [Double] = []
    let start = clock.now
    while samples.count < minimumSamples
      || (clock.now - start < budget && samples.count < maximumSamples)
    {
      let t0 = clock.now
      try body()
      let elapsed = clock.now - t0
      samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
  }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
