// The first stage of the indexed parse: the portable reference kernel, the helpers of the vector
// kernel (Stage1Kernel.h), its builds per instruction set, and the choice among them. What the
// stage produces, and the method, are in include/CMapwrightStage1.h.

#include "CMapwrightStage1.h"
#include "UTF8Classes.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#endif

// Generic vectors are passed between always-inlined helpers only; the ABI note does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#define MW_ALWAYS static inline __attribute__((always_inline))

// MARK: Portable reference

MW_ALWAYS int mw_is_operator(uint8_t c) {
  return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',';
}

MW_ALWAYS int mw_is_whitespace(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// What may follow a backslash in a string.
MW_ALWAYS int mw_is_escape(uint8_t c) {
  return c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't' || c == 'u';
}

/// One byte at a time, from the definitions in CMapwrightStage1.h: the output every vector
/// kernel must equal.
static size_t mw_stage1_portable(mw_stage1 *state, uint32_t *out, size_t blocks) {
  const uint8_t *bytes = state->bytes;
  const size_t count = state->count;
  size_t end = count - state->position > 64 * blocks ? state->position + 64 * blocks : count;
  uint8_t p3 = state->before[0], p2 = state->before[1], p1 = state->before[2];
  int inside = state->inside_string != 0;
  int escaped = (int)state->escape_next;
  int scalar_before = (int)state->scalar_before;
  uint32_t string_flags = (state->escapes_carry ? MW_INDEX_ESCAPES : 0) | (state->non_ascii_carry ? MW_INDEX_NON_ASCII : 0)
    | (state->unicode_carry ? MW_INDEX_UNICODE : 0);
  size_t written = 0;
  for (size_t i = state->position; i < end; i++) {
    const uint8_t c = bytes[i];
    if (mw_utf8_wrong(p3, p2, p1, c)) state->failed = 1;
    p3 = p2;
    p2 = p1;
    p1 = c;
    const int quote = c == '"' && !escaped;
    if (inside) {
      if (quote) {
        out[written++] = (uint32_t)i | string_flags;
        inside = 0;
      } else {
        if (c < 0x20) state->failed = 1;
        if (escaped) {
          if (!mw_is_escape(c)) state->failed = 1;
          if (c == 'u') string_flags |= MW_INDEX_UNICODE;
        }
        if (c == '\\') string_flags |= MW_INDEX_ESCAPES;
        if (c >= 0x80) string_flags |= MW_INDEX_NON_ASCII;
      }
      scalar_before = 0;
    } else if (quote) {
      out[written++] = (uint32_t)i;
      inside = 1;
      string_flags = 0;
      scalar_before = 0;
    } else if (mw_is_operator(c)) {
      out[written++] = (uint32_t)i;
      scalar_before = 0;
    } else if (mw_is_whitespace(c)) {
      scalar_before = 0;
    } else {
      if (!scalar_before) out[written++] = (uint32_t)i;
      scalar_before = 1;
    }
    escaped = c == '\\' && !escaped;
  }
  state->position = end;
  state->before[0] = p3;
  state->before[1] = p2;
  state->before[2] = p1;
  state->inside_string = inside ? ~(uint64_t)0 : 0;
  state->escape_next = (uint64_t)escaped;
  state->scalar_before = (uint64_t)scalar_before;
  state->escapes_carry = inside && (string_flags & MW_INDEX_ESCAPES);
  state->non_ascii_carry = inside && (string_flags & MW_INDEX_NON_ASCII);
  state->unicode_carry = inside && (string_flags & MW_INDEX_UNICODE);
  if (end >= count) {
    if (inside) state->failed = 1;
    // A sequence cut short by the end of the text (the vector kernels see padding spaces).
    for (int i = 0; i < 3; i++) {
      if (mw_utf8_wrong(p3, p2, p1, ' ')) state->failed = 1;
      p3 = p2;
      p2 = p1;
      p1 = ' ';
    }
  }
  return written;
}

// MARK: Helpers of the vector kernel

typedef uint8_t mw_v64 __attribute__((vector_size(64)));
typedef uint8_t mw_v32 __attribute__((vector_size(32)));
typedef uint8_t mw_v16 __attribute__((vector_size(16)));
typedef _Bool mw_b64 __attribute__((ext_vector_type(64)));

#define MW_I4(b) (b), (b) + 1, (b) + 2, (b) + 3
#define MW_I16(b) MW_I4(b), MW_I4((b) + 4), MW_I4((b) + 8), MW_I4((b) + 12)
#define MW_I32(b) MW_I16(b), MW_I16((b) + 16)
#define MW_I64(b) MW_I32(b), MW_I32((b) + 32)

/// A comparison's lanes (all ones or zero) as a mask, bit i for lane i. The empty `asm` keeps
/// the mask in a general register: left to itself, the optimizer folds the masks' logic back
/// into vectors of 64 booleans, which without AVX-512 it takes apart one lane at a time.
#define mw_bits(comparison) \
  ({ \
    uint64_t mw_mask = __builtin_bit_cast(uint64_t, __builtin_convertvector((comparison), mw_b64)); \
    __asm__("" : "+r"(mw_mask)); \
    mw_mask; \
  })

// The helpers that take or give vectors are macros: outside AVX-512, a function call with a
// 64-byte vector is refused (its ABI would depend on the instruction set), inlined or not.

/// A vector of 64 copies of `c`.
#define mw_splat(c) ((mw_v64){0} + (uint8_t)(c))

/// The bytes of `v` equal to `c`, as a mask.
#define mw_equal(v, c) mw_bits((v) == (uint8_t)(c))

/// Whether any byte of `v` is not zero.
#define mw_any(v) (mw_bits((v) != 0) != 0)

/// A 16-byte table repeated four times.
#define mw_repeat16(table) \
  ({ \
    mw_v16 mw_t; \
    __builtin_memcpy(&mw_t, (table), 16); \
    (mw_v64) __builtin_shufflevector(mw_t, mw_t, MW_I16(0), MW_I16(0), MW_I16(0), MW_I16(0)); \
  })

/// A 16-entry table lookup of 64 nibbles, sixteen at a time, with `lookup16` (a 16-byte vector
/// type `vector16`'s table instruction: `pshufb`, `tbl`).
#define MW_LOOKUP_BY_QUARTERS(table, nibbles, vector16, lookup16) \
  ({ \
    const mw_v64 mw_n = (nibbles); \
    const vector16 mw_t = (vector16)__builtin_shufflevector((table), (table), MW_I16(0)); \
    const mw_v16 mw_a = (mw_v16)lookup16(mw_t, (vector16)__builtin_shufflevector(mw_n, mw_n, MW_I16(0))); \
    const mw_v16 mw_b = (mw_v16)lookup16(mw_t, (vector16)__builtin_shufflevector(mw_n, mw_n, MW_I16(16))); \
    const mw_v16 mw_c = (mw_v16)lookup16(mw_t, (vector16)__builtin_shufflevector(mw_n, mw_n, MW_I16(32))); \
    const mw_v16 mw_d = (mw_v16)lookup16(mw_t, (vector16)__builtin_shufflevector(mw_n, mw_n, MW_I16(48))); \
    const mw_v32 mw_ab = __builtin_shufflevector(mw_a, mw_b, MW_I32(0)); \
    const mw_v32 mw_cd = __builtin_shufflevector(mw_c, mw_d, MW_I32(0)); \
    (mw_v64) __builtin_shufflevector(mw_ab, mw_cd, MW_I64(0)); \
  })

/// Bit i set when the quotes at or below bit i are odd in number.
MW_ALWAYS uint64_t mw_prefix_xor(uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

/// The escaped bytes of a block: each byte after a backslash that is not itself escaped. One
/// step per backslash (backslashes are rare; a block of them costs 64 steps, still linear).
MW_ALWAYS uint64_t mw_escaped(uint64_t backslashes, uint64_t *escape_next) {
  uint64_t escaped = *escape_next;
  uint64_t next = 0;
  while (backslashes) {
    const int i = __builtin_ctzll(backslashes);
    backslashes &= backslashes - 1;
    if (!((escaped >> i) & 1)) {
      if (i == 63) {
        next = 1;
      } else {
        escaped |= (uint64_t)1 << (i + 1);
      }
    }
  }
  *escape_next = next;
  return escaped;
}

/// The bits just above the runs of `content` that hold a bit of `flagged` (see the header
/// comment of CMapwrightStage1.h), with the carry from and into the neighbouring blocks.
MW_ALWAYS uint64_t mw_carried_into(uint64_t content, uint64_t flagged, uint64_t *carry) {
  if ((flagged | *carry) == 0) return 0;
  uint64_t sum;
  const uint64_t first = __builtin_add_overflow(content, flagged, &sum);
  const uint64_t second = __builtin_add_overflow(sum, *carry, &sum);
  *carry = first | second;
  return sum & ~content;
}

/// Marks the closing quotes of `bits` (entries from `out` on) whose strings hold a backslash or a
/// high byte (a string with a `\u` escape holds a backslash).
MW_ALWAYS void mw_mark_strings(uint32_t *out, uint64_t bits, uint64_t escapes, uint64_t non_ascii, uint64_t unicode) {
  uint64_t flagged = escapes | non_ascii;
  while (flagged) {
    const uint64_t bit = flagged & (0 - flagged);
    flagged ^= bit;
    const size_t slot = (size_t)__builtin_popcountll(bits & (bit - 1));
    out[slot] |= ((escapes & bit) ? MW_INDEX_ESCAPES : 0) | ((non_ascii & bit) ? MW_INDEX_NON_ASCII : 0)
      | ((unicode & bit) ? MW_INDEX_UNICODE : 0);
  }
}

/// Writes the offsets of the set bits of `bits` (plus `base`) to `out`, eight at a time (up to
/// seven entries past the last are written with junk: `out` has room), and marks the strings;
/// returns how many bits were set.
MW_ALWAYS size_t mw_flatten(uint32_t *out, uint64_t bits, uint32_t base, uint64_t escapes, uint64_t non_ascii, uint64_t unicode) {
  const size_t n = (size_t)__builtin_popcountll(bits);
  uint64_t rest = bits;
  for (size_t i = 0; i < n; i += 8) {
    for (int j = 0; j < 8; j++) {
      out[i + j] = base + (uint32_t)__builtin_ctzg(rest, 64);
      rest &= rest - 1;
    }
  }
  mw_mark_strings(out, bits, escapes, non_ascii, unicode);
  return n;
}

// MARK: Vector builds

#if defined(__x86_64__)

#define mw_lookup_avx512(table, nibbles) ((mw_v64)_mm512_shuffle_epi8((__m512i)(table), (__m512i)(nibbles)))

#define MW_AVX512_FEATURES "avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,bmi2,popcnt"

/// `mw_flatten` with VBMI2: the offsets within the block packed as bytes (`vpcompressb`), then
/// widened sixteen at a time; up to fifteen junk entries past the last.
MW_ALWAYS __attribute__((target(MW_AVX512_FEATURES))) size_t mw_flatten_avx512(
  uint32_t *out, uint64_t bits, uint32_t base, uint64_t escapes, uint64_t non_ascii, uint64_t unicode) {
  const __m512i offsets = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
    43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14,
    13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i packed = _mm512_maskz_compress_epi8(bits, offsets);
  const __m512i bases = _mm512_set1_epi32((int)base);
  const size_t n = (size_t)__builtin_popcountll(bits);
  _mm512_storeu_si512(out, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed)), bases));
  if (n > 16) {
    _mm512_storeu_si512(out + 16, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 1)), bases));
    if (n > 32) {
      _mm512_storeu_si512(out + 32, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 2)), bases));
      _mm512_storeu_si512(out + 48, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 3)), bases));
    }
  }
  mw_mark_strings(out, bits, escapes, non_ascii, unicode);
  return n;
}

