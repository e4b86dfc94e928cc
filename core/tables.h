/* Method-independent lookup tables, built once by tables_init(): leaper attacks,
 * rays, between/line masks, Zobrist keys. */
#ifndef RPERFT_TABLES_H
#define RPERFT_TABLES_H

#include "bitboard.h"

/* Ray directions as in Hyatt's paper: plus1 (east), plus7 (north-west), plus8
 * (north), plus9 (north-east) grow the square index; the minus rays shrink it. */
enum direction { PLUS1, PLUS7, PLUS8, PLUS9, MINUS1, MINUS7, MINUS8, MINUS9 };

extern bb_t knight_attacks[64];
extern bb_t king_attacks[64];
extern bb_t pawn_attacks[2][64];
extern bb_t ray_masks[8][64];      /* squares from sq (exclusive) to the edge */
extern bb_t between_masks[64][64]; /* strictly between a and b on a line, else 0 */
extern bb_t line_masks[64][64];    /* the whole line through a and b, else 0 */
extern bb_t rook_rays[64];         /* empty-board rook attacks */
extern bb_t bishop_rays[64];       /* empty-board bishop attacks */

/* Castling, per colour, king file and rook file (both on the back rank): the squares
 * that must be empty but for king and rook, and the king's path (its target
 * included, its start excluded), which must not be attacked. */
extern bb_t castle_must_be_empty[2][8][8];
extern bb_t castle_king_path[2][8][8];

extern uint64_t zobrist_piece[2][6][64];
extern uint64_t zobrist_castle[64]; /* keyed by the rook square holding the right */
extern uint64_t zobrist_ep[8];
extern uint64_t zobrist_side;

/* Builds every table of the core once; safe to call from any thread, any number of times. */
void tables_init(void);

#endif
