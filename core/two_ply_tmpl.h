/* Counting the last two plies without making every move (perf-notes 3.6), compiled
 * once per method after movegen_tmpl.h (see perft_tmpl.h): at a
 * depth-2 node the opponent's legal moves are counted once, as if it were their
 * turn (no en passant), and a move of ours that cannot change them adds that count
 * without being made. `disrupt[piece]` holds the squares a move of that piece may
 * not leave or enter to qualify (reuse_prepare says why each is there);
 * en passant is always made, and so are castlings whose king or rook squares
 * (before or after) disrupt, captures beside their king or of a rook they may
 * castle with, and each promotion whose new piece
 * checks, pins or attacks where their king may go; a double push that gives
 * them en passant adds their en passant captures to a recount. A move touching
 * only `soft` squares (seen by their sliders, or where their pawns push or
 * capture) changes just those pieces' moves: their count is redone on the edited
 * occupancy instead (replies_after_move); after a capture the taken piece's
 * moves go too, and their pieces that reach its square may take there; after a
 * move of our slider that pins a piece of theirs (an unpinner) that piece is
 * counted free, or along its new pin; a castling has both pieces' squares
 * recounted as one quiet move (unmade_castling). A zonal move (one that leaves or enters Z,
 * or a square from which the piece attacks Z, and no hard square) has their
 * king's moves counted again from our attacks on Z (king_moves_change). */
typedef struct their_slider {
    bb_t seen;                 /* its attacks (both kinds for a queen) */
    bb_t diagonal, straight;   /* where each kind of its moves may land: 0 for none */
    int moves;                 /* its legal moves before our move */
} their_slider_t;

/* Their pawns' reach (pawn_reach) and whether one stands on its seventh rank. */
typedef struct their_pawns {
    pawn_reach_t reach;
    bool promotions;
} their_pawns_t;

/* Which squares of Z we attack, by one piece or by two or more, and their king's
 * moves then (steps and castlings). */
typedef struct zone_attacks {
    bb_t once, twice;
    int king_moves;
    bb_t king_steps;     /* the squares beside their king not their own */
    bb_t castle_path[2]; /* the king paths of the castlings that only an attack there stops */
    int castles;
} zone_attacks_t;

typedef struct reuse {
    uint64_t replies;
    bb_t disrupt[6];
    bb_t soft, pawn_squares, seen; /* seen: by any slider of theirs */
    bb_t common;  /* squares no move of ours may leave or enter (all of disrupt[]'s) */
    bb_t watched; /* their king and Z: a promoted slider must attack neither */
    bb_t ep_pushes; /* double-push targets beside one of their pawns */
    bb_t capturable; /* their pieces whose capture may go unmade: not beside their king, nor a castling rook */
    bb_t unpinners; /* our sliders whose only reason to disrupt is a pin of theirs they make */
    bb_t slides;    /* squares an unpinner may slide to along its pin, toward the piece it pins */
    /* The part of disrupt[] that a recount of their king's moves cannot cover
     * (hard_squares): castling's squares and the lines', and where a slider of
     * ours would check or pin along each kind of line. */
    bb_t hard_lines, hard_diagonal, hard_straight;
    bb_t zone;      /* Z: the squares their king may step to, and its castling paths */
    zone_attacks_t zone_attacks; /* our attacks on Z */
    their_pawns_t pawns;
    int pawn_moves;
    safety_t their;  /* their pins (never a check here) */
    /* Their sliders of each kind (queens in both), kept for the recounts: deriving
     * them from the node there cost 1.5 % more instructions. */
    bb_t their_diagonal, their_straight;
    their_slider_t slider[64]; /* by square: set on their sliders' squares only */
} reuse_t;

/* Their pawns' legal moves (pawn_moves' count with no check) on a board whose
 * empty squares and our pieces are as given. */
ALWAYS_INLINE int their_pawn_moves(const their_pawns_t *p, bb_t empty, bb_t ours, const int them)
{
    bb_t third_rank = them == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16, promo_rank = back_rank_of(them ^ 1);
    bb_t single = p->reach.push_to & empty, twice = push_up(single & third_rank, them) & empty;
    bb_t west = p->reach.west_to & ours, east = p->reach.east_to & ours;
    int count = popcount(single) + popcount(twice) + popcount(west) + popcount(east);
    if (p->promotions)
        count += 3 * (popcount(single & promo_rank) + popcount(west & promo_rank) + popcount(east & promo_rank));
    return count;
}

/* A slider's legal moves given its attacks of each kind (0 for a kind it lacks). */
ALWAYS_INLINE int their_slider_moves(const their_slider_t *t, bb_t diagonal_attacks, bb_t straight_attacks)
{
    return popcount((diagonal_attacks & t->diagonal) | (straight_attacks & t->straight));
}

/* Where a slider on sq may land with one kind of its moves: anywhere when it is
 * not pinned, along its pin when the pin is of that kind (pins), else nowhere. */