#define MW_KERNEL_FUNCTION mw_stage1_avx512
#define MW_KERNEL_TARGET __attribute__((target(MW_AVX512_FEATURES)))
#define MW_KERNEL_LOOKUP mw_lookup_avx512
#define MW_KERNEL_FLATTEN mw_flatten_avx512
#include "Stage1Kernel.h"
#undef MW_KERNEL_FUNCTION
#undef MW_KERNEL_TARGET
#undef MW_KERNEL_LOOKUP
#undef MW_KERNEL_FLATTEN

#define mw_lookup_avx2(table, nibbles) \
  ({ \
    const mw_v64 mw_n = (nibbles); \
    const __m256i mw_t = (__m256i)__builtin_shufflevector((table), (table), MW_I32(0)); \
    const mw_v32 mw_low = (mw_v32)_mm256_shuffle_epi8(mw_t, (__m256i)__builtin_shufflevector(mw_n, mw_n, MW_I32(0))); \
    const mw_v32 mw_high = (mw_v32)_mm256_shuffle_epi8(mw_t, (__m256i)__builtin_shufflevector(mw_n, mw_n, MW_I32(32))); \
    (mw_v64) __builtin_shufflevector(mw_low, mw_high, MW_I64(0)); \
  })

#define MW_KERNEL_FUNCTION mw_stage1_avx2
#define MW_KERNEL_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define MW_KERNEL_LOOKUP mw_lookup_avx2
#define MW_KERNEL_FLATTEN mw_flatten
#include "Stage1Kernel.h"
#undef MW_KERNEL_FUNCTION
#undef MW_KERNEL_TARGET
#undef MW_KERNEL_LOOKUP
#undef MW_KERNEL_FLATTEN

