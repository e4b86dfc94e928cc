/* libFuzzer target: fen_parse() on any bytes.
 *
 * A refused FEN must leave the position alone and name a field and a column
 * inside the text. An accepted one must be a position the rest of rperft can
 * work with: well formed, written back by fen_write() into an equal position,
 * with the same legal moves from every slider method, make/unmake restoring it
 * bit for bit, and the same perft(2) from every method, with and without bulk
 * counting. Any broken invariant aborts, so libFuzzer keeps the input. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/method.h"
#include "core/position_moves.h"
#include "core/tables.h"

enum { MAX_INPUT = 1024, MAX_METHODS = 16 };

typedef struct prepared {
    const method_t *methods[MAX_METHODS];
    int n;
} prepared_t;

static void require(bool ok, const char *what, const char *fen)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_fen: invariant broken: %s\n  FEN: %s\n", what, fen);
    abort();
}

/* Field by field: the struct has padding, so memcmp would compare garbage. */
static bool same_position(const position_t *a, const position_t *b)
{
    for (int i = 0; i < 6; i++)
        if (a->pieces[i] != b->pieces[i])
            return false;
    return a->colours[0] == b->colours[0] && a->colours[1] == b->colours[1] && a->occupied == b->occupied &&
           a->castle_rooks == b->castle_rooks && a->key == b->key && a->side == b->side && a->ep == b->ep &&
           a->halfmove == b->halfmove && a->fullmove == b->fullmove && a->chess960 == b->chess960;
}

static void check_well_formed(const position_t *p, const char *fen)
{
    bb_t all = 0;
    for (int t = 0; t < 6; t++) {
        require(!(all & p->pieces[t]), "two piece types on one square", fen);
        all |= p->pieces[t];
    }
    require(!(p->colours[0] & p->colours[1]), "a square of both colours", fen);
    require(all == (p->colours[0] | p->colours[1]) && all == p->occupied, "occupancies disagree", fen);
    for (int c = 0; c < 2; c++)
        require(popcount(p->pieces[KING] & p->colours[c]) == 1, "not exactly one king per side", fen);
    require(!(p->pieces[PAWN] & (RANK_1_BB | RANK_8_BB)), "a pawn on the first or last rank", fen);
    require(p->side == WHITE || p->side == BLACK, "side to move", fen);
    require(p->ep == NO_SQ || (p->ep >= 0 && p->ep < 64 && RANK_OF(p->ep) == (p->side == WHITE ? 5 : 2)),
            "en-passant square", fen);
    bb_t back_rooks =
        (p->pieces[ROOK] & p->colours[WHITE] & RANK_1_BB) | (p->pieces[ROOK] & p->colours[BLACK] & RANK_8_BB);
    require(!(p->castle_rooks & ~back_rooks), "a castling right without its rook", fen);
    require(p->key == position_compute_key(p), "Zobrist key", fen);
    int them = !p->side;
    require(!position_attackers(p, king_square(p, them), p->side, p->occupied), "side not to move in check", fen);
}

/* fen_write() gives a FEN that reads back to the same position and writes itself. */
static void check_round_trip(const position_t *p, const char *fen)
{
    char out[FEN_MAX + 16], again[FEN_MAX + 16];
    memset(out, 0, sizeof out);
    fen_write(p, out);
    require(strlen(out) < FEN_MAX, "fen_write longer than FEN_MAX", fen);
    position_t q;
    fen_error_t err;
    require(fen_parse(out, &q, &err), "fen_write's FEN is refused", out);
    require(same_position(p, &q), "fen_write's FEN reads back to another position", fen);
    fen_write(&q, again);
    require(strcmp(out, again) == 0, "fen_write is not a fixed point", fen);
}

static int by_value(const void *a, const void *b)
{
    move_t x = *(const move_t *)a, y = *(const move_t *)b;
    return (x > y) - (x < y);
}

/* Every method generates the reference move list; each move makes, unmakes and
 * converts to UCI and back exactly. */
static void check_moves(const prepared_t *pm, const position_t *p, const char *fen)
{
    move_t ref[MAX_MOVES], got[MAX_MOVES];
    int n = position_legal_moves(p, ref);
    require(n >= 0 && n <= MAX_MOVES, "move count out of range", fen);
    qsort(ref, (size_t)n, sizeof *ref, by_value);
    for (int i = 0; i < pm->n; i++) {
        int k = pm->methods[i]->generate(p, got);
        qsort(got, (size_t)k, sizeof *got, by_value);
        require(k == n && memcmp(ref, got, (size_t)n * sizeof *ref) == 0, pm->methods[i]->name, fen);
    }
    for (int i = 0; i < n; i++) {
        position_t q = *p;
        undo_t u;
        char uci[8];
        move_t back;
        move_to_uci(&q, ref[i], uci);
        require(move_from_uci(&q, uci, &back) && back == ref[i], "UCI round trip", fen);
        position_make(&q, ref[i], &u);
        require(q.key == position_compute_key(&q), "incremental key after make", fen);
        require(!position_attackers(&q, king_square(&q, p->side), q.side, q.occupied),
                "a move leaves the king in check", fen);
        position_unmake(&q, ref[i], &u);
        require(same_position(p, &q), "make/unmake does not restore the position", fen);
    }
}

static void check_perft(const prepared_t *pm, const position_t *p, const char *fen)
{
    count_t want = pm->methods[0]->perft(p, 2, false);
    for (int i = 0; i < pm->n; i++) {
        require(pm->methods[i]->perft(p, 2, true) == want, pm->methods[i]->name, fen);
        require(pm->methods[i]->perft(p, 1, true) == pm->methods[i]->perft(p, 1, false), pm->methods[i]->name, fen);
    }
}

/* Built once: the tables and the list do not change afterwards. */
static const prepared_t *methods(void)
{
    static prepared_t pm;
    static bool done;
    if (!done) {
        tables_init();
        for (int i = 0; all_methods[i] && pm.n < MAX_METHODS; i++) {
            const char *why;
            if (method_prepare(all_methods[i], &why))
                pm.methods[pm.n++] = all_methods[i];
        }
        done = true;
    }
    return &pm;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const prepared_t *pm = methods();
    if (size > MAX_INPUT)
        return -1; /* not worth keeping: no FEN is this long */
    char text[MAX_INPUT + 1];
    memcpy(text, data, size);
    text[size] = '\0';
    position_t pos, untouched;
    memset(&pos, 0x5a, sizeof pos);
    untouched = pos;
    fen_error_t err = {0};
    if (!fen_parse(text, &pos, &err)) {
        require(memcmp(&pos, &untouched, sizeof pos) == 0, "a refused FEN changed the position", text);
        require(err.field != NULL && err.message[0] != '\0', "a refusal without field or message", text);
        require(err.column >= 1 && (size_t)err.column <= strlen(text) + 1, "error column outside the text", text);
        return 0;
    }
    check_well_formed(&pos, text);
    check_round_trip(&pos, text);
    check_moves(pm, &pos, text);
    check_perft(pm, &pos, text);
    return 0;
}
