// Tape buffers kept for the next document.
//
// A document's tape is its one large allocation (about twice the input's size). When a
// document goes, its buffer is kept here, and the next parse takes it instead of asking
// malloc for a new one.
//
// Why it matters more than the allocation itself: glibc's malloc keeps freed small blocks
// on "fast" lists and merges them all ("consolidation") at the next request of 1 KiB or
// more. A program that has just freed many small objects (a decoded model graph, another
// library's parse) and then parses a document pays for that merge inside the parse, one
// cache miss per freed block: measured on this package's benchmark machine, a twitter.json
// parse after 150,000 small blocks were freed in random order took 30 ms instead of 0.3 ms.
// A kept buffer needs no request, so the merge is left to whoever asks next.
//
// Buffers under MW_TAPE_KEPT_MIN (1 KiB, below which malloc does not consolidate) are
// plain malloc and free. A cache is MW_TAPE_SLOTS slots, each holding one buffer or none,
// taken and filled with atomic exchanges (a document may be freed on any thread); the
// parser uses one shared cache, the tests their own. While a buffer is kept, its first
// word holds its capacity. Buffers larger than MW_TAPE_KEPT_MAX are freed at once, so a
// cache keeps at most MW_TAPE_SLOTS x MW_TAPE_KEPT_MAX bytes; a kept buffer is given to a
// parse only if it is at most MW_TAPE_OVERSIZE times the size asked for (a small document
// does not take, and then hold for its lifetime, a buffer sized for a large one).

#include "TapeBuffers.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#define MW_TAPE_SLOTS 4
#define MW_TAPE_KEPT_MIN ((size_t)1 << 10)
#define MW_TAPE_KEPT_MAX ((size_t)8 << 20)
#define MW_TAPE_OVERSIZE 8

struct mw_tape_cache {
  _Atomic(void *) slots[MW_TAPE_SLOTS];
};

static mw_tape_cache mw_shared_tape_cache;

mw_tape_cache *mw_tape_cache_shared(void) { return &mw_shared_tape_cache; }

mw_tape_cache *mw_tape_cache_create(void) { return calloc(1, sizeof(mw_tape_cache)); }

void mw_tape_cache_destroy(mw_tape_cache *cache) {
  mw_tape_buffers_release(cache);
  free(cache);
}

/// Puts `buffer` in an empty slot; false when every slot is full.
static int mw_tape_keep(mw_tape_cache *cache, void *buffer, size_t capacity) {
  *(size_t *)buffer = capacity;
  for (int i = 0; i < MW_TAPE_SLOTS; i++) {
    void *expected = NULL;
    if (atomic_load_explicit(&cache->slots[i], memory_order_relaxed) == NULL &&
        atomic_compare_exchange_strong(&cache->slots[i], &expected, buffer)) {
      return 1;
    }
  }
  return 0;
}

void *mw_tape_buffer_take(mw_tape_cache *cache, size_t bytes, size_t *capacity) {
  for (int i = 0; bytes >= MW_TAPE_KEPT_MIN && i < MW_TAPE_SLOTS; i++) {
    if (atomic_load_explicit(&cache->slots[i], memory_order_relaxed) == NULL) continue;
    void *buffer = atomic_exchange(&cache->slots[i], NULL);
    if (buffer == NULL) continue;
    size_t kept = *(size_t *)buffer;
    if (kept >= bytes && kept / MW_TAPE_OVERSIZE <= bytes) {
      *capacity = kept;
      return buffer;
    }
    // Not this size: back in a slot (or freed if another thread filled them meanwhile).
    if (!mw_tape_keep(cache, buffer, kept)) free(buffer);
  }
  // A multiple of 16 bytes, at least one word (where the capacity goes while kept).
  size_t size = bytes < 16 ? 16 : (bytes + 15) & ~(size_t)15;
  void *buffer = malloc(size);
  if (buffer != NULL) *capacity = size;
  return buffer;
}

void mw_tape_buffer_give(mw_tape_cache *cache, void *buffer, size_t capacity) {
  if (buffer == NULL) return;
  if (capacity < MW_TAPE_KEPT_MIN || capacity > MW_TAPE_KEPT_MAX || !mw_tape_keep(cache, buffer, capacity)) {
    free(buffer);
  }
}

void mw_tape_buffers_release(mw_tape_cache *cache) {
  for (int i = 0; i < MW_TAPE_SLOTS; i++) free(atomic_exchange(&cache->slots[i], NULL));
}

size_t mw_tape_buffers_kept(mw_tape_cache *cache, size_t *bytes) {
  size_t count = 0;
  size_t total = 0;
  for (int i = 0; i < MW_TAPE_SLOTS; i++) {
    // Read without taking: exact only while no other thread uses the cache.
    void *buffer = atomic_load(&cache->slots[i]);
    if (buffer != NULL) {
      count += 1;
      total += *(size_t *)buffer;
    }
  }
  *bytes = total;
  return count;
}
