#include "slider_tables.h"

#include <pthread.h>

#include "magic_constants.h"
#include "ray_walk.h"

enum { ROOK_ENTRIES = 102400, BISHOP_ENTRIES = 5248, SLIDER_ENTRIES = ROOK_ENTRIES + BISHOP_ENTRIES };

slider_entry_t rook_magic[64], bishop_magic[64];
slider_entry_t rook_pext[64], bishop_pext[64];
static _Alignas(64) bb_t magic_attacks[SLIDER_ENTRIES];
static _Alignas(64) bb_t pext_attacks[SLIDER_ENTRIES];

/* Same rule as scripts/gen_magics.c: the last square of a ray is attacked whether
 * occupied or not, so it is no index bit. For bishops that drops the outer ring. */
static bb_t relevant_mask(int sq, const int (*steps)[2])
{
    bb_t mask = 0;
    for (int d = 0; d < 4; d++) {
        int df = steps[d][0], dr = steps[d][1];
        for (int f = FILE_OF(sq) + df, r = RANK_OF(sq) + dr;
             f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8; f += df, r += dr)
            mask |= BB(SQ(f, r));
    }
    return mask;
}

bb_t relevant_mask_rook(int sq) { return relevant_mask(sq, ray_walk_rook_steps); }
bb_t relevant_mask_bishop(int sq) { return relevant_mask(sq, ray_walk_bishop_steps); }

static bb_t walk(bool rook, int sq, bb_t occ) { return rook ? ray_walk_rook(sq, occ) : ray_walk_bishop(sq, occ); }

/* Fills one piece's 64 entries starting at *next; false on a destructive collision.
 * A slider always attacks at least one square, so 0 marks a free slot. */
static bool fill_magic(bool rook, slider_entry_t *entries, const uint64_t *magics, bb_t **next)
{
    for (int sq = 0; sq < 64; sq++) {
        slider_entry_t *e = &entries[sq];
        e->mask = rook ? relevant_mask_rook(sq) : relevant_mask_bishop(sq);
        e->magic = magics[sq];
        e->shift = 64u - (unsigned)popcount(e->mask);
        bb_t *att = *next;
        e->attacks = att;
        *next += (size_t)1 << popcount(e->mask);
        bb_t b = 0;
        do {
            bb_t a = walk(rook, sq, b), *slot = &att[(b * e->magic) >> e->shift];
            if (*slot && *slot != a)
                return false;
            *slot = a;
            b = (b - e->mask) & e->mask;
        } while (b);
    }
    return true;
}

static bool magic_ok;

static void build_magic(void)
{
    bb_t *next = magic_attacks;
    magic_ok = fill_magic(true, rook_magic, rook_magic_numbers, &next) &&
               fill_magic(false, bishop_magic, bishop_magic_numbers, &next);
}

bool magic_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_magic);
    return magic_ok;
}

/* The carry-rippler step adds 1 to the mask's bits read as one compressed number,
 * so the i-th subset visited is exactly the one whose pext index is i. */
static void fill_pext(bool rook, slider_entry_t *entries, bb_t **next)
{
    for (int sq = 0; sq < 64; sq++) {
        slider_entry_t *e = &entries[sq];
        e->mask = rook ? relevant_mask_rook(sq) : relevant_mask_bishop(sq);
        e->attacks = *next;
        bb_t b = 0;
        do {
            *(*next)++ = walk(rook, sq, b);
            b = (b - e->mask) & e->mask;
        } while (b);
    }
}

static void build_pext(void)
{
    bb_t *next = pext_attacks;
    fill_pext(true, rook_pext, &next);
    fill_pext(false, bishop_pext, &next);
}

void pext_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_pext);
}

size_t magic_table_bytes(void) { return sizeof magic_attacks + sizeof rook_magic + sizeof bishop_magic; }
size_t pext_table_bytes(void) { return sizeof pext_attacks + sizeof rook_pext + sizeof bishop_pext; }
