// Byte classification many bytes at a time, for the JSON scanners of MapwrightJSON.
//
// Each helper answers, for a block of input, which bytes are of a given class as a bit mask
// (bit i for byte i). There are three builds of each, chosen when the package is compiled
// and needing no flags from its user:
//
//   - SSE2 on x86-64 (part of every x86-64 processor): 16 bytes compared per instruction,
//     the comparison turned into a mask by `pmovmskb`;
//   - NEON on arm64: the same comparisons, the mask assembled by pairwise additions
//     (arm64 has no single "move mask" instruction);
//   - portable C, one byte at a time, on every other target.
//
// The portable functions (`_portable`) are compiled everywhere, so the tests compare them
// with the vector build on the same inputs. Everything is `static inline`: Swift inlines
// these calls into its loops.
//
// Classes used by the scanners:
//   string stops  '"', '\\', bytes below 0x20 and bytes of 0x80 and up (what ends a run of
//                 plain ASCII inside a string);
//   quotes        '"'             backslashes  '\\'
//   opens         '{' and '['     closes       '}' and ']'
//   continuations the bytes 0x80 to 0xBF, which do not start a UTF-8 character (counted,
//                 for columns)
//   escape stops  what a writer escapes: '"', '\\', bytes below 0x20, and '/' and bytes of
//                 0x80 and up when asked
//   indentation   a run of exactly so many spaces (a pretty-printed line's, as predicted)
//
// One check is not inline: UTF-8 inside strings, sixteen bytes at a time
// (`mw_utf8_until_stop_vector`, in CMapwrightSIMD.c), which needs SSSE3 on x86-64 and so is
// chosen when the program runs, not when it is compiled.

#ifndef CMAPWRIGHT_SIMD_H
#define CMAPWRIGHT_SIMD_H

#include <stddef.h>
#include <stdint.h>

// The first stage of the indexed parse (the module's umbrella header brings it in).
#include "CMapwrightStage1.h"

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define MW_VECTOR_BUILD 1
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define MW_VECTOR_BUILD 2
#else
#define MW_VECTOR_BUILD 0
#endif

#define MW_INLINE static inline __attribute__((always_inline))

/// Which build the vector functions are: 1 for SSE2, 2 for NEON, 0 for portable C.
MW_INLINE int mw_vector_build(void) { return MW_VECTOR_BUILD; }

// MARK: Unaligned loads

// The parser's and the writer's loads. Swift's `loadUnaligned` is a generic call once its document loop is
// past the optimizer's inlining limit; these C functions are always inlined by the compiler.

/// The 8 bytes at `p` as a little-endian word (byte 0 in the low bits).
MW_INLINE uint64_t mw_load64_le(const uint8_t *p) {
  uint64_t word;
  __builtin_memcpy(&word, p, sizeof word);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  word = __builtin_bswap64(word);
#endif
  return word;
}

/// The 4 bytes at `p` as a little-endian word.
MW_INLINE uint32_t mw_load32_le(const uint8_t *p) {
  uint32_t word;
  __builtin_memcpy(&word, p, sizeof word);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  word = __builtin_bswap32(word);
#endif
  return word;
}

/// The 2 bytes at `p` as a little-endian word.
MW_INLINE uint16_t mw_load16_le(const uint8_t *p) {
  uint16_t word;
  __builtin_memcpy(&word, p, sizeof word);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  word = __builtin_bswap16(word);
#endif
  return word;
}

/// The offset of the first byte `c` among the `n` bytes at `p`, or `n` when there is none (the C
/// library's `memchr`, vectorised where it runs).
MW_INLINE size_t mw_find_byte(const uint8_t *p, uint8_t c, size_t n) {
  const uint8_t *found = (const uint8_t *)__builtin_memchr(p, c, n);
  return found ? (size_t)(found - p) : n;
}

/// Copies 16 bytes from `source` to `target` (unaligned, not overlapping).
MW_INLINE void mw_copy16(uint8_t *target, const uint8_t *source) { __builtin_memcpy(target, source, 16); }

