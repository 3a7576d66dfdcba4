// The byte classifiers are all inline in include/CMapwrightSIMD.h. This file holds the UTF-8
// check of string bytes, sixteen bytes at a time, which needs SSSE3 on x86-64 (a byte table
// lookup, `pshufb`): not part of every x86-64 processor, so it is compiled for SSSE3 alone
// and used only where `cpuid` says the processor has it.
//
// The check (after the method Keiser and Lemire describe in "Validating UTF-8 In Less Than
// One Instruction Per Byte", 2021). A byte of well-formed UTF-8 is wrong in one of two ways:
//
//   - with the byte before it: a lead byte followed by a non-continuation (too short), an
//     ASCII byte followed by a continuation (too long), a continuation after a continuation
//     that no lead asked for, an overlong form (C0 or C1 then anything, E0 then 80..9F, F0
//     then 80..8F), a surrogate (ED then A0..BF), a value above U+10FFFF (F4 then 90..BF, F5
//     and up then anything). Each of these is a set of (high nibble of the byte before, low
//     nibble of the byte before, high nibble of the byte) triples that is a product of three
//     nibble sets; each gets one bit, and three 16-entry tables say which classes each nibble
//     allows. A byte is wrong when the three lookups share a bit.
//   - with the bytes two and three before it: the third byte of a three- or four-byte
//     sequence and the fourth of a four-byte one must be continuations (a lead E0..FF two
//     bytes back, F0..FF three back). The "continuation after a continuation" class above
//     must be set exactly there.
//
// Blocks are checked in order, each with the last bytes of the block before it (zeros before
// the first, as if the string's bytes before `p` were ASCII). In the block holding the first
// quote, backslash or control byte, only the bytes up to that one count: it is ASCII, so a
// sequence cut short by it is flagged at it.

#include "CMapwrightSIMD.h"
#include "UTF8Classes.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <tmmintrin.h>
#endif

MW_INLINE int mw_string_stop(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }

long mw_utf8_until_stop_portable(const uint8_t *p, long available) {
  long limit = available & ~15L;
  uint8_t p1 = 0, p2 = 0, p3 = 0;
  for (long i = 0; i < limit; i++) {
    uint8_t c = p[i];
    if (mw_utf8_wrong(p3, p2, p1, c)) return -1 - (i & ~15L);
    if (mw_string_stop(c)) return i;
    p3 = p2;
    p2 = p1;
    p1 = c;
  }
  return -1 - limit;
}

// MARK: Vector builds

#if defined(__x86_64__)

int mw_utf8_vector_supported(void) {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3) != 0;
}

__attribute__((target("ssse3"))) long mw_utf8_until_stop_vector(const uint8_t *p, long available) {
  const __m128i previous_high = _mm_loadu_si128((const __m128i *)mw_by_previous_high);
  const __m128i previous_low = _mm_loadu_si128((const __m128i *)mw_by_previous_low);
  const __m128i high = _mm_loadu_si128((const __m128i *)mw_by_high);
  const __m128i nibble = _mm_set1_epi8(0x0F);
  __m128i previous = _mm_setzero_si128();
  long pos = 0;
  for (; pos + 16 <= available; pos += 16) {
    __m128i bytes = _mm_loadu_si128((const __m128i *)(p + pos));
    // Quotes, backslashes and bytes of 0x1F and below (unsigned: the maximum with 0x1F is 0x1F).
    __m128i stops = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))),
      _mm_cmpeq_epi8(_mm_max_epu8(bytes, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F)));
    __m128i before1 = _mm_alignr_epi8(bytes, previous, 15);
    __m128i before2 = _mm_alignr_epi8(bytes, previous, 14);
    __m128i before3 = _mm_alignr_epi8(bytes, previous, 13);
    __m128i classes = _mm_and_si128(
      _mm_and_si128(
        _mm_shuffle_epi8(previous_high, _mm_and_si128(_mm_srli_epi16(before1, 4), nibble)),
        _mm_shuffle_epi8(previous_low, _mm_and_si128(before1, nibble))),
      _mm_shuffle_epi8(high, _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble)));
    // 0x80 where a continuation is required: E0 and up two bytes back, F0 and up three back
    // (a saturating subtraction leaves the high bit set exactly then).
    __m128i required = _mm_and_si128(
      _mm_or_si128(_mm_subs_epu8(before2, _mm_set1_epi8(0x60)), _mm_subs_epu8(before3, _mm_set1_epi8(0x70))),
      _mm_set1_epi8((char)0x80));
    __m128i wrong = _mm_xor_si128(classes, required);
    unsigned wrong_mask = 0xFFFFu ^ (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(wrong, _mm_setzero_si128()));
    unsigned stop_mask = (unsigned)_mm_movemask_epi8(stops);
    if (stop_mask != 0) {
      int stop = __builtin_ctz(stop_mask);
      return (wrong_mask & ((2u << stop) - 1)) != 0 ? -1 - pos : pos + stop;
    }
    if (wrong_mask != 0) return -1 - pos;
    previous = bytes;
  }
  return -1 - pos;
}

