/* Move encoding shared by every move generator and the public API.
 * bits 0-5 from, 6-11 to, 12-13 kind, 14-15 promotion piece (knight..queen),
 * 16-18 moving piece type. Pass promo 0 for a move that does not promote. Castling is stored as "king takes own rook"
 * (to = the rook's square), which serves standard chess and Chess960 alike. */
#ifndef RPERFT_MOVE_H
#define RPERFT_MOVE_H

#include <stdint.h>

typedef uint32_t move_t;

enum move_kind { MOVE_NORMAL, MOVE_PROMOTION, MOVE_EN_PASSANT, MOVE_CASTLING };

/* No position, however crowded, has more legal moves: there are 1792 (from, to)
 * pairs on queen and knight lines, and promotions add at most 3 per pawn target. */
enum { MAX_MOVES = 2048 };

#define MOVE_MAKE(from, to, kind, promo, piece) \
    ((move_t)(from) | ((move_t)(to) << 6) | ((move_t)(kind) << 12) | \
     ((move_t)((promo) ? (promo) - 1 : 0) << 14) | ((move_t)(piece) << 16))
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_KIND(m) ((int)(((m) >> 12) & 3))
#define MOVE_PROMO(m) ((int)(((m) >> 14) & 3) + 1) /* KNIGHT..QUEEN */
#define MOVE_PIECE(m) ((int)(((m) >> 16) & 7))

#endif
