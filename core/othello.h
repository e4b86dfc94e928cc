/* Othello (reversi) positions, the legal-move generator every flip method shares,
 * and the flip-method interface. Kept apart from the chess code: a second game
 * beside chess with its own generator template (core/othello_tmpl.h), compiled once
 * per flip method (core/othello_<method>.c).
 *
 * Squares: bit 0 = a1 (top left), bit 7 = h1, bit 63 = h8, as the 64-character
 * board string reads, row 1 first. Black (X, written '*' by some tools) moves first. */
#ifndef RPERFT_OTHELLO_H
#define RPERFT_OTHELLO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "count.h"

typedef uint64_t obb_t; /* an Othello bitboard */

enum othello_side { OTHELLO_X = 0, OTHELLO_O = 1 };

/* The side to move's discs and the other side's: the generator never needs colours. */
typedef struct othello_position {
    obb_t own, opp;
    int side; /* enum othello_side: who "own" belongs to */
} othello_position_t;

/* "BOARD SIDE", e.g. the start position below; what othello_write() writes. */
enum { OTHELLO_TEXT_MAX = 64 + 1 + 1 + 1 };
#define OTHELLO_STARTPOS "---------------------------OX------XO--------------------------- X"

typedef struct othello_error {
    const char *field; /* "board" or "side" */
    int column;        /* 1-based column in the text */
    char message[96];
} othello_error_t;

/* Parses "BOARD SIDE": 64 squares of '-' or '.' (empty), 'X', 'x' or '*' (black),
 * 'O' or 'o' (white), whitespace, then the side to move 'X', '*' or 'O'. False with
 * the field, column and reason on anything else. */
bool othello_parse(const char *text, othello_position_t *pos, othello_error_t *err);
/* Writes "BOARD SIDE" into buf (>= OTHELLO_TEXT_MAX bytes); returns buf. */
char *othello_write(const othello_position_t *pos, char *buf);

/* "a1".."h8"; buf >= 3 bytes. */
char *othello_square_name(int sq, char *buf);
/* Parses "d3" (either case); -1 if it is not a square. */
int othello_square_parse(const char *text);

/* Wrap guards: a disc shifted one column must not land on the far edge column. */
#define OTHELLO_NOT_A 0xfefefefefefefefeULL
#define OTHELLO_NOT_H 0x7f7f7f7f7f7f7f7fULL
#define OTHELLO_INNER_COLS 0x7e7e7e7e7e7e7e7eULL
#define OTHELLO_INNER_ROWS 0x00ffffffffffff00ULL

/* The squares where own can move: empty squares from which a run of opp discs
 * ends at an own disc, eight directions filled six steps each (dumb7fill). Every
 * method uses this one generator, so the methods differ only in their flips. */
static inline obb_t othello_dir_moves(obb_t own, obb_t run, int shift)
{
    obb_t l = run & (own << shift), r = run & (own >> shift);
    for (int i = 0; i < 5; i++) {
        l |= run & (l << shift);
        r |= run & (r >> shift);
    }
    return (l << shift) | (r >> shift);
}

static inline obb_t othello_moves(obb_t own, obb_t opp)
{
    /* Opp discs on the edge columns cannot be inside a horizontal or diagonal run,
     * and leaving them out stops a shift from wrapping to the next row. */
    obb_t inner = opp & OTHELLO_INNER_COLS;
    obb_t moves = othello_dir_moves(own, inner, 1) | othello_dir_moves(own, opp, 8) |
                  othello_dir_moves(own, inner, 7) | othello_dir_moves(own, inner, 9);
    return moves & ~(own | opp);
}

/* The position after own plays sq, flipping flips (which othello_flips computed). */
static inline othello_position_t othello_after(const othello_position_t *pos, int sq, obb_t flips)
{
    return (othello_position_t){
        .own = pos->opp ^ flips, .opp = pos->own ^ flips ^ (1ULL << sq), .side = pos->side ^ 1};
}

static inline othello_position_t othello_after_pass(const othello_position_t *pos)
{
    return (othello_position_t){.own = pos->opp, .opp = pos->own, .side = pos->side ^ 1};
}

/* Counting conventions. Published counts differ on passes: pass_ply (the default,
 * as Aart Bik's counts and OEIS A124004) makes a forced pass one ply of the tree;
 * without it a pass takes no ply (rust_reversi's counts). Either way a finished
 * game (neither side can move) is one leaf, whatever depth remains. bulk counts
 * the last ply's legal moves without computing their flips. */
typedef struct othello_rules {
    bool pass_ply;
    bool bulk;
} othello_rules_t;

#define OTHELLO_DEFAULT_RULES ((othello_rules_t){.pass_ply = true, .bulk = true})

/* One flip case of the micro-benchmark: own plays sq (a legal move) against opp. */
typedef struct othello_flip_case {
    obb_t own, opp;
    int sq;
} othello_flip_case_t;

/* A flip method: one file in core/ (othello_<name>.c) defining its flips and
 * including core/othello_tmpl.h, which compiles the perft and the micro kernel with
 * those flips inlined and fills in the entry points. */
typedef struct othello_method {
    const char *name;
    const char *description;
    /* Can this CPU run it? why: the reason if not. Only these may be called. */
    bool (*available)(const char **why);
    /* Discs own's move at sq flips (0 if none: then sq is not a legal move). */
    obb_t (*flips)(int sq, obb_t own, obb_t opp);
    count_t (*perft)(const othello_position_t *pos, int depth, const othello_rules_t *rules);
    /* The micro-benchmark kernel: flips of every case, `passes` times; returns a
     * checksum of all flip sets (every method must return the same). */
    obb_t (*flip_sum)(const othello_flip_case_t *cases, size_t n, int passes);
} othello_method_t;

extern const othello_method_t othello_loop, othello_branching, othello_branch_free, othello_kogge_stone;
#if defined(__x86_64__)
extern const othello_method_t othello_avx2;
#endif
bool othello_always_available(const char **why);
/* m->available() without the reason. */
bool othello_method_runs_here(const othello_method_t *m);
bool othello_avx2_available(const char **why);

/* All flip methods in listing order (the page's three, then beyond it); NULL-terminated. */
extern const othello_method_t *const othello_methods[];

const othello_method_t *othello_method_find(const char *name);
const othello_method_t *othello_method_default(void);

/* The published start-position count at depth under the convention; false where
 * none is known (beyond depth 15). */
bool othello_startpos_known(int depth, bool pass_ply, count_t *nodes);

/* Playing by name: "d3" (a legal move) or "pass" (only when own has no move and
 * opp has one). False with the reason in why otherwise. */
bool othello_play(othello_position_t *pos, const char *move, const othello_method_t *m, const char **why);

/* One root move's subtree, for divide: moves in square order, then the pass if it
 * is the only move. Returns the number of entries (0 at a finished game). */
typedef struct othello_root_move {
    int sq; /* -1: pass */
    count_t nodes;
} othello_root_move_t;
int othello_divide(const othello_method_t *m, const othello_position_t *pos, int depth, const othello_rules_t *rules,
                   othello_root_move_t out[64]);

#endif
