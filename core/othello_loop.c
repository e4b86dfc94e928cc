/* Flips by a loop per direction, the first form of the flip-pattern page
 * (shared/seeds/002, "ループを用いる方法"): step from the move with transfer()
 * while the square holds an opponent disc; the run flips if the step after it
 * lands on an own disc. The page's loop has a slip (it shifts `pos` again instead
 * of `mask`); this is the loop it describes. */
#include "othello.h"

/* One direction: shift left (toward h8) or right, then drop what wrapped across
 * the board's edge columns (the page's transfer()). */
typedef struct othello_direction {
    int shift;
    bool left;
    obb_t guard;
} othello_direction_t;

static const othello_direction_t directions[8] = {
    {1, true, OTHELLO_NOT_A},  {1, false, OTHELLO_NOT_H}, /* east, west */
    {8, true, ~0ULL},          {8, false, ~0ULL},         /* down, up */
    {9, true, OTHELLO_NOT_A},  {9, false, OTHELLO_NOT_H}, /* down-right, up-left */
    {7, true, OTHELLO_NOT_H},  {7, false, OTHELLO_NOT_A}, /* down-left, up-right */
};

static inline obb_t transfer(obb_t m, const othello_direction_t *d)
{
    return (d->left ? m << d->shift : m >> d->shift) & d->guard;
}

static inline obb_t loop_flips(int sq, obb_t own, obb_t opp)
{
    obb_t m = 1ULL << sq, flips = 0;
    for (int i = 0; i < 8; i++) {
        obb_t run = 0, step = transfer(m, &directions[i]);
        while (step & opp) {
            run |= step;
            step = transfer(step, &directions[i]);
        }
        if (step & own)
            flips |= run;
    }
    return flips;
}

#define OTHELLO_FLIPS loop_flips
#define OTHELLO_METHOD_NAME "loop"
#define OTHELLO_METHOD_DESCRIPTION "per direction, step while an opponent disc follows (the page's loop)"
#define OTHELLO_METHOD_RECORD othello_loop
#include "othello_tmpl.h"
