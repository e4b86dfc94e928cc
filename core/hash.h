/* The perft transposition table: subtree counts keyed by Zobrist key and depth,
 * shared by all threads without locks. Each entry is two 64-bit words written and
 * read independently; the first holds key ^ second, so an entry torn by a
 * concurrent writer fails the check and reads as a miss (Hyatt and Mann's
 * lockless hashing). The full 64-bit key is checked, so a false hit needs two
 * positions whose keys agree in all 64 bits: about one in 2^62 per probe with
 * four entries per bucket. */
#ifndef RPERFT_HASH_H
#define RPERFT_HASH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct hash_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* count << 6 | depth */
} hash_entry_t;

enum { HASH_BUCKET = 4 }; /* entries per 64-byte cache line */

typedef struct hash_table {
    hash_entry_t *entries;
    size_t bucket_mask; /* number of buckets - 1 (a power of two) */
    size_t bytes;
} hash_table_t;

/* Allocates the largest power-of-two number of buckets within megabytes. False
 * (with the reason in err) when megabytes is 0 or the memory cannot be had. */
bool hash_create(hash_table_t *table, size_t megabytes, char *err, size_t errlen);
void hash_destroy(hash_table_t *table);
/* Empties the table; no thread may use it meanwhile. */
void hash_clear(hash_table_t *table);

/* The bucket of a position at a depth. The depth is mixed in so that one position
 * met at many depths (shuffling pieces bring it back two plies later, again and
 * again) spreads over many buckets instead of evicting its own entries from one:
 * with threads, that fight made such positions recompute exponentially. */
static inline size_t hash_bucket_index(const hash_table_t *t, uint64_t key, int depth)
{
    return (size_t)((key ^ (uint64_t)depth * 0x9E3779B97F4A7C15u) & t->bucket_mask) * HASH_BUCKET;
}

/* Counts of 2^58 and more are not stored (they would not fit beside the depth). */
static inline bool hash_probe(const hash_table_t *t, uint64_t key, int depth, uint64_t *count)
{
    const hash_entry_t *bucket = &t->entries[hash_bucket_index(t, key, depth)];
    for (int i = 0; i < HASH_BUCKET; i++) {
        uint64_t check = atomic_load_explicit(&bucket[i].check, memory_order_relaxed);
        uint64_t data = atomic_load_explicit(&bucket[i].data, memory_order_relaxed);
        if ((check ^ data) == key && (int)(data & 63) == depth) {
            *count = data >> 6;
            return true;
        }
    }
    return false;
}

/* Replaces the entry of the smallest depth in the bucket: deep subtrees are the
 * expensive ones to recompute. */
static inline void hash_store(hash_table_t *t, uint64_t key, int depth, uint64_t count)
{
    if (count >> 58)
        return;
    hash_entry_t *bucket = &t->entries[hash_bucket_index(t, key, depth)];
    int victim = 0, victim_depth = 64;
    for (int i = 0; i < HASH_BUCKET; i++) {
        int d = (int)(atomic_load_explicit(&bucket[i].data, memory_order_relaxed) & 63);
        if (d < victim_depth)
            victim = i, victim_depth = d;
    }
    uint64_t data = count << 6 | (uint64_t)depth;
    atomic_store_explicit(&bucket[victim].check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&bucket[victim].data, data, memory_order_relaxed);
}

#endif
