/* A method's micro-benchmark kernel (core/micro_kernel.h), compiled in its perft
 * instance from the same hooks (core/perft_tmpl.h), so the lookups timed are the
 * ones its generator inlines. Only occ and the method's node fields are live: the
 * rest of the node is never touched. */

#define MICRO_DEFINE_RUN(fn, kind, LOOKUP)                                     \
    static bb_t fn(const micro_workload_t *w, int passes)                      \
    {                                                                          \
        node_t n = {.occ = w->start_occ};                                      \
        bb_t sum = 0;                                                          \
        slider_sync(&n);                                                       \
        const uint32_t *begin = w->begin[kind];                                \
        const uint8_t *squares = w->squares[kind];                             \
        for (int pass = 0; pass < passes; pass++) {                            \
            /* Opaque to the optimiser: passes cannot be merged or skipped. */ \
            __asm__ volatile("" : "+r"(n.occ));                                \
            for (size_t i = 0; i < w->nsteps; i++) {                           \
                bb_t ch = w->changed[i];                                       \
                n.occ ^= ch;                                                   \
                slider_update(&n, &n, ch);                                     \
                for (uint32_t j = begin[i]; j < begin[i + 1]; j++)             \
                    sum += LOOKUP(&n, squares[j]);                             \
            }                                                                  \
        }                                                                      \
        return sum;                                                            \
    }

#define MICRO_QUEEN_LOOKUP(n, sq) (rook_attacks_of((n), (sq)) | bishop_attacks_of((n), (sq)))
MICRO_DEFINE_RUN(micro_bishop, MICRO_BISHOP, bishop_attacks_of)
MICRO_DEFINE_RUN(micro_rook, MICRO_ROOK, rook_attacks_of)
MICRO_DEFINE_RUN(micro_queen, MICRO_QUEEN, MICRO_QUEEN_LOOKUP)
