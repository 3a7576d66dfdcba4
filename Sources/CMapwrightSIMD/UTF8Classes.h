// The UTF-8 classes and nibble tables shared by the two vector UTF-8 checks (the string check of
// CMapwrightSIMD.c and the whole-text check of Stage1.c), with the byte rule they implement.
// The method is explained at the top of CMapwrightSIMD.c.

#ifndef CMAPWRIGHT_UTF8_CLASSES_H
#define CMAPWRIGHT_UTF8_CLASSES_H

#include <stdint.h>

// The classes, one bit each. A class is flagged at a byte when the high nibble of the byte
// before it, that byte's low nibble, and the byte's own high nibble are each in its sets.
enum {
  MW_TOO_SHORT = 0x01,   // C..F, any, 0..7 or C..F: a lead, then no continuation
  MW_TOO_LONG = 0x02,    // 0..7, any, 8..B: ASCII, then a continuation
  MW_OVERLONG_3 = 0x04,  // E, 0, 8..9: E0 80..9F
  MW_TOO_LARGE = 0x08,   // F, 4..F, 9..B: F4..FF 90..BF
  MW_SURROGATE = 0x10,   // E, D, A..B: ED A0..BF
  MW_OVERLONG_2 = 0x20,  // C, 0..1, 8..B: C0 or C1, then a continuation
  MW_F_THEN_80 = 0x40,   // F, 0 or 5..F, 8: F0 80..8F (overlong), F5..FF 80..8F (too large)
  MW_TWO_CONTS = 0x80,   // 8..B, any, 8..B: a continuation after a continuation
};

/// Tables indexed by a nibble: the classes that nibble allows in each of the three places.
#define MW_ANY_LOW (MW_TOO_SHORT | MW_TOO_LONG | MW_TWO_CONTS)
#define MW_HIGH_LOW (MW_ANY_LOW | MW_TOO_LARGE | MW_F_THEN_80)
#define MW_CONTINUATION (MW_TOO_LONG | MW_TWO_CONTS | MW_OVERLONG_2)
static const uint8_t mw_by_previous_high[16] = {
  MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG, MW_TOO_LONG,
  MW_TWO_CONTS, MW_TWO_CONTS, MW_TWO_CONTS, MW_TWO_CONTS,
  MW_TOO_SHORT | MW_OVERLONG_2, MW_TOO_SHORT, MW_TOO_SHORT | MW_OVERLONG_3 | MW_SURROGATE,
  MW_TOO_SHORT | MW_TOO_LARGE | MW_F_THEN_80};
static const uint8_t mw_by_previous_low[16] = {
  MW_ANY_LOW | MW_OVERLONG_3 | MW_OVERLONG_2 | MW_F_THEN_80, MW_ANY_LOW | MW_OVERLONG_2, MW_ANY_LOW, MW_ANY_LOW,
  MW_ANY_LOW | MW_TOO_LARGE, MW_HIGH_LOW, MW_HIGH_LOW, MW_HIGH_LOW,
  MW_HIGH_LOW, MW_HIGH_LOW, MW_HIGH_LOW, MW_HIGH_LOW,
  MW_HIGH_LOW, MW_HIGH_LOW | MW_SURROGATE, MW_HIGH_LOW, MW_HIGH_LOW};
static const uint8_t mw_by_high[16] = {
  MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT,
  MW_CONTINUATION | MW_OVERLONG_3 | MW_F_THEN_80, MW_CONTINUATION | MW_OVERLONG_3 | MW_TOO_LARGE,
  MW_CONTINUATION | MW_TOO_LARGE | MW_SURROGATE, MW_CONTINUATION | MW_TOO_LARGE | MW_SURROGATE,
  MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT, MW_TOO_SHORT};

/// Whether byte `c` is wrong after `p1`, `p2` and `p3` (the bytes one, two and three before
/// it), written from the rules of well-formed UTF-8 (Unicode Table 3-7) rather than from the
/// tables: the first byte it flags is the first the vector build flags.
static inline int mw_utf8_wrong(uint8_t p3, uint8_t p2, uint8_t p1, uint8_t c) {
  int continuation = (c & 0xC0) == 0x80;
  int required = p2 >= 0xE0 || p3 >= 0xF0;  // third or fourth byte of a sequence
  if (p1 >= 0xC0) {
    return !continuation || p1 <= 0xC1 || p1 >= 0xF5 || (p1 == 0xE0 && c < 0xA0) || (p1 == 0xED && c >= 0xA0)
      || (p1 == 0xF0 && c < 0x90) || (p1 == 0xF4 && c >= 0x90);
  }
  if (p1 >= 0x80) return continuation != required;
  return continuation || required;
}

#endif
