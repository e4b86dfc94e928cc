/* One micro-benchmark kernel. The includer defines, before including:
 *   MICRO_METHOD        the method's name (a string)
 *   MICRO_KERNEL        the name of the micro_kernel_t to export
 *   MICRO_STATE         declarations of what the method keeps beside occ (may be empty)
 *   MICRO_SYNC(occ)     set that state up from an occupancy
 *   MICRO_UPDATE(ch)    keep it up to date when the squares in ch flip
 *   LOOKUP_ROOK(sq, occ), LOOKUP_BISHOP(sq, occ)   the attack lookups */
#include "micro_kernels.h"

#define LOOKUP_QUEEN(sq, occ) (LOOKUP_ROOK((sq), (occ)) | LOOKUP_BISHOP((sq), (occ)))

#define MICRO_DEFINE_RUN(fn, kind, LOOKUP)                                       \
    static bb_t fn(const micro_workload_t *w, int passes)                        \
    {                                                                            \
        bb_t occ = w->start_occ, sum = 0;                                        \
        MICRO_STATE                                                              \
        MICRO_SYNC(occ);                                                         \
        const uint32_t *begin = w->begin[kind];                                  \
        const uint8_t *squares = w->squares[kind];                               \
        for (int pass = 0; pass < passes; pass++) {                              \
            /* Opaque to the optimiser: passes cannot be merged or skipped. */   \
            __asm__ volatile("" : "+r"(occ));                                    \
            for (size_t i = 0; i < w->nsteps; i++) {                             \
                bb_t ch = w->changed[i];                                         \
                occ ^= ch;                                                       \
                MICRO_UPDATE(ch);                                                \
                for (uint32_t j = begin[i]; j < begin[i + 1]; j++)               \
                    sum += LOOKUP(squares[j], occ);                              \
            }                                                                    \
        }                                                                        \
        return sum;                                                              \
    }

MICRO_DEFINE_RUN(run_bishop, MICRO_BISHOP, LOOKUP_BISHOP)
MICRO_DEFINE_RUN(run_rook, MICRO_ROOK, LOOKUP_ROOK)
MICRO_DEFINE_RUN(run_queen, MICRO_QUEEN, LOOKUP_QUEEN)

const micro_kernel_t MICRO_KERNEL = {MICRO_METHOD, {run_bishop, run_rook, run_queen}};