#elif defined(__aarch64__) && defined(__ARM_NEON)

int mw_utf8_vector_supported(void) { return 1; }

/// Sixteen comparison results (0xFF or 0) as four bits per byte.
MW_INLINE uint64_t mw_nibble_mask(uint8x16_t lanes) {
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(lanes), 4)), 0);
}

long mw_utf8_until_stop_vector(const uint8_t *p, long available) {
  const uint8x16_t previous_high = vld1q_u8(mw_by_previous_high);
  const uint8x16_t previous_low = vld1q_u8(mw_by_previous_low);
  const uint8x16_t high = vld1q_u8(mw_by_high);
  const uint8x16_t nibble = vdupq_n_u8(0x0F);
  uint8x16_t previous = vdupq_n_u8(0);
  long pos = 0;
  for (; pos + 16 <= available; pos += 16) {
    uint8x16_t bytes = vld1q_u8(p + pos);
    uint8x16_t stops = vorrq_u8(vorrq_u8(vceqq_u8(bytes, vdupq_n_u8('"')), vceqq_u8(bytes, vdupq_n_u8('\\'))),
      vcltq_u8(bytes, vdupq_n_u8(0x20)));
    uint8x16_t before1 = vextq_u8(previous, bytes, 15);
    uint8x16_t before2 = vextq_u8(previous, bytes, 14);
    uint8x16_t before3 = vextq_u8(previous, bytes, 13);
    uint8x16_t classes = vandq_u8(
      vandq_u8(vqtbl1q_u8(previous_high, vshrq_n_u8(before1, 4)), vqtbl1q_u8(previous_low, vandq_u8(before1, nibble))),
      vqtbl1q_u8(high, vshrq_n_u8(bytes, 4)));
    uint8x16_t required = vandq_u8(
      vorrq_u8(vqsubq_u8(before2, vdupq_n_u8(0x60)), vqsubq_u8(before3, vdupq_n_u8(0x70))), vdupq_n_u8(0x80));
    uint8x16_t wrong = veorq_u8(classes, required);
    uint64_t wrong_mask = mw_nibble_mask(vtstq_u8(wrong, wrong));
    uint64_t stop_mask = mw_nibble_mask(stops);
    if (stop_mask != 0) {
      int stop = __builtin_ctzll(stop_mask) >> 2;
      uint64_t upto = stop == 15 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * (stop + 1))) - 1;
      return (wrong_mask & upto) != 0 ? -1 - pos : pos + stop;
    }
    if (wrong_mask != 0) return -1 - pos;
    previous = bytes;
  }
  return -1 - pos;
}

#else

int mw_utf8_vector_supported(void) { return 0; }

long mw_utf8_until_stop_vector(const uint8_t *p, long available) { return mw_utf8_until_stop_portable(p, available); }

#endif
