// The structural index of a JSON text, 64 bytes at a time: the first stage of MapwrightJSON's
// indexed parse (Parser/JSONParser+Indexed.swift walks it into the tape).
//
// The index lists, in order, the byte offsets of
//   - the operators `{ } [ ] : ,` outside strings;
//   - every unescaped quote: the one that opens a string and the one that closes it. A closing
//     quote's entry also says what lies between the two: MW_INDEX_ESCAPES when the string holds
//     a backslash, MW_INDEX_UNICODE when it holds a `\u` escape, MW_INDEX_NON_ASCII when it
//     holds a byte of 0x80 or more;
//   - the first byte of every scalar run: a run of bytes outside strings that are neither
//     whitespace (space, tab, line feed, carriage return), operators nor quotes (a number, a
//     literal, or something invalid that the second stage rejects).
// A byte is escaped when an odd run of backslashes comes right before it, inside strings or
// not (outside a string a backslash is invalid anyway, and the second stage rejects it).
//
// The first stage fails, and says only that it failed, when the text is not well-formed UTF-8
// anywhere, holds a control byte (below 0x20) inside a string, an escape inside a string other
// than \" \\ \/ \b \f \n \r \t and \u (whose hex digits and surrogates the second stage checks),
// or ends inside a string. The
// second stage finds every other error; either way the one-pass parser then parses the text
// again and reports the error exactly.
//
// Method, per block of 64 bytes: each class of byte becomes a 64-bit mask (bit i for byte i);
// the escaped bytes follow from the backslashes (a loop over the backslashes, which are rare);
// the bytes inside strings are the prefix XOR of the unescaped quotes (bit i is the parity of
// the quotes at or below i), so the opening quote is inside and the closing one is not. Whether
// a string's content holds a backslash (or a high byte) is one addition: the content of a string
// is a run of ones, and adding the flagged bytes of the run to it carries a one into the bit of
// the closing quote exactly when the run held one of them (further flagged bytes of the same run
// stay inside the run, which is masked off). The carry out of bit 63 continues into the next
// block. The bytes after a backslash are compared with the valid escapes in the blocks that
// have any. UTF-8 is checked with three nibble lookups per byte, as in CMapwrightSIMD.c, over the
// whole text, only in blocks that hold a high byte or follow one that ended mid-sequence.
//
// Kernels: one portable reference, byte by byte, that defines the output; and one vector kernel
// written once with the compiler's generic vectors (Stage1Kernel.h), compiled for AVX-512 (F, BW,
// VL and VBMI2, as in Ice Lake and Zen 4 and later, whose `vpcompressb` writes the index),
// AVX2 and SSE4.2 on x86-64 (each with the bit instructions its processors have: POPCNT, and
// BMI1 and BMI2 beside AVX2) and for NEON on arm64. The fastest kernel the processor runs is
// chosen when the program starts; the environment variable MAPWRIGHT_JSON_KERNEL (portable,
// sse42, avx2, avx512, neon or off) chooses another, where the processor runs it.

#ifndef CMAPWRIGHT_STAGE1_H
#define CMAPWRIGHT_STAGE1_H

#include <stddef.h>
#include <stdint.h>

/// Kernel numbers.
#define MW_KERNEL_PORTABLE 0
#define MW_KERNEL_SSE42 1
#define MW_KERNEL_AVX2 2
#define MW_KERNEL_AVX512 3
#define MW_KERNEL_NEON 4
/// What `mw_stage1_chosen_kernel` answers when MAPWRIGHT_JSON_KERNEL is `off`.
#define MW_KERNEL_OFF -1

/// A closing quote's entry: the string holds a backslash.
#define MW_INDEX_ESCAPES 0x80000000u
/// A closing quote's entry: the string holds a byte of 0x80 or more.
#define MW_INDEX_NON_ASCII 0x40000000u
/// A closing quote's entry: the string holds a `\u` escape.
#define MW_INDEX_UNICODE 0x20000000u
/// The offset bits of an entry.
#define MW_INDEX_OFFSET 0x1FFFFFFFu
/// Texts this long or longer (512 MiB) are not indexed (their offsets need the flag bits).
#define MW_STAGE1_INPUT_LIMIT 0x20000000u

/// The state of one text's first stage, carried from block to block.
typedef struct {
  const uint8_t *bytes;
  size_t count;
  /// The offset of the next block.
  size_t position;
  int kernel;
  /// Nonzero once the text is known to be invalid (see the header comment).
  int failed;
  /// All ones when the previous block ended inside a string, else zero.
  uint64_t inside_string;
  /// 1 when the first byte of the next block is escaped.
  uint64_t escape_next;
  /// 1 when the previous block ended in a scalar run.
  uint64_t scalar_before;
  /// The carries of the three string-content additions (backslashes, high bytes, `\u`).
  uint64_t escapes_carry;
  uint64_t non_ascii_carry;
  uint64_t unicode_carry;
  /// 1 when the previous block ended in the middle of a UTF-8 sequence.
  uint64_t utf8_incomplete;
  /// The three bytes before the next block (the portable kernel's UTF-8 check), oldest first.
  uint8_t before[3];
  /// The previous block (the vector kernels' UTF-8 check).
  uint8_t previous_block[64];
} mw_stage1;

/// The kernels this processor runs: bit k for kernel k (the portable one always).
unsigned mw_stage1_kernels(void);

/// The kernel the parser uses: the fastest this processor runs, or MAPWRIGHT_JSON_KERNEL's
/// choice where it runs here (MW_KERNEL_OFF for `off`). Read once per process.
int mw_stage1_chosen_kernel(void);

/// Starts the first stage of `count` bytes (less than MW_STAGE1_INPUT_LIMIT) with `kernel`,
/// which must be one the processor runs.
void mw_stage1_start(mw_stage1 *state, const uint8_t *bytes, size_t count, int kernel);

/// Indexes up to `blocks` more blocks of 64 bytes into `out` (room for 64 * (blocks + 1)
/// entries) and returns how many entries it wrote. The last block of the text may be partial.
/// Once `state->position` reaches `state->count`, the text is complete and `state->failed`
/// says whether it is invalid; a failure may also be set earlier.
size_t mw_stage1_fill(mw_stage1 *state, uint32_t *out, size_t blocks);

#endif
