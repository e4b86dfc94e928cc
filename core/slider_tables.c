#include "slider_tables.h"

#include <pthread.h>

#include "magic_constants.h"
#include "ray_walk.h"
#include "table_memory.h"
#include "tables.h"

#define SCAN_FORWARD(b) lsb(b)
#define SCAN_REVERSE(b) msb(b)
#include "classical_rays.h"

enum { ROOK_ENTRIES = 102400, BISHOP_ENTRIES = 5248, SLIDER_ENTRIES = ROOK_ENTRIES + BISHOP_ENTRIES };

slider_entry_t rook_magic[64], bishop_magic[64];
slider_entry_t rook_pext[64], bishop_pext[64];
/* Set once by the builders below (table_memory.h says why not static arrays). */
static bb_t *magic_attacks, *pext_attacks;

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

/* The subsets of a mask in carry-rippler order, which is pext order: the i-th
 * subset is the one whose pext index is i. */
static int subsets_of(bb_t mask, bb_t *occs)
{
    int n = 0;
    bb_t b = 0;
    do {
        occs[n++] = b;
        b = (b - mask) & mask;
    } while (b);
    return n;
}

/* Every subset of the slider's relevant mask in pext order, with its attack set.
 * Entries come from the classical ray method (the exhaustive attack tests check each
 * against the ray walk), and a rook's from its file and rank parts: its mask bits in
 * ascending order are the file squares below it, its rank, then the file squares
 * above, so entry l | k << nl | h << (nl + nr) is file part (l, h) | rank part k.
 * 4096 subsets cost 64 + 64 lookups instead of 4096 (start-up time). */
static int slider_subsets(bool rook, int sq, bb_t mask, bb_t *occs, bb_t *attacks)
{
    if (!rook) {
        int n = subsets_of(mask, occs);
        for (int i = 0; i < n; i++)
            attacks[i] = classical_bishop_attacks(sq, occs[i]);
        return n;
    }
    bb_t rank_mask = mask & (RANK_1_BB << (8 * RANK_OF(sq))), file_mask = mask & ~rank_mask;
    bb_t file_occ[64], file_att[64], rank_occ[64], rank_att[64];
    int nf = subsets_of(file_mask, file_occ), nr = subsets_of(rank_mask, rank_occ);
    for (int i = 0; i < nf; i++)
        file_att[i] = positive_ray_attacks(sq, file_occ[i], PLUS8) | negative_ray_attacks(sq, file_occ[i], MINUS8);
    for (int i = 0; i < nr; i++)
        rank_att[i] = positive_ray_attacks(sq, rank_occ[i], PLUS1) | negative_ray_attacks(sq, rank_occ[i], MINUS1);
    int low = 1 << popcount(file_mask & (BB(sq) - 1)), n = 0;
    for (int high = 0; high < nf; high += low)
        for (int k = 0; k < nr; k++)
            for (int l = 0; l < low; l++, n++) {
                occs[n] = file_occ[high + l] | rank_occ[k];
                attacks[n] = file_att[high + l] | rank_att[k];
            }
    return n;
}

/* The most subsets of one square: a rook on a corner, 12 index bits. */
enum { MAX_SUBSETS = 4096 };

/* Fills one piece's 64 entries starting at *next; false on a destructive collision.
 * A slider always attacks at least one square, so 0 marks a free slot. */
static bool fill_magic(bool rook, slider_entry_t *entries, const uint64_t *magics, bb_t **next)
{
    bb_t occs[MAX_SUBSETS], attacks[MAX_SUBSETS];
    for (int sq = 0; sq < 64; sq++) {
        slider_entry_t *e = &entries[sq];
        e->mask = rook ? relevant_mask_rook(sq) : relevant_mask_bishop(sq);
        e->magic = magics[sq];
        e->shift = 64u - (unsigned)popcount(e->mask);
        bb_t *att = *next;
        e->attacks = att;
        int n = slider_subsets(rook, sq, e->mask, occs, attacks);
        *next += n;
        for (int i = 0; i < n; i++) {
            bb_t *slot = &att[(occs[i] * e->magic) >> e->shift];
            if (*slot && *slot != attacks[i])
                return false;
            *slot = attacks[i];
        }
    }
    return true;
}

static bool magic_ok;

static void build_magic(void)
{
    tables_init();
    bb_t *next = magic_attacks = table_memory(SLIDER_ENTRIES * sizeof *magic_attacks);
    magic_ok = fill_magic(true, rook_magic, rook_magic_numbers, &next) &&
               fill_magic(false, bishop_magic, bishop_magic_numbers, &next);
}

bool magic_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_magic);
    return magic_ok;
}

/* In pext order (slider_subsets), so the attacks go straight into the table. */
static void fill_pext(bool rook, slider_entry_t *entries, bb_t **next)
{
    bb_t occs[MAX_SUBSETS];
    for (int sq = 0; sq < 64; sq++) {
        slider_entry_t *e = &entries[sq];
        e->mask = rook ? relevant_mask_rook(sq) : relevant_mask_bishop(sq);
        e->attacks = *next;
        *next += slider_subsets(rook, sq, e->mask, occs, *next);
    }
}

static void build_pext(void)
{
    tables_init();
    bb_t *next = pext_attacks = table_memory(SLIDER_ENTRIES * sizeof *pext_attacks);
    fill_pext(true, rook_pext, &next);
    fill_pext(false, bishop_pext, &next);
}

void pext_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_pext);
}

size_t magic_table_bytes(void) { return SLIDER_ENTRIES * sizeof(bb_t) + sizeof rook_magic + sizeof bishop_magic; }
size_t pext_table_bytes(void) { return SLIDER_ENTRIES * sizeof(bb_t) + sizeof rook_pext + sizeof bishop_pext; }
