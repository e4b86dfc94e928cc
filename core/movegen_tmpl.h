/* The legal move generator and perft, written once and compiled once per slider
 * method (the "template header" pattern). The including file defines, before
 * including this file:
 *   SLIDER_FIELDS             extra node fields the method keeps (may be empty)
 *   slider_sync(n)            rebuild those fields from n->occ
 *   slider_update(n, parent, changed)  set them to the parent's, XOR-updated for the
 *                             squares whose occupancy changed (read the parent's,
 *                             not the child's just-copied fields)
 *   rook_attacks_of(n, sq)    rook attacks from sq on the node's occupancy
 *   bishop_attacks_of(n, sq)  bishop attacks likewise
 * Everything here is static, so each method gets its own copy with its lookups
 * inlined: no indirect call or switch per attack lookup. The method file exports
 * the entry points at the end of this file through its method_t record.
 *
 * Legality without make-and-test: check mask, pin masks and king-ban map per node.
 * Checks and pins come from between-masks of the enemy sliders on the king's
 * empty-board lines, which needs no slider lookup at all; only the enemy attack map
 * (for king moves and castling) and the moves of our own sliders use the method. */

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "count.h"
#include "hash.h"
#include "method.h"
#include "move.h"
#include "position.h"
#include "tables.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))
/* What the generator does with each legal move: count it (at the leaf-parents),
 * write it to a list, make it and count the child's moves at once (the depth-2
 * visit: no list, and the make folds for the piece and kind at hand), or make it
 * and count it as one leaf (no bulk counting: every leaf move is made). */
enum gen_mode { COUNT, LIST, VISIT, MAKE_LEAF };
/* Where the next move goes; no arithmetic on the NULL list of the other modes. */
#define OUT (mode == LIST ? list + count : list)

/* The state perft copies from parent to child (copy-make: no unmake needed). */
typedef struct node {
    bb_t pieces[6];
    bb_t colours[2];
    bb_t occ;
    bb_t castle_rooks;
    int side;
    int ep;       /* NO_SQ unless an enemy pawn stands beside the pawn that just double-pushed */
    uint64_t key;  /* Zobrist key, kept only when a hash table is used */
    uint64_t key2; /* the second key of a verified table */
    SLIDER_FIELDS
} node_t;

/* From scratch, salted (search_options_t.key_salt), with the table's keys: only
 * interior nodes that will be probed need it, a few percent of the nodes made, so
 * the hot make does not carry an incremental update. */
static uint64_t node_key(const node_t *n, const zobrist_t *z, uint64_t salt)
{
    uint64_t key = salt ^ (n->side == BLACK ? z->side : 0);
    for (int c = 0; c < 2; c++)
        for (int p = PAWN; p <= KING; p++)
            for (bb_t b = n->pieces[p] & n->colours[c]; b;)
                key ^= z->piece[c][p][pop_lsb(&b)];
    for (bb_t b = n->castle_rooks; b;)
        key ^= z->castle[pop_lsb(&b)];
    if (n->ep != NO_SQ)
        key ^= z->ep[FILE_OF(n->ep)];
    return key;
}

/* The keys a probe of this node needs: the second only for a verified table. */
static void node_keys(node_t *n, const search_options_t *opt)
{
    const hash_table_t *t = opt->hash;
    if (!t)
        return;
    n->key = node_key(n, &t->keys[0], opt->key_salt);
    n->key2 = t->verified ? node_key(n, &t->keys[1], opt->key_salt) : 0;
}

static void node_load(node_t *n, const position_t *pos, const search_options_t *opt)
{
    memset(n, 0, sizeof *n);
    memcpy(n->pieces, pos->pieces, sizeof n->pieces);
    n->colours[WHITE] = pos->colours[WHITE];
    n->colours[BLACK] = pos->colours[BLACK];
    n->occ = pos->occupied;
    n->castle_rooks = pos->castle_rooks;
    n->side = pos->side;
    n->ep = pos->ep;
    /* Keep an en-passant square only where a pawn could take, as make does, so
     * that equal positions get equal keys. */
    if (n->ep != NO_SQ && !(pawn_attacks[n->side ^ 1][n->ep] & n->pieces[PAWN] & n->colours[n->side]))
        n->ep = NO_SQ;
    node_keys(n, opt);
    slider_sync(n);
}

ALWAYS_INLINE bb_t back_rank_of(int colour) { return colour == WHITE ? RANK_1_BB : RANK_8_BB; }
ALWAYS_INLINE bb_t push_up(bb_t b, int us) { return us == WHITE ? b << 8 : b >> 8; }
/* Pawn captures towards the a-file and the h-file, and their square offsets. */
ALWAYS_INLINE bb_t capture_west(bb_t b, int us) { return us == WHITE ? (b & ~FILE_A_BB) << 7 : (b & ~FILE_A_BB) >> 9; }
ALWAYS_INLINE bb_t capture_east(bb_t b, int us) { return us == WHITE ? (b & ~FILE_H_BB) << 9 : (b & ~FILE_H_BB) >> 7; }
ALWAYS_INLINE int push_offset(int us) { return us == WHITE ? 8 : -8; }
ALWAYS_INLINE int west_offset(int us) { return us == WHITE ? 7 : -9; }
ALWAYS_INLINE int east_offset(int us) { return us == WHITE ? 9 : -7; }

