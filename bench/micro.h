/* The attack-lookup micro-benchmark. A workload is a replay of random playouts from
 * real positions: steps of make (and later unmake) moves, each step the squares
 * whose occupancy changed, followed by the lookups a generator would do in the
 * position reached (from every bishop/queen for bishop lookups, rook/queen for rook
 * lookups, every slider for queen lookups, both colours). Every method pays the
 * same step work (occ ^= changed); rotated additionally keeps its three rotated
 * occupancies up to date by XOR per step, as in a move generator's make/unmake.
 *
 * One kernel per method, compiled with the method's attack functions inlined (no
 * call per lookup), from bench/micro_tmpl.h. */
#ifndef RPERFT_MICRO_H
#define RPERFT_MICRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/position.h"

enum micro_kind { MICRO_BISHOP, MICRO_ROOK, MICRO_QUEEN, MICRO_KINDS };
extern const char *const micro_kind_names[MICRO_KINDS];

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
    const char *method; /* the name of the method it stands for */
    micro_run_fn run[MICRO_KINDS];
} micro_kernel_t;

/* The kernel of a method, or NULL. The method's tables must be built
 * (method_prepare) before a kernel runs; pext's kernel needs BMI2. */
const micro_kernel_t *micro_kernel_for(const char *method);

/* Random playouts (fixed seed: runs of one rperft version replay the same steps,
 * on any machine; a change of move order changes them) of up
 * to `plies` moves, `playouts` per root position. False when out of memory. */
bool micro_workload_build(const position_t *roots, int nroots, int playouts, int plies, micro_workload_t *w);
void micro_workload_free(micro_workload_t *w);

#endif