ALWAYS_INLINE bb_t landing_squares(int sq, bb_t pinned, bb_t pins)
{
    return !(pinned & BB(sq)) ? ~0ULL : pins & BB(sq) ? pins : 0;
}

/* What a recount is after (replies_after_move). */
enum { AFTER_QUIET, AFTER_CAPTURE, AFTER_UNPIN, AFTER_CASTLING };

/* The squares a castling with the king on `king` and the rook on `rook` changes:
 * both pieces' squares before and after (a square one leaves and the other takes
 * stays occupied, so the XOR leaves it out). */
ALWAYS_INLINE bb_t castling_change(int king, int rook)
{
    return BB(king) ^ BB(castled_king_square(king, rook)) ^ BB(rook) ^ BB(castled_rook_square(king, rook));
}

/* Only their sliders that see `from` or `to`, and their pawns when one pushes or
 * captures there, can move differently (reuse_prepare rules out the rest): their
 * moves are counted again on a probe node that holds just what those counts read
 * (occupancy, colours, pawns, the method's fields). After a capture the piece
 * taken on `to` (never pinned: its square would be a line square of
 * reuse_prepare's) loses its moves, and their sliders, knights and pawns that
 * reach `to` may now take there. After an unpinner's move the pin goes, or
 * follows our slider along its line (the pinned piece may then go as far as its
 * new square); unless it stays, the pinned piece moves freely: a knight gets its
 * moves, a slider and their pawns are counted again with that pin gone. */
ALWAYS_INLINE uint64_t replies_after_move(const node_t *n, const reuse_t *r, int from, int to, const int us, const int how)
{
    int them = us ^ 1, k = r->their.king;
    bb_t enemy = n->colours[them], taken = how == AFTER_QUIET ? 0 : enemy & BB(to);
    bb_t changed = how == AFTER_CASTLING ? castling_change(from, to) : BB(from) | BB(to);
    node_t probe;
    probe.pieces[PAWN] = n->pieces[PAWN];
    probe.colours[us] = n->colours[us] ^ changed;
    probe.colours[them] = enemy ^ taken;
    probe.occ = n->occ ^ changed ^ taken;
    slider_update(&probe, n, changed ^ taken);
    safety_t their = r->their;
    int freed = NO_SQ;
    if (how == AFTER_UNPIN) {
        freed = lsb(between_masks[k][from] & n->occ);
        bb_t *pins = bishop_rays[k] & BB(from) ? &their.pin_diag : &their.pin_hv;
        *pins &= ~(between_masks[k][from] | BB(from));
        if (line_masks[k][from] & BB(to))
            *pins |= between_masks[k][to] | BB(to);
    }
    bb_t pinned = their.pin_hv | their.pin_diag, knights = n->pieces[KNIGHT] & enemy & ~pinned;
    int64_t delta = 0;
    if (taken) {
        delta += popcount(knight_attacks[to] & knights);
        if (n->pieces[KNIGHT] & taken)
            delta -= popcount(knight_attacks[to] & ~enemy);
    }
    if (how == AFTER_UNPIN && (knights & BB(freed)))
        delta += popcount(knight_attacks[freed] & ~enemy);
    bb_t their_diagonal = r->their_diagonal, their_straight = r->their_straight;
    bool look = how == AFTER_UNPIN || (r->seen & changed) || ((their_diagonal | their_straight) & taken);
    /* Only their sliders on a line through `from` or `to` can see a change there,
     * and only those, the one taken and the one freed are looked at. A castling's
     * other two squares are on the back rank, where every file and diagonal
     * through them ends: a slider sees a difference there only along the rank,
     * which is the king's. */
    bb_t candidates = 0;
    if (look) {
        candidates = ((rook_rays[from] | rook_rays[to]) & their_straight) |
                     ((bishop_rays[from] | bishop_rays[to]) & their_diagonal) | taken;
        if (how == AFTER_UNPIN)
            candidates |= BB(freed);
        candidates &= their_straight | their_diagonal;
    }
    for (bb_t b = candidates; b;) {
        int sq = pop_lsb(&b);
        const their_slider_t *t = &r->slider[sq];
        if (taken && sq == to) {
            delta -= t->moves;
        } else if (how == AFTER_UNPIN && sq == freed) {
            bb_t diagonal = their_diagonal & BB(freed) ? bishop_attacks_of(&probe, freed) : 0;
            bb_t straight = their_straight & BB(freed) ? rook_attacks_of(&probe, freed) : 0;
            diagonal &= landing_squares(freed, pinned, their.pin_diag);
            straight &= landing_squares(freed, pinned, their.pin_hv);
            delta += popcount((diagonal | straight) & ~probe.colours[them]) - t->moves;
        } else if (t->seen & changed) {
            bb_t gained = pinned & BB(sq) ? 0 : taken;
            bb_t diagonal = t->diagonal ? bishop_attacks_of(&probe, sq) & (t->diagonal | gained) : 0;
            bb_t straight = t->straight ? rook_attacks_of(&probe, sq) & (t->straight | gained) : 0;
            delta += popcount(diagonal | straight) - t->moves;
        }
    }
    bb_t pawns = n->pieces[PAWN] & probe.colours[them];
    if ((n->pieces[PAWN] & taken) || (how == AFTER_UNPIN && (pawns & BB(freed)))) {
        their_pawns_t after = r->pawns;
        after.reach = pawn_reach(pawns, &their, them);
        delta += their_pawn_moves(&after, ~probe.occ, probe.colours[us], them) - r->pawn_moves;
    } else if (r->pawn_squares & changed) {
        delta += their_pawn_moves(&r->pawns, ~probe.occ, probe.colours[us], them) - r->pawn_moves;
    }
    return (uint64_t)((int64_t)r->replies + delta);
}