typedef struct safety {
    int king;
    int checks;     /* number of checkers */
    bb_t checkmask; /* squares a non-king move must land on: all when not in check */
    bb_t pin_hv;    /* lines king..pinner (inclusive of pinner) of rank/file pins */
    bb_t pin_diag;  /* the same for diagonal pins */
    bb_t behind;    /* squares behind the king on a slider checker's line */
} safety_t;

/* Counting the last two plies without making every move (perf-notes 3.6): at a
 * depth-2 node the opponent's legal moves are counted once, as if it were their
 * turn (no en passant), and a move of ours that cannot change them adds that count
 * without being made. `disrupt[piece]` holds the squares a move of that piece may
 * not leave or enter to qualify (reuse_prepare says why each is there); captures,
 * promotions, castling, en passant and double pushes that give them en passant are
 * always made. A move touching only `soft` squares (seen by their sliders, or
 * where their pawns push or capture) changes just those pieces' moves: their
 * count is redone on the edited occupancy instead (replies_after). */
enum { MAX_THEIR_SLIDERS = 16 };
typedef struct their_slider {
    int sq;
    bb_t seen;                 /* its attacks (both kinds for a queen) */
    bb_t diagonal, straight;   /* where each kind of its moves may land: 0 for none */
    int moves;                 /* its legal moves before our move */
} their_slider_t;

typedef struct reuse {
    uint64_t replies;
    bb_t disrupt[6];
    bb_t soft, pawn_squares;
    bb_t ep_pushes; /* double-push targets beside one of their pawns */
    int pawn_moves, sliders;
    safety_t their;  /* their pins (never a check here) */
    their_slider_t slider[MAX_THEIR_SLIDERS];
} reuse_t;

/* A slider's legal moves given its attacks of each kind (0 for a kind it lacks). */
ALWAYS_INLINE int their_slider_moves(const their_slider_t *t, bb_t diagonal_attacks, bb_t straight_attacks)
{
    return popcount((diagonal_attacks & t->diagonal) | (straight_attacks & t->straight));
}


/* A checker set no position has: "find the pawn and knight checkers yourself". */
#define NO_SEED (~0ULL)

/* Checks and pins from the enemy sliders on the king's empty-board lines. Pawn and
 * knight checkers come from `seed` when the caller knows them: only the piece that
 * just moved can give such a check. */
ALWAYS_INLINE void find_checks_and_pins(const node_t *n, int us, safety_t *s, bb_t seed)
{
    int them = us ^ 1, k = lsb(n->pieces[KING] & n->colours[us]);
    bb_t enemy = n->colours[them];
    bb_t rooks = (n->pieces[ROOK] | n->pieces[QUEEN]) & enemy;
    bb_t bishops = (n->pieces[BISHOP] | n->pieces[QUEEN]) & enemy;
    bb_t checkers = seed != NO_SEED ? seed
                                    : ((knight_attacks[k] & n->pieces[KNIGHT]) | (pawn_attacks[us][k] & n->pieces[PAWN])) & enemy;

    s->king = k;
    s->pin_hv = s->pin_diag = s->behind = 0;
    for (bb_t snipers = (rook_rays[k] & rooks) | (bishop_rays[k] & bishops); snipers;) {
        int sq = pop_lsb(&snipers);
        bb_t blockers = between_masks[k][sq] & n->occ;
        if (!blockers) {
            checkers |= BB(sq);
            s->behind |= line_masks[k][sq] & king_attacks[k] & ~between_masks[k][sq] & ~BB(sq);
        } else if (!(blockers & (blockers - 1)) && (blockers & n->colours[us])) {
            bb_t line = between_masks[k][sq] | BB(sq);
            if (rook_rays[k] & BB(sq))
                s->pin_hv |= line;
            else
                s->pin_diag |= line;
        }
    }
    s->checks = popcount(checkers);
    s->checkmask = s->checks == 0 ? ~0ULL : s->checks == 1 ? between_masks[k][lsb(checkers)] | checkers : 0;
}

/* Is sq attacked by an enemy slider once the occupancy is occ? Exact for any
 * edited occupancy, with between-masks only (no lookup on an edited board). */
ALWAYS_INLINE bool slider_attacks_square(const node_t *n, int them, int sq, bb_t occ, bb_t removed)
{
    bb_t enemy = n->colours[them] & ~removed;
    bb_t rooks = (n->pieces[ROOK] | n->pieces[QUEEN]) & enemy;
    bb_t bishops = (n->pieces[BISHOP] | n->pieces[QUEEN]) & enemy;
    for (bb_t snipers = (rook_rays[sq] & rooks) | (bishop_rays[sq] & bishops); snipers;)
        if (!(between_masks[sq][pop_lsb(&snipers)] & occ))
            return true;
    return false;
}

/* Of the squares in `need`, those no enemy piece attacks, our king being
 * transparent to the sliders that check it (the "behind" squares). Sliders whose
 * empty-board rays miss every square still in question are not looked up, and the
 * search stops once no square is left: most nodes need few or no lookups here. */
