/* What the random-playout tests share: their start positions (open, closed,
 * castling, en passant, promotion, Chess960, two where only the knight rules of
 * two-ply counting stop a quiet move, four where they stop some promotions,
 * seven for the unpinner's slides and the knight leaving their king's zone,
 * six for castling counted without a make, and one for a castling
 * that only a rook on the shield square stops)
 * and a fixed-seed xorshift to pick moves. */
#ifndef RPERFT_TESTS_PLAYOUT_H
#define RPERFT_TESTS_PLAYOUT_H

#include <stdint.h>

#include "fen.h"

static const char *const playout_fens[] = {
    STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 1 20",
    "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
    "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1",
    /* Where only the knight rules stop a quiet move: Nd6-f7 checks a king whose
     * lines, zone and pawns do not reach f7; Nc6-e7 takes g8 from it. */
    "6rk/6pp/3N4/8/8/8/8/4K3 w - - 0 1",
    "7k/6pp/2N5/8/8/8/8/4K3 w - - 0 1",
    /* Promotions counted without a make: the new piece reaches their king's zone
     * through the square its pawn left (c8 bishop to f5, d8 rook down the d-file),
     * pins a knight (c8 to e6), or checks and guards on the first rank. */
    "2r5/3P4/8/6k1/8/8/8/4K3 b - - 0 1",
    "8/3P4/8/8/4k3/8/8/K7 b - - 0 1",
    "2r5/1P1n4/4k3/8/8/8/8/K7 b - - 0 1",
    "4k3/8/8/8/8/8/5p2/3KN1R1 w - - 0 1",
    /* An unpinner sliding along its pin toward the piece it pins (Ra5-c5 keeps
     * the knight, the rook or the queen's bishop pinned; Ba1-c3 lets the pinned
     * pawn take it), and a knight beside their king leaving Z (Nf2 takes f2
     * from the king: unguarded, guarded by a pawn, guarded by a bishop). */
    "8/8/8/R2n3k/8/8/8/K7 w - - 0 1",
    "8/8/8/R2r3k/8/8/8/K7 w - - 0 1",
    "8/8/8/Q2b3k/8/8/8/K7 w - - 0 1",
    "8/6k1/8/8/3p4/8/8/B6K w - - 0 1",
    "4k3/8/8/8/8/8/5n2/3QK3 b - - 0 1",
    "4k3/8/8/8/8/6p1/5n2/3QK3 b - - 0 1",
    "4k3/8/8/8/7b/8/5n2/3QK3 b - - 0 1",
    /* Castling counted without a make, after black's move: the rook on f1
     * reaches their king's zone (d1, c1) or their king (b1) through the square
     * its king left, or pins the knight on c1; the king on c1 or the rook up the
     * f-file reach their king's zone from the squares castling takes them to;
     * in the Chess960 one the king and the rook trade squares. */
    "8/8/8/8/8/8/2k5/4K2R b K - 0 1",
    "8/8/8/8/8/8/8/2k1K2R b K - 0 1",
    "8/8/8/8/8/8/8/1kn1K2R b K - 0 1",
    "8/8/8/8/8/k7/p7/R3K3 b Q - 0 1",
    "8/8/8/8/6k1/8/7P/4K2R b K - 0 1",
    "8/8/8/8/8/k7/8/5KR1 b G - 0 1",
    /* After h7-h6, black's queenside castling with the b-file rook, which the
     * rook on a8 stops from its shield square though nothing attacks the king's
     * path: the replies summed from black's king moves must leave it out. */
    "Rr1k4/7p/8/8/8/8/8/4K3 b b - 0 1",
};

static inline uint64_t playout_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

#define PLAYOUT_FENS (sizeof playout_fens / sizeof *playout_fens)

#endif
