/* The attack-lookup micro-benchmark. A workload is a replay of random playouts from
 * real positions: steps of make (and later unmake) moves, each step the squares
 * whose occupancy changed, followed by the lookups a generator would do in the
 * position reached (from every bishop/queen for bishop lookups, rook/queen for rook
 * lookups, every slider for queen lookups, both colours). The kernels that replay
 * it are each method's own (method_t.micro, core/micro_tmpl.h). */
#ifndef RPERFT_MICRO_H
#define RPERFT_MICRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/micro_kernel.h"
#include "core/position.h"

extern const char *const micro_kind_names[MICRO_KINDS];

/* Random playouts (fixed seed: runs of one rperft version replay the same steps,
 * on any machine; a change of move order changes them) of up
 * to `plies` moves, `playouts` per root position. False when out of memory. */
bool micro_workload_build(const position_t *roots, int nroots, int playouts, int plies, micro_workload_t *w);
void micro_workload_free(micro_workload_t *w);

#endif
