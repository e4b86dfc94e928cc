/* FEN parser and writer: round trips over the shipped suites, every error case,
 * and the Shredder-FEN / X-FEN castling notations. */
#define _POSIX_C_SOURCE 200809L /* opendir/readdir under -std=c17 */

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "position.h"
#include "tables.h"

static void setup(void)
{
    tables_init();
}

TestSuite(fen, .init = setup);

static bool same_position(const position_t *a, const position_t *b)
{
    for (int t = 0; t < 6; t++)
        if (a->pieces[t] != b->pieces[t])
            return false;
    return a->colours[0] == b->colours[0] && a->colours[1] == b->colours[1] &&
           a->occupied == b->occupied && a->castle_rooks == b->castle_rooks && a->key == b->key &&
           a->side == b->side && a->ep == b->ep && a->halfmove == b->halfmove &&
           a->fullmove == b->fullmove && a->chess960 == b->chess960;
}

static position_t parse_ok(const char *fen)
{
    position_t pos;
    fen_error_t err = {0};
    cr_assert(fen_parse(fen, &pos, &err), "rejected \"%s\": %s: %s (column %d)", fen,
              err.field ? err.field : "?", err.message, err.column);
    return pos;
}

static void expect_error(const char *fen, const char *field, const char *word)
{
    position_t pos;
    fen_error_t err = {0};
    cr_assert_not(fen_parse(fen, &pos, &err), "accepted \"%s\"", fen);
    cr_assert(err.field != NULL, "no field named for \"%s\"", fen);
    cr_assert_str_eq(err.field, field, "\"%s\": field %s, message %s", fen, err.field, err.message);
    cr_assert(strstr(err.message, word) != NULL, "\"%s\": message \"%s\" lacks \"%s\"", fen,
              err.message, word);
    cr_assert(err.column >= 1, "\"%s\": column %d", fen, err.column);
}

/* Collapses runs of blanks into one space and trims both ends. */
static void normalise(const char *in, char *out)
{
    char *o = out;
    for (const char *p = in; *p; p++) {
        bool blank = *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n';
        if (!blank)
            *o++ = *p;
        else if (o != out && o[-1] != ' ')
            *o++ = ' ';
    }
    if (o != out && o[-1] == ' ')
        o--;
    *o = '\0';
}

static int count_fields(const char *normalised)
{
    int n = *normalised ? 1 : 0;
    for (const char *p = normalised; *p; p++)
        n += *p == ' ';
    return n;
}

/* Parse, write, parse again: identical position; identical text for standard 6-field FENs. */
static void check_round_trip(const char *fen, const char *where)
{
    position_t a, b;
    fen_error_t err = {0};
    char written[FEN_MAX], norm[512];
    if (!fen_parse(fen, &a, &err)) {
        cr_expect(false, "%s: rejected \"%s\": %s: %s", where, fen, err.field, err.message);
        return;
    }
    fen_write(&a, written);
    if (!fen_parse(written, &b, &err)) {
        cr_expect(false, "%s: own output \"%s\" rejected: %s", where, written, err.message);
        return;
    }
    cr_expect(same_position(&a, &b), "%s: \"%s\" -> \"%s\" changed the position", where, fen, written);
    normalise(fen, norm);
    if (!a.chess960 && count_fields(norm) == 6)
        cr_expect_str_eq(written, norm, "%s: wrote \"%s\" for \"%s\"", where, written, norm);
}

/* Text up to the first ';' of an EPD line, or the FEN of a ".perft" "epd " line. */
static bool fen_of_line(const char *line, bool perft_format, char *fen, size_t size)
{
    if (perft_format) {
        if (strncmp(line, "epd ", 4) != 0)
            return false;
        line += 4;
    }
    size_t n = strcspn(line, perft_format ? "\r\n" : ";\r\n");
    if (n >= size)
        n = size - 1;
    memcpy(fen, line, n);
    fen[n] = '\0';
    char norm[512];
    normalise(fen, norm);
    return norm[0] != '\0';
}

static bool has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n > s && strcmp(name + n - s, suffix) == 0;
}