/* Their legal moves after our move from `from` to `to` that touches only soft
 * squares (reuse_t): a quiet move (AFTER_QUIET), a capture (AFTER_CAPTURE: no
 * promotion, no en passant), a quiet move or capture of one of our unpinners
 * (AFTER_UNPIN), or a castling, king on `from` and rook on `to`
 * (AFTER_CASTLING). Out of line, rare next to the moves counted in bulk: one copy
 * per side and kind of replies_after_move. */
#define REPLIES_AFTER(kind, how)                                                                             \
    static uint64_t replies_after_##kind##_white(const node_t *n, const reuse_t *r, int from, int to)       \
    {                                                                                                        \
        return replies_after_move(n, r, from, to, WHITE, how);                                               \
    }                                                                                                        \
    static uint64_t replies_after_##kind##_black(const node_t *n, const reuse_t *r, int from, int to)       \
    {                                                                                                        \
        return replies_after_move(n, r, from, to, BLACK, how);                                               \
    }                                                                                                        \
    ALWAYS_INLINE uint64_t replies_after_##kind(const node_t *n, const reuse_t *r, int from, int to, const int us) \
    {                                                                                                        \
        return us == WHITE ? replies_after_##kind##_white(n, r, from, to) : replies_after_##kind##_black(n, r, from, to); \
    }
REPLIES_AFTER(quiet, AFTER_QUIET)
REPLIES_AFTER(capture, AFTER_CAPTURE)
REPLIES_AFTER(unpin, AFTER_UNPIN)
REPLIES_AFTER(castling, AFTER_CASTLING)

/* Their replies after a quiet move or a capture from `from` to `to` that only
 * soft squares may change: counted again when a square is soft or taken, else
 * as they are. */
ALWAYS_INLINE uint64_t replies_after_step(const node_t *n, const reuse_t *r, int from, int to, const int us)
{
    return n->occ & BB(to) ? replies_after_capture(n, r, from, to, us)
           : r->soft & (BB(from) | BB(to)) ? replies_after_quiet(n, r, from, to, us)
           : r->replies;
}

/* The quiet moves counted without a make (reuse_t): `plain` ones add the replies
 * as they are, the rest of `quiet` (soft squares) have them counted again. The
 * from-square is `from`, or to - offset for pawns (offset 0: a piece). */
ALWAYS_INLINE uint64_t count_unmade(const node_t *n, const reuse_t *r, bb_t quiet, bb_t plain, int from, int offset,
                                    const int us)
{
    uint64_t count = r->replies * (uint64_t)popcount(plain);
    for (bb_t b = quiet ^ plain; b;) {
        int to = pop_lsb(&b);
        count += replies_after_quiet(n, r, offset ? to - offset : from, to, us);
    }
    return count;
}

/* Their king's moves (steps and castlings) when Z is attacked as `attacked` says. */
ALWAYS_INLINE int their_king_moves(const zone_attacks_t *za, bb_t attacked)
{
    int moves = popcount(za->king_steps & ~attacked);
    for (int i = 0; i < za->castles; i++)
        moves += !(za->castle_path[i] & attacked);
    return moves;
}

/* Where a move of `piece` is hard (reuse_t). */
ALWAYS_INLINE bb_t hard_squares(const reuse_t *r, int piece, const int us)
{
    int k = r->their.king;
    switch (piece) {
    case PAWN: return r->hard_lines | pawn_attacks[us ^ 1][k];
    case KNIGHT: return r->hard_lines | knight_attacks[k];
    case BISHOP: return r->hard_lines | r->hard_diagonal;
    case ROOK: return r->hard_lines | r->hard_straight;
    case QUEEN: return r->hard_lines | r->hard_diagonal | r->hard_straight;
    default: return r->hard_lines;
    }
}

/* Our attacks on Z (zone_attacks_t), and their king's moves then, the open
 * castlings' paths being known. Each piece of ours counts once on a square; only
 * `attackers`, the pieces that reach Z (reuse_prepare finds them by looking from
 * Z), are looked at. */
