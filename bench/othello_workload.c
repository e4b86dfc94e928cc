#include "othello_workload.h"

#include <stdlib.h>

static uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static bool add_case(othello_workload_t *w, size_t *cap, const othello_position_t *pos, int sq)
{
    if (w->n == *cap) {
        size_t grown = *cap ? 2 * *cap : 4096;
        othello_flip_case_t *p = realloc(w->cases, grown * sizeof *p);
        if (!p)
            return false;
        w->cases = p, *cap = grown;
    }
    w->cases[w->n++] = (othello_flip_case_t){.own = pos->own, .opp = pos->opp, .sq = sq};
    return true;
}

bool othello_workload_build(uint64_t seed, int games, othello_workload_t *w)
{
    *w = (othello_workload_t){0};
    size_t cap = 0;
    uint64_t rng = seed ? seed : 0x9e3779b97f4a7c15ULL; /* xorshift must not start at 0 */
    const othello_method_t *ref = &othello_loop;
    for (int g = 0; g < games; g++) {
        othello_position_t pos;
        othello_error_t err;
        othello_parse(OTHELLO_STARTPOS, &pos, &err);
        for (;;) {
            obb_t moves = othello_moves(pos.own, pos.opp);
            if (!moves) {
                if (!othello_moves(pos.opp, pos.own))
                    break;
                pos = othello_after_pass(&pos);
                continue;
            }
            w->positions++;
            int n = 0, pick = 0;
            for (obb_t m = moves; m; m &= m - 1, n++)
                if (!add_case(w, &cap, &pos, __builtin_ctzll(m)))
                    return othello_workload_free(w), false;
            pick = (int)(xorshift64(&rng) % (uint64_t)n);
            obb_t m = moves;
            for (int i = 0; i < pick; i++)
                m &= m - 1;
            int sq = __builtin_ctzll(m);
            pos = othello_after(&pos, sq, ref->flips(sq, pos.own, pos.opp));
        }
    }
    return true;
}

void othello_workload_free(othello_workload_t *w)
{
    free(w->cases);
    *w = (othello_workload_t){0};
}