static int check_suite_file(const char *dir, const char *name, bool perft_format)
{
    char path[1024], line[4096], fen[512], where[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "cannot open %s", path);
    int count = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) { /* a NUL before LF just ends the line early */
        lineno++;
        if (!fen_of_line(line, perft_format, fen, sizeof fen))
            continue;
        snprintf(where, sizeof where, "%s:%d", name, lineno);
        check_round_trip(fen, where);
        count++;
    }
    fclose(f);
    return count;
}

Test(fen, suites_round_trip)
{
    const char *dir = getenv("RPERFT_SUITES_DIR");
    if (!dir || !*dir)
        cr_skip_test("RPERFT_SUITES_DIR not set");
    DIR *d = opendir(dir);
    cr_assert(d != NULL, "cannot open RPERFT_SUITES_DIR=%s", dir);
    int total = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (has_suffix(e->d_name, ".epd"))
            total += check_suite_file(dir, e->d_name, false);
        else if (has_suffix(e->d_name, ".perft"))
            total += check_suite_file(dir, e->d_name, true);
    }
    closedir(d);
    cr_assert_gt(total, 0, "no FEN found in %s", dir);
    cr_log_info("round-tripped %d FENs from %s", total, dir);
}

/* ---- accepted input ---- */

Test(fen, startpos_writes_back_exactly)
{
    position_t pos = parse_ok(STARTPOS_FEN);
    char buf[FEN_MAX];
    fen_write(&pos, buf);
    cr_assert_str_eq(buf, STARTPOS_FEN);
    cr_assert_not(pos.chess960);
    cr_assert_eq(pos.castle_rooks, BB(SQ(0, 0)) | BB(SQ(7, 0)) | BB(SQ(0, 7)) | BB(SQ(7, 7)));
    cr_assert_eq(pos.ep, NO_SQ);
    cr_assert_eq(pos.side, WHITE);
    cr_assert_eq(pos.key, position_compute_key(&pos));
}

Test(fen, four_fields_default_counters)
{
    position_t pos = parse_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    cr_assert_eq(pos.halfmove, 0);
    cr_assert_eq(pos.fullmove, 1);
}

Test(fen, error_five_fields)
{
    /* 4 or 6 fields: a lone counter could be either one (issue 13). */
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7", "fullmove", "4 or 6 fields");
}

Test(fen, blanks_around_and_between_fields)
{
    position_t a = parse_ok(" \t rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq\t-   3  9 \r\n");
    position_t b = parse_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9");
    cr_assert(same_position(&a, &b));
}

