// --verify-doubles N: the writer's text of N seeded random doubles (bit patterns, and integers
// scaled by a thousand, the kind documents hold) against the standard library's
// `description`, byte for byte, in an optimised build. Tests run the same check at 2·10⁵.

import Foundation
import MapwrightJSON

enum DoubleTextCheck {
  /// Exits with status 1 after printing the first mismatches.
  static func run(count: Int, seed: UInt64) {
    var state = seed
    func next() -> UInt64 {  // SplitMix64, as the tests' SeededGenerator
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
    defer { buffer.deallocate() }
    var mismatches = 0
    var checked = 0
    let start = ContinuousClock.now
    while checked < count {
      let bits = next()
      let value = checked % 3 == 2 ? Double(Int64(bitPattern: bits) >> (bits % 61)) / 1000 : Double(bitPattern: bits)
      guard value.isFinite else { continue }
      checked += 1
      let length = OutputBuffer.writeDouble(value, at: buffer)
      let text = String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
      guard text != value.description else { continue }
      mismatches += 1
      if mismatches <= 10 { print("bits \(value.bitPattern): wrote \(text), description \(value.description)") }
    }
    print("\(checked) doubles (seed \(seed)): \(mismatches) differ from description, \(ContinuousClock.now - start)")
    if mismatches > 0 { exit(1) }
  }
}
