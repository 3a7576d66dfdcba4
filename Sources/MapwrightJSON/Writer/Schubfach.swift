// The shortest decimal that reads back as a given double: Raffaello Giulietti's Schubfach
// algorithm ("The Schubfach way to render doubles", 2020), the method behind Java's
// `Double.toString` since JDK 19 and the core of Dragonbox.
//
// A positive double is c·2^q. Its rounding interval — the reals that read back as it — has
// the bounds (c ∓ ½)·2^q (the lower one at c − ¼ when c is a power of two, since the double
// below is closer). Scaled by 4 these are the integers cbl, cb = 4c and cbr. For
// k = ⌊log10 2^q⌋ (or of ¾·2^q, for the closer lower bound), the algorithm computes vbl, vb and
// vbr, the three scaled bounds times 10^−k, rounded to odd, with one 128-bit by 64-bit
// multiplication each: g(−k) from `SchubfachPowers` is 10^−k to 128 bits, rounded up, and the
// proof shows that the top 64 bits of the product and a sticky bit decide every comparison
// below exactly. Among the decimals s·10^k and s′·10^(k+1) inside the interval it picks the
// one with fewer digits, and of two equally short ones the closer, ties to an even digit —
// the same digits as the standard library's `description` (tests compare the two on every
// double of the benchmark corpus and on seeded random bit patterns).

/// Shortest round-trip decimals of doubles.
enum Schubfach {
  /// `value` (finite, greater than zero) as `significand`·10^`exponent` with the fewest
  /// digits that read back as `value`, the closest such decimal, ties to an even last digit.
  /// The significand can end in zeros (integers come back whole).
  @inline(__always)
  static func decimal(of value: Double) -> (significand: UInt64, exponent: Int) {
    let bits = value.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
    let c: UInt64
    let q: Int
    if biasedExponent != 0 {
      c = fraction | (1 << 52)
      q = biasedExponent &- 1075
      // An integer below 2^53: its digits are the shortest (the interval is at most ±½).
      if q <= 0, q >= -52, c & ((1 << UInt64(-q)) &- 1) == 0 {
        return (c >> UInt64(-q), 0)
      }
    } else {
      c = fraction
      q = -1074
    }
    let isEven = c & 1 == 0
    let lowerIsCloser = fraction == 0 && biasedExponent > 1

    let cbl = 4 &* c &- 2 &+ (lowerIsCloser ? 1 : 0)
    let cb = 4 &* c
    let cbr = 4 &* c &+ 2

    // ⌊log10 2^q⌋ = (q·1262611) >> 22, ⌊log10 ¾·2^q⌋ = (q·1262611 − 524031) >> 22 for the
    // exponents of doubles; ⌊log2 10^e⌋ = (e·1741647) >> 19 (the table's script checks it).
    let k = (q &* 1_262_611 &- (lowerIsCloser ? 524_031 : 0)) >> 22
    let h = q &+ (((0 &- k) &* 1_741_647) >> 19) &+ 1  // 1...4
    let index = ((0 &- k) &- SchubfachPowers.smallestExponent) &* 2
    let (gHigh, gLow) = SchubfachPowers.table.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }

    let vbl = roundToOdd(gHigh, gLow, cbl &<< UInt64(h))
    let vb = roundToOdd(gHigh, gLow, cb &<< UInt64(h))
    let vbr = roundToOdd(gHigh, gLow, cbr &<< UInt64(h))
    let lower = vbl &+ (isEven ? 0 : 1)
    let upper = vbr &- (isEven ? 0 : 1)

    let s = vb / 4
    if s >= 10 {
      // One digit fewer: s′·10^(k+1), with 40·s′ the candidate below vb.
      let shorter = s / 10
      let belowInside = lower <= 40 &* shorter
      let aboveInside = 40 &* shorter &+ 40 <= upper
      if belowInside != aboveInside { return (shorter &+ (aboveInside ? 1 : 0), k &+ 1) }
    }
    let belowInside = lower <= 4 &* s
    let aboveInside = 4 &* s &+ 4 <= upper
    if belowInside != aboveInside { return (s &+ (aboveInside ? 1 : 0), k) }
    // Both (or neither) inside: the closer, ties to even.
    let middle = 4 &* s &+ 2
    let roundsUp = vb > middle || (vb == middle && s & 1 != 0)
    return (s &+ (roundsUp ? 1 : 0), k)
  }

  /// The top 64 bits of the 192-bit product g·cp, with its lowest bit set when the bits below
  /// are more than g's rounding (`> 1` rather than `!= 0`: g is 10^e plus at most one unit).
  @inline(__always)
  private static func roundToOdd(_ gHigh: UInt64, _ gLow: UInt64, _ cp: UInt64) -> UInt64 {
    let low = gLow.multipliedFullWidth(by: cp).high
    let high = gHigh.multipliedFullWidth(by: cp)
    let (middle, carry) = high.low.addingReportingOverflow(low)
    return (high.high &+ (carry ? 1 : 0)) | (middle > 1 ? 1 : 0)
  }
}
