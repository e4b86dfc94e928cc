/* Othello positions as text, square names, the flip-method registry, and what the
 * commands need around a method's perft (playing moves by name, divide). */
#include "othello.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Listing order: the flip-pattern page's three forms, then beyond it. */
const othello_method_t *const othello_methods[] = {
    &othello_loop,
    &othello_branching,
    &othello_branch_free,
    &othello_kogge_stone,
#if defined(__x86_64__)
    &othello_avx2,
#endif
    NULL,
};

bool othello_always_available(const char **why)
{
    (void)why;
    return true;
}

bool othello_method_runs_here(const othello_method_t *m)
{
    const char *why;
    return m->available(&why);
}

/* Built without AVX2, so any CPU may ask; __builtin_cpu_supports also checks that
 * the OS saves the YMM registers. */
bool othello_avx2_available(const char **why)
{
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2"))
        return true;
#endif
    *why = "needs AVX2";
    return false;
}

const othello_method_t *othello_method_find(const char *name)
{
    for (int i = 0; othello_methods[i]; i++)
        if (strcmp(othello_methods[i]->name, name) == 0)
            return othello_methods[i];
    return NULL;
}

/* The fastest here (README, "Othello"). */
const othello_method_t *othello_method_default(void) { return &othello_kogge_stone; }

static bool fail(othello_error_t *err, const char *field, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool fail(othello_error_t *err, const char *field, int column, const char *fmt, ...)
{
    va_list ap;
    err->field = field;
    err->column = column;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* A character as a message shows it: printable ones quoted, others in hex. */
static const char *describe(unsigned char c, char *buf, size_t len)
{
    if (isprint(c))
        snprintf(buf, len, "'%c'", c);
    else
        snprintf(buf, len, "byte 0x%02x", c);
    return buf;
}

bool othello_parse(const char *text, othello_position_t *pos, othello_error_t *err)
{
    obb_t x = 0, o = 0;
    char what[16];
    int i = 0;
    for (; text[i] && !isspace((unsigned char)text[i]); i++) {
        if (i == 64)
            return fail(err, "board", i + 1, "more than 64 squares (a board is 64 characters, then the side)");
        switch (text[i]) {
        case '-': case '.': break;
        case 'X': case 'x': case '*': x |= 1ULL << i; break;
        case 'O': case 'o': o |= 1ULL << i; break;
        default:
            return fail(err, "board", i + 1, "%s is not a square: - or . (empty), X or * (black), O (white)",
                        describe((unsigned char)text[i], what, sizeof what));
        }
    }
    if (i < 64)
        return fail(err, "board", i + 1, "%d squares, a board needs 64", i);
    while (isspace((unsigned char)text[i]))
        i++;
    int side_column = i + 1;
    if (!text[i])
        return fail(err, "side", side_column, "missing: the side to move (X, * or O) follows the board");
    char side = text[i++];
    if (side != 'X' && side != '*' && side != 'O')
        return fail(err, "side", side_column, "%s is not a side to move: X or * (black), O (white)",
                    describe((unsigned char)side, what, sizeof what));
    if (text[i] && !isspace((unsigned char)text[i]))
        return fail(err, "side", side_column, "the side to move is one character: X, * or O");
    while (isspace((unsigned char)text[i]))
        i++;
    if (text[i])
        return fail(err, "side", i + 1, "unexpected %s after the side to move",
                    describe((unsigned char)text[i], what, sizeof what));
    bool x_moves = side != 'O';
    *pos = (othello_position_t){
        .own = x_moves ? x : o, .opp = x_moves ? o : x, .side = x_moves ? OTHELLO_X : OTHELLO_O};
    return true;
}

char *othello_write(const othello_position_t *pos, char *buf)
{
    obb_t x = pos->side == OTHELLO_X ? pos->own : pos->opp;
    obb_t o = pos->side == OTHELLO_X ? pos->opp : pos->own;
    for (int i = 0; i < 64; i++)
        buf[i] = (x >> i & 1) ? 'X' : (o >> i & 1) ? 'O' : '-';
    buf[64] = ' ';
    buf[65] = pos->side == OTHELLO_X ? 'X' : 'O';
    buf[66] = '\0';
    return buf;
}

char *othello_square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + sq % 8);
    buf[1] = (char)('1' + sq / 8);
    buf[2] = '\0';
    return buf;
}

int othello_square_parse(const char *text)
{
    int col = tolower((unsigned char)text[0]) - 'a';
    if (col < 0 || col > 7 || text[1] < '1' || text[1] > '8' || text[2] != '\0')
        return -1;
    return (text[1] - '1') * 8 + col;
}

bool othello_play(othello_position_t *pos, const char *move, const othello_method_t *m, const char **why)
{
    obb_t moves = othello_moves(pos->own, pos->opp);
    if (strcasecmp(move, "pass") == 0 || strcasecmp(move, "ps") == 0) {
        if (moves) {
            *why = "a pass, but the side to move has a move";
            return false;
        }
        if (!othello_moves(pos->opp, pos->own)) {
            *why = "a pass, but the game is over";
            return false;
        }
        *pos = othello_after_pass(pos);
        return true;
    }
    int sq = othello_square_parse(move);
    if (sq < 0) {
        *why = "not a square (a1..h8) or pass";
        return false;
    }
    if (!(moves >> sq & 1)) {
        *why = "not a legal move";
        return false;
    }
    *pos = othello_after(pos, sq, m->flips(sq, pos->own, pos->opp));
    return true;
}

int othello_divide(const othello_method_t *m, const othello_position_t *pos, int depth, const othello_rules_t *rules,
                   othello_root_move_t out[64])
{
    if (depth == 0)
        return 0;
    obb_t moves = othello_moves(pos->own, pos->opp);
    int n = 0;
    if (!moves) {
        if (!othello_moves(pos->opp, pos->own))
            return 0;
        othello_position_t next = othello_after_pass(pos);
        out[n++] = (othello_root_move_t){.sq = -1, .nodes = m->perft(&next, rules->pass_ply ? depth - 1 : depth, rules)};
        return n;
    }
    for (; moves; moves &= moves - 1) {
        int sq = __builtin_ctzll(moves);
        othello_position_t next = othello_after(pos, sq, m->flips(sq, pos->own, pos->opp));
        out[n++] = (othello_root_move_t){.sq = sq, .nodes = m->perft(&next, depth - 1, rules)};
    }
    return n;
}

/* Published start-position counts: pass as a ply, Aart Bik (2009) and OEIS A124004;
 * pass taking no ply, Egaroucid's "mode 2" table (depths 1-15 of both are in
 * Egaroucid's technical notes). Index = depth. */
static const uint64_t startpos_pass_ply[] = {
    1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636,
    18429641748ULL, 184042084512ULL, 1891832540064ULL,
};
static const uint64_t startpos_pass_free[] = {
    1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320, 24571420, 212260880, 1939899208,
    18429791868ULL, 184043158384ULL, 1891845643044ULL,
};

bool othello_startpos_known(int depth, bool pass_ply, count_t *nodes)
{
    const size_t n = sizeof startpos_pass_ply / sizeof *startpos_pass_ply;
    if (depth < 0 || (size_t)depth >= n)
        return false;
    *nodes = pass_ply ? startpos_pass_ply[depth] : startpos_pass_free[depth];
    return true;
}
