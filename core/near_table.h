/* A small table of depth-2 counts, one per thread, that stays in the core's own
 * cache. Most positions met again two plies from the leaves are met again soon:
 * a move of one side played before or after the other side's reply (a b c and
 * c b a from one node four plies up) reaches the same position a few thousand
 * nodes later. A probe of the shared table costs a memory access, about what
 * the bulk-counted subtree does; a probe here is a load from the L2 cache, so
 * this one is asked first and the shared one only when it misses. It is private to its thread, so nothing is atomic.
 * An entry holds the key and, beside the count, the top 32 bits of the second
 * key of a verified table (96 bits checked there, 64 otherwise) and a bit that
 * marks the slot used; a slot is simply overwritten. */
#ifndef RPERFT_NEAR_TABLE_H
#define RPERFT_NEAR_TABLE_H

#include <stdbool.h>
#include <stdint.h>

enum { NEAR_TABLE_BITS = 13, NEAR_TABLE_DEPTH = 2 };
#define NEAR_USED ((uint64_t)1 << 31)

typedef struct near_entry {
    uint64_t key;
    uint64_t data; /* key2's top 32 bits | NEAR_USED | count (a depth-2 count is below 2^16) */
} near_entry_t;

typedef struct near_table {
    near_entry_t slot[1 << NEAR_TABLE_BITS];
} near_table_t;

static inline near_entry_t *near_slot(near_table_t *t, uint64_t key)
{
    return &t->slot[key >> (64 - NEAR_TABLE_BITS)];
}

static inline bool near_probe(near_table_t *t, uint64_t key, uint64_t key2, uint64_t *count)
{
    const near_entry_t *e = near_slot(t, key);
    if (e->key != key || (e->data & ~(NEAR_USED - 1)) != (key2 >> 32 << 32 | NEAR_USED))
        return false;
    *count = e->data & (NEAR_USED - 1);
    return true;
}

static inline void near_store(near_table_t *t, uint64_t key, uint64_t key2, uint64_t count)
{
    near_entry_t *e = near_slot(t, key);
    e->key = key;
    e->data = key2 >> 32 << 32 | NEAR_USED | count;
}

#endif
