// Strings and brackets of 64 bytes at once: the first stage of a scan, as in simdjson.
//
// The C target classifies a block's bytes into bit masks (quotes, backslashes, opening and
// closing brackets; see CMapwrightSIMD.h). From those masks, with two bits of state carried
// from the block before, this file finds without a loop over the bytes:
//
//   escaped   the bytes that a backslash escapes: in a run of backslashes every second one,
//             and the byte after the run when its length is odd. Runs that start on an odd
//             bit are found by adding their first bits to the backslash mask: the carry of
//             the addition runs through each such run and flips which parity is escaped.
//   inString  the bytes inside strings, an opening quote included and a closing one not: the
//             prefix xor of the quotes that are not escaped (bit i is the parity of the
//             quotes at or below i), inverted when the block starts inside a string.
//
// This treats every backslash as an escape, where JSON gives a backslash a meaning only
// inside a string. The two readings agree whenever every backslash of the block lies inside
// a string by the block's own reading (up to the first one that does not, they are the same
// reading); a block where one does not (always invalid JSON) is scanned a byte at a time by
// the caller, so its result never depends on where the blocks fall.

import CMapwrightSIMD

/// Which classifier a block scan uses: the vector build for this processor, the portable C
/// build, or none (a byte at a time). Tests run every one over the same inputs.
package enum ByteClassifier: Sendable {
  case vector, portable, none
}

/// The strings of one 64-byte block, and the state carried to the next.
package struct StructuralBlock {
  /// Bit i set when byte i is inside a string (an opening quote counts, a closing one not).
  package let inString: UInt64
  package let classes: mw_block_classes

  /// Classifies the 64 bytes at `bytes`; `escaped` and `inString` are the state before them
  /// (a pending escape; inside a string) and become the state after them.
  @inline(__always)
  package init(_ bytes: UnsafePointer<UInt8>, classifier: ByteClassifier, escaped: inout Bool, inString: inout Bool) {
    classes = classifier == .portable ? mw_classify64_portable(bytes) : mw_classify64(bytes)
    var carry: UInt64 = escaped ? 1 : 0
    let escapedBytes = Self.escapedBytes(classes.backslashes, carry: &carry)
    let quotes = classes.quotes & ~escapedBytes
    let within = Self.prefixXor(quotes) ^ (inString ? ~0 : 0)
    self.inString = within
    escaped = carry != 0
    inString = within >> 63 != 0
  }

  /// Whether a backslash lies outside every string: then the block is not read this way.
  @inline(__always)
  var hasBackslashOutsideStrings: Bool { classes.backslashes & ~inString != 0 }

  /// Opening brackets outside strings.
  @inline(__always)
  var opens: UInt64 { classes.opens & ~inString }

  /// Closing brackets outside strings.
  @inline(__always)
  var closes: UInt64 { classes.closes & ~inString }

  /// The bytes escaped by the backslashes of `backslashes`; `carry` is 1 when the block's
  /// first byte is escaped, and becomes 1 when the next block's is.
  @inline(__always)
  static func escapedBytes(_ backslashes: UInt64, carry: inout UInt64) -> UInt64 {
    guard backslashes != 0 else {
      defer { carry = 0 }
      return carry
    }
    let evenBits: UInt64 = 0x5555_5555_5555_5555
    let escapes = backslashes & ~carry  // an escaped backslash escapes nothing
    let followsEscape = escapes << 1 | carry
    let oddRunStarts = escapes & ~evenBits & ~followsEscape
    let (sum, overflow) = oddRunStarts.addingReportingOverflow(escapes)
    carry = overflow ? 1 : 0
    return (evenBits ^ (sum << 1)) & followsEscape
  }

  /// Bit i of the result is the xor of bits 0 through i of `x`.
  @inline(__always)
  static func prefixXor(_ x: UInt64) -> UInt64 {
    var x = x
    x ^= x << 1
    x ^= x << 2
    x ^= x << 4
    x ^= x << 8
    x ^= x << 16
    x ^= x << 32
    return x
  }
}
