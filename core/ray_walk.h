/* The reference slider loop: step square by square along each ray until a piece or
 * the edge. It is the naive method and the oracle every table builder is checked by. */
#ifndef RPERFT_RAY_WALK_H
#define RPERFT_RAY_WALK_H

#include "bitboard.h"

static inline bb_t ray_walk(int sq, bb_t occ, const int (*steps)[2], int nsteps)
{
    bb_t att = 0;
    for (int d = 0; d < nsteps; d++) {
        int f = FILE_OF(sq) + steps[d][0], r = RANK_OF(sq) + steps[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            att |= BB(SQ(f, r));
            if (occ & BB(SQ(f, r)))
                break;
            f += steps[d][0];
            r += steps[d][1];
        }
    }
    return att;
}

static const int ray_walk_rook_steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int ray_walk_bishop_steps[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static inline bb_t ray_walk_rook(int sq, bb_t occ) { return ray_walk(sq, occ, ray_walk_rook_steps, 4); }
static inline bb_t ray_walk_bishop(int sq, bb_t occ) { return ray_walk(sq, occ, ray_walk_bishop_steps, 4); }

#endif
