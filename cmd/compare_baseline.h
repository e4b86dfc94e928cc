/* Instruction baselines for rperft compare --baseline / --write-baseline: per
 * position and depth the instructions per leaf-parent, and the build that counted
 * them (compiler, build type, flags), since counts compare only within one build.
 * CSV (libcsv): position_id,fen,depth,instructions_per_leaf_parent,build. */
#ifndef RPERFT_COMPARE_BASELINE_H
#define RPERFT_COMPARE_BASELINE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct baseline_row {
    const char *id, *fen;
    int depth;
    double per_leaf_parent;
} baseline_row_t;

/* Writes the rows with this rperft's build, atomically (a temporary renamed over
 * path: a refresh never leaves half a baseline). False, said why, on an error. */
bool baseline_write(const char *path, const baseline_row_t *rows, int n);

/* Calls found for every row; false, said why (FILE:LINE), on a malformed row or a
 * row of another build. */
typedef void (*baseline_found_fn)(void *user, const char *fen, int depth, double per_leaf_parent);
bool baseline_read(const char *path, baseline_found_fn found, void *user);

#endif