ALWAYS_INLINE bb_t unattacked_squares(const node_t *n, int them, const safety_t *s, bb_t need)
{
    if (!need)
        return 0;
    bb_t enemy = n->colours[them];
    bb_t pawns = n->pieces[PAWN] & enemy;
    bb_t safe = need & ~(capture_west(pawns, them) | capture_east(pawns, them) | s->behind |
                         king_attacks[lsb(n->pieces[KING] & enemy)]);
    for (bb_t b = n->pieces[KNIGHT] & enemy; b && safe;)
        safe &= ~knight_attacks[pop_lsb(&b)];
    for (bb_t b = (n->pieces[BISHOP] | n->pieces[QUEEN]) & enemy; b && safe;) {
        int sq = pop_lsb(&b);
        if (bishop_rays[sq] & safe)
            safe &= ~bishop_attacks_of(n, sq);
    }
    for (bb_t b = (n->pieces[ROOK] | n->pieces[QUEEN]) & enemy; b && safe;) {
        int sq = pop_lsb(&b);
        if (rook_rays[sq] & safe)
            safe &= ~rook_attacks_of(n, sq);
    }
    return safe;
}

/* En passant by the pawn on `from`: tested in full on the board after the capture,
 * which covers the pin along the rank, a captured pawn that was the only diagonal
 * blocker, and checks unrelated to the double push (hand-made positions). */
ALWAYS_INLINE bool en_passant_legal(const node_t *n, int us, int king, int from, int to)
{
    int them = us ^ 1, captured = to ^ 8;
    bb_t occ = (n->occ ^ BB(from) ^ BB(captured)) | BB(to);
    bb_t enemy = n->colours[them] & ~BB(captured);
    if ((knight_attacks[king] & n->pieces[KNIGHT] & enemy) || (pawn_attacks[us][king] & n->pieces[PAWN] & enemy))
        return false;
    return !slider_attacks_square(n, them, king, occ, BB(captured));
}

/* The leaf-parent counts. clang inlines them into the depth-2 visit (each made
 * child counted in place: 4-7% fewer instructions, 5-7% faster for pext and magic);
 * gcc sees legal_moves inlined into itself through them and refuses, so there they
 * stay out of line, one copy per side. */
#ifdef __clang__
#define COUNT_LINKAGE ALWAYS_INLINE
#else
#define COUNT_LINKAGE static
#endif
COUNT_LINKAGE uint64_t count_white(const node_t *n, bb_t seed);
COUNT_LINKAGE uint64_t count_black(const node_t *n, bb_t seed);

ALWAYS_INLINE void make_move(const node_t *parent, node_t *n, move_t m, const int us);

/* VISIT mode: the child's legal moves, counted at once. */
ALWAYS_INLINE uint64_t visit(const node_t *n, move_t m, const int us)
{
    node_t child;
    make_move(n, &child, m, us);
    /* The pawn or knight check the move gives, if any (promotions included). */
    int to = MOVE_TO(m), kind = MOVE_KIND(m), piece = kind == MOVE_PROMOTION ? MOVE_PROMO(m) : MOVE_PIECE(m);
    bb_t their_king = n->pieces[KING] & n->colours[us ^ 1], seed = 0;
    if (piece == PAWN && (pawn_attacks[us][to] & their_king))
        seed = BB(to);
    else if (piece == KNIGHT && (knight_attacks[to] & their_king))
        seed = BB(to);
    return us == WHITE ? count_black(&child, seed) : count_white(&child, seed);
}

/* Their legal moves after our quiet move from `from` to `to` that touches only
 * soft squares (reuse_t); out of line, rare next to the moves counted in bulk. */
static uint64_t replies_after_white(const node_t *n, const reuse_t *r, int from, int to);
static uint64_t replies_after_black(const node_t *n, const reuse_t *r, int from, int to);
ALWAYS_INLINE uint64_t replies_after(const node_t *n, const reuse_t *r, int from, int to, const int us)
{
    return us == WHITE ? replies_after_white(n, r, from, to) : replies_after_black(n, r, from, to);
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
        count += replies_after(n, r, offset ? to - offset : from, to, us);
    }
    return count;
}

/* One move; LIST returns 1 (the slot used), VISIT the child's count, MAKE_LEAF 1
 * for the leaf made. */
ALWAYS_INLINE uint64_t emit_one(const node_t *n, move_t *list, int mode, const int us, move_t m)
{
    if (mode == LIST) {
        *list = m;
        return 1;
    }
    if (mode == MAKE_LEAF) {
        node_t leaf;
        make_move(n, &leaf, m, us);
        /* The leaf is written out whole, as if read: the compiler may not drop
         * any part of the make because nothing looks at the leaf. */
        __asm__ volatile("" : : "r"(&leaf) : "memory");
        return 1;
    }
    return visit(n, m, us);
}