/// The classes of 64 bytes, one bit per byte.
typedef struct {
  uint64_t quotes;
  uint64_t backslashes;
  uint64_t opens;
  uint64_t closes;
} mw_block_classes;

// MARK: Portable builds

/// The string stops among the 16 bytes at `p`: bit i set for a stop at byte i.
MW_INLINE uint64_t mw_string_stops16_portable(const uint8_t *p) {
  uint64_t stops = 0;
  for (int i = 0; i < 16; i++) {
    uint8_t byte = p[i];
    stops |= (uint64_t)(byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80) << i;
  }
  return stops;
}

/// The quotes among the 16 bytes at `p`.
MW_INLINE uint64_t mw_quotes16_portable(const uint8_t *p) {
  uint64_t quotes = 0;
  for (int i = 0; i < 16; i++) quotes |= (uint64_t)(p[i] == '"') << i;
  return quotes;
}

/// The classes of the 64 bytes at `p`.
MW_INLINE mw_block_classes mw_classify64_portable(const uint8_t *p) {
  mw_block_classes classes = {0, 0, 0, 0};
  for (int i = 0; i < 64; i++) {
    uint64_t bit = (uint64_t)1 << i;
    switch (p[i]) {
    case '"': classes.quotes |= bit; break;
    case '\\': classes.backslashes |= bit; break;
    case '{': case '[': classes.opens |= bit; break;
    case '}': case ']': classes.closes |= bit; break;
    default: break;
    }
  }
  return classes;
}

/// The non-digits among the 16 bytes at `p`: bit i set when byte i is not '0' to '9'.
MW_INLINE uint64_t mw_non_digits16_portable(const uint8_t *p) {
  uint64_t found = 0;
  for (int i = 0; i < 16; i++) found |= (uint64_t)((uint8_t)(p[i] - '0') > 9) << i;
  return found;
}

/// How many of the `count` bytes at `p` are UTF-8 continuation bytes (0x80 to 0xBF): the
/// bytes that do not start a character, so a column is bytes minus these.
MW_INLINE size_t mw_count_continuations_portable(const uint8_t *p, size_t count) {
  size_t found = 0;
  for (size_t i = 0; i < count; i++) found += (p[i] & 0xC0) == 0x80;
  return found;
}

/// The bytes among the 16 at `p` that a JSON writer must escape: '"', '\\' and bytes below
/// 0x20, with '/' when `slashes` and bytes of 0x80 and up when `non_ascii`.
MW_INLINE uint64_t mw_escape_stops16_portable(const uint8_t *p, int slashes, int non_ascii) {
  uint64_t stops = 0;
  for (int i = 0; i < 16; i++) {
    uint8_t byte = p[i];
    int stop = byte == '"' || byte == '\\' || byte < 0x20 || (slashes && byte == '/') || (non_ascii && byte >= 0x80);
    stops |= (uint64_t)stop << i;
  }
  return stops;
}

/// Whether the `length` bytes at `p` are spaces and the byte after them is not: a line's
/// indentation exactly as predicted. `length` is 1 to 31 and 32 bytes at `p` are readable.
/// Words of eight bytes: the last word holds the run's last bytes and the byte after.
MW_INLINE int mw_indentation_is_portable(const uint8_t *p, long length) {
  const uint64_t spaces = 0x2020202020202020ull;
  uint64_t differs = 0;
  long i = 0;
  for (; i + 8 <= length; i += 8) differs |= mw_load64_le(p + i) ^ spaces;
  uint64_t tail = mw_load64_le(p + i) ^ spaces;
  unsigned bits = (unsigned)(length - i) * 8;  // 0 to 56
  differs |= tail & (((uint64_t)1 << bits) - 1);
  return differs == 0 && ((tail >> bits) & 0xFF) != 0;
}

// MARK: Vector builds

#if MW_VECTOR_BUILD == 1

