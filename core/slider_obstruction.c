/* Obstruction difference (Michael Hoffmann): per line through the slider, the
 * blockers below it (lower) and above it (upper); the nearest one above is the
 * lowest set bit of upper, the nearest below the highest of lower, and the
 * squares from the one to the other are a difference of two powers of two:
 *   2 * (upper & -upper) - ms1b(lower | 1),  masked by the line.
 * (lower | 1 stands for "no blocker below": bit 0 then takes in the whole lower
 * ray.) The highest bit is one LZCNT where the build targets it (-march=x86-64-v3
 * or native), BSR otherwise. One 64-byte entry per square: both halves of its
 * four lines. */
#include <pthread.h>

#include "method_common.h"
#include "slider_plain.h"

enum { OD_RANK, OD_FILE, OD_DIAGONAL, OD_ANTI };
typedef struct od_masks {
    _Alignas(64) bb_t lower[4];
    bb_t upper[4];
} od_masks_t;

static od_masks_t od_masks[64];

static inline bb_t od_line(bb_t occ, bb_t lower_mask, bb_t upper_mask)
{
    bb_t lower = occ & lower_mask, upper = occ & upper_mask;
    bb_t below = (bb_t)-1 << msb(lower | 1); /* minus the nearest blocker below */
    bb_t above = upper & (0 - upper);      /* the nearest blocker above */
    return (2 * above + below) & (lower_mask | upper_mask);
}

static inline bb_t od_rook_attacks(int sq, bb_t occ)
{
    const od_masks_t *m = &od_masks[sq];
    return od_line(occ, m->lower[OD_RANK], m->upper[OD_RANK]) | od_line(occ, m->lower[OD_FILE], m->upper[OD_FILE]);
}

static inline bb_t od_bishop_attacks(int sq, bb_t occ)
{
    const od_masks_t *m = &od_masks[sq];
    return od_line(occ, m->lower[OD_DIAGONAL], m->upper[OD_DIAGONAL]) |
           od_line(occ, m->lower[OD_ANTI], m->upper[OD_ANTI]);
}

#define rook_attacks_of(n, sq) od_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) od_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static void build(void)
{
    tables_init();
    static const int up[4] = {PLUS1, PLUS8, PLUS9, PLUS7}, down[4] = {MINUS1, MINUS8, MINUS9, MINUS7};
    for (int sq = 0; sq < 64; sq++)
        for (int line = 0; line < 4; line++) {
            od_masks[sq].lower[line] = ray_masks[down[line]][sq];
            od_masks[sq].upper[line] = ray_masks[up[line]][sq];
        }
}

static bool init(const char **why)
{
    (void)why;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
    return true;
}

static size_t table_bytes(void) { return sizeof od_masks; }

const method_t method_obstruction = {
    .name = "obstruction",
    .description = "obstruction difference: nearest blockers above and below by bitscans, 2*ls1b(upper) - ms1b(lower)",
    .bitscan = "hardware",
    .table_bytes = table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = init,
    METHOD_ENTRY_POINTS,
};