/* One move per target square (or their count). */
ALWAYS_INLINE uint64_t emit(const node_t *n, move_t *list, int mode, const int us, int from, bb_t targets, int piece,
                            const reuse_t *reuse)
{
    if (mode == COUNT)
        return (uint64_t)popcount(targets);
    uint64_t count = 0;
    if (mode == VISIT && reuse && !(reuse->disrupt[piece] & BB(from))) {
        bb_t quiet = targets & ~n->colours[us ^ 1] & ~reuse->disrupt[piece];
        bb_t plain = reuse->soft & BB(from) ? 0 : quiet & ~reuse->soft;
        count += count_unmade(n, reuse, quiet, plain, from, 0, us);
        targets ^= quiet;
    }
    while (targets)
        count += emit_one(n, OUT, mode, us, MOVE_MAKE(from, pop_lsb(&targets), MOVE_NORMAL, 0, piece));
    return count;
}

/* Pawn moves whose targets are given as a set, the from-square at to - offset. */
ALWAYS_INLINE uint64_t emit_pawns(const node_t *n, move_t *list, int mode, bb_t targets, int offset, const int us,
                                  const reuse_t *reuse)
{
    bb_t promo_rank = us == WHITE ? RANK_8_BB : RANK_1_BB;
    if (mode == COUNT)
        return (uint64_t)(popcount(targets & ~promo_rank) + 4 * popcount(targets & promo_rank));
    uint64_t count = 0;
    if (mode == VISIT && reuse) {
        bb_t bad = reuse->disrupt[PAWN], bad_from = offset > 0 ? bad << offset : bad >> -offset;
        bb_t soft = reuse->soft, soft_from = offset > 0 ? soft << offset : soft >> -offset;
        bb_t quiet = targets & ~n->colours[us ^ 1] & ~promo_rank & ~bad & ~bad_from;
        if (offset == 16 || offset == -16)
            quiet &= ~reuse->ep_pushes;
        bb_t plain = quiet & ~soft & ~soft_from;
        count += count_unmade(n, reuse, quiet, plain, 0, offset, us);
        targets ^= quiet;
    }
    for (bb_t b = targets & ~promo_rank; b;) {
        int to = pop_lsb(&b);
        count += emit_one(n, OUT, mode, us, MOVE_MAKE(to - offset, to, MOVE_NORMAL, 0, PAWN));
    }
    for (bb_t b = targets & promo_rank; b;) {
        int to = pop_lsb(&b);
        for (int p = QUEEN; p >= KNIGHT; p--)
            count += emit_one(n, OUT, mode, us, MOVE_MAKE(to - offset, to, MOVE_PROMOTION, p, PAWN));
    }
    return count;
}

ALWAYS_INLINE uint64_t pawn_moves(const node_t *n, move_t *list, int mode, const int us, const safety_t *s,
                                  const reuse_t *reuse)
{
    int them = us ^ 1;
    uint64_t count = 0;
    bb_t pawns = n->pieces[PAWN] & n->colours[us];
    bb_t empty = ~n->occ, enemy = n->colours[them];
    bb_t third_rank = us == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16;

    /* Pushes: a diagonally pinned pawn never pushes; one pinned on its file may. */
    bb_t free_pushers = pawns & ~s->pin_diag & ~s->pin_hv, pinned_pushers = pawns & s->pin_hv;
    bb_t single = push_up(free_pushers, us) & empty;
    bb_t single_pinned = push_up(pinned_pushers, us) & empty & s->pin_hv;
    bb_t twice = push_up((single | single_pinned) & third_rank, us) & empty & s->checkmask;
    count += emit_pawns(n, list, mode, (single | single_pinned) & s->checkmask, push_offset(us), us, reuse);
    count += emit_pawns(n, OUT, mode, twice, 2 * push_offset(us), us, reuse);

    /* Captures: a pawn pinned on a rank or file never captures; a diagonally pinned
     * one only along its pin line. */
    bb_t capturers = pawns & ~s->pin_hv, targets = enemy & s->checkmask;
    bb_t free_capturers = capturers & ~s->pin_diag, pinned_capturers = capturers & s->pin_diag;
    bb_t west = (capture_west(free_capturers, us) | (capture_west(pinned_capturers, us) & s->pin_diag)) & targets;
    bb_t east = (capture_east(free_capturers, us) | (capture_east(pinned_capturers, us) & s->pin_diag)) & targets;
    count += emit_pawns(n, OUT, mode, west, west_offset(us), us, reuse);
    count += emit_pawns(n, OUT, mode, east, east_offset(us), us, reuse);
    return count;
}

ALWAYS_INLINE uint64_t en_passant_moves(const node_t *n, move_t *list, int mode, const int us, const safety_t *s)
{
    uint64_t count = 0;
    for (bb_t b = pawn_attacks[us ^ 1][n->ep] & n->pieces[PAWN] & n->colours[us]; b;) {
        int from = pop_lsb(&b);
        if (en_passant_legal(n, us, s->king, from, n->ep))
            count += mode == COUNT ? 1 : emit_one(n, OUT, mode, us, MOVE_MAKE(from, n->ep, MOVE_EN_PASSANT, 0, PAWN));
    }
    return count;
}

/* Castling, standard and Chess960 alike: the king goes to the g- or c-file and the
 * rook to the f- or d-file. First the rooks whose squares in between are empty
 * (their king paths then join the squares whose safety is asked); then the path
 * must be unattacked. The rook may have shielded the king's target, and only in
 * one way: after castling the rook stands between the target and everything on
 * the king's side, and a kingside rook has nothing behind it that the attack map
 * does not already see; so the one case is a queenside rook on the b-file with an
 * enemy rook or queen on the a-file square beside it (Chess960): the rook's
 * shield square, empty for every other rook. */
