/* Classical ray method, first blockers by the hardware bitscans (tzcnt/lzcnt, or
 * bsf/bsr on CPUs without them). */
#include "method_common.h"
#include "slider_plain.h"

#define SCAN_FORWARD(b) lsb(b)
#define SCAN_REVERSE(b) msb(b)
#include "classical_rays.h"

#define rook_attacks_of(n, sq) classical_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) classical_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static size_t table_bytes(void) { return sizeof ray_masks; }

const method_t method_classical = {
    .name = "classical",
    .description = "classical rays (Hyatt section 2): ray masks, first blocker by hardware bitscan",
    .bitscan = "hardware",
    .table_bytes = table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};
