/* Flips without a branch, the page's third form ("条件分岐を用いない方法") in its
 * accumulated, fewer-variables version from the end of the page. Per direction:
 *   e1..e6  the squares 1..6 steps from the move through opponent discs,
 *   b1..b6  the squares 1..6 steps back from an own disc through opponent discs;
 * a square flips when it is ek and bj with k + j <= 7 (the run between the move
 * and the own disc holds at most six discs). The AND-OR table of the 21 pairs is
 * folded into six ANDs against the running OR b1 | b2 | ... */
#include "othello.h"

/* One direction: STEP goes away from the move, BACK the opposite way. */
#define BRANCH_FREE_DIRECTION(STEP, BACK, s)                                             \
    do {                                                                                 \
        obb_t e1 = STEP(m, s) & run, e2 = STEP(e1, s) & run, e3 = STEP(e2, s) & run;     \
        obb_t e4 = STEP(e3, s) & run, e5 = STEP(e4, s) & run, e6 = STEP(e5, s) & run;    \
        obb_t b = BACK(own, s) & run;                                                    \
        flips |= e6 & b;                                                                 \
        flips |= e5 & (b |= BACK(b, s) & run);                                           \
        flips |= e4 & (b |= BACK(b, s) & run);                                           \
        flips |= e3 & (b |= BACK(b, s) & run);                                           \
        flips |= e2 & (b |= BACK(b, s) & run);                                           \
        flips |= e1 & (b | (BACK(b, s) & run));                                          \
    } while (0)

#define SHL(x, s) ((x) << (s))
#define SHR(x, s) ((x) >> (s))

static inline obb_t branch_free_flips(int sq, obb_t own, obb_t opp)
{
    const obb_t m = 1ULL << sq;
    obb_t flips = 0, run = opp & OTHELLO_INNER_COLS;
    BRANCH_FREE_DIRECTION(SHL, SHR, 1);
    BRANCH_FREE_DIRECTION(SHR, SHL, 1);
    BRANCH_FREE_DIRECTION(SHL, SHR, 7);
    BRANCH_FREE_DIRECTION(SHR, SHL, 7);
    BRANCH_FREE_DIRECTION(SHL, SHR, 9);
    BRANCH_FREE_DIRECTION(SHR, SHL, 9);
    run = opp & OTHELLO_INNER_ROWS;
    BRANCH_FREE_DIRECTION(SHL, SHR, 8);
    BRANCH_FREE_DIRECTION(SHR, SHL, 8);
    return flips;
}

#define OTHELLO_FLIPS branch_free_flips
#define OTHELLO_METHOD_NAME "branch-free"
#define OTHELLO_METHOD_DESCRIPTION "per direction, e1..e6 AND the running OR of b1..b6 (the page's accumulated form)"
#define OTHELLO_METHOD_RECORD othello_branch_free
#include "othello_tmpl.h"
