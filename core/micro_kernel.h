/* The attack-lookup micro-benchmark's kernel, as each method compiles it (core/
 * micro_tmpl.h) and exports it in its record. A workload (built by bench/micro.c)
 * is a replay of random playouts: steps of make and unmake, each step the squares
 * whose occupancy changed, followed by the lookups a generator would do in the
 * position reached. Every method pays the same step work (occ ^= changed) plus the
 * upkeep of its own node fields (rotated's three rotated occupancies). */
#ifndef RPERFT_MICRO_KERNEL_H
#define RPERFT_MICRO_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"

enum micro_kind { MICRO_BISHOP, MICRO_ROOK, MICRO_QUEEN, MICRO_KINDS };

typedef struct micro_workload {
    size_t nsteps;
    bb_t start_occ;
    bb_t *changed;                  /* per step: squares whose occupancy flips */
    uint32_t *begin[MICRO_KINDS];   /* per step: its lookups are squares[begin[i]..begin[i+1]) */
    uint8_t *squares[MICRO_KINDS];
    uint64_t lookups[MICRO_KINDS];  /* per pass */
} micro_workload_t;

/* Runs `passes` passes over the workload; returns the sum of all attack sets (a
 * checksum: every method must return the same for the same passes). */
typedef bb_t (*micro_run_fn)(const micro_workload_t *w, int passes);

typedef struct micro_kernel {
    micro_run_fn run[MICRO_KINDS];
} micro_kernel_t;

#endif