#define mw_lookup_sse42(table, nibbles) MW_LOOKUP_BY_QUARTERS(table, nibbles, __m128i, _mm_shuffle_epi8)

#define MW_KERNEL_FUNCTION mw_stage1_sse42
#define MW_KERNEL_TARGET __attribute__((target("sse4.2,popcnt")))
#define MW_KERNEL_LOOKUP mw_lookup_sse42
#define MW_KERNEL_FLATTEN mw_flatten
#include "Stage1Kernel.h"
#undef MW_KERNEL_FUNCTION
#undef MW_KERNEL_TARGET
#undef MW_KERNEL_LOOKUP
#undef MW_KERNEL_FLATTEN

static unsigned mw_detect_kernels(void) {
  unsigned kernels = 1u << MW_KERNEL_PORTABLE;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return kernels;
  const int popcnt = (ecx & bit_POPCNT) != 0;
  if ((ecx & bit_SSE4_2) && popcnt) kernels |= 1u << MW_KERNEL_SSE42;
  // AVX registers need the operating system's support as well (OSXSAVE, then XCR0).
  if (!(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return kernels;
  unsigned xcr0_low, xcr0_high;
  __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if ((xcr0_low & 0x6) != 0x6) return kernels;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return kernels;
  // The kernels also use BMI1, BMI2 and POPCNT, which every AVX2 processor has.
  const int bit_manipulation = popcnt && (ebx & bit_BMI) && (ebx & bit_BMI2);
  if (!bit_manipulation) return kernels;
  if (ebx & bit_AVX2) kernels |= 1u << MW_KERNEL_AVX2;
  const int avx512 = (ebx & bit_AVX512F) && (ebx & bit_AVX512BW) && (ebx & bit_AVX512VL) && (ecx & bit_AVX512VBMI2);
  if (avx512 && (xcr0_low & 0xE6) == 0xE6) kernels |= 1u << MW_KERNEL_AVX512;
  return kernels;
}

#elif defined(__aarch64__) && defined(__ARM_NEON)

#define mw_lookup_neon(table, nibbles) MW_LOOKUP_BY_QUARTERS(table, nibbles, uint8x16_t, vqtbl1q_u8)

#define MW_KERNEL_FUNCTION mw_stage1_neon
#define MW_KERNEL_TARGET
#define MW_KERNEL_LOOKUP mw_lookup_neon
#define MW_KERNEL_FLATTEN mw_flatten
#include "Stage1Kernel.h"
#undef MW_KERNEL_FUNCTION
#undef MW_KERNEL_TARGET
#undef MW_KERNEL_LOOKUP
#undef MW_KERNEL_FLATTEN

static unsigned mw_detect_kernels(void) { return (1u << MW_KERNEL_PORTABLE) | (1u << MW_KERNEL_NEON); }

#else

static unsigned mw_detect_kernels(void) { return 1u << MW_KERNEL_PORTABLE; }

#endif

// MARK: Choice and entry points

unsigned mw_stage1_kernels(void) {
  static unsigned cached = 0;
  unsigned kernels = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (kernels == 0) {
    kernels = mw_detect_kernels();
    __atomic_store_n(&cached, kernels, __ATOMIC_RELAXED);
  }
  return kernels;
}

static int mw_choose_kernel(void) {
  const unsigned kernels = mw_stage1_kernels();
  const char *asked = getenv("MAPWRIGHT_JSON_KERNEL");
  if (asked) {
    static const char *const names[] = {"portable", "sse42", "avx2", "avx512", "neon"};
    if (strcmp(asked, "off") == 0) return MW_KERNEL_OFF;
    for (int k = 0; k < 5; k++) {
      if (strcmp(asked, names[k]) == 0 && (kernels & (1u << k))) return k;
    }
  }
  for (int k = 4; k > 0; k--) {
    if (kernels & (1u << k)) return k;
  }
  return MW_KERNEL_PORTABLE;
}

int mw_stage1_chosen_kernel(void) {
  // Stored plus two, so that zero means "not yet chosen".
  static int cached = 0;
  int chosen = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (chosen == 0) {
    chosen = mw_choose_kernel() + 2;
    __atomic_store_n(&cached, chosen, __ATOMIC_RELAXED);
  }
  return chosen - 2;
}

void mw_stage1_start(mw_stage1 *state, const uint8_t *bytes, size_t count, int kernel) {
  memset(state, 0, sizeof *state);
  state->bytes = bytes;
  state->count = count;
  state->kernel = kernel;
}

size_t mw_stage1_fill(mw_stage1 *state, uint32_t *out, size_t blocks) {
  switch (state->kernel) {
#if defined(__x86_64__)
  case MW_KERNEL_AVX512: return mw_stage1_avx512(state, out, blocks);
  case MW_KERNEL_AVX2: return mw_stage1_avx2(state, out, blocks);
  case MW_KERNEL_SSE42: return mw_stage1_sse42(state, out, blocks);
#elif defined(__aarch64__) && defined(__ARM_NEON)
  case MW_KERNEL_NEON: return mw_stage1_neon(state, out, blocks);
#endif
  default: return mw_stage1_portable(state, out, blocks);
  }
}
