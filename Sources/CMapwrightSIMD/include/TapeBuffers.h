// Tape buffers kept for the next document: see TapeBuffers.c.

#ifndef CMAPWRIGHT_TAPE_BUFFERS_H
#define CMAPWRIGHT_TAPE_BUFFERS_H

#include <stddef.h>

/// A few kept buffers. The parser uses the shared one; tests make their own.
typedef struct mw_tape_cache mw_tape_cache;

/// The cache the parser takes its tapes from.
mw_tape_cache *mw_tape_cache_shared(void);

/// A new, empty cache, and its end (the buffers it keeps are freed).
mw_tape_cache *mw_tape_cache_create(void);
void mw_tape_cache_destroy(mw_tape_cache *cache);

/// A buffer of at least `bytes` bytes (16-byte aligned), its usable size stored in
/// `*capacity`: a kept one when one fits, else a new one; NULL only when memory runs out.
void *mw_tape_buffer_take(mw_tape_cache *cache, size_t bytes, size_t *capacity);

/// Gives back a buffer from `mw_tape_buffer_take` of `capacity` bytes: kept for a later
/// document when there is room for it, freed otherwise.
void mw_tape_buffer_give(mw_tape_cache *cache, void *buffer, size_t capacity);

/// Frees every kept buffer.
void mw_tape_buffers_release(mw_tape_cache *cache);

/// How many buffers are kept, and their bytes in all (in `*bytes`). Exact only while no
/// other thread uses the cache.
size_t mw_tape_buffers_kept(mw_tape_cache *cache, size_t *bytes);

#endif