Test(fen, shredder_letters_equal_kqkq_on_startpos)
{
    position_t std = parse_ok(STARTPOS_FEN);
    position_t shr = parse_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    cr_assert_eq(shr.castle_rooks, std.castle_rooks);
    cr_assert(shr.chess960);
    char buf[FEN_MAX];
    fen_write(&shr, buf);
    cr_assert_str_eq(buf, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

Test(fen, xfen_outermost_rooks)
{
    position_t pos = parse_ok("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -");
    cr_assert_eq(pos.castle_rooks, BB(SQ(4, 0)) | BB(SQ(0, 0)) | BB(SQ(4, 7)) | BB(SQ(0, 7)));
    cr_assert(pos.chess960);
    char buf[FEN_MAX];
    fen_write(&pos, buf);
    cr_assert_str_eq(buf, "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1");
}

Test(fen, xfen_picks_outermost_of_two_rooks)
{
    /* King e1, rooks f1 and h1 on the h-side: K means h1. */
    position_t pos = parse_ok("4k3/8/8/8/8/8/8/4KR1R w K -");
    cr_assert_eq(pos.castle_rooks, BB(SQ(7, 0)));
    cr_assert_not(pos.chess960);
    pos = parse_ok("4k3/8/8/8/8/8/8/4KR1R w F -");
    cr_assert_eq(pos.castle_rooks, BB(SQ(5, 0)));
    cr_assert(pos.chess960);
}

Test(fen, xfen_off_file_rook_means_chess960)
{
    position_t pos = parse_ok("4k3/8/8/8/8/8/8/2R1K3 w Q -");
    cr_assert_eq(pos.castle_rooks, BB(SQ(2, 0)));
    cr_assert(pos.chess960);
}

Test(fen, chess960_written_h_side_first)
{
    char buf[FEN_MAX];
    position_t pos = parse_ok("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9");
    fen_write(&pos, buf);
    cr_assert_str_eq(buf, "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9");
    pos = parse_ok("1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14");
    fen_write(&pos, buf);
    cr_assert_str_eq(buf, "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Ddb - 0 14");
}

Test(fen, error_castling_letter_twice)
{
    /* KK, QQ, kk, and two letters for one rook (K and H both name h1): issue 13. */
    expect_error("4k3/8/8/8/8/8/8/R3K2R w KK -", "castling", "'K' is given twice");
    expect_error("4k3/8/8/8/8/8/8/R3K2R w QQ -", "castling", "'Q' is given twice");
    expect_error("r3k2r/8/8/8/8/8/8/4K3 w kk -", "castling", "'k' is given twice");
    expect_error("4k3/8/8/8/8/8/8/R3K2R w KH -", "castling", "'H' is given twice");
    expect_error("4k3/8/8/8/8/8/8/R3K2R w KQAq -", "castling", "'A' is given twice");
}

Test(fen, ep_without_possible_capture_is_kept)
{
    position_t pos = parse_ok("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2");
    cr_assert_eq(pos.ep, SQ(4, 5));
    char buf[FEN_MAX];
    fen_write(&pos, buf);
    cr_assert_str_eq(buf, "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2");
    pos = parse_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    cr_assert_eq(pos.ep, SQ(4, 2));
}

Test(fen, too_much_material_is_accepted)
{
    position_t pos = parse_ok("k7/pp6/8/8/8/8/QQQQQQQQ/2QQ1K2 w - -");
    cr_assert_eq(popcount(pos.pieces[QUEEN]), 10);
}

Test(fen, side_to_move_may_be_in_check)
{
    parse_ok("4k3/8/8/8/8/8/8/4R1K1 b - -");
}

Test(fen, null_error_pointer_and_pos_untouched_on_error)
{
    position_t pos = parse_ok(STARTPOS_FEN), before = pos;
    cr_assert_not(fen_parse("8/8/8/8/8/8/8/8 w - -", &pos, NULL));
    cr_assert(same_position(&pos, &before));
}

/* ---- errors: pieces ---- */

Test(fen, error_bad_piece_letter)
{
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1";
    expect_error(fen, "pieces", "bad piece letter 'X'");
    fen_error_t err;
    position_t pos;
    fen_parse(fen, &pos, &err);
    cr_assert_eq(err.column, (int)(strchr(fen, 'X') - fen) + 1);
}

Test(fen, error_digit_out_of_range)
{
    expect_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - -", "pieces", "'9'");
    expect_error("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w - -", "pieces", "'0'");
}

Test(fen, error_rank_too_long)
{
    expect_error("rnbqkbnr/pppppppp/8/8/8/1P7/P1PPPPPP/RNBQKBNR w KQkq -", "pieces", "rank 3 has 9 squares");
}

Test(fen, error_rank_too_short)
{
    expect_error("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq -", "pieces", "rank 3 has 7 squares");
    expect_error("rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "pieces", "rank 7 has 0 squares");
}

Test(fen, error_not_eight_ranks)
{
    expect_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "pieces", "7 ranks");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "pieces", "9 ranks");
}

Test(fen, error_missing_kings)
{
    expect_error("4k3/8/8/8/8/8/8/8 w - -", "pieces", "no white king");
    expect_error("8/8/8/8/8/8/8/4K3 w - -", "pieces", "no black king");
}

Test(fen, error_two_kings)
{
    expect_error("4k3/8/8/8/8/8/8/K3K3 w - -", "pieces", "two white kings");
    expect_error("k3k3/8/8/8/8/8/8/4K3 w - -", "pieces", "two black kings");
}

Test(fen, error_pawn_on_back_rank)
{
    expect_error("4k2P/8/8/8/8/8/8/4K3 w - -", "pieces", "pawn on rank 8");
    expect_error("4k3/8/8/8/8/8/8/p3K3 w - -", "pieces", "pawn on rank 1");
}

/* ---- errors: side, castling ---- */

Test(fen, error_bad_side)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 x - -", "side", "'x'");
    expect_error("4k3/8/8/8/8/8/8/4K3 white - -", "side", "'white'");
}

