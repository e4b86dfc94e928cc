/* Micro kernel: classical rays, hardware bitscans. */
#include "core/bitboard.h"

#define SCAN_FORWARD(b) lsb(b)
#define SCAN_REVERSE(b) msb(b)
#include "core/classical_rays.h"

#define MICRO_METHOD "classical"
#define MICRO_KERNEL micro_kernel_classical
#define MICRO_STATE
#define MICRO_SYNC(occ) ((void)(occ))
#define MICRO_UPDATE(ch) ((void)(ch))
#define LOOKUP_ROOK(sq, occ) classical_rook_attacks((sq), (occ))
#define LOOKUP_BISHOP(sq, occ) classical_bishop_attacks((sq), (occ))
#include "micro_tmpl.h"