ALWAYS_INLINE void find_zone_attacks(const node_t *n, reuse_t *r, bb_t attackers, const int us)
{
    zone_attacks_t *za = &r->zone_attacks;
    int k = r->their.king;
    bb_t own = n->colours[us], zone = r->zone, pawns = n->pieces[PAWN] & own;
    za->king_steps = king_attacks[k] & ~n->colours[us ^ 1];
    bb_t west = capture_west(pawns, us) & zone, east = capture_east(pawns, us) & zone, king = king_attacks[lsb(n->pieces[KING] & own)] & zone;
    bb_t once = west | east | king, twice = (west & east) | ((west | east) & king);
    for (bb_t b = attackers & n->pieces[KNIGHT]; b;) {
        bb_t a = knight_attacks[pop_lsb(&b)] & zone;
        twice |= once & a, once |= a;
    }
    for (bb_t b = attackers & ~n->pieces[KNIGHT]; b;) {
        int sq = pop_lsb(&b);
        bb_t a = 0;
        if ((n->pieces[BISHOP] | n->pieces[QUEEN]) & BB(sq))
            a |= bishop_attacks_of(n, sq);
        if ((n->pieces[ROOK] | n->pieces[QUEEN]) & BB(sq))
            a |= rook_attacks_of(n, sq);
        a &= zone;
        twice |= once & a, once |= a;
    }
    za->once = once, za->twice = twice;
    za->king_moves = their_king_moves(za, once);
}

/* The squares among `candidates` (on lines from `to`) that a slider on `to` sees
 * when the board holds `occ`. */
ALWAYS_INLINE bb_t line_reach(int to, bb_t candidates, bb_t occ)
{
    bb_t reach = 0;
    for (bb_t b = candidates; b;) {
        int z = pop_lsb(&b);
        if (!(between_masks[to][z] & occ))
            reach |= BB(z);
    }
    return reach;
}

/* How many moves their king gains (or loses) by our move of `piece` from `from`
 * to `to`, when neither square is a hard one (reuse_t): the piece stops attacking
 * what it attacked from `from` (a square stays attacked if another piece of ours
 * attacks it too) and attacks what it reaches from `to`. No line to Z opens or
 * closes otherwise: such squares are hard. */
ALWAYS_INLINE int king_moves_change(const node_t *n, const reuse_t *r, int from, int to, int piece, const int us)
{
    const zone_attacks_t *za = &r->zone_attacks;
    bb_t zone = r->zone, left, reached;
    if (piece == PAWN) {
        left = pawn_attacks[us][from], reached = pawn_attacks[us][to];
    } else if (piece == KNIGHT) {
        left = knight_attacks[from], reached = knight_attacks[to];
    } else if (piece == KING) {
        left = king_attacks[from], reached = king_attacks[to];
    } else {
        bb_t occ = n->occ & ~BB(from);
        left = reached = 0;
        if (piece != ROOK) {
            left |= bishop_attacks_of(n, from);
            reached |= line_reach(to, zone & bishop_rays[to], occ);
        }
        if (piece != BISHOP) {
            left |= rook_attacks_of(n, from);
            reached |= line_reach(to, zone & rook_rays[to], occ);
        }
    }
    bb_t attacked = (za->once & ~(left & ~za->twice)) | (reached & zone);
    return their_king_moves(za, attacked) - za->king_moves;
}

/* Their replies after our move from `from` to `to` that touches Z only through
 * their king's moves (a zonal move): a quiet move's or a capture's recount of
 * their other pieces, and the change in their king's moves. Out of line, one
 * copy per side, like replies_after_move: the hot loops stay small. */
ALWAYS_INLINE uint64_t replies_after_zonal_move(const node_t *n, const reuse_t *r, int from, int to, int piece, const int us)
{
    return replies_after_step(n, r, from, to, us) + (uint64_t)(int64_t)king_moves_change(n, r, from, to, piece, us);
}
static __attribute__((noinline)) uint64_t replies_after_zonal_white(const node_t *n, const reuse_t *r, int from, int to, int piece)
{
    return replies_after_zonal_move(n, r, from, to, piece, WHITE);
}
static __attribute__((noinline)) uint64_t replies_after_zonal_black(const node_t *n, const reuse_t *r, int from, int to, int piece)
{
    return replies_after_zonal_move(n, r, from, to, piece, BLACK);
}
ALWAYS_INLINE uint64_t replies_after_zonal(const node_t *n, const reuse_t *r, int from, int to, int piece, const int us)
{
    return us == WHITE ? replies_after_zonal_white(n, r, from, to, piece) : replies_after_zonal_black(n, r, from, to, piece);
}

