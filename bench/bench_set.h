/* The positions a bench runs: read from a suite file in any format core/suite.h
 * reads (e.g. "FEN ;D5 193690690 ;id \"kiwipete\""), benched at the deepest listed
 * depth of at most BENCH_NODE_BUDGET nodes (so that a suite listing depths up to
 * billions of nodes does not start an hours-long bench by accident); or the six CPW
 * positions built into the binary for when positions/bench.epd cannot be found. */
#ifndef RPERFT_BENCH_SET_H
#define RPERFT_BENCH_SET_H

#include <stdbool.h>
#include <stddef.h>

#include "core/count.h"
#include "core/fen.h"
#include "core/position.h"

enum { BENCH_MAX_DEPTH = 64 };
#define BENCH_NODE_BUDGET 1000000000u

typedef struct bench_position {
    char id[64];
    char fen[FEN_MAX];   /* as fen_write() writes it: the key reports match on */
    position_t pos;
    int depth;           /* the depth to bench */
    bool known[BENCH_MAX_DEPTH + 1];
    count_t expected[BENCH_MAX_DEPTH + 1];
} bench_position_t;

typedef struct bench_set {
    bench_position_t *items;
    int n;
    char source[512];    /* the file read, or "built-in" */
} bench_set_t;

/* Reads a suite file. False with "FILE:LINE:COLUMN: field: what" in err on the first
 * bad line. */
bool bench_set_load(const char *path, bench_set_t *set, char *err, size_t errlen);
/* The built-in six (always succeeds unless out of memory). */
bool bench_set_builtin(bench_set_t *set);
/* positions/bench.epd under $RPERFT_SUITES_DIR, the current directory, or the
 * binary's source tree (build/cmd/rperft -> positions/); false if none exists. */
bool bench_set_find_default(char *path, size_t len);
void bench_set_free(bench_set_t *set);

/* Depth spec "N" (every position), "+N" or "-N" (relative to each one's): false
 * with why in err when it is no number or leaves 1 to BENCH_MAX_DEPTH. */
bool bench_set_set_depth(bench_set_t *set, const char *spec, char *err, size_t errlen);

/* The count at depth (bulk counting or not gives the same): the listed one, or
 * else counted now by the naive reference method and remembered (*counted true). */
count_t bench_position_count(bench_position_t *p, int depth, bool *counted);

#endif