ALWAYS_INLINE bb_t castle_shield_square(int rook, int king)
{
    return FILE_OF(rook) == 1 && rook < king ? BB(rook - 1) : 0;
}

ALWAYS_INLINE bb_t castling_candidates(const node_t *n, int us, int king, bb_t *paths)
{
    bb_t ok = 0;
    for (bb_t rooks = n->castle_rooks & n->colours[us]; rooks;) {
        int rook = pop_lsb(&rooks);
        if (!(castle_must_be_empty[us][FILE_OF(king)][FILE_OF(rook)] & n->occ)) {
            ok |= BB(rook);
            *paths |= castle_king_path[us][FILE_OF(king)][FILE_OF(rook)];
        }
    }
    return ok;
}

ALWAYS_INLINE uint64_t castling_moves(const node_t *n, move_t *list, int mode, const int us, int king, bb_t rooks,
                                      bb_t safe)
{
    uint64_t count = 0;
    while (rooks) {
        int rook = pop_lsb(&rooks);
        if (castle_king_path[us][FILE_OF(king)][FILE_OF(rook)] & ~safe)
            continue;
        bb_t shield = castle_shield_square(rook, king);
        if (shield && (shield & (n->pieces[ROOK] | n->pieces[QUEEN]) & n->colours[us ^ 1]))
            continue;
        count += mode == COUNT ? 1 : emit_one(n, OUT, mode, us, MOVE_MAKE(king, rook, MOVE_CASTLING, 0, KING));
    }
    return count;
}

/* The moving piece of a slider move: queens move along both kinds of line. */
#define SLIDER_PIECE(from, kind) ((n->pieces[QUEEN] & BB(from)) ? QUEEN : (kind))

/* All legal moves of the side to move, as `mode` says. `us` and `mode` are
 * constants at every call site, so each use gets its own folded copy. Returns the
 * number of moves (COUNT, LIST) or of the children's moves (VISIT). */
ALWAYS_INLINE uint64_t legal_moves(const node_t *n, move_t *list, int mode, const int us, bb_t seed,
                                   const reuse_t *reuse)
{
    int them = us ^ 1;
    uint64_t count = 0;
    safety_t s;
    find_checks_and_pins(n, us, &s, seed);
    bb_t own = n->colours[us];
    bb_t king_targets = king_attacks[s.king] & ~own, castle_paths = 0, castle_rooks = 0;
    if (s.checks == 0 && (n->castle_rooks & own))
        castle_rooks = castling_candidates(n, us, s.king, &castle_paths);
    bb_t safe = unattacked_squares(n, them, &s, king_targets | castle_paths);

    count += emit(n, OUT, mode, us, s.king, king_targets & safe, KING, reuse);
    if (castle_rooks)
        count += castling_moves(n, OUT, mode, us, s.king, castle_rooks, safe);
    if (n->ep != NO_SQ)
        count += en_passant_moves(n, OUT, mode, us, &s);
    if (s.checks > 1)
        return count;

    bb_t targets = ~own & s.checkmask, pinned = s.pin_hv | s.pin_diag;
    bb_t diagonal = (n->pieces[BISHOP] | n->pieces[QUEEN]) & own, straight = (n->pieces[ROOK] | n->pieces[QUEEN]) & own;
    for (bb_t b = n->pieces[KNIGHT] & own & ~pinned; b;) {
        int from = pop_lsb(&b);
        count += emit(n, OUT, mode, us, from, knight_attacks[from] & targets, KNIGHT, reuse);
    }
    for (bb_t b = diagonal & ~pinned; b;) {
        int from = pop_lsb(&b);
        count += emit(n, OUT, mode, us, from, bishop_attacks_of(n, from) & targets, SLIDER_PIECE(from, BISHOP), reuse);
    }
    for (bb_t b = straight & ~pinned; b;) {
        int from = pop_lsb(&b);
        count += emit(n, OUT, mode, us, from, rook_attacks_of(n, from) & targets, SLIDER_PIECE(from, ROOK), reuse);
    }
    /* Pinned sliders move along their pin line only; a bishop pinned on a rank or
     * a rook pinned on a diagonal cannot move at all. */
    if (pinned & (diagonal | straight)) {
        for (bb_t b = diagonal & s.pin_diag; b;) {
            int from = pop_lsb(&b);
            count += emit(n, OUT, mode, us, from, bishop_attacks_of(n, from) & targets & s.pin_diag, SLIDER_PIECE(from, BISHOP), reuse);
        }
        for (bb_t b = straight & s.pin_hv; b;) {
            int from = pop_lsb(&b);
            count += emit(n, OUT, mode, us, from, rook_attacks_of(n, from) & targets & s.pin_hv, SLIDER_PIECE(from, ROOK), reuse);
        }
    }
    count += pawn_moves(n, OUT, mode, us, &s, reuse);
    return count;
}

/* Copy-make: the child is the parent with the move applied. Every changed field
 * is computed from the parent and stored once; nothing is read back from the
 * child, whose copy was made with wide vector stores that a narrow load cannot be
 * forwarded from (a stall of a dozen cycles or more per read on Zen 4). */