ALWAYS_INLINE uint64_t unmade_piece_moves(const node_t *n, const reuse_t *r, bb_t *targets, int from, int piece,
                                          const int us)
{
    uint64_t count = 0;
    if (r->disrupt[piece] & BB(from)) {
        bb_t hard = hard_squares(r, piece, us);
        if (!(hard & BB(from))) {
            /* A zonal piece: each move that qualifies has their king's moves counted again. */
            bb_t zonal = *targets & ~hard & (~n->occ | r->capturable);
            *targets ^= zonal;
            for (bb_t b = zonal; b;)
                count += replies_after_zonal(n, r, from, pop_lsb(&b), piece, us);
            return count;
        }
        if (!(r->unpinners & BB(from)))
            return 0;
        /* A slider pinning a piece of theirs: each move that qualifies is counted
         * again with the pin gone or moved. A slide along its pin toward the piece
         * it pins (empty squares) keeps that pin: the pinned piece may still land
         * anywhere on the old pin line, and its moves end where our slider now
         * stands, so a quiet move's recount is exact. */
        bb_t slides = *targets & r->slides & line_masks[r->their.king][from];
        bb_t unpins = *targets & ~r->disrupt[piece] & (~n->occ | r->capturable);
        *targets ^= slides | unpins;
        for (bb_t b = slides; b;)
            count += replies_after_quiet(n, r, from, pop_lsb(&b), us);
        for (bb_t b = unpins; b;)
            count += replies_after_unpin(n, r, from, pop_lsb(&b), us);
        return count;
    }
    /* Zonal moves (to a square of Z or one attacking it, no hard square): their
     * king's moves are counted again. */
    bb_t zonal = *targets & r->disrupt[piece];
    if (zonal && (zonal &= ~hard_squares(r, piece, us) & (~n->occ | r->capturable))) {
        *targets ^= zonal;
        for (bb_t b = zonal; b;)
            count += replies_after_zonal(n, r, from, pop_lsb(&b), piece, us);
    }
    bb_t allowed = *targets & ~r->disrupt[piece];
    bb_t quiet = allowed & ~n->colours[us ^ 1], captures = allowed & r->capturable;
    bb_t plain = r->soft & BB(from) ? 0 : quiet & ~r->soft;
    *targets ^= quiet | captures;
    count += count_unmade(n, r, quiet, plain, from, 0, us);
    for (bb_t b = captures; b;)
        count += replies_after_capture(n, r, from, pop_lsb(&b), us);
    return count;
}

/* Their en passant captures after our double push from `from` to `to`, each
 * tested in full on the board after the push, as en_passant_moves does on the
 * child (en_passant_legal reads the pieces, colours and occupancy). */
ALWAYS_INLINE int en_passant_replies(const node_t *n, int from, int to, const int us)
{
    int them = us ^ 1, ep = (from + to) / 2, king = lsb(n->pieces[KING] & n->colours[them]), count = 0;
    bb_t changed = BB(from) | BB(to);
    node_t probe;
    memcpy(probe.pieces, n->pieces, sizeof probe.pieces);
    probe.pieces[PAWN] ^= changed;
    probe.colours[us] = n->colours[us] ^ changed;
    probe.colours[them] = n->colours[them];
    probe.occ = n->occ ^ changed;
    for (bb_t b = pawn_attacks[us][ep] & n->pieces[PAWN] & n->colours[them]; b;)
        count += en_passant_legal(&probe, them, king, pop_lsb(&b), ep);
    return count;
}

/* Pawn moves: the from-squares are the targets shifted back by `offset`; the
 * targets of a push are empty squares, those of a capture their pieces. */
ALWAYS_INLINE uint64_t unmade_pawn_moves(const node_t *n, const reuse_t *r, bb_t *targets, int offset, bb_t promo_rank,
                                         const int us)
{
    bool capture = offset != 8 && offset != -8 && offset != 16 && offset != -16;
    bb_t bad = r->disrupt[PAWN], bad_from = offset > 0 ? bad << offset : bad >> -offset;
    uint64_t count = 0;
    /* Zonal moves (from or to a square of Z or one attacking it, no hard square):
     * their king's moves are counted again. */
    bb_t only = capture ? r->capturable : offset == 16 || offset == -16 ? ~r->ep_pushes : ~0ULL; /* ep: made */
    bb_t zonal = *targets & ~promo_rank & (bad | bad_from) & only;
    if (zonal) {
        bb_t hard = hard_squares(r, PAWN, us), hard_from = offset > 0 ? hard << offset : hard >> -offset;
        zonal &= ~hard & ~hard_from;
        *targets ^= zonal;
        for (bb_t b = zonal; b;) {
            int to = pop_lsb(&b);
            count += replies_after_zonal(n, r, to - offset, to, PAWN, us);
        }
    }
    if (capture) {
        bb_t captures = *targets & r->capturable & ~promo_rank & ~bad & ~bad_from;
        *targets ^= captures;
        for (bb_t b = captures; b;) {
            int to = pop_lsb(&b);
            count += replies_after_capture(n, r, to - offset, to, us);
        }
        return count;
    }
    bb_t soft = r->soft, soft_from = offset > 0 ? soft << offset : soft >> -offset;
    bb_t quiet = *targets & ~promo_rank & ~bad & ~bad_from;
    if (offset == 16 || offset == -16) {
        /* A double push that gives them en passant: their replies counted
         * again, and the en passant captures on top. */
        bb_t gives_ep = quiet & r->ep_pushes;
        for (bb_t b = gives_ep; b;) {
            int to = pop_lsb(&b);
            count += replies_after_quiet(n, r, to - offset, to, us) + (uint64_t)en_passant_replies(n, to - offset, to, us);
        }
        *targets ^= gives_ep;
        quiet ^= gives_ep;
    }
    bb_t plain = quiet & ~soft & ~soft_from;
    *targets ^= quiet;
    return count + count_unmade(n, r, quiet, plain, 0, offset, us);
}

