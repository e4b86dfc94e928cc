/* Kogge-Stone: dumb7fill's occluded fill as a parallel prefix. The propagator
 * (empty squares) is doubled along with the generator, so three steps (1, 2, 4
 * squares) cover the seven of a ray; one more step gives the attacks. No tables,
 * no bitscan, no branch: fewer, but wider, dependent steps than dumb7fill. */
#include "fill.h"
#include "method_common.h"
#include "slider_plain.h"

static inline bb_t kogge_stone_attacks(bb_t slider, bb_t empty, fill_dir_t d)
{
    bb_t pro = empty & d.wrap, gen = slider;
    gen |= pro & shift_by(gen, d.shift);
    pro &= shift_by(pro, d.shift);
    gen |= pro & shift_by(gen, 2 * d.shift);
    pro &= shift_by(pro, 2 * d.shift);
    gen |= pro & shift_by(gen, 4 * d.shift);
    return fill_step(gen, d);
}

#define rook_attacks_of(n, sq) fill_rook_attacks((sq), (n)->occ, kogge_stone_attacks)
#define bishop_attacks_of(n, sq) fill_bishop_attacks((sq), (n)->occ, kogge_stone_attacks)
#include "perft_tmpl.h"

const method_t method_kogge_stone = {
    .name = "kogge-stone",
    .description = "occluded fill as a parallel prefix: 3 doubling steps per direction (no tables)",
    .bitscan = "none",
    .table_bytes = method_no_table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};
