/* Legality, generation and make: the part of the move generator a slider method
 * changes, compiled once per method through core/perft_tmpl.h (which lists the
 * hooks a method defines). Everything here is static, so each method gets its own
 * copy with its lookups inlined: no indirect call or switch per attack lookup.
 *
 * Legality without make-and-test: check mask, pin masks and king-ban map per node.
 * Checks and pins come from between-masks of the enemy sliders on the king's
 * empty-board lines, which needs no slider lookup at all; only the enemy attack map
 * (for king moves and castling) and the moves of our own sliders use the method. */

#include <string.h>

#include "bitboard.h"
#include "count.h"
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

/* The key of a child made from parent by one move: the parent's key with what
 * changed XORed in (each piece that left or reached a square, castling rights,
 * the e.p. file, the side), equal to node_key from scratch at a fraction of the
 * cost. The salt is in the parent's key already. */
static uint64_t key_after(const node_t *parent, const node_t *child, uint64_t key, const zobrist_t *z)
{
    key ^= z->side;
    for (int c = 0; c < 2; c++)
        for (int p = PAWN; p <= KING; p++)
            for (bb_t b = (parent->pieces[p] & parent->colours[c]) ^ (child->pieces[p] & child->colours[c]); b;)
                key ^= z->piece[c][p][pop_lsb(&b)];
    for (bb_t b = parent->castle_rooks ^ child->castle_rooks; b;)
        key ^= z->castle[pop_lsb(&b)];
    if (parent->ep != NO_SQ)
        key ^= z->ep[FILE_OF(parent->ep)];
    if (child->ep != NO_SQ)
        key ^= z->ep[FILE_OF(child->ep)];
    return key;
}

/* node_keys for a child of a keyed parent. */
static void child_keys(const node_t *parent, node_t *child, const search_options_t *opt)
{
    const hash_table_t *t = opt->hash;
    child->key = key_after(parent, child, parent->key, &t->keys[0]);
    child->key2 = t->verified ? key_after(parent, child, parent->key2, &t->keys[1]) : 0;
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

/* The two-ply counting (core/two_ply_tmpl.h) at a depth-2 node: the quiet moves
 * among `targets` that need no make are counted and taken out of `targets`. */
typedef struct reuse reuse_t;
ALWAYS_INLINE uint64_t unmade_piece_moves(const node_t *n, const reuse_t *r, bb_t *targets, int from, int piece,
                                          const int us);
ALWAYS_INLINE uint64_t unmade_pawn_moves(const node_t *n, const reuse_t *r, bb_t *targets, int offset, bb_t promo_rank,
                                         const int us);
ALWAYS_INLINE uint64_t unmade_promotions(const node_t *n, const reuse_t *r, int to, int offset, int *pieces, const int us);
ALWAYS_INLINE bool unmade_castling(const node_t *n, const reuse_t *r, int king, int rook, const int us, uint64_t *count);

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
    if (mode == VISIT && reuse)
        count += unmade_piece_moves(n, reuse, &targets, from, piece, us);
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
    if (mode == VISIT && reuse)
        count += unmade_pawn_moves(n, reuse, &targets, offset, promo_rank, us);
    for (bb_t b = targets & ~promo_rank; b;) {
        int to = pop_lsb(&b);
        count += emit_one(n, OUT, mode, us, MOVE_MAKE(to - offset, to, MOVE_NORMAL, 0, PAWN));
    }
    for (bb_t b = targets & promo_rank; b;) {
        int to = pop_lsb(&b), pieces = 1 << KNIGHT | 1 << BISHOP | 1 << ROOK | 1 << QUEEN;
        if (mode == VISIT && reuse)
            count += unmade_promotions(n, reuse, to, offset, &pieces, us);
        for (int p = QUEEN; p >= KNIGHT; p--)
            if (pieces & 1 << p)
                count += emit_one(n, OUT, mode, us, MOVE_MAKE(to - offset, to, MOVE_PROMOTION, p, PAWN));
    }
    return count;
}

/* Where the pawns `pawns` of side us may push to (a double push's first step
 * among them) and capture onto, pins applied, before occupancy: a diagonally
 * pinned pawn never pushes, one pinned on its file may; a pawn pinned on a rank
 * or file never captures, a diagonally pinned one only along its pin line. */
typedef struct pawn_reach {
    bb_t push_to, west_to, east_to;
} pawn_reach_t;