/* Promotions counted without a make: the pawn leaves `from` (a pawn's move that
 * qualifies) and a new piece stands on `to`, which no move of ours may enter
 * (common) nor, on a capture, take unmade (capturable). Their replies are then a
 * quiet move's or a capture's from `from` to `to` (replies_after_move reads only
 * the squares), for each piece that neither attacks their king or Z nor pins a
 * piece of theirs. Its attacks are looked up on the board after the move: the
 * pawn may have stood on the ray through which they reach (disrupt[] holds the
 * node's own lines). The pieces counted are taken out of *pieces. */
ALWAYS_INLINE uint64_t unmade_promotions(const node_t *n, const reuse_t *r, int to, int offset, int *pieces, const int us)
{
    int from = to - offset, k = r->their.king;
    bool capture = n->occ & BB(to);
    if ((r->disrupt[PAWN] & BB(from)) || (r->common & BB(to)) || (capture && !(r->capturable & BB(to))))
        return 0;
    node_t probe;
    probe.occ = n->occ ^ BB(from);
    slider_update(&probe, n, BB(from));
    /* A slider of one kind on `to` pins when that kind's line to their king holds
     * one piece, theirs (on the board after the move). */
    bb_t between = between_masks[to][k] & probe.occ;
    bool lone_theirs = between && !(between & (between - 1)) && (between & n->colours[us ^ 1]);
    bool diagonal_ok = !(bishop_attacks_of(&probe, to) & r->watched) && !(lone_theirs && (bishop_rays[to] & BB(k)));
    bool straight_ok = !(rook_attacks_of(&probe, to) & r->watched) && !(lone_theirs && (rook_rays[to] & BB(k)));
    /* A knight's reach does not pass `from`: the node's own disrupt[] holds. */
    int quiet = (r->disrupt[KNIGHT] & BB(to) ? 0 : 1 << KNIGHT) | (diagonal_ok ? 1 << BISHOP : 0) |
                (straight_ok ? 1 << ROOK : 0) | (diagonal_ok && straight_ok ? 1 << QUEEN : 0);
    if (!quiet)
        return 0;
    *pieces &= ~quiet;
    return replies_after_step(n, r, from, to, us) * (uint64_t)popcount((bb_t)quiet);
}

/* A castling counted without a make: none of the king's and the rook's squares,
 * before and after, is one that disrupt[] holds for that piece. That is enough:
 * only back-rank squares change, and a line along the rank that the castling
 * opens toward their king, a piece of theirs or Z passes our king's square with
 * our rook behind it (a square of `lines`); every other square such a line could
 * newly reach lies on the castling's path, empty and not attacked by their king,
 * so in Z only as a square the rook already saw. Their replies are then counted
 * again as after a quiet move of both pieces (*count); false: make it. */
ALWAYS_INLINE bool unmade_castling(const node_t *n, const reuse_t *r, int king, int rook, const int us, uint64_t *count)
{
    int king_to = castled_king_square(king, rook), rook_to = castled_rook_square(king, rook);
    if (((BB(king) | BB(king_to)) & r->disrupt[KING]) || ((BB(rook) | BB(rook_to)) & r->disrupt[ROOK]))
        return false;
    *count = replies_after_castling(n, r, king, rook, us);
    return true;
}

/* The squares a first blocker of the king's lines hides: each blocker's attacks
 * along its line away from the king (lookups on the node's own occupancy only). */
ALWAYS_INLINE bb_t second_layer(const node_t *n, int king, bb_t first, bool rook)
{
    bb_t layer = 0;
    for (bb_t b = first; b;) {
        int sq = pop_lsb(&b);
        layer |= (rook ? rook_attacks_of(n, sq) : bishop_attacks_of(n, sq)) & line_masks[king][sq];
    }
    return layer & ~BB(king);
}

