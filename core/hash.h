/* The perft transposition table: subtree counts keyed by Zobrist key and depth,
 * shared by all threads without locks. Each entry is two 64-bit words written and
 * read independently; the first holds key ^ second, so an entry torn by a
 * concurrent writer fails the check and reads as a miss (Hyatt and Mann's
 * lockless hashing). The full 64-bit key is checked, so a false hit needs two
 * positions whose keys agree in all 64 bits: about one in 2^62 per probe with
 * four entries per bucket.
 *
 * Record runs (past perft 10: about 10^13 probes) want better than that: a
 * verified table keeps a second, independent key in each entry (128 bits in all)
 * and takes a hit only when both agree, at two entries per bucket instead of four.
 * A probe whose first key matches and whose second does not is a collision the
 * 64-bit table would have taken: it is counted (rejected). */
#ifndef RPERFT_HASH_H
#define RPERFT_HASH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zobrist.h"

typedef struct hash_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* count << 6 | depth */
} hash_entry_t;

/* Entries per 64-byte cache line; a verified slot takes two entries: the first
 * as above, the second's check holding key2 ^ data (its data word unused). */
enum { HASH_BUCKET = 4 };

/* Nodes with less depth left are not probed or stored. Depth 2 pays: a probe
 * costs about 300 ns here (a cache and TLB miss under nested paging), about
 * what the bulk-counted subtree does, but the probes of a node's children are
 * prefetched together, so their misses overlap, and most depth-2 positions are
 * met again (startpos perft 9: 96 M distinct positions seven plies in, reached
 * by 290 M paths from the 9.4 M six plies in). Each thread's near table
 * (near_table.h) answers the repeats that come soon without a probe. Measured:
 * perft 9 with 2 threads 25-27 s against 39-44 s at depth 3 and up. */
enum { HASH_MIN_DEPTH = 2 };

typedef struct hash_config {
    size_t megabytes;
    int threads;       /* that clear the table (all the run's threads) */
    uint64_t key_seed; /* which Zobrist keys (zobrist_init) */
    bool verified;     /* 128-bit entries: a second key checked */
} hash_config_t;

typedef struct hash_table {
    hash_entry_t *entries;
    size_t bucket_mask; /* buckets in use - 1 (a power of two; see hash_fit) */
    size_t bytes;       /* the whole table, as asked for (rounded down to a power of two) */
    size_t mapped;      /* bytes mapped (bytes rounded up to a huge page) */
    size_t used;        /* bytes in use, faulted in and cleared: the first of them */
    bool verified;
    int threads;
    uint64_t key_seed;
    zobrist_t *keys;    /* keys[0], and keys[1] for the second key */
    _Atomic uint64_t rejected; /* probes the second key turned down */
    /* What setting the table up cost, for the user: seconds to map and clear it,
     * and the part of it on transparent huge pages. */
    double setup_seconds;
    size_t huge_bytes;
} hash_table_t;

/* Reserves the largest power-of-two number of buckets within megabytes on 2 MB-
 * aligned memory marked for huge pages, and clears the first HASH_FIRST_BYTES
 * of it with cfg->threads threads (each faults in its own part, so the kernel
 * zeroes the pages on every core); hash_fit takes more when a run can use it.
 * False (with the reason in err) when megabytes is 0 or the memory cannot be had. */
bool hash_create(hash_table_t *table, const hash_config_t *cfg, char *err, size_t errlen);
void hash_destroy(hash_table_t *table);
/* Empties the part in use with the table's threads; no other thread may use the
 * table meanwhile. */
void hash_clear(hash_table_t *table);

enum { HASH_FIRST_BYTES = 32 << 20 };

/* Grows the part in use (never shrinks it) to twice the entries a run can store,
 * at most the whole table, faulting the new part in with the table's threads.
 * Memory is not free to touch: on a VM whose host reclaims freed guest memory a
 * first touch costs 1-2.5 s per GB, more than a perft 8 takes, and a table of
 * 8 GB whose every page was touched made perft 8 twice as slow as one of 64 MB.
 * Entries stored before a growth stay correct (full keys are checked); those
 * whose bucket moved are no longer found. No other thread may use the table
 * meanwhile. */
void hash_fit(hash_table_t *table, uint64_t stores);

/* The bucket of a position at a depth. The depth is mixed in so that one position
 * met at many depths (shuffling pieces bring it back two plies later, again and
 * again) spreads over many buckets instead of evicting its own entries from one:
 * with threads, that fight made such positions recompute exponentially. */
static inline size_t hash_bucket_index(const hash_table_t *t, uint64_t key, int depth)
{
    return (size_t)((key ^ (uint64_t)depth * 0x9E3779B97F4A7C15u) & t->bucket_mask) * HASH_BUCKET;
}

/* Starts loading the bucket a probe of (key, depth) will read. */
static inline void hash_prefetch(const hash_table_t *t, uint64_t key, int depth)
{
    __builtin_prefetch(&t->entries[hash_bucket_index(t, key, depth)]);
}

static inline bool hash_probe_verified(hash_table_t *t, const hash_entry_t *bucket, uint64_t key, uint64_t key2,
                                       int depth, uint64_t *count)
{
    for (int i = 0; i < HASH_BUCKET; i += 2) {
        uint64_t check = atomic_load_explicit(&bucket[i].check, memory_order_relaxed);
        uint64_t data = atomic_load_explicit(&bucket[i].data, memory_order_relaxed);
        uint64_t check2 = atomic_load_explicit(&bucket[i + 1].check, memory_order_relaxed);
        if ((check ^ data) != key || (int)(data & 63) != depth)
            continue;
        if ((check2 ^ data) == key2) {
            *count = data >> 6;
            return true;
        }
        atomic_fetch_add_explicit(&t->rejected, 1, memory_order_relaxed);
    }
    return false;
}

/* key2 is read only by a verified table. Counts of 2^58 and more are not stored
 * (they would not fit beside the depth). */
static inline bool hash_probe(hash_table_t *t, uint64_t key, uint64_t key2, int depth, uint64_t *count)
{
    const hash_entry_t *bucket = &t->entries[hash_bucket_index(t, key, depth)];
    if (t->verified)
        return hash_probe_verified(t, bucket, key, key2, depth, count);
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
static inline void hash_store(hash_table_t *t, uint64_t key, uint64_t key2, int depth, uint64_t count)
{
    if (count >> 58)
        return;
    hash_entry_t *bucket = &t->entries[hash_bucket_index(t, key, depth)];
    int step = t->verified ? 2 : 1;
    int victim = 0, victim_depth = 64;
    for (int i = 0; i < HASH_BUCKET; i += step) {
        int d = (int)(atomic_load_explicit(&bucket[i].data, memory_order_relaxed) & 63);
        if (d < victim_depth)
            victim = i, victim_depth = d;
    }
    uint64_t data = count << 6 | (uint64_t)depth;
    atomic_store_explicit(&bucket[victim].check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&bucket[victim].data, data, memory_order_relaxed);
    if (step == 2)
        atomic_store_explicit(&bucket[victim + 1].check, key2 ^ data, memory_order_relaxed);
}

#endif
