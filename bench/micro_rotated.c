/* Micro kernel: rotated bitboards, keeping the three rotated occupancies by XOR per
 * make/unmake step. */
#include "core/rotated.h"

#define MICRO_METHOD "rotated"
#define MICRO_KERNEL micro_kernel_rotated
#define MICRO_STATE bb_t rot[3];
#define MICRO_SYNC(occ) rotated_from_occupancy((occ), rot)
#define MICRO_UPDATE(ch) rotated_update(rot, rot, (ch))
#define LOOKUP_ROOK(sq, occ) rotated_rook_attacks((sq), (occ), rot)
#define LOOKUP_BISHOP(sq, occ) rotated_bishop_attacks((sq), rot)
#include "micro_tmpl.h"