/// The string stops among the 16 bytes at `p` as a mask of `1 << mw_mask16_shift()` bits per
/// byte, as every 16-byte mask of the vector builds: the first flagged byte is the mask's
/// trailing zeros shifted right by `mw_mask16_shift()` (0 for SSE2; 2 for NEON, whose masks
/// have four bits per byte).
MW_INLINE uint64_t mw_string_stops16(const uint8_t *p) {
  __m128i bytes = _mm_loadu_si128((const __m128i *)p);
  __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
  __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
  // A signed comparison: bytes below 0x20 and bytes of 0x80 and up (negative) at once.
  __m128i other = _mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20));
  return (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), other));
}

MW_INLINE int mw_mask16_shift(void) { return 0; }

/// `mw_escape_stops16_portable`, as a mask like `mw_string_stops16`'s.
MW_INLINE uint64_t mw_escape_stops16(const uint8_t *p, int slashes, int non_ascii) {
  __m128i bytes = _mm_loadu_si128((const __m128i *)p);
  __m128i stops = _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\')));
  // Bytes below 0x20, unsigned: those equal to their minimum with 0x1F.
  __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
  stops = _mm_or_si128(stops, control);
  if (slashes) stops = _mm_or_si128(stops, _mm_cmpeq_epi8(bytes, _mm_set1_epi8('/')));
  uint64_t mask = (uint64_t)(uint32_t)_mm_movemask_epi8(stops);
  // Bytes of 0x80 and up are the sign bits `movemask` reads from the bytes themselves.
  if (non_ascii) mask |= (uint64_t)(uint32_t)_mm_movemask_epi8(bytes);
  return mask;
}

/// `mw_indentation_is_portable`, from one mask of the spaces among the 32 bytes at `p`.
MW_INLINE int mw_indentation_is(const uint8_t *p, long length) {
  __m128i space = _mm_set1_epi8(' ');
  uint64_t low = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), space));
  uint64_t high = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), space));
  uint64_t run = ((uint64_t)1 << length) - 1;
  // The run's bits all set and the next byte's clear.
  return ((low | high << 16) & (run << 1 | 1)) == run;
}

/// The quotes among the 16 bytes at `p` (a mask as `mw_string_stops16`'s).
MW_INLINE uint64_t mw_quotes16(const uint8_t *p) {
  __m128i bytes = _mm_loadu_si128((const __m128i *)p);
  return (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')));
}

/// The non-digits among the 16 bytes at `p` (a mask as `mw_string_stops16`'s).
MW_INLINE uint64_t mw_non_digits16(const uint8_t *p) {
  // Digits moved to -128...-119 so that one signed comparison finds them.
  __m128i moved = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8((char)0xB0));
  uint32_t digits = (uint32_t)_mm_movemask_epi8(_mm_cmplt_epi8(moved, _mm_set1_epi8(-118)));
  return (uint64_t)(digits ^ 0xFFFFu);
}

MW_INLINE size_t mw_count_continuations(const uint8_t *p, size_t count) {
  // Each round of up to 255 blocks counts in byte lanes (a match subtracts -1), then the
  // lanes are summed by `psadbw` before they can overflow.
  size_t found = 0, i = 0;
  const __m128i limit = _mm_set1_epi8((char)0xC0);  // signed: 0x80...0xBF are below -64
  while (i + 16 <= count) {
    __m128i lanes = _mm_setzero_si128();
    for (int round = 0; round < 255 && i + 16 <= count; round++, i += 16) {
      __m128i bytes = _mm_loadu_si128((const __m128i *)(p + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmplt_epi8(bytes, limit));
    }
    __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    found += (size_t)_mm_cvtsi128_si64(sums) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
  }
  return found + mw_count_continuations_portable(p + i, count - i);
}

/// The mask of the 16 `bytes` equal to `a` or to `b`.
MW_INLINE uint64_t mw_mask16_either(__m128i bytes, char a, char b) {
  __m128i either = _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(a)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b)));
  return (uint64_t)(uint32_t)_mm_movemask_epi8(either);
}

