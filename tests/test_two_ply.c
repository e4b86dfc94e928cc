/* Counting the last two plies (a depth-2 node adds the opponent's reply count for
 * each quiet move that cannot change it, instead of making the move) against
 * making every leaf move, which never takes that shortcut: perft 2 and 3 must agree
 * at every position of random playouts from open, closed, castling, en passant,
 * promotion and Chess960 positions, for every method this CPU runs. */
#include <criterion/criterion.h>

#include "fen.h"
#include "method.h"
#include "playout.h"
#include "position.h"
#include "position_moves.h"
#include "tables.h"

static void check_method(const method_t *m)
{
    uint64_t seed = 0x2b1e5eed;
    int checked = 0;
    for (size_t f = 0; f < PLAYOUT_FENS; f++) {
        for (int game = 0; game < 12; game++) {
            position_t pos;
            fen_error_t err;
            cr_assert(fen_parse(playout_fens[f], &pos, &err), "%s: %s", playout_fens[f], err.message);
            for (int ply = 0; ply < 80; ply++) {
                int depth = ply % 4 == 0 ? 3 : 2;
                count_t bulk = m->perft(&pos, depth, true), made = m->perft(&pos, depth, false);
                if (bulk != made) {
                    char fen[FEN_MAX];
                    fen_write(&pos, fen);
                    cr_assert_fail("%s: perft %d of %s: %llu counted, %llu made", m->name, depth, fen,
                                   (unsigned long long)bulk, (unsigned long long)made);
                }
                checked++;
                move_t moves[MAX_MOVES];
                int n = position_legal_moves(&pos, moves);
                if (n == 0)
                    break;
                undo_t undo;
                position_make(&pos, moves[playout_random(&seed) % (unsigned)n], &undo);
            }
        }
    }
    cr_assert_gt(checked, 5000, "only %d positions checked", checked);
}

Test(two_ply, counting_equals_making_every_move_for_every_method, .timeout = 240)
{
    tables_init();
    int tested = 0;
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        check_method(all_methods[i]);
        tested++;
    }
    cr_assert_gt(tested, 0);
}