ALWAYS_INLINE void make_move(const node_t *parent, node_t *n, move_t m, const int us)
{
    int them = us ^ 1;
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m), piece = MOVE_PIECE(m);
    bb_t own = parent->colours[us], enemy = parent->colours[them];
    bb_t castle = parent->castle_rooks & ~(BB(from) | BB(to));
    int ep = NO_SQ;

    *n = *parent;
    if (kind == MOVE_CASTLING) {
        int king_to = SQ(to > from ? 6 : 2, RANK_OF(from)), rook_to = SQ(to > from ? 5 : 3, RANK_OF(from));
        n->pieces[KING] = parent->pieces[KING] ^ BB(from) ^ BB(king_to);
        n->pieces[ROOK] = parent->pieces[ROOK] ^ BB(to) ^ BB(rook_to);
        own = (own & ~BB(from) & ~BB(to)) | BB(king_to) | BB(rook_to);
        castle &= ~back_rank_of(us);
    } else {
        bb_t captured = kind == MOVE_EN_PASSANT ? BB(to ^ 8) : BB(to) & enemy;
        /* After a capture the boards to change were just stored one by one (a
         * load forwards from those); otherwise they come from the parent. */
        const bb_t *boards = parent->pieces;
        if (captured) {
            for (int p = PAWN; p < KING; p++)
                n->pieces[p] = parent->pieces[p] & ~captured;
            enemy ^= captured;
            boards = n->pieces;
        }
        int lands_as = kind == MOVE_PROMOTION ? MOVE_PROMO(m) : piece;
        if (lands_as == piece) {
            n->pieces[piece] = boards[piece] ^ BB(from) ^ BB(to);
        } else {
            bb_t promoted = boards[lands_as] ^ BB(to);
            n->pieces[piece] = boards[piece] ^ BB(from);
            n->pieces[lands_as] = promoted;
        }
        own ^= BB(from) | BB(to);
        if (piece == KING)
            castle &= ~back_rank_of(us);
        else if (piece == PAWN && (from ^ to) == 16 &&
                 (pawn_attacks[us][(from + to) / 2] & parent->pieces[PAWN] & enemy))
            ep = (from + to) / 2;
    }
    n->colours[us] = own;
    n->colours[them] = enemy;
    n->occ = own | enemy;
    n->castle_rooks = castle;
    n->ep = ep;
    n->side = them;
    slider_update(n, parent, n->occ ^ parent->occ);
}

static count_t perft_white(const node_t *n, int depth, const search_options_t *opt);
static count_t perft_black(const node_t *n, int depth, const search_options_t *opt);

/* The leaf-parents' counts (see COUNT_LINKAGE). */
COUNT_LINKAGE uint64_t count_white(const node_t *n, bb_t seed) { return legal_moves(n, NULL, COUNT, WHITE, seed, NULL); }
COUNT_LINKAGE uint64_t count_black(const node_t *n, bb_t seed) { return legal_moves(n, NULL, COUNT, BLACK, seed, NULL); }

/* Only their sliders that see `from` or `to`, and their pawns when one pushes or
 * captures there, can move differently (reuse_prepare rules out the rest): their
 * moves are counted again on a probe node that holds just what those counts read
 * (occupancy, colours, pawns, the method's fields). */
ALWAYS_INLINE uint64_t replies_after_move(const node_t *n, const reuse_t *r, int from, int to, const int us)
{
    int them = us ^ 1;
    bb_t changed = BB(from) | BB(to);
    node_t probe;
    probe.pieces[PAWN] = n->pieces[PAWN];
    probe.colours[us] = n->colours[us] ^ changed;
    probe.colours[them] = n->colours[them];
    probe.occ = n->occ ^ changed;
    slider_update(&probe, n, changed);
    int64_t delta = 0;
    for (int i = 0; i < r->sliders; i++) {
        const their_slider_t *t = &r->slider[i];
        if (!(t->seen & changed))
            continue;
        delta += their_slider_moves(t, t->diagonal ? bishop_attacks_of(&probe, t->sq) : 0,
                                    t->straight ? rook_attacks_of(&probe, t->sq) : 0) - t->moves;
    }
    if (r->pawn_squares & changed)
        delta += (int64_t)pawn_moves(&probe, NULL, COUNT, them, &r->their, NULL) - r->pawn_moves;
    return (uint64_t)((int64_t)r->replies + delta);
}

