/* Micro kernel: classical rays, De Bruijn bitscans. */
#include "core/bitboard.h"

#define SCAN_FORWARD(b) lsb_debruijn(b)
#define SCAN_REVERSE(b) msb_debruijn(b)
#include "core/classical_rays.h"

#define MICRO_METHOD "classical-debruijn"
#define MICRO_KERNEL micro_kernel_classical_debruijn
#define MICRO_STATE
#define MICRO_SYNC(occ) ((void)(occ))
#define MICRO_UPDATE(ch) ((void)(ch))
#define LOOKUP_ROOK(sq, occ) classical_rook_attacks((sq), (occ))
#define LOOKUP_BISHOP(sq, occ) classical_bishop_attacks((sq), (occ))
#include "micro_tmpl.h"
