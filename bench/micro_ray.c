#include "micro_ray.h"

#include "core/fill.h"

/* Form 1, the loop: step until a piece or the edge. */
static inline bb_t ray_loop(int sq, bb_t occ)
{
    bb_t attacks = 0;
    for (bb_t m = fill_step(BB(sq), FILL_E); m; m = fill_step(m, FILL_E)) {
        attacks |= m;
        if (m & occ)
            break;
    }
    return attacks;
}

/* Form 2, unrolled with branches: one test per distance, as the page's if-chain. */
static inline bb_t ray_branching(int sq, bb_t occ)
{
    bb_t m1 = fill_step(BB(sq), FILL_E), m2, m3, m4, m5, m6, m7;
    if (!m1 || (m1 & occ))
        return m1;
    if (!(m2 = fill_step(m1, FILL_E)) || (m2 & occ))
        return m1 | m2;
    if (!(m3 = fill_step(m2, FILL_E)) || (m3 & occ))
        return m1 | m2 | m3;
    if (!(m4 = fill_step(m3, FILL_E)) || (m4 & occ))
        return m1 | m2 | m3 | m4;
    if (!(m5 = fill_step(m4, FILL_E)) || (m5 & occ))
        return m1 | m2 | m3 | m4 | m5;
    if (!(m6 = fill_step(m5, FILL_E)) || (m6 & occ))
        return m1 | m2 | m3 | m4 | m5 | m6;
    m7 = fill_step(m6, FILL_E);
    return m1 | m2 | m3 | m4 | m5 | m6 | m7;
}

/* Form 3, branch-free: the occluded fill (core/fill.h). */
static inline bb_t ray_branch_free(int sq, bb_t occ) { return occluded_fill_attacks(BB(sq), ~occ, FILL_E); }

#define RAY_RUN(fn, FORM)                                                      \
    static bb_t fn(const micro_workload_t *w, int passes)                      \
    {                                                                          \
        bb_t occ = w->start_occ, sum = 0;                                      \
        const uint32_t *begin = w->begin[MICRO_ROOK];                          \
        const uint8_t *squares = w->squares[MICRO_ROOK];                       \
        for (int pass = 0; pass < passes; pass++) {                            \
            /* Opaque to the optimiser: passes cannot be merged or skipped. */ \
            __asm__ volatile("" : "+r"(occ));                                  \
            for (size_t i = 0; i < w->nsteps; i++) {                           \
                occ ^= w->changed[i];                                          \
                for (uint32_t j = begin[i]; j < begin[i + 1]; j++)             \
                    sum += FORM(squares[j], occ);                              \
            }                                                                  \
        }                                                                      \
        return sum;                                                            \
    }

RAY_RUN(run_loop, ray_loop)
RAY_RUN(run_branching, ray_branching)
RAY_RUN(run_branch_free, ray_branch_free)

const ray_form_t ray_forms[RAY_FORMS] = {
    {"loop", {{run_loop, run_loop, run_loop}}},
    {"branching", {{run_branching, run_branching, run_branching}}},
    {"branch-free", {{run_branch_free, run_branch_free, run_branch_free}}},
};
