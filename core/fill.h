/* One step of a slider along a direction, as the fill methods (dumb7fill,
 * kogge-stone) and the micro-benchmark's seed-page forms take it: a shift of the
 * whole board, then a mask that drops what wrapped around the a- or h-file (none
 * for north and south, whose shifts drop off the board by themselves); and the
 * occluded fill of one ray built from it (dumb7fill). */
#ifndef RPERFT_FILL_H
#define RPERFT_FILL_H

#include "bitboard.h"

#define NOT_FILE_A (~FILE_A_BB)
#define NOT_FILE_H (~FILE_H_BB)

/* Positive shifts grow the square index (north, east, north-east, north-west). */
static inline bb_t shift_by(bb_t b, int shift) { return shift > 0 ? b << shift : b >> -shift; }

/* A direction: its shift and the squares a step may land on. */
typedef struct fill_dir {
    int shift;
    bb_t wrap;
} fill_dir_t;

static const fill_dir_t FILL_N = {8, ~0ULL}, FILL_S = {-8, ~0ULL}, FILL_E = {1, NOT_FILE_A}, FILL_W = {-1, NOT_FILE_H};
static const fill_dir_t FILL_NE = {9, NOT_FILE_A}, FILL_NW = {7, NOT_FILE_H}, FILL_SE = {-7, NOT_FILE_A},
                        FILL_SW = {-9, NOT_FILE_H};

static inline bb_t fill_step(bb_t b, fill_dir_t d) { return shift_by(b, d.shift) & d.wrap; }

/* The seed page's branch-free form for one ray: six steps of shift-and-mask by the
 * empty squares flood the ray up to the first blocker, one more step gives the
 * attacks (the flooded squares and the blocker). Branch-free and table-free. */
static inline bb_t occluded_fill_attacks(bb_t slider, bb_t empty, fill_dir_t d)
{
    bb_t pro = empty & d.wrap, gen = slider, flood = slider;
    flood |= gen = shift_by(gen, d.shift) & pro;
    flood |= gen = shift_by(gen, d.shift) & pro;
    flood |= gen = shift_by(gen, d.shift) & pro;
    flood |= gen = shift_by(gen, d.shift) & pro;
    flood |= gen = shift_by(gen, d.shift) & pro;
    flood |= shift_by(gen, d.shift) & pro;
    return fill_step(flood, d);
}

/* A slider's attacks as the union of one ray fill per direction: `ray` is a
 * constant at every call, so it is inlined like the rest (no call per ray). */
typedef bb_t (*ray_fill_t)(bb_t slider, bb_t empty, fill_dir_t d);

static inline __attribute__((always_inline)) bb_t fill_rook_attacks(int sq, bb_t occ, ray_fill_t ray)
{
    bb_t s = BB(sq), empty = ~occ;
    return ray(s, empty, FILL_N) | ray(s, empty, FILL_S) | ray(s, empty, FILL_E) | ray(s, empty, FILL_W);
}

static inline __attribute__((always_inline)) bb_t fill_bishop_attacks(int sq, bb_t occ, ray_fill_t ray)
{
    bb_t s = BB(sq), empty = ~occ;
    return ray(s, empty, FILL_NE) | ray(s, empty, FILL_NW) | ray(s, empty, FILL_SE) | ray(s, empty, FILL_SW);
}

#endif
