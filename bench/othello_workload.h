/* The Othello flip workload: every legal move of every position of random games
 * from the start position (fixed seed, so runs of one rperft version replay the
 * same cases on any machine). The flip micro-benchmark times each method over it,
 * and the tests check every method's flips against the loop's on it. */
#ifndef RPERFT_OTHELLO_WORKLOAD_H
#define RPERFT_OTHELLO_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "core/othello.h"

typedef struct othello_workload {
    othello_flip_case_t *cases;
    size_t n;
    size_t positions; /* positions the cases come from */
} othello_workload_t;

/* `games` random games played to the end (moves chosen by a xorshift generator
 * seeded with seed; passes played when forced). False when out of memory. */
bool othello_workload_build(uint64_t seed, int games, othello_workload_t *w);
void othello_workload_free(othello_workload_t *w);

#endif
