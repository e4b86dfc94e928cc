#include "micro.h"

#include <stdlib.h>
#include <string.h>

#include "core/position_moves.h"

const char *const micro_kind_names[MICRO_KINDS] = {"bishop", "rook", "queen"};

/* ---- building the workload ---- */

typedef struct builder {
    micro_workload_t *w;
    size_t step_cap, square_cap[MICRO_KINDS];
    bb_t occ; /* occupancy after the last step */
    bool oom;
} builder_t;

static bool grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, n * size);
    if (!p)
        return false;
    *items = p, *cap = n;
    return true;
}

static bb_t lookup_squares(const position_t *pos, int kind)
{
    bb_t diag = pos->pieces[BISHOP] | pos->pieces[QUEEN], straight = pos->pieces[ROOK] | pos->pieces[QUEEN];
    return kind == MICRO_BISHOP ? diag : kind == MICRO_ROOK ? straight : diag | straight;
}

/* One step: from the previous occupancy to pos's, then pos's lookups (none when
 * `lookups` is false: the jump between root positions is not a move). */
static void add_step(builder_t *b, const position_t *pos, bool lookups)
{
    micro_workload_t *w = b->w;
    if (b->oom || !grow((void **)&w->changed, &b->step_cap, w->nsteps + 1, sizeof *w->changed)) {
        b->oom = true;
        return;
    }
    w->changed[w->nsteps++] = b->occ ^ pos->occupied;
    b->occ = pos->occupied;
    for (int k = 0; k < MICRO_KINDS; k++) {
        bb_t sq = lookups ? lookup_squares(pos, k) : 0;
        size_t n = w->lookups[k];
        if (!grow((void **)&w->squares[k], &b->square_cap[k], n + 64, 1)) {
            b->oom = true;
            return;
        }
        while (sq)
            w->squares[k][n++] = (uint8_t)pop_lsb(&sq);
        w->lookups[k] = n;
        /* Where this step's lookups end (and the next step's begin). */
        w->begin[k][w->nsteps] = (uint32_t)n;
    }
}

static uint64_t next_random(uint64_t *state) /* xorshift64* */
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

/* Random moves forward, then unmake them all: the make/unmake pattern of a search. */
static void playout(builder_t *b, const position_t *root, int plies, uint64_t *rng)
{
    position_t pos = *root;
    move_t moves[MAX_MOVES], line[256];
    undo_t undo[256];
    int depth = 0;
    if (plies > 256)
        plies = 256;
    while (depth < plies) {
        int n = position_legal_moves(&pos, moves);
        if (n == 0)
            break;
        line[depth] = moves[next_random(rng) % (uint64_t)n];
        position_make(&pos, line[depth], &undo[depth]);
        depth++;
        add_step(b, &pos, true);
    }
    while (depth > 0) {
        depth--;
        position_unmake(&pos, line[depth], &undo[depth]);
        add_step(b, &pos, true);
    }
}

bool micro_workload_build(const position_t *roots, int nroots, int playouts, int plies, micro_workload_t *w)
{
    memset(w, 0, sizeof *w);
    /* begin[k][i + 1] is written at step i; allocate for the most steps possible. */
    size_t max_steps = (size_t)nroots * (size_t)playouts * 2 * (size_t)(plies < 256 ? plies : 256) + (size_t)nroots + 1;
    for (int k = 0; k < MICRO_KINDS; k++)
        if (!(w->begin[k] = calloc(max_steps + 1, sizeof *w->begin[k]))) {
            micro_workload_free(w);
            return false;
        }
    builder_t b = {.w = w, .occ = nroots ? roots[0].occupied : 0};
    w->start_occ = b.occ;
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    for (int r = 0; r < nroots && !b.oom; r++) {
        add_step(&b, &roots[r], false);
        for (int p = 0; p < playouts && !b.oom; p++)
            playout(&b, &roots[r], plies, &rng);
    }
    if (nroots)
        add_step(&b, &roots[0], false); /* back to the start, so passes chain */
    if (b.oom) {
        micro_workload_free(w);
        return false;
    }
    return true;
}

void micro_workload_free(micro_workload_t *w)
{
    free(w->changed);
    for (int k = 0; k < MICRO_KINDS; k++) {
        free(w->begin[k]);
        free(w->squares[k]);
    }
    memset(w, 0, sizeof *w);
}
