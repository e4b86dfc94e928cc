/* Hyatt's classical ray method (section 2 of the rotated-bitboards paper): per
 * direction the empty-board ray; the first blocker is found by a forward bitscan on
 * the rays that grow the square index and a reverse bitscan on the others, and the
 * ray beyond it is removed with XOR. The includer defines SCAN_FORWARD and
 * SCAN_REVERSE (the method is bitscan-bound, so both kinds are offered). */
#ifndef RPERFT_CLASSICAL_RAYS_H
#define RPERFT_CLASSICAL_RAYS_H

#include "tables.h"

static inline bb_t positive_ray_attacks(int sq, bb_t occ, int dir)
{
    bb_t attacks = ray_masks[dir][sq], blockers = attacks & occ;
    if (blockers)
        attacks ^= ray_masks[dir][SCAN_FORWARD(blockers)];
    return attacks;
}

static inline bb_t negative_ray_attacks(int sq, bb_t occ, int dir)
{
    bb_t attacks = ray_masks[dir][sq], blockers = attacks & occ;
    if (blockers)
        attacks ^= ray_masks[dir][SCAN_REVERSE(blockers)];
    return attacks;
}

static inline bb_t classical_rook_attacks(int sq, bb_t occ)
{
    return positive_ray_attacks(sq, occ, PLUS1) | positive_ray_attacks(sq, occ, PLUS8) |
           negative_ray_attacks(sq, occ, MINUS1) | negative_ray_attacks(sq, occ, MINUS8);
}

static inline bb_t classical_bishop_attacks(int sq, bb_t occ)
{
    return positive_ray_attacks(sq, occ, PLUS7) | positive_ray_attacks(sq, occ, PLUS9) |
           negative_ray_attacks(sq, occ, MINUS7) | negative_ray_attacks(sq, occ, MINUS9);
}

#endif
