#include "position.h"

#include <stdio.h>
#include <string.h>

#include "ray_walk.h"
#include "tables.h"

int piece_on(const position_t *pos, int sq)
{
    for (int p = PAWN; p <= KING; p++)
        if (pos->pieces[p] & BB(sq))
            return p;
    return NO_PIECE;
}

int king_square(const position_t *pos, int colour)
{
    bb_t k = pos->pieces[KING] & pos->colours[colour];
    return k ? lsb(k) : NO_SQ;
}

uint64_t position_compute_key(const position_t *pos)
{
    uint64_t key = 0;
    for (int c = 0; c < 2; c++)
        for (int p = PAWN; p <= KING; p++)
            for (bb_t b = pos->pieces[p] & pos->colours[c]; b;)
                key ^= zobrist_piece[c][p][pop_lsb(&b)];
    for (bb_t b = pos->castle_rooks; b;)
        key ^= zobrist_castle[pop_lsb(&b)];
    if (pos->ep != NO_SQ)
        key ^= zobrist_ep[FILE_OF(pos->ep)];
    if (pos->side == BLACK)
        key ^= zobrist_side;
    return key;
}

void position_refresh(position_t *pos)
{
    tables_init();
    pos->occupied = pos->colours[WHITE] | pos->colours[BLACK];
    pos->key = position_compute_key(pos);
}

bb_t position_attackers(const position_t *pos, int sq, int by, bb_t occ)
{
    const bb_t *p = pos->pieces, them = pos->colours[by];
    return ((pawn_attacks[by ^ 1][sq] & p[PAWN]) | (knight_attacks[sq] & p[KNIGHT]) |
            (king_attacks[sq] & p[KING]) | (ray_walk_rook(sq, occ) & (p[ROOK] | p[QUEEN])) |
            (ray_walk_bishop(sq, occ) & (p[BISHOP] | p[QUEEN]))) &
           them;
}

bool position_in_check(const position_t *pos)
{
    int k = king_square(pos, pos->side);
    return k != NO_SQ && position_attackers(pos, k, pos->side ^ 1, pos->occupied);
}

int castle_king_to(int king_sq, int rook_sq)
{
    return SQ(rook_sq > king_sq ? 6 : 2, RANK_OF(king_sq));
}

int castle_rook_to(int king_sq, int rook_sq)
{
    return SQ(rook_sq > king_sq ? 5 : 3, RANK_OF(king_sq));
}

/* Adds or removes one piece; XOR keeps every derived board in step. */
static void toggle(position_t *pos, int colour, int piece, int sq)
{
    pos->pieces[piece] ^= BB(sq);
    pos->colours[colour] ^= BB(sq);
    pos->occupied ^= BB(sq);
    pos->key ^= zobrist_piece[colour][piece][sq];
}

static void set_castle_rooks(position_t *pos, bb_t rooks)
{
    for (bb_t changed = pos->castle_rooks ^ rooks; changed;)
        pos->key ^= zobrist_castle[pop_lsb(&changed)];
    pos->castle_rooks = rooks;
}

static bb_t back_rank(int colour) { return colour == WHITE ? RANK_1_BB : RANK_8_BB; }

void position_make(position_t *pos, move_t m, undo_t *u)
{
    int us = pos->side, them = us ^ 1;
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m), piece = MOVE_PIECE(m);

    u->castle_rooks = pos->castle_rooks;
    u->key = pos->key;
    u->ep = pos->ep;
    u->halfmove = pos->halfmove;
    u->captured = NO_PIECE;

    if (pos->ep != NO_SQ)
        pos->key ^= zobrist_ep[FILE_OF(pos->ep)];
    pos->ep = NO_SQ;
    pos->halfmove++;

    if (kind == MOVE_CASTLING) {
        toggle(pos, us, KING, from);
        toggle(pos, us, ROOK, to);
        toggle(pos, us, KING, castle_king_to(from, to));
        toggle(pos, us, ROOK, castle_rook_to(from, to));
    } else {
        if (kind == MOVE_EN_PASSANT) {
            u->captured = PAWN;
            toggle(pos, them, PAWN, to ^ 8);
        } else if (pos->colours[them] & BB(to)) {
            u->captured = piece_on(pos, to);
            toggle(pos, them, u->captured, to);
        }
        toggle(pos, us, piece, from);
        toggle(pos, us, kind == MOVE_PROMOTION ? MOVE_PROMO(m) : piece, to);
        if (piece == PAWN || u->captured != NO_PIECE)
            pos->halfmove = 0;
        if (piece == PAWN && (to ^ from) == 16) {
            pos->ep = (from + to) / 2;
            pos->key ^= zobrist_ep[FILE_OF(pos->ep)];
        }
    }

    bb_t rights = pos->castle_rooks & ~(BB(from) | BB(to));
    if (piece == KING)
        rights &= ~back_rank(us);
    set_castle_rooks(pos, rights);

    if (us == BLACK)
        pos->fullmove++;
    pos->side = them;
    pos->key ^= zobrist_side;
}

void position_unmake(position_t *pos, move_t m, const undo_t *u)
{
    int them = pos->side, us = them ^ 1;
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m), piece = MOVE_PIECE(m);

    pos->side = us;
    if (us == BLACK)
        pos->fullmove--;
    if (kind == MOVE_CASTLING) {
        toggle(pos, us, ROOK, castle_rook_to(from, to));
        toggle(pos, us, KING, castle_king_to(from, to));
        toggle(pos, us, ROOK, to);
        toggle(pos, us, KING, from);
    } else {
        toggle(pos, us, kind == MOVE_PROMOTION ? MOVE_PROMO(m) : piece, to);
        toggle(pos, us, piece, from);
        if (kind == MOVE_EN_PASSANT)
            toggle(pos, them, PAWN, to ^ 8);
        else if (u->captured != NO_PIECE)
            toggle(pos, them, u->captured, to);
    }
    pos->castle_rooks = u->castle_rooks;
    pos->key = u->key;
    pos->ep = u->ep;
    pos->halfmove = u->halfmove;
}

char *square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + FILE_OF(sq));
    buf[1] = (char)('1' + RANK_OF(sq));
    return buf + 2;
}

void move_to_uci(const position_t *pos, move_t m, char *buf)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (MOVE_KIND(m) == MOVE_CASTLING && !pos->chess960)
        to = castle_king_to(from, to);
    char *p = square_name(to, square_name(from, buf));
    if (MOVE_KIND(m) == MOVE_PROMOTION)
        *p++ = "nbrq"[MOVE_PROMO(m) - KNIGHT];
    *p = '\0';
}