Test(fen, error_castling_no_h_side_rook)
{
    expect_error("4k3/8/8/8/8/8/8/R3K3 w K -", "castling",
                 "castling right 'K' but no white rook on the king's h-side of rank 1");
    /* A black rook on h1 does not give white a right. */
    expect_error("4k3/8/8/8/8/8/8/4K2r w K -", "castling", "no white rook");
}

Test(fen, error_castling_no_a_side_rook)
{
    expect_error("4k3/8/8/8/8/8/8/4K2R w Q -", "castling", "a-side");
    expect_error("4k2r/8/8/8/8/8/8/4K3 w q -", "castling", "no black rook on the king's a-side of rank 8");
}

Test(fen, error_castling_king_off_back_rank)
{
    expect_error("4k3/8/8/8/8/8/4K3/R6R w K -", "castling", "white king is not on rank 1");
    expect_error("r6r/4k3/8/8/8/8/8/4K3 w k -", "castling", "black king is not on rank 8");
    expect_error("4k3/8/8/8/8/8/4K3/R6R w H -", "castling", "not on rank 1");
}

Test(fen, error_castling_shredder_file_without_rook)
{
    expect_error("4k3/8/8/8/8/8/8/R3K2R w G -", "castling", "no white rook on g1");
    expect_error("r3k2r/8/8/8/8/8/8/4K3 w b -", "castling", "no black rook on b8");
}

Test(fen, error_castling_bad_letter)
{
    expect_error("4k3/8/8/8/8/8/8/R3K2R w KX -", "castling", "bad castling letter 'X'");
    expect_error("4k3/8/8/8/8/8/8/R3K2R w -K -", "castling", "'-'");
}

Test(fen, error_castling_two_rights_on_one_side)
{
    expect_error("4k3/8/8/8/8/8/8/R3K1RR w GH -", "castling", "second white right");
}

/* ---- errors: en passant ---- */

Test(fen, error_ep_wrong_rank)
{
    expect_error("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3", "en passant", "wrong rank");
    expect_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6", "en passant", "wrong rank");
}

Test(fen, error_ep_without_pawn)
{
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6", "en passant", "no black pawn on e5");
}

Test(fen, error_ep_bad_square)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 w - e9", "en passant", "bad en-passant square");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - z6", "en passant", "bad en-passant square");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - e", "en passant", "bad en-passant square");
}

Test(fen, error_ep_square_occupied)
{
    expect_error("4k3/8/4n3/4p3/8/8/8/4K3 w - e6", "en passant", "occupied");
}

Test(fen, error_ep_origin_occupied)
{
    /* e7 is occupied, so the e-pawn cannot have just come from there: with the square
     * kept, d5xe6 was counted (7 moves at depth 1, Stockfish 6). Issue 13. */
    expect_error("4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "en passant", "e7 is occupied");
    expect_error("4k3/8/8/8/3pP3/8/4N3/4K3 b - e3 0 1", "en passant", "e2 is occupied");
    expect_error("4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1", "en passant", "no black pawn has just passed");
}

/* ---- errors: counters, field count ---- */

Test(fen, error_bad_halfmove)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove", "non-negative integer");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove", "non-negative integer");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1", "halfmove", "too large");
}

Test(fen, error_bad_fullmove)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 -5", "fullmove", "integer");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "fullmove", "integer");
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1000000001", "fullmove", "too large");
    parse_ok("4k3/8/8/8/8/8/8/4K3 w - - 0 1000000000");
}

Test(fen, error_text_after_fullmove)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fullmove", "unexpected text after fullmove");
}

Test(fen, error_missing_fields)
{
    expect_error("", "pieces", "missing");
    expect_error(" \t ", "pieces", "missing");
    expect_error("4k3/8/8/8/8/8/8/4K3", "side", "missing");
    expect_error("4k3/8/8/8/8/8/8/4K3 w", "castling", "missing");
    expect_error("4k3/8/8/8/8/8/8/4K3 w -", "en passant", "missing");
}

/* ---- errors: the position as a whole ---- */

Test(fen, error_side_not_to_move_in_check)
{
    expect_error("4k3/8/8/8/8/8/8/4R1K1 w - -", "position", "side not to move (black) is in check");
    expect_error("4r1k1/8/8/8/8/8/8/4K3 b - -", "position", "side not to move (white) is in check");
}
