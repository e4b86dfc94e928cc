/* The naive loop: step square by square along each ray until a piece or the edge.
 * The reference every other method is tested against, and the timing baseline. */
#include "method_common.h"
#include "ray_walk.h"
#include "slider_plain.h"

#define rook_attacks_of(n, sq) ray_walk_rook((sq), (n)->occ)
#define bishop_attacks_of(n, sq) ray_walk_bishop((sq), (n)->occ)
#include "perft_tmpl.h"

const method_t method_naive = {
    .name = "naive",
    .description = "ray walk square by square: the reference and the baseline",
    .bitscan = "none",
    .table_bytes = method_no_table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};