static uint64_t replies_after_white(const node_t *n, const reuse_t *r, int from, int to)
{
    return replies_after_move(n, r, from, to, WHITE);
}
static uint64_t replies_after_black(const node_t *n, const reuse_t *r, int from, int to)
{
    return replies_after_move(n, r, from, to, BLACK);
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

/* Where a slider on sq may land with one kind of its moves: anywhere when it is
 * not pinned, along its pin when the pin is of that kind (pins), else nowhere. */
ALWAYS_INLINE bb_t landing_squares(int sq, bb_t pinned, bb_t pins)
{
    return !(pinned & BB(sq)) ? ~0ULL : pins & BB(sq) ? pins : 0;
}

/* Their replies, and the squares where a move of ours may change them (reuse_t).
 * Our move from f to t (quiet: no capture, promotion, castling, en passant) leaves
 * their legal moves as they are when neither f nor t is
 *   - seen by their sliders (their moves along the line would change), or a square
 *     their pawns push to or capture on;
 *   - a square their king may step to (Z: not their own, plus castling paths), or
 *     one their castling needs empty;
 *   - between their king and a slider of ours with at most two pieces in between
 *     (a pin or check could appear or vanish), or between a Z square and a slider
 *     of ours with at most one (our attack on Z);
 *   - for the moving piece itself: a square from which it attacks Z, or from which
 *     a knight checks, or a slider sees their king behind at most one blocker (its
 *     own pin or check: a pawn's check square is in Z, and a slider leaving with
 *     more blockers between changes nothing);
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
    r->sliders = 0;
    for (bb_t b = their_diagonal | their_straight; b;) {
        int sq = pop_lsb(&b);
        if (r->sliders == MAX_THEIR_SLIDERS)
            return false;
        their_slider_t *t = &r->slider[r->sliders++];
        bb_t diagonal_attacks = 0, straight_attacks = 0;
        t->sq = sq, t->diagonal = t->straight = 0;
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

    bb_t zone = king_attacks[k] & ~enemy, castling = 0;
    for (bb_t rooks = n->castle_rooks & enemy; rooks;) {
        int rook = pop_lsb(&rooks);
        bb_t path = castle_king_path[them][FILE_OF(k)][FILE_OF(rook)];
        zone |= path;
        castling |= path | castle_must_be_empty[them][FILE_OF(k)][FILE_OF(rook)] | castle_shield_square(rook, k);
    }

    bb_t lines = 0; /* king..slider with at most two pieces between, Z..slider with one */
    for (bb_t b = (rook_rays[k] & our_straight) | (bishop_rays[k] & our_diagonal); b;) {
        int sq = pop_lsb(&b);
        if (popcount(between_masks[k][sq] & occ) <= 2)
            lines |= between_masks[k][sq];
    }
    bb_t zone_straight = 0, zone_diagonal = 0, zone_knights = 0, zone_kings = 0;
    for (bb_t b = zone; b;) {
        int z = pop_lsb(&b);
        zone_straight |= rook_attacks_of(n, z);
        zone_diagonal |= bishop_attacks_of(n, z);
        zone_knights |= knight_attacks[z];
        zone_kings |= king_attacks[z];
        for (bb_t s = (rook_rays[z] & our_straight) | (bishop_rays[z] & our_diagonal); s;) {
            bb_t between = between_masks[z][pop_lsb(&s)], blockers = between & occ;
            if (!(blockers & (blockers - 1)))
                lines |= between;
        }
    }
    bb_t zone_pawns = capture_west(zone, them) | capture_east(zone, them); /* where our pawns attack Z from */

    bb_t rook_first = rook_attacks_of(n, k), bishop_first = bishop_attacks_of(n, k);
    bb_t common = zone | castling | lines;
    r->soft = seen | pawn_squares;
    r->pawn_squares = pawn_squares;
    r->pawn_moves = (int)pawn_moves(n, NULL, COUNT, them, &r->their, NULL);
    r->disrupt[PAWN] = common | zone_pawns;
    r->disrupt[KNIGHT] = common | zone_knights | knight_attacks[k];
    r->disrupt[KING] = common | zone_kings;
    r->disrupt[BISHOP] = common | zone_diagonal | bishop_first | second_layer(n, k, bishop_first & occ, false);
    r->disrupt[ROOK] = common | zone_straight | rook_first | second_layer(n, k, rook_first & occ, true);
    r->disrupt[QUEEN] = r->disrupt[BISHOP] | r->disrupt[ROOK];
    r->ep_pushes = ((pawns & ~FILE_A_BB) >> 1) | ((pawns & ~FILE_H_BB) << 1);

    if (n->ep == NO_SQ) {
        r->replies = them == WHITE ? count_white(n, NO_SEED) : count_black(n, NO_SEED);
    } else {
        node_t flat = *n;
        flat.ep = NO_SQ;
        r->replies = them == WHITE ? count_white(&flat, NO_SEED) : count_black(&flat, NO_SEED);
    }
    return true;
}

/* The last two plies are the hot path: at depth 2 each legal move is made as it is
 * found and the child's legal moves are counted (bulk counting), with no move list.
 * Without bulk counting every leaf move is made as it is found (the honest "make
 * every move" mode), also with no list.
 * With a hash table, nodes of depth HASH_MIN_DEPTH and more are probed and stored. */
ALWAYS_INLINE count_t perft_side(const node_t *n, int depth, const search_options_t *opt, const int us)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return legal_moves(n, NULL, opt->bulk ? COUNT : MAKE_LEAF, us, NO_SEED, NULL);
    uint64_t cached;
    bool hashed = opt->hash && depth >= HASH_MIN_DEPTH;
    if (hashed && hash_probe(opt->hash, n->key, n->key2, depth, &cached))
        return cached;
    count_t total = 0;
    if (depth == 2 && opt->bulk) {
        reuse_t reuse;
        total = legal_moves(n, NULL, VISIT, us, NO_SEED, reuse_prepare(n, us, &reuse) ? &reuse : NULL);
    } else {
        move_t list[MAX_MOVES];
        int count = (int)legal_moves(n, list, LIST, us, NO_SEED, NULL);
        for (int i = 0; i < count; i++) {
            node_t child;
            make_move(n, &child, list[i], us);
            if (depth - 1 >= HASH_MIN_DEPTH)
                node_keys(&child, opt);
            total += us == WHITE ? perft_black(&child, depth - 1, opt) : perft_white(&child, depth - 1, opt);
        }
    }
    if (hashed && total < ((count_t)1 << 58))
        hash_store(opt->hash, n->key, n->key2, depth, (uint64_t)total);
    return total;
}

