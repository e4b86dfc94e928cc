/* Fancy magic bitboards: index = ((occ & mask) * magic) >> shift into one shared
 * table; the constants come from scripts/gen_magics.c and are rechecked at start. */
#include "method_common.h"
#include "slider_plain.h"
#include "slider_tables.h"

#define rook_attacks_of(n, sq) magic_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) magic_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static bool init(const char **why)
{
    tables_init();
    if (magic_tables_init())
        return true;
    *why = "a constant in core/magic_constants.h maps two attack sets to one slot (rerun scripts/gen_magics.c)";
    return false;
}

const method_t method_magic = {
    .name = "magic",
    .description = "fancy magic bitboards: mask, multiply, shift, one shared table",
    .bitscan = "hardware",
    .table_bytes = magic_table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = init,
    METHOD_ENTRY_POINTS,
};
