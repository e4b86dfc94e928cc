/* Flips by Kogge-Stone fills, beyond the page: the run of opponent discs from the
 * move is found by a parallel-prefix ("occluded") fill in three doubling steps
 * (1, 2, 4 squares) instead of the six single steps of the other forms, and the
 * run is kept, without a branch, when the square after it holds an own disc. The
 * eight directions are independent chains of about a dozen ALU operations, which
 * an out-of-order core overlaps; the page's forms walk six dependent steps each.
 * (The fill is the chess programmers' Kogge-Stone occluded fill; see README.) */
#include "othello.h"

/* The move plus the run of `run` discs beyond it toward h8 (left shifts) or a1. */
static inline obb_t fill_left(obb_t g, obb_t run, int s)
{
    g |= run & (g << s);
    run &= run << s;
    g |= run & (g << 2 * s);
    run &= run << 2 * s;
    return g | (run & (g << 4 * s));
}

static inline obb_t fill_right(obb_t g, obb_t run, int s)
{
    g |= run & (g >> s);
    run &= run >> s;
    g |= run & (g >> 2 * s);
    run &= run >> 2 * s;
    return g | (run & (g >> 4 * s));
}

/* The run flips when the square after its end holds an own disc: a mask, not a
 * branch. g holds the move itself, which is dropped (a move beside an own disc
 * fills nothing beyond it, so the test cannot pass on an empty run's behalf). */
static inline obb_t closed_run(obb_t g, obb_t after, obb_t m, obb_t own)
{
    return g & ~m & (0 - (obb_t)((after & own) != 0));
}

#define KOGGE_STONE_DIRECTIONS(s)                                                        \
    do {                                                                                 \
        obb_t gl = fill_left(m, run, (s)), gr = fill_right(m, run, (s));                 \
        flips |= closed_run(gl, gl << (s), m, own) | closed_run(gr, gr >> (s), m, own);  \
    } while (0)

static inline obb_t kogge_stone_flips(int sq, obb_t own, obb_t opp)
{
    const obb_t m = 1ULL << sq;
    obb_t flips = 0, run = opp & OTHELLO_INNER_COLS;
    KOGGE_STONE_DIRECTIONS(1);
    KOGGE_STONE_DIRECTIONS(7);
    KOGGE_STONE_DIRECTIONS(9);
    run = opp & OTHELLO_INNER_ROWS;
    KOGGE_STONE_DIRECTIONS(8);
    return flips;
}

#define OTHELLO_FLIPS kogge_stone_flips
#define OTHELLO_METHOD_NAME "kogge-stone"
#define OTHELLO_METHOD_DESCRIPTION "per direction, a 3-step parallel-prefix fill of the opponent run (beyond the page)"
#define OTHELLO_METHOD_RECORD othello_kogge_stone
#include "othello_tmpl.h"
