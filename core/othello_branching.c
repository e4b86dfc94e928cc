/* Flips by unrolled branches, the page's second form ("ループを用いない方法"):
 * per direction, an if-else chain over the 1 to 6 opponent discs a run can hold.
 * `run` is the opponent's discs that can sit inside a run in that direction (the
 * edge columns left out for horizontal and diagonal runs, the edge rows for
 * vertical ones), which also stops a shift wrapping to the next row. The page's
 * last branch tests m6 << 1 (back toward the move); the square after m6 is meant. */
#include "othello.h"

/* STEP(x): one square on in the direction. */
#define BRANCHING_DIRECTION(STEP)                                                         \
    do {                                                                                  \
        obb_t m1 = STEP(m), m2, m3, m4, m5, m6;                                           \
        if (m1 & run) {                                                                   \
            if (!((m2 = STEP(m1)) & run)) {                                               \
                if (m2 & own)                                                             \
                    flips |= m1;                                                          \
            } else if (!((m3 = STEP(m2)) & run)) {                                        \
                if (m3 & own)                                                             \
                    flips |= m1 | m2;                                                     \
            } else if (!((m4 = STEP(m3)) & run)) {                                        \
                if (m4 & own)                                                             \
                    flips |= m1 | m2 | m3;                                                \
            } else if (!((m5 = STEP(m4)) & run)) {                                        \
                if (m5 & own)                                                             \
                    flips |= m1 | m2 | m3 | m4;                                           \
            } else if (!((m6 = STEP(m5)) & run)) {                                        \
                if (m6 & own)                                                             \
                    flips |= m1 | m2 | m3 | m4 | m5;                                      \
            } else if (STEP(m6) & own) {                                                  \
                flips |= m1 | m2 | m3 | m4 | m5 | m6;                                     \
            }                                                                             \
        }                                                                                 \
    } while (0)

#define STEP_L1(x) ((x) << 1)
#define STEP_R1(x) ((x) >> 1)
#define STEP_L7(x) ((x) << 7)
#define STEP_R7(x) ((x) >> 7)
#define STEP_L8(x) ((x) << 8)
#define STEP_R8(x) ((x) >> 8)
#define STEP_L9(x) ((x) << 9)
#define STEP_R9(x) ((x) >> 9)

static inline obb_t branching_flips(int sq, obb_t own, obb_t opp)
{
    const obb_t m = 1ULL << sq;
    obb_t flips = 0, run = opp & OTHELLO_INNER_COLS;
    BRANCHING_DIRECTION(STEP_L1);
    BRANCHING_DIRECTION(STEP_R1);
    BRANCHING_DIRECTION(STEP_L7);
    BRANCHING_DIRECTION(STEP_R7);
    BRANCHING_DIRECTION(STEP_L9);
    BRANCHING_DIRECTION(STEP_R9);
    run = opp & OTHELLO_INNER_ROWS;
    BRANCHING_DIRECTION(STEP_L8);
    BRANCHING_DIRECTION(STEP_R8);
    return flips;
}

#define OTHELLO_FLIPS branching_flips
#define OTHELLO_METHOD_NAME "branching"
#define OTHELLO_METHOD_DESCRIPTION "per direction, an unrolled if-else chain over run lengths 1-6 (the page's branches)"
#define OTHELLO_METHOD_RECORD othello_branching
#include "othello_tmpl.h"
