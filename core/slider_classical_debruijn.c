/* Classical ray method, first blockers by De Bruijn multiplication: the portable
 * bitscan of CPUs without a fast instruction. */
#include "method_common.h"
#include "slider_plain.h"

#define SCAN_FORWARD(b) lsb_debruijn(b)
#define SCAN_REVERSE(b) msb_debruijn(b)
#include "classical_rays.h"

#define rook_attacks_of(n, sq) classical_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) classical_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static size_t table_bytes(void) { return sizeof ray_masks + sizeof debruijn_index; }

const method_t method_classical_debruijn = {
    .name = "classical-debruijn",
    .description = "classical rays, first blocker by De Bruijn multiply (0x03f79d71b4cb0a89)",
    .bitscan = "debruijn",
    .table_bytes = table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};
