/* The position as the public API sees it: what FEN describes, plus the occupancy
 * and the Zobrist key, both kept by make/unmake. Below the slider methods: nothing
 * here calls one (core/position_moves.h generates moves through one). */
#ifndef RPERFT_POSITION_H
#define RPERFT_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "bitboard.h"
#include "move.h"

typedef struct position {
    bb_t pieces[6];    /* by piece type, both colours */
    bb_t colours[2];
    bb_t occupied;
    bb_t castle_rooks; /* squares of the rooks that still hold a castling right */
    uint64_t key;      /* Zobrist key */
    int side;          /* WHITE or BLACK to move */
    int ep;            /* en-passant target square, or NO_SQ */
    int halfmove;
    int fullmove;
    bool chess960;     /* castling written king-takes-rook and castling field as Shredder/X-FEN */
} position_t;

/* What make() needs to undo a move bit for bit. */
typedef struct undo {
    bb_t castle_rooks;
    uint64_t key;
    int ep, halfmove, captured;
} undo_t;

#define STARTPOS_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

int piece_on(const position_t *pos, int sq); /* piece type or NO_PIECE */
int king_square(const position_t *pos, int colour);

/* Recomputes occupied and key from pieces/colours/side/castling/ep. */
void position_refresh(position_t *pos);
uint64_t position_compute_key(const position_t *pos);

/* Squares of pieces of colour `by` attacking sq, for the given occupancy (slow
 * reference ray walk: for validation and tests, not the hot path). */
bb_t position_attackers(const position_t *pos, int sq, int by, bb_t occ);
bool position_in_check(const position_t *pos);

/* Make/unmake with incremental XOR updates of occupied and key. The move
 * must be legal in pos. */
void position_make(position_t *pos, move_t m, undo_t *u);
void position_unmake(position_t *pos, move_t m, const undo_t *u);

/* The king's and rook's destinations of a castling move whose rook stands on rook_sq. */
int castle_king_to(int king_sq, int rook_sq);
int castle_rook_to(int king_sq, int rook_sq);

/* Writes a square's name (e4) to buf; returns the end (not terminated). */
char *square_name(int sq, char *buf);
/* UCI long algebraic: e2e4, e7e8q; castling e1g1 in standard chess, e1h1
 * (king takes rook) when pos->chess960. buf holds at least 6 bytes. */
void move_to_uci(const position_t *pos, move_t m, char *buf);

#endif
