/* Rotated bitboards (Hyatt 1994): the core method. The node keeps the occupancy
 * rotated three ways, updated by XOR in every make; rank and file attacks, and
 * both diagonals, are one 6-bit-indexed table load each. */
#include <assert.h>

#include "method_common.h"
#include "rotated.h"

#define SLIDER_FIELDS bb_t rot[3];
#define slider_sync(n) rotated_from_occupancy((n)->occ, (n)->rot)
#define rook_attacks_of(n, sq) rotated_rook_attacks((sq), (n)->occ, (n)->rot)
#define bishop_attacks_of(n, sq) rotated_bishop_attacks((sq), (n)->rot)

#ifdef NDEBUG
#define slider_update(n, parent, changed) rotated_update((n)->rot, (parent)->rot, (changed))
#else
/* Debug builds prove after every make that the kept copies equal rebuilt ones. */
#define slider_update(n, parent, changed) checked_rotated_update((n)->rot, (parent)->rot, (changed), (n)->occ)
static void checked_rotated_update(bb_t rot[3], const bb_t from[3], bb_t changed, bb_t occ)
{
    bb_t rebuilt[3];
    rotated_update(rot, from, changed);
    rotated_from_occupancy(occ, rebuilt);
    assert(rot[0] == rebuilt[0] && rot[1] == rebuilt[1] && rot[2] == rebuilt[2]);
}
#endif

#include "perft_tmpl.h"

static size_t table_bytes(void)
{
    return sizeof rotated_attacks + sizeof rotated_shift + sizeof rotated_bextr + sizeof rotated_square_bits;
}

static bool init(const char **why)
{
    (void)why;
    tables_init();
    rotated_init();
    return true;
}

const method_t method_rotated = {
    .name = "rotated",
    .description = "rotated bitboards (Hyatt): occupancy kept rotated 90/45/45 degrees, 6-bit line tables",
    .bitscan = "hardware",
    .table_bytes = table_bytes,
    .available = method_always_available,
    .note = method_no_note,
    .init = init,
    METHOD_ENTRY_POINTS,
};