ALWAYS_INLINE pawn_reach_t pawn_reach(bb_t pawns, const safety_t *s, const int us)
{
    bb_t free_pawns = pawns & ~s->pin_diag & ~s->pin_hv;
    return (pawn_reach_t){
        .push_to = push_up(free_pawns, us) | (push_up(pawns & s->pin_hv, us) & s->pin_hv),
        .west_to = capture_west(free_pawns, us) | (capture_west(pawns & s->pin_diag, us) & s->pin_diag),
        .east_to = capture_east(free_pawns, us) | (capture_east(pawns & s->pin_diag, us) & s->pin_diag),
    };
}

ALWAYS_INLINE uint64_t pawn_moves(const node_t *n, move_t *list, int mode, const int us, const safety_t *s,
                                  const reuse_t *reuse)
{
    int them = us ^ 1;
    uint64_t count = 0;
    bb_t pawns = n->pieces[PAWN] & n->colours[us];
    bb_t empty = ~n->occ, enemy = n->colours[them];
    bb_t third_rank = us == WHITE ? RANK_1_BB << 16 : RANK_8_BB >> 16;

    pawn_reach_t reach = pawn_reach(pawns, s, us);
    bb_t single = reach.push_to & empty;
    bb_t twice = push_up(single & third_rank, us) & empty & s->checkmask;
    count += emit_pawns(n, list, mode, single & s->checkmask, push_offset(us), us, reuse);
    count += emit_pawns(n, OUT, mode, twice, 2 * push_offset(us), us, reuse);
    bb_t targets = enemy & s->checkmask, west = reach.west_to & targets, east = reach.east_to & targets;
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

/* Where castling puts the king and the rook: the g- and f-files with a rook on
 * the king's right, the c- and d-files with one on its left. */
ALWAYS_INLINE int castled_king_square(int king, int rook) { return SQ(rook > king ? 6 : 2, RANK_OF(king)); }
ALWAYS_INLINE int castled_rook_square(int king, int rook) { return SQ(rook > king ? 5 : 3, RANK_OF(king)); }

/* Whether the squares side's castling with `rook` needs empty are. */
ALWAYS_INLINE bool castling_unblocked(const node_t *n, int side, int king, int rook)
{
    return !(castle_must_be_empty[side][FILE_OF(king)][FILE_OF(rook)] & n->occ);
}

/* Whether the rook's shield square holds no rook or queen of the other side. */
ALWAYS_INLINE bool castling_unshielded(const node_t *n, int side, int king, int rook)
{
    return !(castle_shield_square(rook, king) & (n->pieces[ROOK] | n->pieces[QUEEN]) & n->colours[side ^ 1]);
}

ALWAYS_INLINE bb_t castling_candidates(const node_t *n, int us, int king, bb_t *paths)
{
    bb_t ok = 0;
    for (bb_t rooks = n->castle_rooks & n->colours[us]; rooks;) {
        int rook = pop_lsb(&rooks);
        if (castling_unblocked(n, us, king, rook)) {
            ok |= BB(rook);
            *paths |= castle_king_path[us][FILE_OF(king)][FILE_OF(rook)];
        }
    }
    return ok;
}

ALWAYS_INLINE uint64_t castling_moves(const node_t *n, move_t *list, int mode, const int us, int king, bb_t rooks,
                                      bb_t safe, const reuse_t *reuse)
{
    uint64_t count = 0;
    while (rooks) {
        int rook = pop_lsb(&rooks);
        if ((castle_king_path[us][FILE_OF(king)][FILE_OF(rook)] & ~safe) || !castling_unshielded(n, us, king, rook))
            continue;
        uint64_t unmade;
        if (mode == VISIT && reuse && unmade_castling(n, reuse, king, rook, us, &unmade))
            count += unmade;
        else
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
        count += castling_moves(n, OUT, mode, us, s.king, castle_rooks, safe, reuse);
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
        int king_to = castled_king_square(from, to), rook_to = castled_rook_square(from, to);
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


/* The leaf-parents' counts (see COUNT_LINKAGE). */
COUNT_LINKAGE uint64_t count_white(const node_t *n, bb_t seed) { return legal_moves(n, NULL, COUNT, WHITE, seed, NULL); }
COUNT_LINKAGE uint64_t count_black(const node_t *n, bb_t seed) { return legal_moves(n, NULL, COUNT, BLACK, seed, NULL); }