MW_INLINE mw_block_classes mw_classify64(const uint8_t *p) {
  mw_block_classes classes = {0, 0, 0, 0};
  for (int i = 0; i < 4; i++) {
    __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * i));
    int shift = 16 * i;
    classes.quotes |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'))) << shift;
    classes.backslashes |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\')))
      << shift;
    classes.opens |= mw_mask16_either(bytes, '{', '[') << shift;
    classes.closes |= mw_mask16_either(bytes, '}', ']') << shift;
  }
  return classes;
}

#elif MW_VECTOR_BUILD == 2

MW_INLINE uint64_t mw_string_stops16(const uint8_t *p) {
  uint8x16_t bytes = vld1q_u8(p);
  uint8x16_t stops = vorrq_u8(vorrq_u8(vceqq_u8(bytes, vdupq_n_u8('"')), vceqq_u8(bytes, vdupq_n_u8('\\'))),
    vcltq_s8(vreinterpretq_s8_u8(bytes), vdupq_n_s8(0x20)));
  // Narrowed to four bits per byte.
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(stops), 4)), 0);
}

MW_INLINE int mw_mask16_shift(void) { return 2; }

MW_INLINE uint64_t mw_escape_stops16(const uint8_t *p, int slashes, int non_ascii) {
  uint8x16_t bytes = vld1q_u8(p);
  uint8x16_t stops = vorrq_u8(vorrq_u8(vceqq_u8(bytes, vdupq_n_u8('"')), vceqq_u8(bytes, vdupq_n_u8('\\'))),
    vcltq_u8(bytes, vdupq_n_u8(0x20)));
  if (slashes) stops = vorrq_u8(stops, vceqq_u8(bytes, vdupq_n_u8('/')));
  if (non_ascii) stops = vorrq_u8(stops, vcgeq_u8(bytes, vdupq_n_u8(0x80)));
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(stops), 4)), 0);
}

/// Words serve arm64 as well as a NEON mask, which it has to assemble.
MW_INLINE int mw_indentation_is(const uint8_t *p, long length) { return mw_indentation_is_portable(p, length); }

MW_INLINE uint64_t mw_quotes16(const uint8_t *p) {
  uint8x16_t quotes = vceqq_u8(vld1q_u8(p), vdupq_n_u8('"'));
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(quotes), 4)), 0);
}

MW_INLINE uint64_t mw_non_digits16(const uint8_t *p) {
  uint8x16_t others = vcgtq_u8(vsubq_u8(vld1q_u8(p), vdupq_n_u8('0')), vdupq_n_u8(9));
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(others), 4)), 0);
}

MW_INLINE size_t mw_count_continuations(const uint8_t *p, size_t count) {
  size_t found = 0, i = 0;
  const int8x16_t limit = vdupq_n_s8((int8_t)0xC0);
  while (i + 16 <= count) {
    uint8x16_t lanes = vdupq_n_u8(0);
    for (int round = 0; round < 255 && i + 16 <= count; round++, i += 16) {
      uint8x16_t below = vcltq_s8(vreinterpretq_s8_u8(vld1q_u8(p + i)), limit);
      lanes = vsubq_u8(lanes, below);
    }
    found += vaddlvq_u8(lanes);
  }
  return found + mw_count_continuations_portable(p + i, count - i);
}

/// The 64 comparison results (0xFF or 0) of four vectors as one bit per byte: each byte
/// keeps its own bit of its group of eight, and three rounds of pairwise additions gather
/// the eight bits of each group into one byte.
MW_INLINE uint64_t mw_mask64_neon(uint8x16_t a, uint8x16_t b, uint8x16_t c, uint8x16_t d) {
  const uint8x16_t bits = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  uint8x16_t ab = vpaddq_u8(vandq_u8(a, bits), vandq_u8(b, bits));
  uint8x16_t cd = vpaddq_u8(vandq_u8(c, bits), vandq_u8(d, bits));
  uint8x16_t abcd = vpaddq_u8(ab, cd);
  abcd = vpaddq_u8(abcd, abcd);
  return vgetq_lane_u64(vreinterpretq_u64_u8(abcd), 0);
}

