/* The slider-method interface. Each method is one file in core/ (slider_*.c): its
 * attack hooks, its table set-up, its instance of the move generator and perft
 * (core/perft_tmpl.h) and one of these records, listed in core/method_list.h.
 * Function pointers are used at the root only, never per lookup. */
#ifndef RPERFT_METHOD_H
#define RPERFT_METHOD_H

#include <stdbool.h>
#include <stddef.h>

#include "count.h"
#include "hash.h"
#include "near_table.h"
#include "micro_kernel.h"
#include "position.h"

/* How a perft runs: bulk counting of the last ply, threads, transposition table. */
typedef struct search_options {
    bool bulk;
    int threads;        /* 1 or more */
    hash_table_t *hash; /* NULL: none */
    /* XORed into every Zobrist key of the search: runs under different salts (one
     * per method) share a table without ever finding each other's entries. */
    uint64_t key_salt;
    /* With a hash table: this thread's own table of depth-2 counts (perft_search
     * gives each thread one); NULL: none. */
    near_table_t *near;
} search_options_t;

typedef struct method {
    const char *name;
    const char *description;
    const char *bitscan;             /* "hardware", "debruijn" or "none" */
    size_t (*table_bytes)(void);     /* slider lookup tables, in bytes */
    bool (*available)(const char **why); /* can this CPU run it? why: the reason if not */
    const char *(*note)(void);       /* e.g. "slow-pext", or NULL */
    bool (*init)(const char **why);  /* builds the tables; false (and why) on failure */
    int (*generate)(const position_t *pos, move_t *moves);
    count_t (*perft)(const position_t *pos, int depth, bool bulk); /* one thread, no hash */
    /* One thread whatever opt->threads says: perft_search (core/split.h) splits. */
    count_t (*search)(const position_t *pos, int depth, const search_options_t *opt);
    /* Attacks for an arbitrary occupancy, for the exhaustive tests. */
    bb_t (*rook_attacks)(int sq, bb_t occ);
    bb_t (*bishop_attacks)(int sq, bb_t occ);
    /* The attack-lookup micro-benchmark, with the lookups of this instance inlined. */
    micro_kernel_t micro;
    /* For the tests: nodes to depth whose incrementally made key differs from the
     * key computed from scratch with keys (0 when right). */
    uint64_t (*key_mismatches)(const position_t *pos, int depth, const zobrist_t *keys);
} method_t;

/* The default method and the reference every other one is checked against. */
extern const method_t method_rotated, method_naive;

/* All methods of core/method_list.h, in its order; NULL-terminated. */
extern const method_t *const all_methods[];

const method_t *method_find(const char *name);
/* The method used when none is named. */
const method_t *method_default(void);
/* Checks availability and builds tables; false with a reason otherwise. */
bool method_prepare(const method_t *m, const char **why);

#endif
