/* Othello perft, written once and compiled once per flip method (the template-header
 * pattern of core/movegen_tmpl.h). The including file defines, before including:
 *   OTHELLO_FLIPS(sq, own, opp)  the discs own's move at sq flips (an inline function)
 *   OTHELLO_METHOD_NAME          the method's name (a string)
 *   OTHELLO_METHOD_DESCRIPTION   one line on how it finds the flips
 *   OTHELLO_METHOD_RECORD        the name of the othello_method_t to export
 *   OTHELLO_METHOD_AVAILABLE     (optional) whether this CPU runs it; default: always
 * Everything here is static: each method gets its own perft with its flips inlined,
 * and the four counting variants (pass convention x bulk) are separate functions
 * so the recursion carries no rule test. */
#include "othello.h"

/* A node with no move: a finished game is one leaf; otherwise the side passes,
 * which costs a ply only under the pass_ply convention. */
#define OTHELLO_DEFINE_PERFT(fn, PASS_PLY, BULK)                                          \
    static count_t fn(obb_t own, obb_t opp, int depth)                                   \
    {                                                                                    \
        if (depth == 0)                                                                  \
            return 1;                                                                    \
        obb_t moves = othello_moves(own, opp);                                           \
        if (moves == 0) {                                                                \
            if (othello_moves(opp, own) == 0)                                            \
                return 1;                                                                \
            return fn(opp, own, PASS_PLY ? depth - 1 : depth);                           \
        }                                                                                \
        if (BULK && depth == 1)                                                          \
            return (count_t)__builtin_popcountll(moves);                                 \
        count_t nodes = 0;                                                               \
        do {                                                                             \
            int sq = __builtin_ctzll(moves);                                             \
            obb_t f = OTHELLO_FLIPS(sq, own, opp);                                       \
            nodes += fn(opp ^ f, own ^ f ^ (1ULL << sq), depth - 1);                     \
            moves &= moves - 1;                                                          \
        } while (moves);                                                                 \
        return nodes;                                                                    \
    }

OTHELLO_DEFINE_PERFT(perft_pass_ply_bulk, 1, 1)
OTHELLO_DEFINE_PERFT(perft_pass_ply_no_bulk, 1, 0)
OTHELLO_DEFINE_PERFT(perft_pass_free_bulk, 0, 1)
OTHELLO_DEFINE_PERFT(perft_pass_free_no_bulk, 0, 0)

static count_t perft_entry(const othello_position_t *pos, int depth, const othello_rules_t *rules)
{
    count_t (*fn)(obb_t, obb_t, int) =
        rules->pass_ply ? (rules->bulk ? perft_pass_ply_bulk : perft_pass_ply_no_bulk)
                        : (rules->bulk ? perft_pass_free_bulk : perft_pass_free_no_bulk);
    return fn(pos->own, pos->opp, depth);
}

static obb_t flips_entry(int sq, obb_t own, obb_t opp) { return OTHELLO_FLIPS(sq, own, opp); }

static obb_t flip_sum_entry(const othello_flip_case_t *cases, size_t n, int passes)
{
    obb_t sum = 0;
    for (int pass = 0; pass < passes; pass++) {
        /* Opaque to the optimiser: passes cannot be merged or skipped. */
        __asm__ volatile("" : "+r"(sum));
        for (size_t i = 0; i < n; i++) {
            obb_t own = cases[i].own; /* opaque too: no flips hoisted out of the passes */
            __asm__ volatile("" : "+r"(own));
            sum += OTHELLO_FLIPS(cases[i].sq, own, cases[i].opp);
        }
    }
    return sum;
}

#ifndef OTHELLO_METHOD_AVAILABLE
#define OTHELLO_METHOD_AVAILABLE othello_always_available
#endif

const othello_method_t OTHELLO_METHOD_RECORD = {
    .name = OTHELLO_METHOD_NAME,
    .available = OTHELLO_METHOD_AVAILABLE,
    .description = OTHELLO_METHOD_DESCRIPTION,
    .flips = flips_entry,
    .perft = perft_entry,
    .flip_sum = flip_sum_entry,
};
