/* Micro kernel: the naive ray walk. */
#include "core/ray_walk.h"

#define MICRO_METHOD "naive"
#define MICRO_KERNEL micro_kernel_naive
#define MICRO_STATE
#define MICRO_SYNC(occ) ((void)(occ))
#define MICRO_UPDATE(ch) ((void)(ch))
#define LOOKUP_ROOK(sq, occ) ray_walk_rook((sq), (occ))
#define LOOKUP_BISHOP(sq, occ) ray_walk_bishop((sq), (occ))
#include "micro_tmpl.h"