MW_INLINE mw_block_classes mw_classify64(const uint8_t *p) {
  uint8x16_t v0 = vld1q_u8(p), v1 = vld1q_u8(p + 16), v2 = vld1q_u8(p + 32), v3 = vld1q_u8(p + 48);
#define MW_EQ(v, x) vceqq_u8(v, vdupq_n_u8(x))
#define MW_EITHER(v, x, y) vorrq_u8(MW_EQ(v, x), MW_EQ(v, y))
  mw_block_classes classes;
  classes.quotes = mw_mask64_neon(MW_EQ(v0, '"'), MW_EQ(v1, '"'), MW_EQ(v2, '"'), MW_EQ(v3, '"'));
  classes.backslashes = mw_mask64_neon(MW_EQ(v0, '\\'), MW_EQ(v1, '\\'), MW_EQ(v2, '\\'), MW_EQ(v3, '\\'));
  classes.opens = mw_mask64_neon(MW_EITHER(v0, '{', '['), MW_EITHER(v1, '{', '['), MW_EITHER(v2, '{', '['),
    MW_EITHER(v3, '{', '['));
  classes.closes = mw_mask64_neon(MW_EITHER(v0, '}', ']'), MW_EITHER(v1, '}', ']'), MW_EITHER(v2, '}', ']'),
    MW_EITHER(v3, '}', ']'));
#undef MW_EITHER
#undef MW_EQ
  return classes;
}

#else

MW_INLINE uint64_t mw_string_stops16(const uint8_t *p) { return mw_string_stops16_portable(p); }

MW_INLINE uint64_t mw_quotes16(const uint8_t *p) { return mw_quotes16_portable(p); }

MW_INLINE uint64_t mw_non_digits16(const uint8_t *p) { return mw_non_digits16_portable(p); }

MW_INLINE int mw_mask16_shift(void) { return 0; }

MW_INLINE uint64_t mw_escape_stops16(const uint8_t *p, int slashes, int non_ascii) {
  return mw_escape_stops16_portable(p, slashes, non_ascii);
}

MW_INLINE int mw_indentation_is(const uint8_t *p, long length) { return mw_indentation_is_portable(p, length); }

MW_INLINE mw_block_classes mw_classify64(const uint8_t *p) { return mw_classify64_portable(p); }

MW_INLINE size_t mw_count_continuations(const uint8_t *p, size_t count) {
  return mw_count_continuations_portable(p, count);
}

#endif


// MARK: UTF-8 inside strings, sixteen bytes at a time (CMapwrightSIMD.c)

/// Whether `mw_utf8_until_stop_vector` runs on this processor: always with NEON on arm64; on
/// x86-64 when the processor has SSSE3 (asked with `cpuid` on each call: callers keep the
/// answer); never on other targets.
int mw_utf8_vector_supported(void);

/// Validates the string bytes at `p` (`available` bytes readable) as UTF-8 up to the first
/// byte that stops a string scan: a quote, a backslash or a control byte below 0x20. Returns
/// that byte's offset when every byte before it is well-formed UTF-8 ending in a whole
/// character (the bytes before `p` are taken to end one). Otherwise returns `-1 - offset`,
/// where `offset` is how far validation got in whole sixteen-byte blocks: the block at
/// `offset` holds malformed UTF-8 or is not wholly readable (fewer than sixteen bytes left),
/// and the caller checks the bytes byte by byte, at least up to `offset + 16`.
/// Requires `mw_utf8_vector_supported()`.
long mw_utf8_until_stop_vector(const uint8_t *p, long available);

/// The same contract, one byte at a time: the reference the tests compare the vector build
/// with.
long mw_utf8_until_stop_portable(const uint8_t *p, long available);

#endif
