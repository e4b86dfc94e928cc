/* Make/unmake over random playouts: the incrementally kept occupancy and Zobrist key
 * equal those rebuilt from scratch, rotated occupancies XOR-updated by the squares
 * each move changed (as the rotated method's make does) equal rebuilt ones, and
 * unmake restores the position bit for bit. */
#include <criterion/criterion.h>
#include <string.h>

#include "fen.h"
#include "playout.h"
#include "position.h"
#include "position_moves.h"
#include "rotated.h"
#include "tables.h"

/* rot: the rotated boards of `before`, brought up to date for pos by rotated_update. */
static void assert_derived_state(const position_t *pos, bb_t before, bb_t rot[3])
{
    bb_t rebuilt[3];
    rotated_update(rot, rot, before ^ pos->occupied);
    rotated_from_occupancy(pos->occupied, rebuilt);
    cr_assert_eq(pos->occupied, pos->colours[WHITE] | pos->colours[BLACK]);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(rot[i], rebuilt[i], "rotated board %d drifted", i);
    cr_assert_eq(pos->key, position_compute_key(pos), "Zobrist key drifted");
}

Test(position, random_playouts_keep_rotated_boards_and_unmake_restores)
{
    tables_init();
    rotated_bits_init();
    uint64_t seed = 0x1234567;
    for (size_t f = 0; f < PLAYOUT_FENS; f++) {
        for (int game = 0; game < 40; game++) {
            position_t pos, saved[200];
            move_t played[200];
            undo_t undo[200];
            fen_error_t err;
            cr_assert(fen_parse(playout_fens[f], &pos, &err), "%s", err.message);
            bb_t rot[3];
            rotated_from_occupancy(pos.occupied, rot);
            int ply = 0;
            for (; ply < 200; ply++) {
                move_t moves[MAX_MOVES];
                int n = position_legal_moves(&pos, moves);
                if (n == 0)
                    break;
                saved[ply] = pos;
                played[ply] = moves[playout_random(&seed) % (unsigned)n];
                position_make(&pos, played[ply], &undo[ply]);
                assert_derived_state(&pos, saved[ply].occupied, rot);
                cr_assert_not(position_attackers(&pos, king_square(&pos, pos.side ^ 1), pos.side, pos.occupied),
                              "a generated move left its own king in check");
            }
            while (ply-- > 0) {
                position_unmake(&pos, played[ply], &undo[ply]);
                cr_assert(memcmp(&pos, &saved[ply], sizeof pos) == 0, "unmake did not restore ply %d", ply);
            }
        }
    }
}

Test(position, uci_moves_round_trip_with_both_castling_forms)
{
    tables_init();
    position_t pos;
    fen_error_t err;
    move_t m;
    char text[8];
    cr_assert(fen_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &pos, &err));
    cr_assert(move_from_uci(&pos, "e1g1", &m));
    move_to_uci(&pos, m, text);
    cr_assert_str_eq(text, "e1g1");
    cr_assert(move_from_uci(&pos, "e1h1", &m), "king-takes-rook form accepted in standard chess");
    cr_assert_eq(MOVE_KIND(m), MOVE_CASTLING);
    pos.chess960 = true;
    move_to_uci(&pos, m, text);
    cr_assert_str_eq(text, "e1h1");
    cr_assert_not(move_from_uci(&pos, "e1e3", &m));
    cr_assert(fen_parse("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", &pos, &err));
    cr_assert(move_from_uci(&pos, "b7b8n", &m));
    cr_assert_eq(MOVE_PROMO(m), KNIGHT);
    move_to_uci(&pos, m, text);
    cr_assert_str_eq(text, "b7b8n");
}
