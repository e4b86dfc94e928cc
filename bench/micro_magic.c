/* Micro kernel: fancy magic bitboards. */
#include "core/slider_tables.h"

#define MICRO_METHOD "magic"
#define MICRO_KERNEL micro_kernel_magic
#define MICRO_STATE
#define MICRO_SYNC(occ) ((void)(occ))
#define MICRO_UPDATE(ch) ((void)(ch))
#define LOOKUP_ROOK(sq, occ) magic_rook_attacks((sq), (occ))
#define LOOKUP_BISHOP(sq, occ) magic_bishop_attacks((sq), (occ))
#include "micro_tmpl.h"