static count_t perft_white(const node_t *n, int depth, const search_options_t *opt) { return perft_side(n, depth, opt, WHITE); }
static count_t perft_black(const node_t *n, int depth, const search_options_t *opt) { return perft_side(n, depth, opt, BLACK); }

static count_t perft_any(const node_t *n, int depth, const search_options_t *opt)
{
    return n->side == WHITE ? perft_white(n, depth, opt) : perft_black(n, depth, opt);
}

static int generate_moves(const node_t *n, move_t *list)
{
    return (int)(n->side == WHITE ? legal_moves(n, list, LIST, WHITE, NO_SEED, NULL) : legal_moves(n, list, LIST, BLACK, NO_SEED, NULL));
}

static void make_any(const node_t *n, node_t *child, move_t m, const search_options_t *opt)
{
    if (n->side == WHITE)
        make_move(n, child, m, WHITE);
    else
        make_move(n, child, m, BLACK);
    node_keys(child, opt);
}

/* Threads share the positions two plies below the root: hundreds of small units
 * taken one at a time, so every thread stays busy until the last ones finish. */
typedef struct split {
    node_t *units;
    int count;
    int depth; /* remaining depth of each unit */
    const search_options_t *opt;
    atomic_int next;
    pthread_mutex_t lock;
    count_t total;
} split_t;

static void *split_worker(void *arg)
{
    split_t *sp = arg;
    count_t sum = 0;
    for (int i; (i = atomic_fetch_add(&sp->next, 1)) < sp->count;)
        sum += perft_any(&sp->units[i], sp->depth, sp->opt);
    pthread_mutex_lock(&sp->lock);
    sp->total += sum;
    pthread_mutex_unlock(&sp->lock);
    return NULL;
}

static count_t perft_threaded(const node_t *root, int depth, const search_options_t *opt)
{
    move_t first[MAX_MOVES], second[MAX_MOVES];
    int n1 = generate_moves(root, first), capacity = 1024;
    split_t sp = {.units = malloc(sizeof(node_t) * (size_t)capacity), .depth = depth - 2, .opt = opt};
    for (int i = 0; i < n1 && sp.units; i++) {
        node_t child;
        make_any(root, &child, first[i], opt);
        int n2 = generate_moves(&child, second);
        for (int j = 0; j < n2; j++) {
            if (sp.count == capacity) {
                capacity *= 2;
                node_t *grown = realloc(sp.units, sizeof(node_t) * (size_t)capacity);
                if (!grown) {
                    free(sp.units);
                    sp.units = NULL;
                    break;
                }
                sp.units = grown;
            }
            make_any(&child, &sp.units[sp.count++], second[j], opt);
        }
    }
    if (!sp.units) /* out of memory for the units: still give the right answer */
        return perft_any(root, depth, opt);
    pthread_mutex_init(&sp.lock, NULL);
    pthread_t threads[256];
    int started = 0;
    for (; started < opt->threads - 1 && started < 256; started++)
        if (pthread_create(&threads[started], NULL, split_worker, &sp) != 0)
            break;
    split_worker(&sp);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&sp.lock);
    free(sp.units);
    return sp.total;
}

/* Entry points for the method record. */
static count_t perft_search_position(const position_t *pos, int depth, const search_options_t *opt)
{
    node_t n;
    node_load(&n, pos, opt);
    if (depth < 0)
        return 0;
    if (opt->threads > 1 && depth >= 3)
        return perft_threaded(&n, depth, opt);
    return perft_any(&n, depth, opt);
}

static count_t perft_position(const position_t *pos, int depth, bool bulk)
{
    search_options_t opt = {.bulk = bulk, .threads = 1};
    return perft_search_position(pos, depth, &opt);
}

static int generate_position(const position_t *pos, move_t *moves)
{
    node_t n;
    search_options_t no_hash = {.threads = 1};
    node_load(&n, pos, &no_hash);
    return generate_moves(&n, moves);
}

static bb_t rook_attacks_for(int sq, bb_t occ)
{
    node_t n = {.occ = occ};
    slider_sync(&n);
    return rook_attacks_of(&n, sq);
}

static bb_t bishop_attacks_for(int sq, bb_t occ)
{
    node_t n = {.occ = occ};
    slider_sync(&n);
    return bishop_attacks_of(&n, sq);
}

/* This instance's entry points, for the method file's method_t initializer. */
#define METHOD_ENTRY_POINTS                                                                          \
    .generate = generate_position, .perft = perft_position, .perft_search = perft_search_position, \
    .rook_attacks = rook_attacks_for, .bishop_attacks = bishop_attacks_for
