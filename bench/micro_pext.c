/* Micro kernel: BMI2 PEXT into the magic table layout. Compiled with -mbmi2 and run
 * only where cpuid reports BMI2. */
#include "core/slider_pext.h"

#define MICRO_METHOD "pext"
#define MICRO_KERNEL micro_kernel_pext
#define MICRO_STATE
#define MICRO_SYNC(occ) ((void)(occ))
#define MICRO_UPDATE(ch) ((void)(ch))
#define LOOKUP_ROOK(sq, occ) pext_rook_attacks((sq), (occ))
#define LOOKUP_BISHOP(sq, occ) pext_bishop_attacks((sq), (occ))
#include "micro_tmpl.h"
