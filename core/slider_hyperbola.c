/* Hyperbola quintessence: o ^ (o - 2r) gives a line's attacks towards the higher
 * squares; reversing the line gives the other half with the same subtraction:
 *   ((o & m) - 2r) ^ reverse(reverse(o & m) - 2 reverse(r)),  masked by m,
 * with m the line through the slider without its square (so - 2r becomes - r).
 * Files and both diagonals hold at most one square per rank, so a byte swap
 * reverses them. A rank would need a bit reversal within one byte, which x86-64
 * has no instruction for; ranks use instead the 512-byte table of the first rank's
 * attacks, indexed by the file and the 6 inner bits of the rank (the usual choice
 * with hyperbola quintessence), shifted up to the slider's rank. */
#include <pthread.h>

#include "method_common.h"
#include "ray_walk.h"
#include "slider_plain.h"

/* Per square: its bit and its three byte-swappable lines, one 32-byte entry. */
typedef struct hq_masks {
    _Alignas(32) bb_t bit; /* one declarator: _Alignas would pad each of a list */
    bb_t file, diagonal, anti;
} hq_masks_t;

static hq_masks_t hq_masks[64];
static uint8_t first_rank_attacks[64][8]; /* [inner 6 bits of the rank][file] */

static inline bb_t hq_line(bb_t occ, bb_t bit, bb_t mask)
{
    bb_t forward = occ & mask, reverse = __builtin_bswap64(forward);
    forward -= bit;
    reverse -= __builtin_bswap64(bit);
    return (forward ^ __builtin_bswap64(reverse)) & mask;
}

static inline bb_t hq_rank(int sq, bb_t occ)
{
    int shift = sq & 56;
    return (bb_t)first_rank_attacks[(occ >> (shift + 1)) & 63][sq & 7] << shift;
}

static inline bb_t hq_rook_attacks(int sq, bb_t occ)
{
    const hq_masks_t *m = &hq_masks[sq];
    return hq_line(occ, m->bit, m->file) | hq_rank(sq, occ);
}

static inline bb_t hq_bishop_attacks(int sq, bb_t occ)
{
    const hq_masks_t *m = &hq_masks[sq];
    return hq_line(occ, m->bit, m->diagonal) | hq_line(occ, m->bit, m->anti);
}

#define rook_attacks_of(n, sq) hq_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) hq_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static void build(void)
{
    tables_init();
    for (int sq = 0; sq < 64; sq++) {
        hq_masks[sq] = (hq_masks_t){.bit = BB(sq),
                                    .file = ray_masks[PLUS8][sq] | ray_masks[MINUS8][sq],
                                    .diagonal = ray_masks[PLUS9][sq] | ray_masks[MINUS9][sq],
                                    .anti = ray_masks[PLUS7][sq] | ray_masks[MINUS7][sq]};
    }
    /* The reference walk on the first rank, its inner squares b1-g1 set by index. */
    for (int inner = 0; inner < 64; inner++)
        for (int file = 0; file < 8; file++)
            first_rank_attacks[inner][file] = (uint8_t)ray_walk_rook(file, (bb_t)inner << 1);
}

static bool init(const char **why)
{
    (void)why;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
    return true;
}

static size_t table_bytes(void) { return sizeof hq_masks + sizeof first_rank_attacks; }

const method_t method_hyperbola = {
    .name = "hyperbola",
    .description = "hyperbola quintessence: o^(o-2r) with a byte swap for files and diagonals, ranks by a 512-byte table",
    .bitscan = "none",
    .table_bytes = table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = init,
    METHOD_ENTRY_POINTS,
};
