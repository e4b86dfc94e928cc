/* Dumb7fill: the branch-free form of the seed page's ray operation (the Othello
 * flip page's third form) in each of the four directions: six steps of
 * shift-and-mask by the empty squares (an occluded fill from the slider), then one
 * more step for the attacks, the squares filled and the first blocker
 * (occluded_fill_attacks, core/fill.h). No tables, no bitscan, no branch: 4 x 7
 * dependent shift/and/or steps per lookup, the four chains independent. */
#include "fill.h"
#include "method_common.h"
#include "slider_plain.h"

#define rook_attacks_of(n, sq) fill_rook_attacks((sq), (n)->occ, occluded_fill_attacks)
#define bishop_attacks_of(n, sq) fill_bishop_attacks((sq), (n)->occ, occluded_fill_attacks)
#include "perft_tmpl.h"

const method_t method_dumb7fill = {
    .name = "dumb7fill",
    .description = "occluded fill, per direction 6 shift-and-mask steps by the empty squares (no tables)",
    .bitscan = "none",
    .table_bytes = method_no_table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};
