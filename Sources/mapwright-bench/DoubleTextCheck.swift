// --verify-doubles N: the writer's text of N seeded random doubles (bit patterns, and integers
// scaled by a thousand, the kind documents hold) against the standard library's
// `description`, byte for byte, and the reader's value of that text against the double
// written, bit for bit; then the reader's value of N seeded decimal texts (1 to 25 digits,
// a point anywhere, an exponent or none) against `Double(String)`, in an optimised build.
// Tests run the same checks at 2·10⁴.

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
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
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
      let read = readDouble(UnsafeBufferPointer(start: buffer, count: length))
      guard text != value.description || read?.bitPattern != value.bitPattern else { continue }
      mismatches += 1
      if mismatches <= 10 {
        print("bits \(value.bitPattern): wrote \(text), description \(value.description), read back \(String(describing: read))")
      }
    }
    print("\(checked) doubles (seed \(seed)): \(mismatches) differ from description or do not read back, \(ContinuousClock.now - start)")
    var misread = 0
    let readStart = ContinuousClock.now
    for _ in 0..<count {
      let length = writeDecimalText(next: next, at: buffer)
      let text = String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
      let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
      let read = readDouble(UnsafeBufferPointer(start: buffer, count: length))
      guard read?.bitPattern != expected?.bitPattern else { continue }
      misread += 1
      if misread <= 10 { print("\(text): read \(String(describing: read)), Double(String) \(String(describing: expected))") }
    }
    print("\(count) decimal texts (seed \(seed)): \(misread) read otherwise than Double(String), \(ContinuousClock.now - readStart)")
    if mismatches > 0 || misread > 0 { exit(1) }
  }

  /// A JSON number of 1 to 25 significant digits (most of them 15 to 19, the hard cases),
  /// its point anywhere or nowhere, with or without an exponent; its length.
  static func writeDecimalText(next: () -> UInt64, at buffer: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 0
    func put(_ byte: UInt8) {
      buffer[length] = byte
      length += 1
    }
    let shape = next()
    if shape & 1 == 1 { put(UInt8(ascii: "-")) }
    let digits = shape & 6 == 0 ? 1 + Int(next() % 25) : 15 + Int(next() % 5)
    let point = Int(next() % UInt64(digits + 1))  // digits before the point; `digits` means none
    if point == 0 { put(UInt8(ascii: "0")) }
    for index in 0..<digits {
      if index == point { put(UInt8(ascii: ".")) }
      let first = index == 0 && point != 0
      put(UInt8(ascii: "0") + UInt8(first ? 1 + next() % 9 : next() % 10))
    }
    if shape & 8 == 0 {
      put(UInt8(ascii: "e"))
      var exponent = Int(next() % 700) - 350
      if exponent < 0 {
        put(UInt8(ascii: "-"))
        exponent = -exponent
      }
      for digit in String(exponent).utf8 { put(digit) }
    }
    return length
  }
}
