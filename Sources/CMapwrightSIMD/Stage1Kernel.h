// The vector kernel of the first stage (see include/CMapwrightStage1.h for what it produces and
// how), written once with the compiler's generic vectors and included by Stage1.c once per
// instruction set. Before each inclusion Stage1.c defines
//   MW_KERNEL_FUNCTION  the kernel's name
//   MW_KERNEL_TARGET    the attribute that compiles it for its instruction set
//   MW_KERNEL_LOOKUP    a function (mw_v64 table, mw_v64 nibbles) -> mw_v64: in each byte, the
//                       entry of the 16-byte table (repeated four times) that the nibble selects
//   MW_KERNEL_FLATTEN   mw_flatten or a faster equivalent for the instruction set
// No include guard: it is meant to be included several times.

MW_KERNEL_TARGET static size_t MW_KERNEL_FUNCTION(mw_stage1 *state, uint32_t *out, size_t blocks) {
  const uint8_t *bytes = state->bytes;
  const size_t count = state->count;
  const mw_v64 by_previous_high = mw_repeat16(mw_by_previous_high);
  const mw_v64 by_previous_low = mw_repeat16(mw_by_previous_low);
  const mw_v64 by_high = mw_repeat16(mw_by_high);
  mw_v64 previous;
  __builtin_memcpy(&previous, state->previous_block, 64);
  mw_v64 utf8_wrong = mw_splat(0);
  // The state in locals: the stores through `out` could otherwise alias it, and each block
  // would wait for the last one's state to go through memory.
  uint64_t utf8_incomplete = state->utf8_incomplete;
  uint64_t inside_string = state->inside_string, escape_next = state->escape_next;
  uint64_t scalar_before = state->scalar_before;
  uint64_t escapes_carry = state->escapes_carry, non_ascii_carry = state->non_ascii_carry;
  uint64_t unicode_carry = state->unicode_carry;
  uint64_t failed = 0;
  size_t position = state->position;
  size_t written = 0;
  for (size_t block = 0; block < blocks && position < count; block++) {
    const size_t base = position;
    mw_v64 v;
    if (count - base >= 64) {
      __builtin_memcpy(&v, bytes + base, 64);
    } else {
      // The last, partial block: padded with spaces, which add nothing to the index.
      uint8_t padded[64];
      __builtin_memset(padded, ' ', 64);
      __builtin_memcpy(padded, bytes + base, count - base);
      __builtin_memcpy(&v, padded, 64);
    }
    const uint64_t quotes = mw_equal(v, '"');
    const uint64_t backslashes = mw_equal(v, '\\');
    const uint64_t high = mw_bits(v >= 0x80);
    const uint64_t control = mw_bits(v < 0x20);

    if ((quotes | backslashes | escape_next) == 0 && inside_string) {
      // The middle of a long string: nothing to index, only its bytes to check.
      failed |= control;
      non_ascii_carry |= high != 0;
      scalar_before = 0;
    } else {
      const uint64_t whitespace = mw_bits((v == ' ') | (v == '\t') | (v == '\n') | (v == '\r'));
      // 0x20 set turns '[' into '{' and ']' into '}', and no other byte into either.
      const mw_v64 folded = v | 0x20;
      const uint64_t operators = mw_bits((folded == '{') | (folded == '}') | (v == ':') | (v == ','));

      const uint64_t escaped = mw_escaped(backslashes, &escape_next);
      const uint64_t real_quotes = quotes & ~escaped;
      const uint64_t inside = mw_prefix_xor(real_quotes) ^ inside_string;
      inside_string = (uint64_t)((int64_t)inside >> 63);
      const uint64_t closing = real_quotes & ~inside;
      const uint64_t content = inside & ~real_quotes;
      failed |= control & content;
      const uint64_t escapes = mw_carried_into(content, backslashes & content, &escapes_carry) & closing;
      const uint64_t non_ascii = mw_carried_into(content, high & content, &non_ascii_carry) & closing;
      uint64_t unicode_escapes = 0;
      if (escaped) {
        const uint64_t valid = mw_bits((v == '"') | (v == '\\') | (v == '/') | (v == 'b') | (v == 'f') | (v == 'n')
          | (v == 'r') | (v == 't') | (v == 'u'));
        failed |= escaped & content & ~valid;
        unicode_escapes = escaped & content & mw_equal(v, 'u');
      }
      const uint64_t unicode = mw_carried_into(content, unicode_escapes, &unicode_carry) & closing;

      const uint64_t scalar = ~(whitespace | operators | real_quotes | inside);
      const uint64_t scalar_starts = scalar & ~((scalar << 1) | scalar_before);
      scalar_before = scalar >> 63;
      const uint64_t structural = (operators & ~inside) | real_quotes | scalar_starts;
      written += MW_KERNEL_FLATTEN(out + written, structural, (uint32_t)base, escapes, non_ascii, unicode);
    }

    if (high) {
      const mw_v64 before1 = __builtin_shufflevector(previous, v, MW_I64(63));
      const mw_v64 before2 = __builtin_shufflevector(previous, v, MW_I64(62));
      const mw_v64 before3 = __builtin_shufflevector(previous, v, MW_I64(61));
      const mw_v64 classes = MW_KERNEL_LOOKUP(by_previous_high, before1 >> 4)
        & MW_KERNEL_LOOKUP(by_previous_low, before1 & 0x0F) & MW_KERNEL_LOOKUP(by_high, v >> 4);
      const mw_v64 required = (mw_v64)((before2 >= 0xE0) | (before3 >= 0xF0)) & 0x80;
      utf8_wrong |= classes ^ required;
      utf8_incomplete = v[63] >= 0xC0 || v[62] >= 0xE0 || v[61] >= 0xF0;
    } else {
      // An ASCII block is wrong only where the block before ended inside a sequence.
      failed |= utf8_incomplete;
      utf8_incomplete = 0;
    }
    previous = v;
    position = count - base > 64 ? base + 64 : count;
  }
  state->position = position;
  state->inside_string = inside_string;
  state->escape_next = escape_next;
  state->scalar_before = scalar_before;
  state->escapes_carry = escapes_carry;
  state->non_ascii_carry = non_ascii_carry;
  state->unicode_carry = unicode_carry;
  if (failed || mw_any(utf8_wrong)) state->failed = 1;
  __builtin_memcpy(state->previous_block, &previous, 64);
  state->utf8_incomplete = utf8_incomplete;
  if (position >= count && (inside_string || utf8_incomplete)) state->failed = 1;
  return written;
}
