/* Zobrist key sets for the transposition table, one per (seed, index): a run with
 * another --key-seed uses keys unrelated to the first run's, so two positions
 * whose keys collide in one run almost surely do not in the other (a salt XORed
 * into the key would not do: it keeps every collision). Index 1 is the second,
 * independent key of 128-bit verified entries. Seed 0, index 0 is the key set of
 * position_t (core/tables.c), so stored keys and position keys agree by default. */
#ifndef RPERFT_ZOBRIST_H
#define RPERFT_ZOBRIST_H

#include <stdint.h>

typedef struct zobrist {
    uint64_t piece[2][6][64];
    uint64_t castle[64]; /* keyed by the rook square holding the right */
    uint64_t ep[8];
    uint64_t side;
} zobrist_t;

void zobrist_init(zobrist_t *z, uint64_t seed, int index);

#endif
