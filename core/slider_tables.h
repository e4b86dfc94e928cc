/* Slider tables shared by the magic and pext methods. Both index one attack array
 * per method, square by square, with 2^popcount(mask) entries per square (rooks
 * 102400 + bishops 5248 = 107648 per method); only the index function differs:
 *   magic: ((occ & mask) * magic) >> shift
 *   pext:  _pext_u64(occ, mask)        (magic and shift are 0; lookups live in the
 *                                       pext method file, compiled with -mbmi2) */
#ifndef RPERFT_SLIDER_TABLES_H
#define RPERFT_SLIDER_TABLES_H

#include <stddef.h>

#include "bitboard.h"

/* Aligned to 32 so the stride is a power of two and no entry straddles a cache line. */
typedef struct slider_entry {
    _Alignas(32) bb_t mask;
    bb_t magic;
    const bb_t *attacks;
    unsigned shift;
} slider_entry_t;
_Static_assert(sizeof(slider_entry_t) == 32, "slider_entry_t stride must stay 32 bytes");

extern slider_entry_t rook_magic[64], bishop_magic[64];
extern slider_entry_t rook_pext[64], bishop_pext[64];

/* Thread-safe and idempotent. False when a constant of core/magic_constants.h maps two
 * different attack sets to one slot (stale or corrupted constants). */
bool magic_tables_init(void);
/* Thread-safe and idempotent. Executes no pext instruction, so any CPU can build it. */
void pext_tables_init(void);

/* Attack arrays plus the 128 entries of one method, in bytes. */
size_t magic_table_bytes(void);
size_t pext_table_bytes(void);

/* Relevant occupancy: the empty-board rays without their last squares. */
bb_t relevant_mask_rook(int sq);
bb_t relevant_mask_bishop(int sq);

static inline bb_t magic_rook_attacks(int sq, bb_t occ)
{
    const slider_entry_t *e = &rook_magic[sq];
    return e->attacks[((occ & e->mask) * e->magic) >> e->shift];
}

static inline bb_t magic_bishop_attacks(int sq, bb_t occ)
{
    const slider_entry_t *e = &bishop_magic[sq];
    return e->attacks[((occ & e->mask) * e->magic) >> e->shift];
}

#endif