/* Their replies, and the squares where a move of ours may change them (reuse_t).
 * Our move from f to t (quiet: no capture, promotion, castling, en passant) leaves
 * their legal moves as they are when neither f nor t is
 *   - seen by their sliders (their moves along the line would change), or a square
 *     their pawns push to or capture on;
 *   - a square their king may step to (Z: not their own, plus castling paths), or
 *     one their castling needs empty;
 *   - on a line from their king to a slider of ours, the square of a piece of ours
 *     alone between (a discovered check), any square between when a piece of
 *     theirs is alone between (its pin would go), or the square of our piece when
 *     it and one of theirs are between (a pin would appear); or, on a line from a
 *     Z square to a slider of ours, any square between when nothing is, or the
 *     square of our piece when it alone is (our attack on Z);
 *   - for the moving piece itself: a square from which it attacks Z, or from which
 *     a knight checks, or a slider sees their king, or sees it behind one piece of
 *     theirs (its own pin, made or left: a pawn's check square is in Z);
 * False (make every move) when their king is in check with us to move, a position
 * only a hand-made FEN gives. */
ALWAYS_INLINE bool reuse_prepare(const node_t *n, const int us, reuse_t *r)
{
    int them = us ^ 1;
    bb_t own = n->colours[us], enemy = n->colours[them], occ = n->occ;
    int k = lsb(n->pieces[KING] & enemy);
    bb_t our_straight = (n->pieces[ROOK] | n->pieces[QUEEN]) & own, our_diagonal = (n->pieces[BISHOP] | n->pieces[QUEEN]) & own;
    /* Their pins, and the check guard (kings side by side never pass the FEN check). */
    find_checks_and_pins(n, them, &r->their, NO_SEED);
    if (r->their.checks)
        return false;

    /* Their sliders' moves as legal_moves counts them: a pinned one only along
     * its pin, and only with the matching kind. */
    bb_t their_diagonal = (n->pieces[BISHOP] | n->pieces[QUEEN]) & enemy;
    bb_t their_straight = (n->pieces[ROOK] | n->pieces[QUEEN]) & enemy, seen = 0;
    bb_t pinned = r->their.pin_hv | r->their.pin_diag;
    r->their_diagonal = their_diagonal, r->their_straight = their_straight;
    for (bb_t b = their_diagonal | their_straight; b;) {
        int sq = pop_lsb(&b);
        their_slider_t *t = &r->slider[sq];
        bb_t diagonal_attacks = 0, straight_attacks = 0;
        t->diagonal = t->straight = 0;
        if (their_diagonal & BB(sq)) {
            diagonal_attacks = bishop_attacks_of(n, sq);
            t->diagonal = landing_squares(sq, pinned, r->their.pin_diag) & ~enemy;
        }
        if (their_straight & BB(sq)) {
            straight_attacks = rook_attacks_of(n, sq);
            t->straight = landing_squares(sq, pinned, r->their.pin_hv) & ~enemy;
        }
        t->seen = diagonal_attacks | straight_attacks;
        t->moves = their_slider_moves(t, diagonal_attacks, straight_attacks);
        seen |= t->seen;
    }
    bb_t pawns = n->pieces[PAWN] & enemy, start = them == WHITE ? RANK_1_BB << 8 : RANK_8_BB >> 8;
    bb_t pawn_squares = push_up(pawns, them) | push_up(push_up(pawns & start, them), them) | capture_west(pawns, them) |
                        capture_east(pawns, them);

    /* A castling their own piece blocks stays impossible after any move of ours
     * but a capture of that piece, which is made (its square goes on `castling`).
     * One open but for attacks on its path (a piece of ours in the way or on the
     * shield square stays there: those squares are hard) keeps that path for
     * their king's moves (zone_attacks_t). */
    bb_t zone = king_attacks[k] & ~enemy, castling = 0;
    r->zone_attacks.castles = 0;
    for (bb_t rooks = n->castle_rooks & enemy; rooks;) {
        int rook = pop_lsb(&rooks);
        bb_t path = castle_king_path[them][FILE_OF(k)][FILE_OF(rook)];
        bb_t must_be_empty = castle_must_be_empty[them][FILE_OF(k)][FILE_OF(rook)];
        if (must_be_empty & enemy) {
            castling |= must_be_empty & enemy;
            continue;
        }
        if (castling_unblocked(n, them, k, rook) && castling_unshielded(n, them, k, rook))
            r->zone_attacks.castle_path[r->zone_attacks.castles++] = path;
        zone |= path;
        castling |= path | must_be_empty | castle_shield_square(rook, k);
    }
    r->zone = zone;

    /* Our sliders on their king's lines (never with nothing between: no check):
     * a piece of ours alone between gives a discovered check leaving; a pin of
     * theirs goes when our piece steps in between; one appears when our piece
     * leaves from between a piece of theirs and our slider. Lines with two of
     * theirs or two of ours between, or more, change nothing. */
    bb_t lines = 0, pin_lines = 0;
    for (bb_t b = (rook_rays[k] & our_straight) | (bishop_rays[k] & our_diagonal); b;) {
        int sq = pop_lsb(&b);
        bb_t between = between_masks[k][sq], blockers = between & occ, ours = blockers & own;
        if (!(blockers & (blockers - 1))) {
            if (ours)
                lines |= ours;
            else
                pin_lines |= between; /* kept apart: an unpinner may slide along its own */
        } else if (ours && ours != blockers && popcount(blockers) == 2) {
            lines |= ours;
        }
    }
    /* Our attack on Z along a line: blocked by a piece stepping in between, or
     * opened by our piece alone between leaving. */
    bb_t zone_straight = 0, zone_diagonal = 0, zone_knights = 0, zone_kings = 0;
    for (bb_t b = zone; b;) {
        int z = pop_lsb(&b);
        zone_straight |= rook_attacks_of(n, z);
        zone_diagonal |= bishop_attacks_of(n, z);
        zone_knights |= knight_attacks[z];
        zone_kings |= king_attacks[z];
        for (bb_t s = (rook_rays[z] & our_straight) | (bishop_rays[z] & our_diagonal); s;) {
            bb_t between = between_masks[z][pop_lsb(&s)], blockers = between & occ;
            if (!blockers)
                lines |= between;
            else if (!(blockers & (blockers - 1)))
                lines |= blockers & own;
        }
    }
    bb_t zone_pawns = capture_west(zone, them) | capture_east(zone, them); /* where our pawns attack Z from */

    bb_t rook_first = rook_attacks_of(n, k), bishop_first = bishop_attacks_of(n, k);
    bb_t common = zone | castling | lines | pin_lines;
    r->common = common;
    r->watched = zone | BB(k);
    r->soft = seen | pawn_squares;
    r->seen = seen;
    r->pawn_squares = pawn_squares;
    r->pawns.reach = pawn_reach(pawns, &r->their, them);
    r->pawns.promotions = pawns & push_up(back_rank_of(us), us);
    r->pawn_moves = their_pawn_moves(&r->pawns, ~occ, own, them);
    /* Hard squares: castling's, the lines', and where the piece would check or pin.
     * The rest of disrupt[] is Z and the squares from which the piece attacks Z. */
    r->hard_lines = castling | lines | pin_lines;
    r->hard_diagonal = bishop_first | second_layer(n, k, bishop_first & enemy, false);
    r->hard_straight = rook_first | second_layer(n, k, rook_first & enemy, true);
    r->disrupt[PAWN] = common | zone_pawns; /* a pawn's check square is in Z */
    r->disrupt[KNIGHT] = common | zone_knights | knight_attacks[k];
    r->disrupt[KING] = common | zone_kings;
    r->disrupt[BISHOP] = common | zone_diagonal | r->hard_diagonal;
    r->disrupt[ROOK] = common | zone_straight | r->hard_straight;
    r->disrupt[QUEEN] = r->disrupt[BISHOP] | r->disrupt[ROOK];
    /* Our sliders that pin a piece of theirs (in the second layer for that alone:
     * a square is on one line from their king at most) and disrupt for no other
     * reason: their moves are counted again with the pin gone (replies_after_unpin). */
    r->unpinners = r->slides = 0;
    if ((r->their.pin_diag | r->their.pin_hv) & own) {
        bb_t queens = n->pieces[QUEEN] & own;
        r->unpinners = (r->their.pin_diag & own & ~(common | zone_diagonal) & ~(queens & zone_straight)) |
                       (r->their.pin_hv & own & ~(common | zone_straight) & ~(queens & zone_diagonal));
        /* Sliding toward the piece it pins keeps the pin (the recount moves it):
         * those squares disrupt only as its own pin line and second layer, unless
         * they are also in Z, on castling or another line, or attack Z from there. */
        for (bb_t b = r->unpinners; b;) {
            int sq = pop_lsb(&b);
            int pinned_sq = lsb(between_masks[k][sq] & occ);
            bb_t attacks_z = (queens & BB(sq)) ? zone_straight | zone_diagonal
                             : bishop_rays[k] & BB(sq) ? zone_diagonal : zone_straight;
            r->slides |= between_masks[sq][pinned_sq] & ~(zone | castling | lines | attacks_z);
        }
    }
    r->ep_pushes = ((pawns & ~FILE_A_BB) >> 1) | ((pawns & ~FILE_H_BB) << 1);
    r->capturable = enemy & ~king_attacks[k] & ~n->castle_rooks;

    /* Their replies, summed from the parts already known: no check, so each
     * piece's moves are its own (the sliders', pins applied, counted above). */
    bb_t reach_zone = (n->pieces[KNIGHT] & own & zone_knights) | (our_diagonal & zone_diagonal) | (our_straight & zone_straight);
    find_zone_attacks(n, r, reach_zone, us);
    uint64_t replies = (uint64_t)r->pawn_moves + (uint64_t)r->zone_attacks.king_moves;
    for (bb_t b = their_diagonal | their_straight; b;)
        replies += (uint64_t)r->slider[pop_lsb(&b)].moves;
    for (bb_t b = n->pieces[KNIGHT] & enemy & ~pinned; b;)
        replies += (uint64_t)popcount(knight_attacks[pop_lsb(&b)] & ~enemy);
    r->replies = replies;
    return true;
}
